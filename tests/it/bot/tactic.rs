//! A TZAAR tactic through the real bot and the fake Discord (which refuses what Discord refuses): given
//! privately with its board, solved with `/move` and a whole turn, the next one given up with its button (the
//! message updated with the solution), and the puzzle rating shown; nobody is pinged.

use serde_json::Value;

use super::{Running, button, original_edit, send, start_bot};
use crate::fake_discord::{ALICE, FakeDiscord, GAMES_CHANNEL, Opt, RecordedCall};
use tabula::games::GameKind;
use tabula::games::tactic::{Tactic, shipped};

/// A private reply with the board (a deferred private answer, or a press acknowledged, is the edit that follows):
/// its message.
async fn private_board(fake: &FakeDiscord, (id, call): (u64, RecordedCall)) -> Value {
    let call = if call.callback_type() == Some(5) {
        assert!(call.is_ephemeral(), "a tactic is private: {call:?}");
        original_edit(fake, id).await
    } else if call.callback_type() == Some(6) {
        // A press acknowledged: the private message pressed on is edited.
        original_edit(fake, id).await
    } else {
        assert!(call.is_ephemeral(), "a tactic is private: {call:?}");
        call
    };
    let message = call.message().expect("a message");
    assert_eq!(call.files().len(), 1, "the board is attached: {message}");
    image::load_from_memory(&call.files()[0].bytes).expect("the board decodes");
    let mentions = &message["allowed_mentions"];
    assert!(mentions["users"].as_array().is_none_or(Vec::is_empty), "nobody is pinged: {mentions}");
    message
}

fn content(message: &Value) -> &str {
    message["content"].as_str().unwrap()
}

/// The shipped TZAAR tactic nearest `rating` that is not `but`.
fn nearest(rating: f64, but: Option<&str>) -> Tactic {
    let mut all: Vec<Tactic> = shipped()
        .into_iter()
        .filter(|t| t.game == GameKind::Tzaar && Some(t.key().as_str()) != but)
        .collect();
    all.sort_by(|a, b| {
        (f64::from(a.rating) - rating)
            .abs()
            .total_cmp(&(f64::from(b.rating) - rating).abs())
            .then(a.key().cmp(&b.key()))
    });
    all.remove(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tactic_is_solved_and_another_given_up_through_discord() {
    let Running { fake, bot, _dir } = start_bot().await;
    let given =
        send(&fake, fake.slash("puzzle", &[("game", Opt::from("tzaar"))], ALICE, GAMES_CHANNEL)).await;
    let board = private_board(&fake, given).await;
    let first = nearest(1500.0, None);
    assert!(content(&board).contains("TZAAR tactic"), "{board}");
    assert!(content(&board).contains(&first.describe().to_string()), "{board} is not {first:?}");

    // The whole turn at once.
    let turn = first.line.join(" ");
    let played =
        send(&fake, fake.slash("move", &[("move", Opt::from(turn.as_str()))], ALICE, GAMES_CHANNEL)).await;
    let solved = private_board(&fake, played).await;
    assert!(content(&solved).contains("Solved! Your puzzle rating: "), "{solved}");

    // The next, given up with its button: the message is updated with the solution.
    let next = send(&fake, fake.button(&button(&solved, "Next tactic"), ALICE, GAMES_CHANNEL)).await;
    let next = private_board(&fake, next).await;
    let gave_up = send(&fake, fake.button(&button(&next, "Show the solution"), ALICE, GAMES_CHANNEL)).await;
    let shown = private_board(&fake, gave_up).await;
    assert!(content(&shown).contains("The solution: `"), "{shown}");
    assert!(content(&shown).contains("Missed."), "{shown}");

    let (_, card) =
        send(&fake, fake.slash("puzzle", &[("rating", Opt::from(true))], ALICE, GAMES_CHANNEL)).await;
    assert!(card.is_ephemeral(), "{card:?}");
    assert!(card.content().unwrap().contains("Tactics solved: 1, missed: 1."), "{card:?}");
    bot.shutdown().await.unwrap();
    fake.assert_no_refusals();
}
