//! The session layer's failure paths, with a store that refuses or delays writes: a failed write changes
//! nothing, and the player is told to try again.

use std::sync::Arc;
use std::time::Duration;

use tabula::session::commands::{Abort, Accept, Resign, ShowBoard};
use tabula::session::{SessionConfig, Sessions, SidePref};
use tabula::store::SessionState;
use tabula_testkit::{FaultyStore, MemoryStore};

use super::{CHANNEL, alice, bob, mv, play_tablut, started};

fn sessions() -> Sessions {
    Sessions::new(FaultyStore::new(MemoryStore::new()), SessionConfig::default())
}

/// The faults of the store under `s`.
fn faulty(s: &Sessions) -> &FaultyStore<MemoryStore> {
    s.store_as().expect("the sessions run over a faulty store")
}

fn assert_try_again(reply: &tabula::session::Reply) {
    assert!(reply.ephemeral, "{reply:?}");
    assert!(super::text(reply).contains("try again"), "{reply:?}");
}

#[tokio::test]
async fn a_failed_challenge_leaves_the_channel_free() {
    let s = sessions();
    faulty(&s).fail_nth_write(1);
    assert_try_again(&s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::First)).await);
    assert!(s.store().open_session(CHANNEL).await.unwrap().is_none());
    assert!(
        !s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::First)).await.ephemeral,
        "retry works"
    );
}

#[tokio::test]
async fn a_failed_acceptance_leaves_the_challenge_as_it_was() {
    let s = sessions();
    s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::First)).await;
    let before = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    faulty(&s).fail_nth_write(1);
    assert_try_again(&s.handle(CHANNEL, &bob(), Accept { session: None }).await);
    let after = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(before, after, "still a challenge, nobody marked as accepted");
    assert_eq!(after.state, SessionState::Challenge);
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert!(board.ephemeral && board.board.is_none(), "the game has not started: {board:?}");
    // Accepting again works, in one write.
    let writes = faulty(&s).writes();
    assert!(!s.handle(CHANNEL, &bob(), Accept { session: None }).await.ephemeral);
    assert_eq!(faulty(&s).writes(), writes + 1, "acceptance is one store call");
    assert_eq!(s.store().open_session(CHANNEL).await.unwrap().unwrap().state, SessionState::Playing);
}

#[tokio::test]
async fn a_failed_move_leaves_the_game_as_it_was() {
    let s = sessions();
    started(&s).await;
    let before = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    faulty(&s).fail_nth_write(1);
    assert_try_again(&s.handle(CHANNEL, &alice(), mv("e8-d8")).await);
    assert_eq!(s.store().open_session(CHANNEL).await.unwrap().unwrap(), before);
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert!(board.board.unwrap().game.moves_text().is_empty(), "the cache did not keep the move");
    // Still Alice's move; she plays it again.
    assert!(!s.handle(CHANNEL, &alice(), mv("e8-d8")).await.ephemeral);
    assert_eq!(s.store().open_session(CHANNEL).await.unwrap().unwrap().moves, vec!["e8-d8"]);
}

#[tokio::test]
async fn failed_resignation_and_abort_change_nothing() {
    let s = sessions();
    started(&s).await;
    faulty(&s).fail_nth_write(1);
    assert_try_again(&s.handle(CHANNEL, &bob(), Resign).await);
    faulty(&s).fail_nth_write(1);
    assert_try_again(&s.handle(CHANNEL, &alice(), Abort).await);
    let record = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.state, SessionState::Playing);
    assert!(!s.handle(CHANNEL, &alice(), mv("e8-d8")).await.ephemeral, "the game goes on");
}

#[tokio::test]
async fn slow_writes_still_serialize_moves() {
    let s = Arc::new(sessions());
    started(&s).await;
    faulty(&s).delay_writes(Duration::from_millis(30));
    let tasks: Vec<_> = ["e8-d8", "e8-c8", "d9-d6"]
        .into_iter()
        .map(|m| {
            let s = s.clone();
            tokio::spawn(async move { s.handle(CHANNEL, &alice(), mv(m)).await })
        })
        .collect();
    let mut accepted = 0;
    for t in tasks {
        accepted += usize::from(!t.await.unwrap().ephemeral);
    }
    assert_eq!(accepted, 1);
    assert_eq!(s.store().open_session(CHANNEL).await.unwrap().unwrap().moves.len(), 1);
}
