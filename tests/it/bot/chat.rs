//! Autocomplete out of turn through the real bot and the fake Discord: one choice that says whose turn it is,
//! whose value `/move` refuses as no move at all.

use super::{Running, send, slash_move, start_bot, start_tablut};
use crate::fake_discord::{ALICE, BOB, GAMES_CHANNEL, Opt};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_out_of_turn_says_whose_turn_it_is() {
    let Running { fake, bot, _dir } = start_bot().await;
    start_tablut(&fake).await;
    let ac = fake.autocomplete("move", &[("move", Opt::from("e"))], "move", BOB, GAMES_CHANNEL);
    let (_, answer) = send(&fake, ac).await;
    let choices = answer.json().unwrap()["data"]["choices"].as_array().unwrap().clone();
    assert_eq!(choices.len(), 1, "{choices:?}");
    let name = choices[0]["name"].as_str().unwrap();
    assert_eq!(name, "It is not your turn: Alice, Black (attackers), is to move.");
    let value = choices[0]["value"].as_str().unwrap();
    assert_eq!(value, tabula::session::NO_MOVE_CHOICE);
    let (_, refused) = slash_move(&fake, ALICE, value).await;
    assert!(refused.is_ephemeral(), "{refused:?}");
    assert!(refused.content().unwrap().contains("Write a move after /move"), "{refused:?}");
    bot.shutdown().await.unwrap();
}
