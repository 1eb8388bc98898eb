//! The proof that Tabula runs as stateless instances: two `tabula serve` processes over one Postgres, a test
//! client that signs interactions as Discord does and sends them round-robin to both (the load balancer), twenty
//! channels playing whole games at once (Tablut, TZAAR, three-player Tantrix, and one game against the computer),
//! and one instance killed with SIGKILL in the middle, then restarted on its address.
//!
//! The client keeps no game of its own: before each move it reads the game from the database (as a player reads
//! the channel), picks a legal move (a winning one when there is one, so games end), and sends it as the player
//! to move. An answer that never came (the instance died with the request) leaves the move's fate open; the next
//! read of the database settles it. At the end, every game is checked against what the client saw:
//! - it finished, and the result stored is the one its recorded moves give when replayed;
//! - every acknowledged move is in the record at the place it was played, and every move in the record was
//!   either acknowledged or sent without an answer, or is the computer's (so no move was applied twice, and
//!   none acknowledged was lost);
//! - the computer announced each of its moves at most once;
//! - forged signatures, an old signed request replayed, and garbage bodies were refused by both instances, and
//!   a recent request replayed changed nothing.

use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom as _;
use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tabula::games::{AnyGame, GameKind};
use tabula::store::{EndKind, PgStore, SessionRow, SessionState, SessionStore as _};

use crate::support::postgres::PgServer;
use crate::support::signed::{Post, now, public_key, try_send};
use crate::support::{ALICE, APP_ID, BOB, CAROL, FakeDiscord, GUILD_ID, Opt, User};

/// The longest the whole test may take before it is a failure (a stalled game).
const DEADLINE: Duration = Duration::from_secs(300);
/// Acknowledged moves (over all channels) after which instance A is killed.
const KILL_AFTER: usize = 150;
/// The bot, as a member to challenge: over HTTP its user id is the application id.
const TABULA: User = User { id: APP_ID, name: "tabula" };

/// One `tabula serve` process on a fixed loopback port.
struct Instance {
    name: &'static str,
    addr: SocketAddr,
    child: Option<Child>,
    env: Vec<(String, String)>,
    dir: std::path::PathBuf,
    starts: usize,
}

impl Instance {
    fn new(name: &'static str, env: Vec<(String, String)>, dir: &std::path::Path) -> Instance {
        // A free port, released for the instance to take (and take again after its restart).
        let addr = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
        Instance { name, addr, child: None, env, dir: dir.to_path_buf(), starts: 0 }
    }

    async fn start(&mut self) {
        self.starts += 1;
        let log = std::fs::File::create(self.dir.join(format!("{}-{}.log", self.name, self.starts))).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--listen", &self.addr.to_string()])
            .current_dir(&self.dir)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
        let what = format!("instance {} to come up", self.name);
        let addr = self.addr;
        crate::support::wait::until(&what, Duration::from_secs(30), || {
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                panic!("instance {} exited at start ({status}):\n{}", self.name, self.logs());
            }
            async move { matches!(try_send(addr, "GET", Post::get("/healthz")).await, Ok((200, _))).then_some(()) }
        })
        .await;
    }

    /// SIGKILL: no shutdown, no draining, whatever was in flight is cut.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    fn logs(&self) -> String {
        (1..=self.starts)
            .filter_map(|n| std::fs::read_to_string(self.dir.join(format!("{}-{n}.log", self.name))).ok())
            .collect::<Vec<_>>()
            .join("\n--- restarted ---\n")
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The load balancer: round-robin over the instances' addresses, skipping one that refuses connections.
struct Balancer {
    addrs: Vec<SocketAddr>,
    next: AtomicUsize,
}

/// What became of one request.
enum Sent {
    Answered(u16, Value),
    /// The connection was cut before the answer: the instance died with the request.
    Lost,
}

impl Balancer {
    async fn post(&self, body: &Value) -> Sent {
        let post = Post::signed(body);
        crate::support::wait::until("an instance to take the request", Duration::from_secs(4), || async {
            let addr = self.addrs[self.next.fetch_add(1, Ordering::Relaxed) % self.addrs.len()];
            match try_send(addr, "POST", post.clone()).await {
                Ok((status, text)) => {
                    Some(Sent::Answered(status, serde_json::from_str(&text).unwrap_or(json!(text))))
                }
                // Refused before anything was sent: the next instance gets it, as a load balancer does.
                Err(e) if e.contains("refused") => None,
                Err(_) => Some(Sent::Lost),
            }
        })
        .await
    }
}

/// One channel's game, as planned.
#[derive(Clone, Copy)]
struct Plan {
    channel: u64,
    game: GameKind,
    players: &'static [User],
}

/// What the client saw in one channel.
#[derive(Default)]
struct Seen {
    /// (index in the record, notation) of each move an instance acknowledged.
    acknowledged: Vec<(usize, String)>,
    /// (index, notation) of moves sent whose answer never came.
    unanswered: Vec<(usize, String)>,
    /// Moves refused although they were legal in the stored game when sent (must stay empty).
    refused: Vec<String>,
    /// The bodies of this channel's requests, to replay some of them.
    sent: Vec<Value>,
}

fn plans() -> Vec<Plan> {
    const TWO: &[User] = &[ALICE, BOB];
    const THREE: &[User] = &[ALICE, BOB, CAROL];
    const COMPUTER: &[User] = &[ALICE, TABULA];
    let mut plans = Vec::new();
    for i in 0..20u64 {
        let (game, players) = match i {
            0 => (GameKind::Tzaar, COMPUTER),
            1..=7 => (GameKind::Tablut, TWO),
            8..=14 => (GameKind::Tzaar, TWO),
            _ => (GameKind::Tantrix, THREE),
        };
        plans.push(Plan { channel: 9_000 + i, game, players });
    }
    plans
}

/// A legal move for the player to move: one that wins at once if there is one, else one at random.
pub(crate) fn choose(game: &AnyGame, rng: &mut ChaCha8Rng) -> String {
    let seat = game.to_move().unwrap();
    let moves = game.legal_moves_text();
    let wins = moves.iter().find(|m| {
        let mut next = game.clone();
        next.play_text(m).is_ok() && next.outcome().is_some_and(|o| o.winner == Some(seat))
    });
    wins.cloned().unwrap_or_else(|| moves.choose(rng).expect("a player to move has a move").clone())
}

/// A move as the record writes it (a capture's suffix added).
pub(crate) fn as_recorded(game: &AnyGame, text: &str) -> String {
    let played = game.clone().play_text(text).unwrap();
    played.iter().map(|p| p.notation.clone()).collect::<Vec<_>>().join(" ")
}

async fn play(
    plan: Plan,
    fake: Arc<FakeDiscord>,
    balancer: Arc<Balancer>,
    store: Arc<PgStore>,
    acks: Arc<AtomicUsize>,
) -> (Seen, SessionRow) {
    let mut seen = Seen::default();
    let mut rng = ChaCha8Rng::seed_from_u64(plan.channel);
    let started = Instant::now();
    let user = |id: u64| *plan.players.iter().find(|u| u.id == id).unwrap();
    // The challenge, until it is stored.
    let mut options = vec![("game", Opt::from(plan.game.name())), ("side", Opt::from("first"))];
    options.push(("clock", Opt::from("none")));
    for (n, opponent) in plan.players[1..].iter().enumerate() {
        let name = if n == 0 { "opponent".to_string() } else { format!("opponent{}", n + 1) };
        options.push((Box::leak(name.into_boxed_str()), Opt::User(*opponent)));
    }
    if plan.players.contains(&TABULA) {
        options.push(("level", Opt::from(json!(1))));
    }
    let id = loop {
        if let Some(record) = store.open_session(plan.channel).await.unwrap() {
            break record.id;
        }
        let body = fake.slash("play", &options, ALICE, plan.channel);
        balancer.post(&body).await;
    };
    loop {
        assert!(started.elapsed() < DEADLINE, "channel {} stalled", plan.channel);
        let record = store.session(id).await.unwrap().unwrap();
        match record.state {
            SessionState::Challenge => {
                let pending = record.players.iter().find(|p| !p.accepted && p.level.is_none());
                if let Some(p) = pending {
                    balancer.post(&fake.slash("accept", &[], user(p.id), plan.channel)).await;
                }
                continue;
            }
            SessionState::Playing => {}
            _ => return (seen, record),
        }
        let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
        // Over on the board (the session closes with the same write), or the computer's turn: the record
        // changes in the instance that took it.
        let Some(seat) = game.to_move().filter(|&seat| record.players[seat].level.is_none()) else {
            changed(&store, &record, plan.channel).await;
            continue;
        };
        let index = record.moves.len();
        let text = choose(&game, &mut rng);
        // As the record writes it (a capture's suffix added).
        let stored = as_recorded(&game, &text);
        let body = fake.slash(
            "move",
            &[("move", Opt::from(text.as_str()))],
            user(record.players[seat].id),
            plan.channel,
        );
        seen.sent.push(body.clone());
        match balancer.post(&body).await {
            // Deferred for the picture (5), or answered at once in public: the move was stored before the answer.
            Sent::Answered(200, answer)
                if answer["type"] == 5 || answer["data"]["flags"].as_u64().unwrap_or(0) & 64 == 0 =>
            {
                seen.acknowledged.push((index, stored));
                acks.fetch_add(1, Ordering::Relaxed);
            }
            Sent::Answered(status, answer) => seen.refused.push(format!("{text}: {status} {answer}")),
            Sent::Lost => seen.unanswered.push((index, stored)),
        }
        if rng.random_bool(0.02) {
            // A few per channel: an old signed request (Discord's signature still valid) and a garbage body.
            let old = Post::signed_at(&body, now() - 6 * 60);
            for addr in &balancer.addrs {
                if let Ok((status, _)) = try_send(*addr, "POST", old.clone()).await {
                    assert_eq!(status, 401, "an old request is refused");
                }
                let mut forged = Post::signed(&body);
                forged.signature = Some("ab".repeat(64));
                if let Ok((status, _)) = try_send(*addr, "POST", forged).await {
                    assert_eq!(status, 401, "a forged signature is refused");
                }
                if let Ok((status, _)) =
                    try_send(*addr, "POST", Post::signed(&json!({ "garbage": [1, 2] }))).await
                {
                    assert_eq!(status, 400, "garbage is refused");
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn two_instances_over_one_postgres_play_twenty_games_through_a_kill() {
    let Some(server) = PgServer::start("two_instances_over_one_postgres_play_twenty_games_through_a_kill")
    else {
        return;
    };
    let url = server.database("cluster").await;
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let env: Vec<(String, String)> = [
        ("TABULA_TOKEN", "fake-token-not-secret".to_string()),
        ("TABULA_DATABASE", url.clone()),
        ("TABULA_API_PROXY", fake.base_url()),
        ("TABULA_PUBLIC_KEY", public_key()),
        ("TABULA_APPLICATION_ID", APP_ID.to_string()),
        ("TABULA_GUILD_ID", GUILD_ID.to_string()),
        ("TABULA_AI_TIME_MS", "100".to_string()),
        ("TABULA_LOG_LEVEL", "warn".to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    let mut a = Instance::new("a", env.clone(), dir.path());
    let mut b = Instance::new("b", env, dir.path());
    // Both at the same moment against the empty database: both migrate, both come up.
    tokio::join!(a.start(), b.start());
    let balancer = Arc::new(Balancer { addrs: vec![a.addr, b.addr], next: AtomicUsize::new(0) });
    let store = Arc::new(PgStore::connect(&url).await.unwrap());
    let acks = Arc::new(AtomicUsize::new(0));

    let mut games = tokio::task::JoinSet::new();
    for plan in plans() {
        let task = play(plan, fake.clone(), balancer.clone(), store.clone(), acks.clone());
        games.spawn(async move { (plan, task.await) });
    }
    // Kill A in the middle of the games, then start it again on its address.
    let mut results = Vec::new();
    crate::support::wait::until("the games to reach the kill", DEADLINE, || {
        while let Some(done) = games.try_join_next() {
            results.push(done.unwrap_or_else(|e| panic!("{e}\nA:\n{}\nB:\n{}", a.logs(), b.logs())));
        }
        let reached = acks.load(Ordering::Relaxed) >= KILL_AFTER;
        async move { reached.then_some(()) }
    })
    .await;
    a.kill();
    let at_kill = acks.load(Ordering::Relaxed);
    // How far each game was stored when A died: announcements of moves stored before may have died with it.
    let mut stored_at_kill: HashMap<u64, usize> = HashMap::new();
    for plan in plans() {
        let moves = store.open_session(plan.channel).await.unwrap().map_or(usize::MAX, |r| r.moves.len());
        stored_at_kill.insert(plan.channel, moves);
    }
    // B carries the games alone for a while (every request A would have taken comes to B) before A is back.
    crate::support::wait::until("B to carry on alone", DEADLINE, || {
        let carried = acks.load(Ordering::Relaxed) >= at_kill + 20;
        async move { carried.then_some(()) }
    })
    .await;
    a.start().await;
    while let Some(done) = games.join_next().await {
        results.push(done.unwrap_or_else(|e| panic!("{e}\nA:\n{}\nB:\n{}", a.logs(), b.logs())));
    }
    let total_acks = acks.load(Ordering::Relaxed);
    assert!(
        total_acks > at_kill + 100,
        "the kill happened in the middle of the games: {at_kill} of {total_acks}"
    );
    // A game's last move may be the computer's, stored (which ends the channel's loop) but still on its way to
    // the channel: wait for the announcement of every turn of the computer's stored after the kill.
    for (plan, (_, record)) in &results {
        for first in computer_turns(record, stored_at_kill[&plan.channel]).1 {
            let announced = format!("played `{first}`");
            let channel = format!("/channels/{}/messages", plan.channel);
            fake.wait_for(
                |c| {
                    c.method == "POST"
                        && c.path.contains(&channel)
                        && c.content().is_some_and(|t| t.contains(&announced))
                },
                DEADLINE,
            )
            .await;
        }
    }
    let calls = fake.calls();
    let (mut total, mut unanswered, mut computer) = (0, 0, 0);
    for (plan, (seen, record)) in &results {
        computer += check(plan, seen, record, &calls, stored_at_kill[&plan.channel]);
        total += record.moves.len();
        unanswered += seen.unanswered.len();
        // A recent request replayed (its signature is still fresh) changes nothing.
        if let Some(body) = seen.sent.first() {
            balancer.post(body).await;
            assert_eq!(store.session(record.id).await.unwrap().unwrap().moves, record.moves);
        }
    }
    eprintln!(
        "20 games, {total} moves ({computer} turns of the computer), instance A killed after {at_kill} acknowledged \
         moves and restarted; {unanswered} moves sent without an answer"
    );
    fake.take_refusals();
}

/// Checks one finished game against what the client saw, `stored_at_kill` its number of stored moves when
/// instance A died (`usize::MAX` if it had ended); the number of the computer's turns.
fn check(
    plan: &Plan,
    seen: &Seen,
    record: &SessionRow,
    calls: &[crate::support::RecordedCall],
    stored_at_kill: usize,
) -> usize {
    let channel = plan.channel;
    assert_eq!(record.state, SessionState::Finished, "channel {channel}: {:?}", record.ending);
    assert!(seen.refused.is_empty(), "channel {channel}: legal moves refused: {:?}", seen.refused);
    // The result is the one the recorded moves give.
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
    let outcome =
        game.outcome().unwrap_or_else(|| panic!("channel {channel}: the recorded moves do not end it"));
    // The stored ending is the rules' and its places are the moves' own.
    let ending = record.ending.as_ref().unwrap_or_else(|| panic!("channel {channel}: no ending stored"));
    assert_eq!(ending.kind, EndKind::Rules, "channel {channel}: {ending:?}");
    assert_eq!(ending.places.as_deref(), Some(&game.places()[..]), "channel {channel}: {ending:?}");
    if let Some(seat) = outcome.winner {
        let places = game.places();
        assert!(places[seat] == 1 && places.iter().filter(|&&p| p == 1).count() == 1, "channel {channel}");
    }
    // Every acknowledged move is where it was played; nothing else of the players' is in the record.
    let mut fate: HashMap<usize, &str> = HashMap::new();
    for (index, text) in &seen.acknowledged {
        assert_eq!(
            record.moves.get(*index).map(String::as_str),
            Some(text.as_str()),
            "channel {channel}: move {index} lost"
        );
        assert!(fate.insert(*index, text).is_none(), "channel {channel}: move {index} acknowledged twice");
    }
    let unanswered: HashMap<usize, &str> = seen.unanswered.iter().map(|(i, t)| (*i, t.as_str())).collect();
    let mut replay = AnyGame::new(record.game, &record.setup).unwrap();
    for (index, text) in record.moves.iter().enumerate() {
        let seat = replay.to_move().unwrap();
        if record.players[seat].level.is_none() {
            assert!(
                fate.contains_key(&index) || unanswered.get(&index) == Some(&text.as_str()),
                "channel {channel}: move {index} `{text}` was never sent there"
            );
        }
        replay.play_text(text).unwrap();
    }
    let (computer, after_kill) = computer_turns(record, stored_at_kill);
    if record.players.iter().any(|p| p.level.is_some()) {
        // The computer's turns, announced at most once each (an announcement can die with its instance).
        let announcements: Vec<String> = calls
            .iter()
            .filter(|c| c.method == "POST" && c.path.contains(&format!("/channels/{channel}/messages")))
            .filter_map(crate::support::RecordedCall::content)
            .filter(|c| c.contains(" played "))
            .collect();
        // None twice; those of turns stored before A died may have died with it (stored, still to be posted:
        // two or more when A was slow to post), every later one was posted.
        assert!(
            computer > 0 && announcements.len() <= computer,
            "channel {channel}: {} announcements of {computer} turns",
            announcements.len()
        );
        for first in &after_kill {
            assert!(
                announcements.iter().any(|a| a.contains(&format!("played `{first}`"))),
                "channel {channel}: the computer's turn from `{first}`, stored after the kill, was never announced"
            );
        }
    }
    computer
}

/// The computer's turns in a finished game (a TZAAR turn is two moves, announced together): how many, and the
/// first move of each one stored after instance A died (`stored_at_kill` moves were stored then).
fn computer_turns(record: &SessionRow, stored_at_kill: usize) -> (usize, Vec<String>) {
    let mut replay = AnyGame::new(record.game, &record.setup).unwrap();
    let (mut turns, mut after_kill, mut last_seat) = (0, Vec::new(), None);
    for (index, text) in record.moves.iter().enumerate() {
        let seat = replay.to_move().unwrap();
        if record.players[seat].level.is_some() && last_seat != Some(seat) {
            turns += 1;
            if index >= stored_at_kill {
                after_kill.push(text.clone());
            }
        }
        replay.play_text(text).unwrap();
        last_seat = Some(seat);
    }
    (turns, after_kill)
}

/// Waits until the session `record` is stored otherwise (a move more, or closed) by whichever instance took it.
async fn changed(store: &PgStore, record: &SessionRow, channel: u64) {
    let what = format!("channel {channel}: the session to change");
    crate::support::wait::until(&what, DEADLINE, || async {
        let now = store.session(record.id).await.unwrap().unwrap();
        (now.moves.len() != record.moves.len() || now.state != record.state).then_some(())
    })
    .await;
}
