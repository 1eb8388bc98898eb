//! Every ending right (issue 31): a seat that leaves a bigger Tantrix game, the one rule that ranks the seats that
//! were left, a shared first place, the pictures of endings the moves did not make, one shape for every ending's
//! message, and the agreement of ratings, `/history`, records and replays on every ending of every game.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use proptest::prelude::*;
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::local::{Console, GUILD, console_clock, member_id};
use tabula::record::Record;
use tabula::session::commands::{Abort, Accept, Draw, Game, History, Move, Play, Resign};
use tabula::session::{Actor, ClockChoice, Member, Reply, SessionConfig, Sessions, SidePref, parse_button};
use tabula::store::{NewSession, PlayerRow, RatingStore, SessionRow, SessionState, SessionStore};
use tabula_testkit::MemoryStore;

const NAMES: [&str; 4] = ["alice", "bob", "carol", "dave"];

fn config() -> SessionConfig {
    SessionConfig { ai_time: std::time::Duration::from_millis(20), ..SessionConfig::default() }
}

/// A console over a memory store whose clock `/wait` moves, and the sessions behind it.
fn console(dir: &std::path::Path) -> (Console<MemoryStore>, Arc<Sessions<MemoryStore>>) {
    let (clock, offset) = console_clock();
    let sessions = Arc::new(Sessions::with_clock(MemoryStore::new(), config(), clock));
    (Console::with_offset(sessions.clone(), dir, offset), sessions)
}

/// The console's channel (`#local`).
fn channel() -> u64 {
    member_id("#local")
}

/// The game being played in the console's channel.
async fn open_game(s: &Sessions<MemoryStore>) -> SessionRow {
    s.store().open_session(channel()).await.unwrap().expect("a game is being played")
}

/// The stored places of game `id`, in seat order (what the ratings were given).
async fn stored_places(s: &Sessions<MemoryStore>, record: &SessionRow) -> Option<Vec<usize>> {
    let page = s.store().history(record.players[0].id, record.guild, None, 0, 100).await.unwrap();
    let entry = page.entries.into_iter().find(|e| e.session == record.id)?;
    Some(entry.players.iter().map(|p| p.place).collect())
}

/// The seats that share the first of `places`.
fn first_places(places: &[usize]) -> Vec<usize> {
    let best = places.iter().copied().min().unwrap_or(1);
    (0..places.len()).filter(|&s| places[s] == best).collect()
}

/// What `/history` says of a player who took `place` among `places`.
fn history_word(places: &[usize], seat: usize) -> String {
    let first = first_places(places);
    match places[seat] {
        1 if first.len() == 1 => "won".into(),
        1 if first.len() == places.len() => "draw".into(),
        1 => format!("shared 1st of {}", places.len()),
        _ if places.len() == 2 => "lost".into(),
        _ => {
            let n = places[seat];
            let suffix = match n {
                2 => "nd",
                3 => "rd",
                _ => "th",
            };
            format!("{n}{suffix} of {}", places.len())
        }
    }
}

/// The `Result` a record must state for `places`.
fn result_word(game: &AnyGame, places: &[usize]) -> String {
    let first = first_places(places);
    if first.len() == places.len() && places.len() > 1 {
        "draw".into()
    } else {
        first.iter().map(|&s| game.seat_name(s)).collect::<Vec<_>>().join("=")
    }
}

/// Checks that the stored result, `/history`, the record's `Result` and the replay of that record agree on game
/// `id` (finished); returns its places.
async fn agree(s: &Sessions<MemoryStore>, id: i64) -> Vec<usize> {
    let record = s.store().session(id).await.unwrap().expect("the game is stored");
    assert_eq!(record.state, SessionState::Finished, "{record:?}");
    let places = stored_places(s, &record).await.expect("a finished game's result is recorded");
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
    // The one rule: whoever stayed ranks above whoever left, the last to leave above the first.
    for (a, pa) in record.players.iter().enumerate() {
        for (b, pb) in record.players.iter().enumerate() {
            if !pa.abandoned && pb.abandoned {
                assert!(places[a] < places[b], "a seat that stayed ranks above one that left: {places:?}");
            }
            if let (Some(la), Some(lb)) = (pa.left, pb.left)
                && la > lb
            {
                assert!(places[a] < places[b], "the later leaver ranks higher: {places:?} {record:?}");
            }
        }
    }
    let viewer = Actor::in_guild(Member::new(record.players[0].id, &record.players[0].name), record.guild);
    let shown = s.handle(record.channel, &viewer, Game { id, replay: false }).await;
    let file = shown.files.first().unwrap_or_else(|| panic!("the record is attached: {shown:?}"));
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    let parsed = Record::parse(&text).unwrap();
    let expected = result_word(&game, &places);
    assert_eq!(parsed.tag("Result"), Some(expected.as_str()), "{text}");
    let replayed = parsed.replay().unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(replayed.result, expected, "the replay agrees");
    for (seat, p) in record.players.iter().enumerate() {
        let actor = Actor::in_guild(Member::new(p.id, &p.name), record.guild);
        let history = s.handle(record.channel, &actor, History { user: None, game: None, page: 1 }).await;
        let line =
            history.text.to_plain().lines().find(|l| l.starts_with(&format!("#{id} "))).map_or_else(
                || panic!("game #{id} in {}'s history: {}", p.name, history.text),
                str::to_string,
            );
        let word = history_word(&places, seat);
        assert!(line.contains(&format!("— {word} ")), "{}: `{word}` in {line}", p.name);
    }
    places
}

/// Plays `@who /play game:tantrix` against the others, all accept: a game of `names.len()` seats.
async fn tantrix_table(console: &mut Console<MemoryStore>, names: &[&str], clock: &str) {
    let opponents: Vec<String> = names[1..]
        .iter()
        .enumerate()
        .map(|(n, o)| if n == 0 { format!("opponent:@{o}") } else { format!("opponent{}:@{o}", n + 1) })
        .collect();
    let out = console
        .line(&format!("@{} /play game:tantrix {} clock:{clock}", names[0], opponents.join(" ")))
        .await;
    assert!(out.contains("Tantrix"), "{out}");
    for who in &names[1..] {
        console.line(&format!("@{who} /accept")).await;
    }
}

/// The name of the player to move (a person: the console lets the computer play its seats).
async fn to_move(s: &Sessions<MemoryStore>) -> Option<(String, usize)> {
    let record = s.store().open_session(channel()).await.unwrap()?;
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
    let seat = game.to_move()?;
    Some((record.players[seat].name.clone(), seat))
}

/// Bug 1: a resignation in a game of three hands the seat to the computer (announced), the others play on, and the
/// resigner ranks last.
#[tokio::test]
async fn a_resignation_at_a_table_of_three_hands_the_seat_to_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let (mut console, s) = console(dir.path());
    tantrix_table(&mut console, &NAMES[..3], "none").await;
    let out = console.line("@carol /resign").await;
    assert!(!out.contains("without a winner") && !out.contains("Ratings"), "the game goes on: {out}");
    assert!(out.contains("carol") && out.contains("computer (level 3)"), "{out}");
    let record = open_game(&s).await;
    assert_eq!(record.state, SessionState::Playing);
    let carol = record.players.iter().position(|p| p.name == "carol").unwrap();
    assert!(record.players[carol].abandoned && record.players[carol].left == Some(1));
    // The others play on, and the computer plays carol's seat as its own.
    let mut said = String::new();
    while !said.contains("Tabula (for carol, ") {
        let (who, _) = to_move(&s).await.expect("a person is to move");
        let moves = open_game(&s).await.moves;
        let game = AnyGame::replay(record.game, &record.setup, &moves).unwrap();
        let first = game.legal_moves_text().remove(0);
        let out = console.line(&format!("@{who} /move {first}")).await;
        assert!(out.contains(&format!("`{first}`")), "{out}");
        said.push_str(&out);
        assert!(open_game(&s).await.moves.len() < 12, "the computer never moved for carol: {said}");
    }
    // alice resigns too; bob is the last person, and leaves last: the game ends.
    let out = console.line("@alice /resign").await;
    assert!(out.contains("computer (level 3)"), "{out}");
    let out = console.line("@bob /resign").await;
    assert!(out.contains("nobody is left to play on"), "{out}");
    assert!(out.contains("Places: 1. bob") && out.contains("3. carol"), "{out}");
    assert!(out.contains("Game #1 is over; `/game id:1` shows its record."), "{out}");
    let places = agree(&s, record.id).await;
    let seat = |name: &str| record.players.iter().position(|p| p.name == name).unwrap();
    assert_eq!((places[seat("bob")], places[seat("alice")], places[seat("carol")]), (1, 2, 3));
}

/// Bug 2: seats that run out of time rank below who stays, later above earlier; the game ends with a result when
/// nobody is left, and every view of it agrees.
#[tokio::test]
async fn time_outs_at_a_table_of_three_rank_the_last_to_leave_first() {
    let dir = tempfile::tempdir().unwrap();
    let (mut console, s) = console(dir.path());
    tantrix_table(&mut console, &NAMES[..3], "1h").await;
    let mut left = Vec::new();
    let mut said = String::new();
    while let Some((who, _)) = to_move(&s).await {
        let out = console.line("@alice /wait 61m").await;
        said.push_str(&out);
        left.push(who);
        assert!(left.len() <= 3, "{said}");
    }
    assert_eq!(left.len(), 3, "{said}");
    assert!(said.contains("Tabula (for "), "the computer's moves are its own: {said}");
    assert!(said.contains("nobody is left to play on"), "{said}");
    let id = s.store().session(1).await.unwrap().unwrap().id;
    let record = s.store().session(id).await.unwrap().unwrap();
    let places = agree(&s, id).await;
    for (n, who) in left.iter().enumerate() {
        let seat = record.players.iter().position(|p| &p.name == who).unwrap();
        assert_eq!(places[seat], 3 - n, "{who} left {}: {places:?}", n + 1);
    }
}

/// A Tantrix game of three seats played by the greedy player that ends with the best score shared by two (not
/// all): its setup and moves.
fn partial_tie() -> (Setup, Vec<String>) {
    for seed in 0..400 {
        let setup = Setup { variant: String::new(), seed, seats: 3 };
        let mut game = AnyGame::new(GameKind::Tantrix, &setup).unwrap();
        let mut moves = Vec::new();
        let mut turn = seed;
        while game.outcome().is_none() {
            for m in game.greedy(turn) {
                moves.extend(game.play_text(&m).unwrap().into_iter().map(|p| p.notation));
            }
            turn += 1;
        }
        let first = first_places(&game.places()).len();
        if first == 2 {
            return (setup, moves);
        }
    }
    panic!("no greedy game of three ends in a partial tie");
}

/// Bug 3: a first place shared by two of three is said as such (not a draw) in the message, the picture's title,
/// the record, the history and the ratings.
#[tokio::test]
async fn a_shared_first_place_is_not_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let (mut console, s) = console(dir.path());
    let (setup, moves) = partial_tie();
    let players: Vec<PlayerRow> = NAMES[..3]
        .iter()
        .map(|n| PlayerRow {
            id: member_id(n),
            name: (*n).to_string(),
            accepted: true,
            abandoned: false,
            left: None,
            level: None,
        })
        .collect();
    let new = NewSession {
        channel: channel(),
        guild: Some(GUILD),
        game: GameKind::Tantrix,
        setup: setup.clone(),
        players,
        challenger: member_id("alice"),
        state: SessionState::Playing,
        now: 1_796_000_000,
        expires_at: 1_796_000_000,
        rated: true,
    };
    let id = s.store().create(&new).await.unwrap();
    let (last, before) = moves.split_last().unwrap();
    let played: Vec<(usize, String)> = {
        let mut game = AnyGame::new(GameKind::Tantrix, &setup).unwrap();
        before
            .iter()
            .map(|m| {
                let seat = game.to_move().unwrap();
                game.play_text(m).unwrap();
                (seat, m.clone())
            })
            .collect()
    };
    s.store().append_moves(id, 0, &played, None, 1_796_000_000).await.unwrap();
    let (who, _) = to_move(&s).await.unwrap();
    let out = console.line(&format!("@{who} /move {last}")).await;
    assert!(out.contains("share first place with"), "{out}");
    assert!(!out.contains("a draw"), "{out}");
    assert!(out.contains("Tantrix · game over · first place shared with"), "the picture's title: {out}");
    let places = agree(&s, id).await;
    assert_eq!(places.iter().filter(|&&p| p == 1).count(), 2, "{places:?}");
    // The two who share the first place move alike.
    let record = s.store().session(id).await.unwrap().unwrap();
    let mut shown = Vec::new();
    for p in &record.players {
        let rows = s.store().ratings_of(p.id, Some(GUILD)).await.unwrap();
        shown.push(
            rows.iter().find(|r| r.game == GameKind::Tantrix && r.guild == GUILD).unwrap().rating.rating,
        );
    }
    let firsts: Vec<f64> = (0..3).filter(|&s| places[s] == 1).map(|s| shown[s]).collect();
    assert!((firsts[0] - firsts[1]).abs() < 1e-9, "{shown:?}");
}

/// Bug 4 and the one shape of an ending's message: a resignation, a loss on time, an agreed draw and an abort each
/// say how the game ended in its picture's title and the game's number and record in its message.
#[tokio::test]
async fn every_ending_says_how_it_ended_in_its_picture_and_its_message() {
    let dir = tempfile::tempdir().unwrap();
    let (mut console, _s) = console(dir.path());
    let start = |game: &str| format!("@alice /play game:{game} opponent:@bob side:first clock:1h");
    // A resignation in Tablut.
    console.line(&start("tablut")).await;
    console.line("@bob /accept").await;
    console.line("@alice /move e8-d8").await;
    let out = console.line("@bob /resign").await;
    assert!(out.contains("bob resigned · alice, "), "the picture's title: {out}");
    assert!(!out.contains("to move"), "{out}");
    assert!(out.contains("Game #1 is over; `/game id:1` shows its record."), "{out}");
    // A loss on time in TZAAR, during the opening capture.
    console.line(&start("tzaar")).await;
    console.line("@bob /accept").await;
    let out = console.line("@alice /wait 61m").await;
    assert!(out.contains("alice lost on time · bob, "), "the picture's title: {out}");
    assert!(out.contains("Game #2 is over; `/game id:2` shows its record."), "{out}");
    // An agreed draw in Tablut.
    console.line(&start("tablut")).await;
    console.line("@bob /accept").await;
    console.line("@alice /move e8-d8").await;
    console.line("@bob /draw").await;
    let out = console.line("@alice /press Accept").await;
    assert!(out.contains("a draw by agreement · a draw."), "the picture's title: {out}");
    assert!(out.contains("Game #3 is over; `/game id:3` shows its record."), "{out}");
    // An abort agreed in Tablut.
    console.line(&start("tablut")).await;
    console.line("@bob /accept").await;
    console.line("@alice /move e8-d8").await;
    console.line("@bob /abort").await;
    console.line("@bob /press Ask to abort").await;
    let out = console.line("@alice /press Accept").await;
    assert!(out.contains("aborted by bob and alice"), "the picture's title: {out}");
    assert!(out.contains("Game #4 is over; `/game id:4` shows its record."), "{out}");
}

/// One random event of a game: a move, a resignation, a time-out, a draw offer answered, an abort.
#[derive(Clone, Debug)]
enum Event {
    /// The player to move plays its `n`th legal move (modulo their number).
    Move(usize),
    /// A seat (modulo the seats) resigns.
    Resign(usize),
    /// The player to move runs out of time.
    TimeOut,
    /// A seat offers a draw; the other accepts when `true`.
    Draw(usize, bool),
    /// A moderator aborts the game.
    Abort,
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        6 => (0usize..64).prop_map(Event::Move),
        1 => (0usize..4).prop_map(Event::Resign),
        1 => Just(Event::TimeOut),
        1 => (0usize..4, any::<bool>()).prop_map(|(s, a)| Event::Draw(s, a)),
        1 => Just(Event::Abort),
    ]
}

const CH: u64 = 7;

fn person(seat: usize) -> Actor {
    Actor::in_guild(Member::new(seat as u64 + 1, NAMES[seat]), Some(GUILD))
}

/// Plays a random game of `kind` with `seats` seats through `events`, and checks that every view of its ending
/// agrees.
async fn random_game(kind: GameKind, seats: usize, events: Vec<Event>) {
    let now = Arc::new(AtomicI64::new(1_796_000_000));
    let clock = now.clone();
    let s =
        Sessions::with_clock(MemoryStore::new(), config(), Arc::new(move || clock.load(Ordering::SeqCst)));
    s.set_bot_id(99);
    let play = Play {
        game: kind,
        opponents: (1..seats).map(|n| person(n).member).collect(),
        variant: None,
        side: SidePref::First,
        level: None,
        rated: true,
        clock: Some(ClockChoice::OneHour),
        thread: None,
    };
    s.handle(CH, &person(0), play).await;
    for n in 1..seats {
        s.handle(CH, &person(n), Accept { session: None }).await;
    }
    let id = s.store().open_session(CH).await.unwrap().unwrap().id;
    for event in events {
        while s.ai_turn(CH).await.is_some() {}
        let Some(record) = s.store().open_session(CH).await.unwrap() else { break };
        let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
        let Some(seat) = game.to_move() else { break };
        match event {
            Event::Move(n) => {
                let moves = game.legal_moves_text();
                let text = moves[n % moves.len()].clone();
                let who = &record.players[seat];
                let actor = Actor::in_guild(Member::new(who.id, &who.name), Some(GUILD));
                s.handle(CH, &actor, Move { text }).await;
            }
            Event::Resign(n) => {
                s.handle(CH, &person(n % seats), Resign).await;
            }
            Event::TimeOut => {
                now.fetch_add(3_601, Ordering::SeqCst);
                s.settle_clocks().await;
            }
            Event::Draw(n, accept) => {
                let offer = s.handle(CH, &person(n % seats), Draw).await;
                let label = if accept { "Accept" } else { "Decline" };
                if let Some(b) = offer.buttons.iter().find(|b| b.label.to_plain() == label) {
                    let (_, request) = parse_button(&b.custom_id).unwrap();
                    s.handle(CH, &person(1 - (n % seats).min(1)), request).await;
                }
            }
            Event::Abort => {
                let mut moderator = Actor::in_guild(Member::new(50, "mod"), Some(GUILD));
                moderator.can_manage = true;
                let reply: Reply = s.handle(CH, &moderator, Abort).await;
                assert!(!reply.ephemeral, "{reply:?}");
            }
        }
    }
    let record = s.store().session(id).await.unwrap().unwrap();
    match record.state {
        SessionState::Finished => {
            agree(&s, id).await;
        }
        SessionState::Aborted => {
            assert_eq!(stored_places(&s, &record).await, None, "an aborted game has no result");
        }
        _ => {}
    }
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(12)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// Ratings, `/history`, records and replays agree on every ending of every game.
    #[test]
    fn every_ending_of_every_game_agrees(
        game in 0usize..5,
        events in proptest::collection::vec(event(), 1..40),
    ) {
        let (kind, seats) = [
            (GameKind::Tablut, 2),
            (GameKind::Tzaar, 2),
            (GameKind::Tantrix, 2),
            (GameKind::Tantrix, 3),
            (GameKind::Tantrix, 4),
        ][game];
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(random_game(kind, seats, events));
    }
}
