//! Clocks per move: the deadline, the two reminders (each sent once, also across a restart), a loss on time, a
//! seat taken over by the computer in a bigger game, and direct-message reminders.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tabula::games::GameKind;
use tabula::session::commands::{Accept, Notify, Play, Resign, ShowBoard};
use tabula::session::{ClockChoice, Notice, SessionConfig, Sessions, SidePref, parse_request};
use tabula::store::{EndKind, SessionState, SqliteStore};

use super::{CHANNEL, actor, alice, bob, carol, mv};

const START: i64 = 1_800_000_000;
const HOUR: i64 = 3_600;

/// Sessions over the SQLite file `db`, on a clock the test moves.
async fn open(db: &std::path::Path, now: &Arc<AtomicI64>, config: SessionConfig) -> Sessions {
    let now = now.clone();
    let store = SqliteStore::open(db).await.unwrap();
    Sessions::with_clock(store, config, Arc::new(move || now.load(Ordering::SeqCst)))
}

fn play(clock: Option<ClockChoice>) -> Play {
    Play {
        game: GameKind::Tablut,
        opponents: vec![bob().member],
        variant: None,
        side: SidePref::First,
        level: None,
        rated: true,
        clock,
        thread: None,
    }
}

/// The public posts among the notices, as (channel, plain text, mentions, has a board).
fn posts(notices: &[Notice]) -> Vec<(u64, String, Vec<u64>, bool)> {
    notices
        .iter()
        .filter_map(|n| match n {
            Notice::Post { channel, reply } => {
                Some((*channel, reply.text.to_plain(), reply.text.mentions(), reply.board.is_some()))
            }
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn reminders_once_each_and_a_loss_on_time_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("clocks.db");
    let now = Arc::new(AtomicI64::new(START));
    let s = open(&db, &now, SessionConfig::default()).await;
    let challenge = s.handle(CHANNEL, &alice(), play(None)).await;
    assert!(
        challenge.text.contains("Each player has 3 days per move"),
        "the default clock: {}",
        challenge.text
    );
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    let board = s.handle(CHANNEL, &bob(), ShowBoard).await;
    assert!(board.text.contains("alice to move, 3 days left"), "{}", board.text);
    assert_eq!(
        board.clock.as_ref().map(ToString::to_string).as_deref(),
        Some("alice to move, 3 days left"),
        "the picture's caption"
    );
    assert_eq!(s.next_wake().await, Ok(Some(START + 36 * HOUR)), "woken at half time");

    now.store(START + 36 * HOUR - 1, Ordering::SeqCst);
    assert!(s.settle_clocks().await.is_empty(), "nothing due before half time");
    now.store(START + 36 * HOUR, Ordering::SeqCst);
    let first = posts(&s.settle_clocks().await);
    assert_eq!(first.len(), 1, "{first:?}");
    let (channel, text, mentions, _) = &first[0];
    assert_eq!((*channel, mentions.clone()), (CHANNEL, vec![1]), "only the player to move is pinged");
    assert!(text.contains("your move") && text.contains("1 day 12 hours left"), "{text}");
    assert!(s.settle_clocks().await.is_empty(), "the half-time reminder is sent once");

    // A restart: the reminder already sent is not sent again.
    drop(s);
    let s = open(&db, &now, SessionConfig::default()).await;
    assert!(s.settle_clocks().await.is_empty(), "not again after a restart");
    let board = s.handle(CHANNEL, &bob(), ShowBoard).await;
    assert!(board.text.contains("alice to move, 1 day 12 hours left"), "{}", board.text);

    // Less than a tenth left (7.2 h of 3 d): the second reminder, once.
    now.store(START + 72 * HOUR - 7 * HOUR - 12 * 60, Ordering::SeqCst);
    let second = posts(&s.settle_clocks().await);
    assert_eq!(second.len(), 1, "{second:?}");
    assert!(second[0].1.contains("7 hours 12 minutes left"), "{}", second[0].1);
    assert!(s.settle_clocks().await.is_empty());

    // The deadline passes while the bot is down: settled once at the next start.
    drop(s);
    now.store(START + 80 * HOUR, Ordering::SeqCst);
    let s = open(&db, &now, SessionConfig::default()).await;
    let notices = s.settle_clocks().await;
    let lost = posts(&notices);
    assert_eq!(lost.len(), 1, "{lost:?}");
    let (_, text, mentions, board) = &lost[0];
    assert!(text.contains("loses on time") && text.contains("bob") && text.contains("wins"), "{text}");
    assert!(*board, "announced with the final picture");
    assert_eq!(mentions, &vec![1, 2]);
    let Notice::Post { reply, .. } = &notices[0] else { unreachable!() };
    assert_eq!(reply.buttons.iter().map(|b| b.label.to_plain()).collect::<Vec<_>>(), vec!["Rematch"]);
    let replay = reply.replay.as_ref().expect("the game's replay comes with its end");
    let winner = replay.record.tag("Result").unwrap().to_string();
    assert!(winner != "*" && winner != "draw", "the record names the winner on time: {winner}");
    assert!(s.settle_clocks().await.is_empty(), "settled exactly once");
    drop(s);
    let s = open(&db, &now, SessionConfig::default()).await;
    assert!(s.settle_clocks().await.is_empty(), "and not again after another restart");
    assert!(s.store().open_session(CHANNEL).await.unwrap().is_none());
    assert_eq!(s.next_wake().await, Ok(None), "nothing left to wake for");
}

#[tokio::test]
async fn a_move_starts_the_next_players_clock() {
    let dir = tempfile::tempdir().unwrap();
    let now = Arc::new(AtomicI64::new(START));
    let s = open(&dir.path().join("c.db"), &now, SessionConfig::default()).await;
    s.handle(CHANNEL, &alice(), play(Some(ClockChoice::OneHour))).await;
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    now.fetch_add(40 * 60, Ordering::SeqCst);
    assert_eq!(posts(&s.settle_clocks().await).len(), 1, "half time of one hour");
    let moved = s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    assert_eq!(
        moved.clock.as_ref().map(ToString::to_string).as_deref(),
        Some("bob to move, 1 hour left"),
        "{moved:?}"
    );
    assert_eq!(moved.text.mentions(), vec![2], "the move pings the next player only");
    // One hour: reminded at 30 minutes, then 10 minutes before the end.
    now.fetch_add(30 * 60, Ordering::SeqCst);
    let half = posts(&s.settle_clocks().await);
    assert!(half.len() == 1 && half[0].2 == vec![2], "{half:?}");
    now.fetch_add(20 * 60, Ordering::SeqCst);
    let near = posts(&s.settle_clocks().await);
    assert!(near.len() == 1 && near[0].1.contains("10 minutes left"), "{near:?}");
    now.fetch_add(10 * 60, Ordering::SeqCst);
    let lost = posts(&s.settle_clocks().await);
    assert!(lost.len() == 1 && lost[0].1.contains("bob") && lost[0].1.contains("loses on time"), "{lost:?}");
    let record = s.store().session(1).await.unwrap().unwrap();
    assert_eq!(record.state, SessionState::Finished);
    let ending = record.ending.expect("the loss on time is stored");
    let bob = record.players.iter().position(|p| p.name == "bob").unwrap();
    let mut places = vec![1, 1];
    places[bob] = 2;
    assert_eq!((ending.kind, ending.seats, ending.places), (EndKind::TimedOut, vec![bob], Some(places)));
}

#[tokio::test]
async fn no_clock_is_said_in_the_challenge_and_never_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    let now = Arc::new(AtomicI64::new(START));
    let s = open(&dir.path().join("c.db"), &now, SessionConfig::default()).await;
    let challenge = s.handle(CHANNEL, &alice(), play(Some(ClockChoice::Unlimited))).await;
    assert!(challenge.text.contains("no clock: by accepting, you agree"), "{}", challenge.text);
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    now.fetch_add(400 * 24 * HOUR, Ordering::SeqCst);
    assert!(s.settle_clocks().await.is_empty());
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert!(board.text.contains("alice to move, no clock"), "{}", board.text);
    assert!(!s.handle(CHANNEL, &alice(), mv("e8-d8")).await.ephemeral);
    let bad = parse_request("play", &[("game", tabula::session::OptionValue::Text("tablut".into()))]);
    assert!(bad.is_ok());
    let e = parse_request(
        "play",
        &[
            ("game", tabula::session::OptionValue::Text("tablut".into())),
            ("clock", tabula::session::OptionValue::Text("2d".into())),
        ],
    )
    .unwrap_err()
    .to_plain();
    assert!(e.contains("`clock:2d` is not a clock: choose 10m, 1h, 1d, 3d, 7d or none"), "{e}");
}

#[tokio::test]
async fn reminders_go_by_direct_message_to_who_asked() {
    let dir = tempfile::tempdir().unwrap();
    let now = Arc::new(AtomicI64::new(START));
    let s = open(&dir.path().join("c.db"), &now, SessionConfig::default()).await;
    let on = s.handle(CHANNEL, &alice(), Notify { dm: Some(true), digest: None }).await;
    assert!(on.ephemeral && on.text.contains("direct message"), "{on:?}");
    s.handle(CHANNEL, &alice(), play(Some(ClockChoice::OneDay))).await;
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    now.fetch_add(12 * HOUR, Ordering::SeqCst);
    let notices = s.settle_clocks().await;
    assert_eq!(notices.len(), 1, "{notices:?}");
    let Notice::Direct { user, channel, text, fallback } = &notices[0] else { panic!("{notices:?}") };
    assert_eq!((*user, *channel), (1, CHANNEL));
    assert!(text.to_plain().contains("Your move in Tablut") && text.mentions().is_empty(), "{text:?}");
    assert_eq!(fallback.text.mentions(), vec![1], "the fallback pings alice in the channel");
    s.handle(CHANNEL, &alice(), Notify { dm: Some(false), digest: None }).await;
    now.fetch_add(10 * HOUR, Ordering::SeqCst);
    assert_eq!(posts(&s.settle_clocks().await).len(), 1, "back in the channel");
}

#[tokio::test]
async fn in_a_bigger_game_the_computer_takes_over_a_seat_that_ran_out() {
    let dir = tempfile::tempdir().unwrap();
    let now = Arc::new(AtomicI64::new(START));
    let config = SessionConfig { ai_time: std::time::Duration::from_millis(30), ..SessionConfig::default() };
    let s = open(&dir.path().join("c.db"), &now, config).await;
    s.set_bot_id(99);
    let dave = actor(4, "dave");
    let three = Play {
        game: GameKind::Tantrix,
        opponents: vec![bob().member, carol().member],
        variant: None,
        side: SidePref::First,
        level: None,
        rated: true,
        clock: Some(ClockChoice::TenMinutes),
        thread: None,
    };
    assert!(!s.handle(CHANNEL, &alice(), three).await.ephemeral);
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    let start = s.handle(CHANNEL, &carol(), Accept { session: None }).await;
    let first = start.board.unwrap().game.to_move().unwrap();
    let record = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    let gone = record.players[first].clone();
    now.fetch_add(10 * 60, Ordering::SeqCst);
    let notices = posts(&s.settle_clocks().await);
    assert_eq!(notices.len(), 1, "{notices:?}");
    let text = &notices[0].1;
    assert!(
        text.contains(&gone.name) && text.contains("computer (level 3)") && text.contains("abandoned"),
        "{text}"
    );
    let record = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.state, SessionState::Playing, "the others finish the game");
    assert!(record.players[first].abandoned && record.players[first].level == Some(3));
    // The computer plays the seat; its former player cannot.
    let who = super::actor(gone.id, &gone.name);
    let refused = s.handle(CHANNEL, &who, Resign).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(s.ai_turn(CHANNEL).await.is_some(), "the computer moves for the seat");
    assert!(s.handle(CHANNEL, &dave, ShowBoard).await.board.is_some());
}

#[tokio::test]
async fn a_move_stored_without_its_clock_gets_one_when_the_game_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    let now = Arc::new(AtomicI64::new(START));
    let s = open(&db, &now, SessionConfig::default()).await;
    s.handle(CHANNEL, &alice(), play(Some(ClockChoice::OneHour))).await;
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    now.fetch_add(20 * 60, Ordering::SeqCst);
    // The move is stored, then the process dies before the new turn's clock is written.
    s.store().append_moves(1, 0, &[(0, "e8-d8".into())], None, START + 20 * 60, None).await.unwrap();
    drop(s);
    let s = open(&db, &now, SessionConfig::default()).await;
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert!(board.text.contains("bob to move, 1 hour left"), "{}", board.text);
    assert_eq!(s.store().clock(1).await.unwrap().unwrap().ply, 1);
    now.fetch_add(30 * 60, Ordering::SeqCst);
    let reminded = posts(&s.settle_clocks().await);
    assert!(reminded.len() == 1 && reminded[0].2 == vec![2], "Bob's clock runs: {reminded:?}");
}
