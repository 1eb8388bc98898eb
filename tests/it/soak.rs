//! The soak: the real `tabula run` process (gateway bot, Postgres store) plays 200 channels at once through the
//! fake Discord over a week of simulated time (the clock moved forward between phases through
//! `TABULA_TEST_CLOCK_FILE`), with every fault the operator meets: two 429 storms (one on a route, one of the
//! global limit), a dropped gateway connection, Postgres stopped and started again, and two SIGKILLs of the bot
//! (each followed by a restart). The channels play Tablut, TZAAR, three-player Tantrix and games against the
//! computer, and mix hostile input (garbage moves, moves out of turn, text meant to ping everyone), lookups and
//! autocompletes in with their moves; some games end by resignation.
//!
//! The client keeps no game of its own: before each move it reads the game from the database, picks a legal move
//! and sends it as the player to move, as in `cluster.rs`. At the end:
//! - every answered move is stored at its place, every stored move of a person was sent by the client (answered,
//!   or sent when the bot was going down), every game's stored moves replay in its engine, finished or not, and
//!   every finished game's record (as `/game` gives it) reads back and replays to the same end;
//! - every hostile command was answered privately, and a legal move was refused only with the sentence that asks
//!   to try again (during the outage);
//! - no reminder was sent twice, and reminders were sent;
//! - Discord refused nothing (no late answer, no call that did not wait out a 429, never more than 50 a second);
//! - the last process's resident memory was flat over its last phases (the figures are printed).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use tabula::games::{AnyGame, GameKind};
use tabula::store::{PgStore, SessionRow, SessionState, SessionStore as _};

use crate::cluster::{as_recorded, choose};

mod checks;
use crate::support::postgres::PgServer;
use crate::support::ratelimits::Storm;
use crate::support::{
    ALICE, BOB, BOT_ID, CAROL, DAVE, FakeDiscord, Fault, GUILD_ID, Opt, RecordedCall, User,
};
use checks::{Totals, check_all};

const CHANNELS: u64 = 200;
const FIRST_CHANNEL: u64 = 20_000;
/// Phases of play; the clock moves forward between them. `TABULA_SOAK_PHASES` runs more (the memory's trend
/// over a longer run: `TABULA_SOAK_PHASES=30 cargo test --release soak -- --nocapture`).
fn phases() -> usize {
    std::env::var("TABULA_SOAK_PHASES").ok().and_then(|v| v.parse().ok()).filter(|&n| n >= 8).unwrap_or(8)
}
/// Moves each channel tries in a phase.
const MOVES_PER_PHASE: usize = 4;
/// Channels that play at the same moment (a closed loop: each waits for its answer).
const IN_FLIGHT: usize = 60;
/// A phase is under way, and its faults are made, once this many of its moves are answered.
const UNDER_WAY: usize = 40;
/// The longest the bot may take to meet the Postgres restart's outage (which lasts until it does).
const OUTAGE_NOTICED: Duration = Duration::from_secs(30);
/// The channels of the probes that wait for the bot to meet a database outage (none of the plan's).
const PROBE_CHANNEL: u64 = 90_000;
const HOUR: i64 = 3_600;
/// The bot, as a member to challenge over the gateway.
const TABULA: User = User { id: BOT_ID, name: "tabula" };
/// How long an interaction's answer may take before it counts as never coming (the bot died with it).
const ANSWER_WAIT: Duration = Duration::from_secs(8);

/// The `tabula run` process.
struct BotProcess {
    child: Option<Child>,
    env: Vec<(String, String)>,
    dir: std::path::PathBuf,
    starts: usize,
}

impl BotProcess {
    fn start(&mut self) {
        self.starts += 1;
        let log = std::fs::File::create(self.dir.join(format!("bot-{}.log", self.starts))).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("run")
            .current_dir(&self.dir)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
    }

    /// SIGKILL: no shutdown, whatever was in flight is cut.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    /// SIGTERM, as an operator stops it, and waits until it has exited: nothing more comes from it after.
    async fn stop(&mut self) {
        let Some(mut child) = self.child.take() else { return };
        let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
        crate::support::wait::until("the bot to stop on SIGTERM", Duration::from_secs(30), || {
            let exited = child.try_wait().unwrap();
            async move { exited }
        })
        .await;
    }

    /// Resident memory, in MB.
    fn rss_mb(&self) -> f64 {
        let pid = self.child.as_ref().map_or(0, Child::id);
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let kb = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .unwrap_or(0.0);
        kb / 1024.0
    }

    fn logs(&self) -> String {
        (1..=self.starts)
            .filter_map(|n| std::fs::read_to_string(self.dir.join(format!("bot-{n}.log"))).ok())
            .map(|log| {
                log.lines()
                    .rev()
                    .take(40)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect::<Vec<_>>()
            .join("\n--- restarted ---\n")
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One channel's game, as planned, and what the client saw there.
struct Channel {
    id: u64,
    game: GameKind,
    players: &'static [User],
    /// Whether the game is resigned in the last phase.
    resigns: bool,
    /// The games this channel finished before its current one (a new one starts when one ends, but in the last
    /// phase).
    past: Vec<Played>,
    /// How many calls the fake had received when the current game was challenged (its reminders come after).
    from_call: usize,
    session: Option<i64>,
    /// (index in the record, notation) of each move the bot answered.
    acknowledged: Vec<(usize, String)>,
    /// (index, notation) of moves sent whose answer never came.
    unanswered: Vec<(usize, String)>,
    /// Legal moves refused with anything but the outage's sentence (must stay empty).
    refused: Vec<String>,
    /// Legal moves refused with the outage's sentence.
    try_again: usize,
    /// Hostile commands sent, and those answered in public (must stay empty).
    hostile: usize,
    hostile_public: Vec<String>,
    rng: ChaCha8Rng,
}

/// A finished game of a channel, and what the client saw of it.
struct Played {
    session: i64,
    from_call: usize,
    acknowledged: Vec<(usize, String)>,
    unanswered: Vec<(usize, String)>,
}

impl Channel {
    /// Puts the current game among the past ones; the next is challenged from the fake's `call` on.
    fn next_game(&mut self, call: usize) {
        if let Some(session) = self.session.take() {
            self.past.push(Played {
                session,
                from_call: self.from_call,
                acknowledged: std::mem::take(&mut self.acknowledged),
                unanswered: std::mem::take(&mut self.unanswered),
            });
        }
        self.from_call = call;
    }
}

fn plan() -> Vec<Channel> {
    const TWO: &[User] = &[ALICE, BOB];
    const THREE: &[User] = &[ALICE, BOB, CAROL];
    const COMPUTER: &[User] = &[ALICE, TABULA];
    (0..CHANNELS)
        .map(|i| {
            let (game, players) = match i {
                0..=79 => (GameKind::Tablut, TWO),
                80..=149 => (GameKind::Tzaar, TWO),
                150..=189 => (GameKind::Tantrix, THREE),
                190..=194 => (GameKind::Tablut, COMPUTER),
                _ => (GameKind::Tzaar, COMPUTER),
            };
            Channel {
                id: FIRST_CHANNEL + i,
                game,
                players,
                resigns: i % 10 == 3,
                past: Vec::new(),
                from_call: 0,
                session: None,
                acknowledged: Vec::new(),
                unanswered: Vec::new(),
                refused: Vec::new(),
                try_again: 0,
                hostile: 0,
                hostile_public: Vec::new(),
                rng: ChaCha8Rng::seed_from_u64(i),
            }
        })
        .collect()
}

/// What the bot answered to one interaction.
enum Answer {
    Public(RecordedCall),
    Private(String),
    /// Not sent (no gateway session) or never answered.
    None,
}

/// Sends an interaction over the gateway and waits for its first answer.
async fn ask(fake: &FakeDiscord, payload: Value) -> Answer {
    let id: u64 = payload["id"].as_str().unwrap().parse().unwrap();
    if !fake.try_send_interaction(payload, Duration::from_secs(20)).await {
        return Answer::None;
    }
    match fake.try_wait_for_callback(id, ANSWER_WAIT).await {
        Some(call) if call.is_ephemeral() => Answer::Private(call.content().unwrap_or_default()),
        Some(call) => Answer::Public(call),
        None => Answer::None,
    }
}

/// Reads a channel's session, waiting out a database that is away.
async fn read(store: &PgStore, channel: &Channel) -> Option<SessionRow> {
    let what = format!("channel {}: the database to answer", channel.id);
    crate::support::wait::until(&what, Duration::from_secs(20), || async {
        match channel.session {
            Some(id) => store.session(id).await.ok(),
            None => store.open_session(channel.id).await.ok(),
        }
    })
    .await
}

fn user(channel: &Channel, id: u64) -> User {
    *channel.players.iter().find(|u| u.id == id).unwrap()
}

/// Opens the channel's game: the challenge, then every acceptance, until it is stored as playing.
async fn open(fake: &FakeDiscord, store: &PgStore, channel: &mut Channel) {
    let mut options = vec![("game", Opt::from(channel.game.name())), ("side", Opt::from("first"))];
    for (n, opponent) in channel.players[1..].iter().enumerate() {
        let name = if n == 0 { "opponent".to_string() } else { format!("opponent{}", n + 1) };
        options.push((Box::leak(name.into_boxed_str()), Opt::User(*opponent)));
    }
    if channel.players.contains(&TABULA) {
        options.push(("level", Opt::from(serde_json::json!(1))));
    }
    for _ in 0..50 {
        match read(store, channel).await {
            None => {
                ask(fake, fake.slash("play", &options, ALICE, channel.id)).await;
            }
            Some(record) if record.state == SessionState::Challenge => {
                channel.session = Some(record.id);
                if let Some(p) = record.players.iter().find(|p| !p.accepted && p.level.is_none()) {
                    ask(fake, fake.slash("accept", &[], user(channel, p.id), channel.id)).await;
                }
            }
            Some(record) => {
                channel.session = Some(record.id);
                return;
            }
        }
    }
    panic!("channel {}: the game never started", channel.id);
}

/// Something a player should not send, and who sends it.
fn hostile(channel: &mut Channel, game: &AnyGame, seat: usize) -> (User, String) {
    let mover = channel.players[seat];
    let other = channel.players.iter().copied().find(|p| *p != mover && *p != TABULA).unwrap_or(DAVE);
    let legal = game.legal_moves_text().first().cloned().unwrap_or_default();
    match channel.rng.random_range(0..5) {
        0 => (mover, "zz99-!!".to_string()),
        1 => (mover, "@everyone <@&1> ".repeat(20)),
        2 => (mover, "é".repeat(700)),
        // A legal move, by a player whose turn it is not, and by a spectator.
        3 => (other, legal),
        _ => (DAVE, legal),
    }
}

/// One phase of a channel: up to `MOVES_PER_PHASE` moves, hostile input and lookups between them.
async fn phase(fake: &FakeDiscord, store: &PgStore, channel: &mut Channel, last: bool, acks: &AtomicUsize) {
    let mut moves = 0;
    let mut tries = 0;
    while moves < MOVES_PER_PHASE && tries < MOVES_PER_PHASE * 6 {
        tries += 1;
        let Some(record) = read(store, channel).await else { return };
        if record.state == SessionState::Finished && !last {
            // The players start another game, so that the channels play on however long the soak runs.
            channel.next_game(fake.call_count());
            open(fake, store, channel).await;
            continue;
        }
        if record.state != SessionState::Playing {
            return;
        }
        let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
        let Some(seat) = game.to_move() else { return };
        if record.players[seat].level.is_some() {
            // The computer thinks: its move is stored (or the game closed) by the bot.
            let what = format!("channel {}: the computer's move", channel.id);
            crate::support::wait::until(&what, Duration::from_secs(60), || async {
                let now = read(store, channel).await;
                now.is_none_or(|now| now.moves.len() != record.moves.len() || now.state != record.state)
                    .then_some(())
            })
            .await;
            continue;
        }
        if last && channel.resigns && moves == 1 {
            let by = user(channel, record.players[seat].id);
            if let Answer::Public(_) = ask(fake, fake.slash("resign", &[], by, channel.id)).await {
                return;
            }
            continue;
        }
        if channel.rng.random_bool(0.25) {
            let (who, text) = hostile(channel, &game, seat);
            channel.hostile += 1;
            match ask(fake, fake.slash("move", &[("move", Opt::from(text.as_str()))], who, channel.id)).await
            {
                Answer::Public(call) => channel.hostile_public.push(format!("{text}: {:?}", call.content())),
                Answer::Private(_) | Answer::None => {}
            }
        }
        if channel.rng.random_bool(0.15) {
            let ac = fake.autocomplete(
                "move",
                &[("move", Opt::from(""))],
                "move",
                channel.players[seat],
                channel.id,
            );
            ask(fake, ac).await;
        }
        if channel.rng.random_bool(0.1) {
            ask(fake, fake.slash("board", &[], DAVE, channel.id)).await;
        }
        let index = record.moves.len();
        let text = choose(&game, &mut channel.rng);
        // As the record writes it (a capture's suffix added).
        let stored = as_recorded(&game, &text);
        let by = user(channel, record.players[seat].id);
        match ask(fake, fake.slash("move", &[("move", Opt::from(text.as_str()))], by, channel.id)).await {
            Answer::Public(_) => {
                channel.acknowledged.push((index, stored));
                acks.fetch_add(1, Ordering::Relaxed);
                moves += 1;
            }
            // Asked to try again: the next look at the store (which waits while it is away) comes first.
            Answer::Private(sentence) if sentence.contains("try again") => channel.try_again += 1,
            Answer::Private(sentence) => channel.refused.push(format!("{text}: {sentence}")),
            Answer::None => channel.unanswered.push((index, stored)),
        }
    }
}

/// What the bot's log says about the fault being made now, for a failure's message.
#[derive(Clone, Copy, Debug)]
enum Event {
    Kill,
    RouteStorm,
    GlobalStorm,
    GatewayDrop,
    PostgresRestart,
}

/// The faults of each phase (made one second into it). The global storm comes at the end of phase 4, with the
/// long night's reminders: a burst of channel messages under the global limit.
fn faults(phase: usize) -> &'static [Event] {
    match phase {
        1 => &[Event::Kill],
        2 => &[Event::RouteStorm, Event::Kill],
        3 => &[Event::GatewayDrop],
        4 => &[Event::PostgresRestart],
        _ => &[],
    }
}

/// Opens every channel's game, `IN_FLIGHT` at a time.
async fn open_all(
    channels: &[Arc<tokio::sync::Mutex<Channel>>],
    fake: &Arc<FakeDiscord>,
    store: &Arc<PgStore>,
    limit: &Arc<tokio::sync::Semaphore>,
    bot: &BotProcess,
) {
    let mut opening = tokio::task::JoinSet::new();
    for channel in channels {
        let (fake, store, channel, limit) = (fake.clone(), store.clone(), channel.clone(), limit.clone());
        opening.spawn(async move {
            let _turn = limit.acquire().await.unwrap();
            open(&fake, &store, &mut *channel.lock().await).await;
        });
    }
    while let Some(done) = opening.join_next().await {
        done.unwrap_or_else(|e| panic!("{e}\n{}", bot.logs()));
    }
}

/// Makes one fault happen now.
async fn make(event: Event, bot: &mut BotProcess, fake: &FakeDiscord, server: &mut PgServer) {
    match event {
        Event::Kill => {
            bot.kill();
            bot.start();
        }
        Event::RouteStorm => fake.storm(Storm {
            method: Some("PATCH"),
            pattern: "/webhooks/*/*/messages/@original",
            count: 40,
            retry_after: Duration::from_millis(800),
            global: false,
        }),
        Event::GlobalStorm => fake.storm(global_storm()),
        Event::GatewayDrop => {
            let old = fake.gateway_fault(Fault::Drop).await;
            fake.wait_reconnected(old, Duration::from_secs(30)).await;
        }
        Event::PostgresRestart => {
            // Stopped as an operator stops it, and started again on the same port and data once the bot has met
            // the outage.
            server.stop();
            until_the_bot_meets_the_outage(fake).await;
            server.restart();
        }
    }
}

/// Waits until the bot refuses a challenge because the database is away (each probe in a channel of its own,
/// where nothing is stored while the database is away), at most [`OUTAGE_NOTICED`].
async fn until_the_bot_meets_the_outage(fake: &FakeDiscord) {
    static PROBES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let deadline = Instant::now() + OUTAGE_NOTICED;
    loop {
        let channel = PROBE_CHANNEL + PROBES.fetch_add(1, Ordering::Relaxed);
        let play = fake.slash(
            "play",
            &[("game", Opt::from("tablut")), ("opponent", Opt::User(BOB))],
            ALICE,
            channel,
        );
        if let Answer::Private(sentence) = ask(fake, play).await
            && sentence.contains("try again")
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the bot did not meet the database's outage in {OUTAGE_NOTICED:?}"
        );
    }
}

/// A few 429s of the global limit, on channel messages.
fn global_storm() -> Storm {
    Storm {
        method: None,
        pattern: "/channels/**",
        count: 3,
        retry_after: Duration::from_millis(700),
        global: true,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn two_hundred_channels_over_a_week_of_faults() {
    let Some(mut server) = PgServer::start("two_hundred_channels_over_a_week_of_faults") else { return };
    let url = server.database("soak").await;
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let clock_file = dir.path().join("clock-offset");
    let mut offset: i64 = 0;
    std::fs::write(&clock_file, "0").unwrap();
    let env = [
        ("TABULA_TOKEN", "fake-token-not-secret".to_string()),
        ("TABULA_DATABASE", url.clone()),
        ("TABULA_API_PROXY", fake.base_url()),
        ("TABULA_GUILD_ID", GUILD_ID.to_string()),
        ("TABULA_AI_TIME_MS", "50".to_string()),
        ("TABULA_LOG_LEVEL", "warn".to_string()),
        ("TABULA_TEST_CLOCK_FILE", clock_file.display().to_string()),
    ];
    let env = env.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let mut bot = BotProcess { child: None, env, dir: dir.path().to_path_buf(), starts: 0 };
    bot.start();
    fake.wait_ready(Duration::from_secs(30)).await;
    let store = Arc::new(PgStore::connect(&url).await.unwrap());
    let started = Instant::now();

    let limit = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
    let mut channels: Vec<Arc<tokio::sync::Mutex<Channel>>> =
        plan().into_iter().map(|c| Arc::new(tokio::sync::Mutex::new(c))).collect();
    open_all(&channels, &fake, &store, &limit, &bot).await;
    let acks = Arc::new(AtomicUsize::new(0));
    let mut memory = Vec::new();
    let mut made = Vec::new();
    for p in 0..phases() {
        let at_start = acks.load(Ordering::Relaxed);
        let mut playing = tokio::task::JoinSet::new();
        for channel in &channels {
            let (fake, store, channel, limit, acks) =
                (fake.clone(), store.clone(), channel.clone(), limit.clone(), acks.clone());
            playing.spawn(async move {
                let _turn = limit.acquire().await.unwrap();
                phase(&fake, &store, &mut *channel.lock().await, p == phases() - 1, &acks).await;
            });
        }
        // This phase's faults, once it is well under way.
        crate::support::wait::until("the phase to be under way", Duration::from_secs(60), || {
            let under_way = acks.load(Ordering::Relaxed) >= at_start + UNDER_WAY;
            async move { under_way.then_some(()) }
        })
        .await;
        for event in faults(p) {
            let at = acks.load(Ordering::Relaxed) - at_start;
            make(*event, &mut bot, &fake, &mut server).await;
            made.push(format!("phase {p}: {event:?} after {at} moves"));
        }
        while let Some(done) = playing.join_next().await {
            done.unwrap_or_else(|e| panic!("{e}\n{}", bot.logs()));
        }
        memory.push((p, bot.starts, bot.rss_mb()));
        if p == 4 {
            made.push(format!("phase {p}: {:?} with the reminders", Event::GlobalStorm));
            fake.storm(global_storm());
        }
        // The clock moves on: most nights 20 hours, once long enough for every waiting player's reminder.
        offset += if p == 4 { 38 * HOUR } else { 20 * HOUR };
        std::fs::write(&clock_file, offset.to_string()).unwrap();
        // The bot says (in the file's `.seen` twin) when its clock task has seen the new time and sent what fell
        // due.
        let seen = clock_file.with_extension("seen");
        crate::support::wait::until("the bot to see the new time", Duration::from_secs(30), || {
            let read = std::fs::read_to_string(&seen).unwrap_or_default();
            async move { (read.trim() == offset.to_string()).then_some(()) }
        })
        .await;
    }
    // The bot stopped as an operator stops it: what it was still sending (a picture, a reminder, the computer's
    // move) went out or stopped with it, and nothing more comes.
    bot.stop().await;
    let calls = fake.calls();
    let elapsed = started.elapsed();

    let totals = check_all(&mut channels, &store, &url, &calls).await;
    let Totals { moves, reminders, finished, hostile, try_again, unanswered, games, records } = totals;
    let refusals = fake.take_refusals();
    assert!(refusals.is_empty(), "Discord refused calls: {refusals:#?}");
    assert!(fake.storms_spent(), "both storms were met");
    assert!(fake.busiest_second() <= 50, "the global limit held: {}", fake.busiest_second());
    assert!(reminders >= CHANNELS as usize / 2, "reminders were sent: {reminders}");
    assert!(try_again > 0 || unanswered > 0, "the faults were felt");
    // Memory: the last process (started at the second kill) over its last phases.
    let last: Vec<f64> = memory.iter().filter(|(_, s, _)| *s == bot.starts).map(|(_, _, m)| *m).collect();
    let (settled, end) = (last[last.len() / 2], *last.last().unwrap());
    assert!(end <= settled * 1.25 + 10.0, "memory grew from {settled:.0} MB to {end:.0} MB: {memory:?}");
    eprintln!(
        "soak: {CHANNELS} channels, {moves} moves stored ({} answered, {unanswered} sent unanswered, {try_again} \
         asked to try again), {hostile} hostile commands answered privately, {reminders} reminders (none twice), \
         {games} games of which {finished} finished \
         ({records} records read back and replayed), {} simulated days in {:.0} s; faults: {}; 429s answered: {}; RSS per phase \
         (phase, process, MB): {memory:?}",
        acks.load(Ordering::Relaxed),
        offset / 86_400,
        elapsed.as_secs_f64(),
        made.join(", "),
        fake.rate_limited_calls(),
    );
}
