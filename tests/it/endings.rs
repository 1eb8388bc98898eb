//! Every ending right (issue 31): a seat that leaves a bigger Tantrix game, the one rule that ranks the seats that
//! were left, a shared first place, the pictures of endings the moves did not make, one shape for every ending's
//! message, and the agreement of ratings, `/history`, records and replays on every ending of every game.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use proptest::prelude::*;
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::local::{Console, GUILD, console_clock, member_id};
use tabula::record::Record;
use tabula::session::Span;
use tabula::session::commands::{Abort, Accept, Draw, History, Play, PlayMove, Resign, ShowGame, ShowRating};
use tabula::session::{
    Actor, ClockChoice, Member, Reply, SessionConfig, Sessions, SidePref, parse_component,
};
use tabula::store::{ALL_SERVERS, EndKind, NewSession, PlayerRow, SessionRow, SessionState};
use tabula_testkit::MemoryStore;

const NAMES: [&str; 4] = ["alice", "bob", "carol", "dave"];

fn config() -> SessionConfig {
    SessionConfig { ai_time: std::time::Duration::from_millis(20), ..SessionConfig::default() }
}

/// A console over a memory store whose clock `/wait` moves, and the sessions behind it.
fn console(dir: &std::path::Path) -> (Console, Arc<Sessions>) {
    let (clock, offset) = console_clock();
    let sessions = Arc::new(Sessions::with_clock(MemoryStore::new(), config(), clock));
    (Console::with_offset(sessions.clone(), dir, offset), sessions)
}

/// The console's channel (`#local`).
fn channel() -> u64 {
    member_id("#local")
}

/// The game being played in the console's channel.
async fn open_game(s: &Sessions) -> SessionRow {
    s.store().open_session(channel()).await.unwrap().expect("a game is being played")
}

/// The stored places of game `id`, in seat order (what the ratings were given).
async fn stored_places(s: &Sessions, record: &SessionRow) -> Option<Vec<usize>> {
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
async fn agree(s: &Sessions, id: i64) -> Vec<usize> {
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
    // The stored ending's places are the places recorded for the ratings and `/history`.
    let ending = record.ending.as_ref().expect("a finished game has its ending");
    assert_eq!(ending.places.as_deref(), Some(&places[..]), "{ending:?}");
    let viewer = Actor::in_guild(Member::new(record.players[0].id, &record.players[0].name), record.guild);
    let shown = s.handle(record.channel, &viewer, ShowGame { id, replay: false }).await;
    let file = shown.files.first().unwrap_or_else(|| panic!("the record is attached: {shown:?}"));
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    let parsed = Record::parse(&text).unwrap();
    let expected = result_word(&game, &places);
    assert_eq!(parsed.tag("Result"), Some(expected.as_str()), "{text}");
    let replayed = parsed.replay().unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(replayed.result, expected, "the replay agrees");
    // The record's `Termination` names the seat the ending concerns, by its member's whole name.
    let phrase = match ending.kind {
        EndKind::Resigned => Some("resigned"),
        EndKind::TimedOut => Some("lost on time"),
        EndKind::LastLeft => Some("was the last to leave"),
        _ => None,
    };
    if let (Some(phrase), Some(&seat)) = (phrase, ending.seats.first()) {
        let said = format!("{} {phrase}", record.players[seat].name);
        assert_eq!(parsed.tag("Termination"), Some(said.as_str()), "{ending:?}: {text}");
    }
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
    // `/rating`, and the ratings rebuilt from the recorded results, give each member their own result (a win for
    // the first alone, a draw for a shared first, a loss below), whatever the members are called.
    let board = record.guild.unwrap_or(ALL_SERVERS);
    let best = places.iter().copied().min().unwrap_or(1);
    let mut before = Vec::new();
    for (seat, p) in record.players.iter().enumerate() {
        let rows = s.store().ratings_of(p.id, record.guild).await.unwrap();
        // (A member's first rated game: the only result in their row.)
        if let Some(row) = rows.iter().find(|r| r.game == record.game && r.guild == board && r.games == 1) {
            RATED.fetch_add(1, Ordering::Relaxed);
            let shared = places.iter().filter(|&&q| q == places[seat]).count() > 1;
            let expected = match places[seat] {
                q if q > best => (0, 0, 1),
                _ if shared => (0, 1, 0),
                _ => (1, 0, 0),
            };
            assert_eq!((row.wins, row.draws, row.losses), expected, "{}: {row:?} for {places:?}", p.name);
            let actor = Actor::in_guild(Member::new(p.id, &p.name), record.guild);
            let shown = s.handle(record.channel, &actor, ShowRating { user: None }).await;
            assert_eq!(names_in(&shown.text), std::slice::from_ref(&p.name), "{}", shown.text);
            let (w, d, l) = expected;
            assert!(shown.text.to_plain().contains(&format!("{w}-{d}-{l}")), "{}: {}", p.name, shown.text);
        }
        before.push(rows);
    }
    s.store().rebuild_ratings().await.unwrap();
    for (p, rows) in record.players.iter().zip(before) {
        let after = s.store().ratings_of(p.id, record.guild).await.unwrap();
        assert_eq!(after, rows, "the ratings rebuilt from the results are the ratings: {}", p.name);
    }
    places
}

/// How many members' ratings [`agree`] checked: some games must be rated.
static RATED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Plays `@who /play game:tantrix` against the others, all accept: a game of `names.len()` seats.
async fn tantrix_table(console: &mut Console, names: &[&str], clock: &str) {
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
async fn to_move(s: &Sessions) -> Option<(String, usize)> {
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
    s.store().append_moves(id, 0, &played, None, 1_796_000_000, None).await.unwrap();
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
    assert!(out.lines().any(|l| l == "a draw by agreement."), "the picture's title, said once: {out}");
    assert!(out.contains("Game #3 is over; `/game id:3` shows its record."), "{out}");
    // An abort agreed in Tablut.
    console.line(&start("tablut")).await;
    console.line("@bob /accept").await;
    console.line("@alice /move e8-d8").await;
    console.line("@bob /abort").await;
    console.line("@bob /press Ask to abort").await;
    let out = console.line("@alice /press Accept").await;
    assert!(out.lines().any(|l| l == "aborted by bob and alice."), "the picture's title: {out}");
    assert!(out.contains("Game #4 is over; `/game id:4` shows its record."), "{out}");
}

/// The console's text board of a game that a resignation or a loss on time ended says so where it would say whose
/// turn it is, as the picture does; and a rematch restates the rules the first game was played by.
#[tokio::test]
async fn text_boards_say_how_the_game_ended_and_rematches_state_their_rules() {
    let dir = tempfile::tempdir().unwrap();
    let (mut console, _s) = console(dir.path());
    console.line("@alice /play game:tantrix opponent:@bob side:first").await;
    console.line("@bob /accept").await;
    let out = console.line("@bob /resign").await;
    assert!(out.contains("bob resigned"), "{out}");
    assert!(!out.contains("to place") && !out.contains("> "), "nobody is to move in an ended game: {out}");
    console.line("@alice /play game:tzaar opponent:@bob side:first clock:1h").await;
    console.line("@bob /accept").await;
    let out = console.line("@alice /wait 61m").await;
    assert!(out.contains("alice lost on time"), "{out}");
    assert!(!out.contains("to move"), "the TZAAR text board says how it ended: {out}");
    console.line("@alice /play game:tablut opponent:@bob side:first variant:ashton").await;
    console.line("@bob /accept").await;
    console.line("@alice /resign").await;
    let out = console.line("@bob /press Rematch").await;
    assert!(out.contains("asks for a rematch") && out.contains("`ashton`"), "the rematch's rules: {out}");
}

/// How a random game is brought to its end, after its random opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ending {
    /// Its moves end it: random legal moves until the game is over.
    Natural,
    /// A seat resigns; at a bigger table the others play on to the end, the computer in the seat.
    Resign,
    /// The player to move runs out of time; at a bigger table the others play on to the end.
    TimeOut,
    /// Every person leaves, one after another, by resigning or running out of time.
    EveryoneLeaves,
    /// A draw offered and accepted (two players only).
    Draw,
    /// A moderator aborts the game.
    Abort,
}

const ENDINGS: [Ending; 6] =
    [Ending::Natural, Ending::Resign, Ending::TimeOut, Ending::EveryoneLeaves, Ending::Draw, Ending::Abort];

/// The random parts of a game: the choices of legal moves (the `n`th modulo their number) of its opening and of
/// its moves played on, a declined draw offer or not, and a seat (modulo the seats).
#[derive(Clone, Debug)]
struct Script {
    opening: Vec<usize>,
    play_on: Vec<usize>,
    decline: bool,
    seat: usize,
    /// The players' names, by index into [`ADVERSARIAL`] (repeats allowed: two members may share a name).
    names: Vec<usize>,
}

fn script() -> impl Strategy<Value = Script> {
    (
        proptest::collection::vec(0usize..64, 0..60),
        proptest::collection::vec(0usize..64, 1..40),
        any::<bool>(),
        0usize..4,
        proptest::collection::vec(0usize..ADVERSARIAL.len(), 4),
    )
        .prop_map(|(opening, play_on, decline, seat, names)| Script {
            opening,
            play_on,
            decline,
            seat,
            names,
        })
}

const CH: u64 = 7;
/// The most moves a game is played on for (random Tablut can wander).
const MOST_PLIES: usize = 600;

/// Names members choose, which no view may misread: names that start others, with commas, with the words of
/// Tabula's own endings, the computer's name, markdown and mentions, right-to-left and CJK scripts, the longest
/// name Discord allows, and names two members share.
const ADVERSARIAL: [&str; 14] = [
    "Ann",
    "Ann, the Great",
    "Ann, the Great, White (defenders), resigned",
    "bob lost on time",
    ", resigned",
    "Draw agreed",
    "a draw by agreement",
    "Tabula (level 2)",
    "**bold** _it_ `code` ||x||",
    "@everyone",
    "שלום עולם",
    "مرحبا بالعالم",
    "名前のテスト",
    "abcdefghijklmnopqrstuvwxyz012345",
];

/// The member at `seat` (seat order is sign-up order here), called `names[seat]`.
fn person(names: &[String], seat: usize) -> Actor {
    Actor::in_guild(Member::new(seat as u64 + 1, &names[seat]), Some(GUILD))
}

/// A game of the random test: its sessions, its clock and its id.
struct Table {
    s: Sessions,
    now: Arc<AtomicI64>,
    id: i64,
    seats: usize,
    names: Vec<String>,
}

impl Table {
    fn person(&self, seat: usize) -> Actor {
        person(&self.names, seat)
    }

    async fn new(kind: GameKind, seats: usize, names: Vec<String>) -> Table {
        let now = Arc::new(AtomicI64::new(1_796_000_000));
        let clock = now.clone();
        let s = Sessions::with_clock(
            MemoryStore::new(),
            config(),
            Arc::new(move || clock.load(Ordering::SeqCst)),
        );
        s.set_bot_id(99);
        let play = Play {
            game: kind,
            opponents: (1..seats).map(|n| person(&names, n).member).collect(),
            variant: None,
            side: SidePref::First,
            level: None,
            rated: true,
            clock: Some(ClockChoice::OneHour),
            thread: None,
        };
        s.handle(CH, &person(&names, 0), play).await;
        for n in 1..seats {
            s.handle(CH, &person(&names, n), Accept { session: None }).await;
        }
        let id = s.store().open_session(CH).await.unwrap().unwrap().id;
        Table { s, now, id, seats, names }
    }

    /// The game after the computer's turns, with the seat of the person to move; `None` once it is over.
    async fn person_to_move(&self) -> Option<(SessionRow, AnyGame, usize)> {
        while self.s.ai_turn(CH).await.is_some() {}
        let record = self.s.store().open_session(CH).await.unwrap()?;
        let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
        let seat = game.to_move()?;
        Some((record, game, seat))
    }

    /// The person to move plays the `n`th of the legal moves; false once the game is over.
    async fn play(&self, n: usize) -> bool {
        let Some((record, game, seat)) = self.person_to_move().await else { return false };
        let moves = game.legal_moves_text();
        let text = moves[n % moves.len()].clone();
        let who = &record.players[seat];
        let actor = Actor::in_guild(Member::new(who.id, &who.name), Some(GUILD));
        self.s.handle(CH, &actor, PlayMove { text }).await;
        true
    }

    /// Plays on with `choices` (cycled) until the game is over or [`MOST_PLIES`] have been played.
    async fn play_on(&self, choices: &[usize]) {
        for n in choices.iter().cycle().take(MOST_PLIES) {
            if !self.play(*n).await {
                return;
            }
        }
    }

    /// The person to move runs out of time.
    async fn time_out(&self) {
        self.now.fetch_add(3_601, Ordering::SeqCst);
        self.s.settle_clocks().await;
    }

    /// A draw offered by `seat` and answered by the other (two players).
    async fn draw(&self, seat: usize, accept: bool) {
        let offer = self.s.handle(CH, &self.person(seat), Draw).await;
        let label = if accept { "Accept" } else { "Decline" };
        let button = offer.buttons.iter().find(|b| b.label.to_plain() == label);
        let button = button.unwrap_or_else(|| panic!("the offer has its {label} button: {offer:?}"));
        let (_, request) = parse_component(&button.custom_id, None).unwrap();
        self.s.handle(CH, &self.person(1 - seat), request).await;
    }
}

/// Plays a random game of `kind` with `seats` seats to `ending`, checks that every view of its ending agrees, and
/// returns whether `ending` is what ended it.
async fn random_game(kind: GameKind, seats: usize, ending: Ending, script: Script) -> bool {
    let names: Vec<String> = script.names.iter().map(|&n| ADVERSARIAL[n].to_string()).collect();
    let table = Table::new(kind, seats, names).await;
    let seat = script.seat % seats;
    // Whether the game can be drawn by agreement (two players, and a game that has draws).
    let drawable = seats == 2 && kind.draw_by_agreement();
    for &n in &script.opening {
        if !table.play(n).await {
            break;
        }
    }
    if script.decline && drawable && table.person_to_move().await.is_some() {
        table.draw(seat, false).await;
    }
    // Whether the game was still on when the ending was brought (else its moves ended it), and who was to move.
    let to_move = table.person_to_move().await.map(|(record, _, seat)| record.players[seat].id);
    let on = to_move.is_some();
    // The person who leaves, by resigning or running out of time, and the reply that said so.
    let mut leaver = None;
    let mut ended_by: Option<Reply> = None;
    match ending {
        Ending::Natural => table.play_on(&script.play_on).await,
        Ending::Resign => {
            let said = table.s.handle(CH, &table.person(seat), Resign).await;
            leaver = Some(table.person(seat).member.id);
            ended_by = Some(said);
            table.play_on(&script.play_on).await;
        }
        Ending::TimeOut => {
            table.time_out().await;
            leaver = to_move;
            table.play_on(&script.play_on).await;
        }
        Ending::EveryoneLeaves => {
            for (n, &choice) in script.play_on.iter().cycle().take(table.seats * 4).enumerate() {
                let Some((_, _, to_move)) = table.person_to_move().await else { break };
                if n % 2 == 0 {
                    table.s.handle(CH, &table.person(to_move), Resign).await;
                } else {
                    table.play(choice).await;
                    table.time_out().await;
                }
            }
        }
        Ending::Draw if drawable => {
            if on {
                table.draw(seat, true).await;
            }
        }
        Ending::Draw => {
            let reply = table.s.handle(CH, &table.person(seat), Draw).await;
            assert!(
                reply.ephemeral && reply.buttons.is_empty(),
                "no draw offers at a table of {seats}: {reply:?}"
            );
        }
        Ending::Abort => {
            let mut moderator = Actor::in_guild(Member::new(50, "mod"), Some(GUILD));
            moderator.can_manage = true;
            let reply: Reply = table.s.handle(CH, &moderator, Abort).await;
            assert_eq!(reply.ephemeral, !on, "an abort is public while the game is on: {reply:?}");
        }
    }
    let record = table.s.store().session(table.id).await.unwrap().unwrap();
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
    names_agree(&table, &record, ended_by.as_ref()).await;
    match record.state {
        SessionState::Finished => {
            let places = agree(&table.s, table.id).await;
            let left = record.players.iter().filter(|p| p.left.is_some()).count();
            match ending {
                _ if !on => {}
                Ending::Natural => assert!(game.outcome().is_some(), "its moves ended it: {record:?}"),
                Ending::Resign | Ending::TimeOut => {
                    let leaver = leaver.and_then(|id| record.players.iter().position(|p| p.id == id));
                    let leaver = leaver.unwrap_or_else(|| panic!("a seat left: {record:?}"));
                    assert_eq!(places[leaver], seats, "who left is last: {places:?} {record:?}");
                    assert!(seats == 2 || record.players[leaver].left == Some(1), "{record:?}");
                }
                Ending::EveryoneLeaves => {
                    let by_moves = game.outcome().is_some();
                    assert!(seats == 2 || by_moves || left >= seats - 1, "all but one left: {record:?}");
                    assert!(places.contains(&seats), "somebody is last: {places:?}");
                }
                Ending::Draw => assert!(places.iter().all(|&p| p == 1), "an agreed draw: {places:?}"),
                Ending::Abort => panic!("an aborted game is not finished: {record:?}"),
            }
        }
        SessionState::Aborted => {
            assert_eq!(stored_places(&table.s, &record).await, None, "an aborted game has no result");
            assert!(ending == Ending::Abort || !on, "only an abort aborts: {ending:?} {record:?}");
        }
        _ => assert!(
            ending == Ending::Natural || !drawable && ending == Ending::Draw,
            "only a long game, or a draw offer where there are none, is still on: {ending:?} {record:?}"
        ),
    }
    on && record.state != SessionState::Playing
}

/// The display names a text shows, in order (the computer's seats are no names).
pub(crate) fn names_in(text: &tabula::session::Text) -> Vec<String> {
    text.spans()
        .into_iter()
        .filter_map(|span| match span {
            Span::Name { name, .. } | Span::Mention { name, .. } => Some(name),
            _ => None,
        })
        .collect()
}

/// Whatever the players are called, the views of a closed game name the right seats: `/game`'s summary (its
/// players, then how it ended and who won), the replay's last frame, and the message that ended it by a
/// resignation. Each is checked by the names it shows, as data, never by reading its sentence.
async fn names_agree(table: &Table, record: &SessionRow, ended_by: Option<&Reply>) {
    if record.state.is_open() || record.moves.is_empty() {
        return;
    }
    let ending = record.ending.as_ref().unwrap_or_else(|| panic!("a closed game has its ending: {record:?}"));
    let shown = table.s.handle(CH, &table.person(0), ShowGame { id: record.id, replay: true }).await;
    let named = names_in(&shown.text);
    let players: Vec<String> = record.players.iter().map(|p| p.name.clone()).collect();
    assert_eq!(named[..players.len()], players[..], "the summary lists the players: {named:?}");
    let how = &named[players.len()..];
    let winner = ending.places.as_ref().map(|p| first_places(p)).filter(|f| f.len() == 1).map(|f| f[0]);
    if let Some(w) = winner {
        assert_eq!(how.last(), Some(&players[w]), "the winner is named last: {how:?} {ending:?}");
    }
    match ending.kind {
        EndKind::Resigned | EndKind::TimedOut | EndKind::LastLeft => {
            let seat = ending.seats[0];
            assert_eq!(how.first(), Some(&players[seat]), "who left is named first: {how:?} {ending:?}");
        }
        EndKind::DrawAgreed | EndKind::Aborted => {
            assert!(how.is_empty(), "nobody is named in {how:?} {ending:?}");
        }
        _ => {}
    }
    if let Some(ended) = shown.replay.as_ref().and_then(|r| r.ended.as_ref()) {
        assert_eq!(names_in(ended), how, "the replay's last frame says what the summary says");
    }
    if let Some(reply) = ended_by.filter(|_| ending.kind == EndKind::Resigned && players.len() == 2) {
        let said = names_in(&reply.text);
        let (leaver, winner) = (ending.seats[0], 1 - ending.seats[0]);
        assert_eq!(said[..2], [players[leaver].clone(), players[winner].clone()], "{said:?}");
        let title = reply.board.as_ref().and_then(|b| b.ended.as_ref()).expect("the end picture says how");
        assert_eq!(names_in(title), how, "the end picture's title says what the summary says");
    }
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(6)
}

/// Ratings, `/history`, records and replays agree on every ending of every game: each way of ending (its moves,
/// a resignation, a time-out, everyone leaving, an agreed draw, an abort) of each game and table size, after a
/// random opening, and each of them really ends some of the games it is tried on.
#[test]
fn every_ending_of_every_game_agrees() {
    use proptest::test_runner::{Config, TestRunner};
    use std::collections::BTreeMap;
    use std::sync::Mutex;
    let tables = [
        (GameKind::Tablut, 2),
        (GameKind::Tzaar, 2),
        (GameKind::Tantrix, 2),
        (GameKind::Tantrix, 3),
        (GameKind::Tantrix, 4),
    ];
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let ended: Mutex<BTreeMap<(usize, Ending), u32>> = Mutex::new(BTreeMap::new());
    for (t, &(kind, seats)) in tables.iter().enumerate() {
        for ending in ENDINGS {
            let mut runner = TestRunner::new(Config { cases: cases(), ..Config::default() });
            runner
                .run(&script(), |script| {
                    if runtime.block_on(random_game(kind, seats, ending, script)) {
                        *ended.lock().unwrap().entry((t, ending)).or_default() += 1;
                    }
                    Ok(())
                })
                .unwrap_or_else(|e| panic!("{kind:?} at {seats}, {ending:?}: {e}"));
        }
    }
    let ended = ended.into_inner().unwrap();
    eprintln!("games ended by the ending tried on them, of {} each: {ended:?}", cases());
    assert!(RATED.load(Ordering::Relaxed) > 0, "some of the games are rated, and their ratings checked");
    for (t, &(kind, seats)) in tables.iter().enumerate() {
        for ending in ENDINGS {
            let expected = ending != Ending::Draw || seats == 2 && kind.draw_by_agreement();
            let count = ended.get(&(t, ending)).copied().unwrap_or(0);
            assert_eq!(
                count > 0,
                expected,
                "{kind:?} at {seats} ended by {ending:?} {count} times in {}",
                cases()
            );
        }
    }
}
