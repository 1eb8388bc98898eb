//! A Discovery puzzle through the real bot and the fake Discord (which refuses what Discord refuses): started
//! privately with its picture and menus, a hint (acknowledged first, then the message edited), the hinted tile
//! put down with its button, a tile put down and picked up again through the menus, another member's press
//! refused, the rest by hints to the solve, and the solve posted for everyone.

use serde_json::Value;

use super::{Running, button, original_edit, send, start_bot};
use crate::fake_discord::{ALICE, BOB, GAMES_CHANNEL, Opt, RecordedCall};

/// Every component of a message, rows flattened.
fn components(message: &Value) -> Vec<Value> {
    let rows = message["components"].as_array().cloned().unwrap_or_default();
    rows.iter().flat_map(|r| r["components"].as_array().cloned().unwrap_or_default()).collect()
}

/// The select menu whose options include `value`: its id.
fn menu_with(message: &Value, value: &str) -> String {
    let found = components(message).into_iter().find(|c| {
        c["type"] == 3 && c["options"].as_array().is_some_and(|o| o.iter().any(|o| o["value"] == value))
    });
    let found = found.unwrap_or_else(|| panic!("no menu offers {value}: {message}"));
    found["custom_id"].as_str().unwrap().to_string()
}

/// The first value of the `n`th select menu.
fn first_value(message: &Value, n: usize) -> String {
    let menus: Vec<Value> = components(message).into_iter().filter(|c| c["type"] == 3).collect();
    menus[n]["options"][0]["value"].as_str().unwrap().to_string()
}

/// A private step of the puzzle, with its picture: the message it left.
fn step(call: &RecordedCall) -> Value {
    let message = call.message().expect("a message");
    assert_eq!(call.files().len(), 1, "each step has its picture: {message}");
    let picture = image::load_from_memory(&call.files()[0].bytes).expect("the picture decodes");
    assert!(picture.width() <= 1400 && picture.height() <= 1800, "{}x{}", picture.width(), picture.height());
    message
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discovery_puzzle_is_worked_privately_through_discord() {
    let Running { fake, bot, _dir } = start_bot().await;
    let options = [("game", Opt::from("tantrix")), ("size", Opt::from(6i64))];
    let (_, first) = send(&fake, fake.slash("puzzle", &options, ALICE, GAMES_CHANNEL)).await;
    assert_eq!(first.callback_type(), Some(4), "{first:?}");
    assert!(first.is_ephemeral(), "a puzzle is private: {first:?}");
    let board = step(&first);
    assert!(board["content"].as_str().unwrap().contains("Discovery of 6 tiles"), "{board}");

    // A hint searches: the press is acknowledged first, then the message is edited.
    let (id, ack) = send(&fake, fake.button(&button(&board, "Hint"), ALICE, GAMES_CHANNEL)).await;
    assert_eq!(ack.callback_type(), Some(6), "{ack:?}");
    let hinted = step(&original_edit(&fake, id).await);
    assert!(hinted["content"].as_str().unwrap().contains("Hint: tile 6 goes on `0,0`"), "{hinted}");

    // Bob cannot press Alice's buttons.
    let put = button(&hinted, "Put it there");
    let (_, refused) = send(&fake, fake.button(&put, BOB, GAMES_CHANNEL)).await;
    assert!(refused.is_ephemeral() && refused.content().unwrap().contains("someone else's"), "{refused:?}");

    let (_, done) = send(&fake, fake.button(&put, ALICE, GAMES_CHANNEL)).await;
    assert_eq!(done.callback_type(), Some(7), "the step updates the message: {done:?}");
    let board = step(&done);
    assert!(board["content"].as_str().unwrap().contains("Tile 6 is down"), "{board}");

    // A tile through the menus: the tile, its place, its turn.
    let tile = first_value(&board, 0);
    let (_, places) =
        send(&fake, fake.select(&menu_with(&board, &tile), &[&tile], ALICE, GAMES_CHANNEL)).await;
    let places = step(&places);
    let place = first_value(&places, 0);
    let (_, turns) =
        send(&fake, fake.select(&menu_with(&places, &place), &[&place], ALICE, GAMES_CHANNEL)).await;
    let turns = step(&turns);
    let turn = first_value(&turns, 0);
    let (_, put) = send(&fake, fake.select(&menu_with(&turns, &turn), &[&turn], ALICE, GAMES_CHANNEL)).await;
    let board = step(&put);
    assert!(
        board["content"].as_str().unwrap().contains(&format!("Tile {tile} is down on `{place}`")),
        "{board}"
    );
    assert!(board["content"].as_str().unwrap().contains("2 of 6 tiles down"), "{board}");

    // Picked up again (a tile put down anywhere may keep the loop from closing), through the menu of tiles down.
    let (_, chosen) =
        send(&fake, fake.select(&menu_with(&board, &tile), &[&tile], ALICE, GAMES_CHANNEL)).await;
    let chosen = step(&chosen);
    let (_, lifted) =
        send(&fake, fake.select(&menu_with(&chosen, "lift"), &["lift"], ALICE, GAMES_CHANNEL)).await;
    let board = step(&lifted);
    assert!(
        board["content"].as_str().unwrap().contains(&format!("Tile {tile} is back on the side")),
        "{board}"
    );

    // The rest by hints, to the solve; then posted for everyone, naming Alice without pinging her.
    let mut board = board;
    for _ in 0..8 {
        if board["content"].as_str().unwrap().contains("Solved!") {
            break;
        }
        let (id, _) = send(&fake, fake.button(&button(&board, "Hint"), ALICE, GAMES_CHANNEL)).await;
        let hinted = step(&original_edit(&fake, id).await);
        let (_, put) = send(&fake, fake.button(&button(&hinted, "Put it there"), ALICE, GAMES_CHANNEL)).await;
        board = step(&put);
    }
    assert!(board["content"].as_str().unwrap().contains("Solved! Discovery 6"), "{board}");
    let (_, posted) = send(&fake, fake.button(&button(&board, "Post it here"), ALICE, GAMES_CHANNEL)).await;
    assert!(!posted.is_ephemeral(), "the post is public: {posted:?}");
    let message = step(&posted);
    assert!(message["content"].as_str().unwrap().contains("solved Tantrix Discovery 6"), "{message}");
    let mentions = &message["allowed_mentions"];
    assert!(mentions["users"].as_array().is_none_or(Vec::is_empty), "nobody is pinged: {mentions}");
    bot.shutdown().await.unwrap();
    fake.assert_no_refusals();
}
