//! The coach in the session layer: `/hint` for the player to move only, private, legal, and making the game
//! unrated with one public notice; the analysis of a finished game, with the moves the AI preferred.

use std::time::Duration;

use tabula::games::{AnyGame, GameKind};
use tabula::session::commands::{Accept, Analyse, Hint, History, Resign};
use tabula::session::{SessionConfig, Sessions, SidePref};
use tabula::store::SqliteStore;
use tabula_testkit::MemoryStore;

use super::{CHANNEL, alice, assert_private, assert_public, bob, carol, mv, play, started};

fn quick() -> SessionConfig {
    SessionConfig { ai_time: Duration::from_millis(300), ..SessionConfig::default() }
}

/// The moves a hint suggests, from its text ("would play `a`, then `b`.").
fn suggested(text: &str) -> Vec<String> {
    let after = text.split("would play ").nth(1).expect("a hint names its move");
    let upto = after.split(". ").next().unwrap();
    upto.split(", then ").map(|m| m.trim_matches('`').to_string()).collect()
}

#[tokio::test]
async fn a_hint_is_for_the_player_to_move_and_makes_the_game_unrated_once() {
    let s = Sessions::new(MemoryStore::new(), quick());
    assert_private(&s.handle(CHANNEL, &alice(), Hint).await, "There is no game in this channel");
    started(&s).await;
    assert_private(&s.handle(CHANNEL, &bob(), Hint).await, "It is not your move");
    assert_private(&s.handle(CHANNEL, &carol(), Hint).await, "Only the players of this game");

    let hint = s.handle(CHANNEL, &alice(), Hint).await;
    assert_private(&hint, "Tabula (level 5) would play `");
    let text = hint.text.to_plain();
    assert!(
        ["about equal", "is slightly better", "is better", "is winning", "by force"]
            .iter()
            .any(|w| text.to_lowercase().contains(w)),
        "the evaluation in words: {text}"
    );
    assert!(text.contains("This game no longer counts for ratings."), "{text}");
    let notice = hint.notice.as_ref().expect("the first hint is announced").to_plain();
    assert_eq!(notice, "alice asked Tabula for a hint in game #1: it no longer counts for ratings.");
    let moves = suggested(&text);
    assert_eq!(moves.len(), 1, "one Tablut move: {moves:?}");
    let legal = s.suggest(CHANNEL, 1, "", 10_000).await;
    assert!(legal.contains(&moves[0]), "{} is legal: {legal:?}", moves[0]);
    assert_public(&s.handle(CHANNEL, &alice(), mv(&moves[0])).await, "played");

    // Bob's hint: no second notice.
    let again = s.handle(CHANNEL, &bob(), Hint).await;
    assert_private(&again, "would play");
    assert!(again.notice.is_none() && !again.text.contains("ratings"), "{again:?}");
    let record = s.store_as::<tabula_testkit::MemoryStore>().unwrap().all().pop().unwrap();
    assert!(record.hinted && !record.rated, "{record:?}");
}

#[tokio::test]
async fn a_tzaar_hint_suggests_a_whole_legal_turn() {
    let s = Sessions::new(MemoryStore::new(), quick());
    let play = play(GameKind::Tzaar, &bob(), None, SidePref::First);
    assert_public(&s.handle(CHANNEL, &alice(), play).await, "challenges");
    assert_public(&s.handle(CHANNEL, &bob(), Accept { session: None }).await, "begins");
    let first = s.handle(CHANNEL, &alice(), Hint).await;
    let moves = suggested(&first.text.to_plain());
    assert_public(&s.handle(CHANNEL, &alice(), mv(&moves.join(" "))).await, "played");
    let second = s.handle(CHANNEL, &bob(), Hint).await;
    let moves = suggested(&second.text.to_plain());
    assert!((1..=2).contains(&moves.len()), "a turn of TZAAR: {moves:?}");
    assert!(second.notice.is_none(), "announced once");
    assert_public(&s.handle(CHANNEL, &bob(), mv(&moves.join(" "))).await, "played");
}

#[tokio::test]
async fn a_hinted_game_stays_unrated_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hint.db");
    let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), quick());
    started(&s).await;
    assert!(s.handle(CHANNEL, &alice(), Hint).await.notice.is_some());
    s.store().close().await;
    drop(s);
    let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), quick());
    let again = s.handle(CHANNEL, &alice(), Hint).await;
    assert!(again.notice.is_none(), "said once, even across a restart: {again:?}");
    for (who, m) in [(alice(), "d1-c1"), (bob(), "g5-g6"), (alice(), "f9-f6"), (bob(), "g6-g7")] {
        assert_public(&s.handle(CHANNEL, &who, mv(m)).await, "played");
    }
    s.handle(CHANNEL, &bob(), Resign).await;
    let record = s.store().session(1).await.unwrap().unwrap();
    assert!(record.hinted && !record.rated);
    assert!(s.store().ratings_of(1, record.guild).await.unwrap().is_empty(), "the ratings skip it");
    let history = s.handle(CHANNEL, &alice(), History { user: None, game: None, page: 1 }).await;
    assert!(history.text.contains("unrated"), "{}", history.text);
}

#[tokio::test]
async fn a_finished_game_is_analysed_with_legal_preferred_moves() {
    let s = Sessions::new(MemoryStore::new(), quick());
    started(&s).await;
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { alice() } else { bob() };
        s.handle(CHANNEL, &who, mv(m)).await;
    }
    let unfinished = s.analysis(&alice(), 2, &|_, _| {}).await.unwrap_err().to_plain();
    assert!(unfinished.contains("There is no game #2"), "{unfinished}");
    let mut elsewhere = carol();
    elsewhere.guild = Some(999);
    assert!(s.analysis(&elsewhere, 1, &|_, _| {}).await.unwrap_err().to_plain().contains("another server"));

    let seen = std::sync::Mutex::new(Vec::new());
    let progress = |done: usize, total: usize| seen.lock().unwrap().push((done, total));
    let analysis = s.analysis(&carol(), 1, &progress).await.unwrap();
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.first(), Some(&(0, moves.len() + 1)));
    assert_eq!(seen.last(), Some(&(moves.len() + 1, moves.len() + 1)), "{seen:?}");
    assert_eq!(analysis.per_seat.len(), 2);
    let record = s.store_as::<tabula_testkit::MemoryStore>().unwrap().all().pop().unwrap();
    for list in &analysis.per_seat {
        assert!(list.len() <= 3, "{list:?}");
        for m in list {
            // The record stores a move's full notation (`f1-f4xf5` for the typed `f1-f4` that captured).
            assert_eq!(m.played, record.moves[m.ply]);
            assert!(m.played.starts_with(moves[m.ply]), "{m:?}");
            assert!(m.before > m.after, "{m:?}");
            let mut game = AnyGame::replay(record.game, &record.setup, &record.moves[..m.ply]).unwrap();
            assert_eq!(game.to_move(), Some(m.seat));
            assert!(
                game.play_text(&m.preferred).is_ok(),
                "{} is legal where {} was played",
                m.preferred,
                m.played
            );
        }
    }
    let reply = s.handle(CHANNEL, &carol(), Analyse { id: 1 }).await;
    assert_public(&reply, "Tabula's analysis of game #1 (Tablut, level 5 at 75 ms a position, 8 positions):");
    assert!(reply.text.contains("alice, Black:") && reply.text.contains("bob, White:"), "{}", reply.text);
}
