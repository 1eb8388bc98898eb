//! `/privacy` through the real bot and the fake Discord: a member sees what is stored about them, privately;
//! `/privacy forget:true` asks with a button that only they may press, and pressing it forgets them (their name in
//! the game becomes a neutral label for everyone).

use super::{Running, send, start_bot, start_tablut};
use crate::fake_discord::{ALICE, BOB, GAMES_CHANNEL, Opt};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_sees_their_data_and_is_forgotten_with_the_button() {
    let Running { fake, bot, _dir } = start_bot().await;
    start_tablut(&fake).await;

    let (_, shown) = send(&fake, fake.slash("privacy", &[], ALICE, GAMES_CHANNEL)).await;
    assert!(shown.is_ephemeral(), "{shown:?}");
    let text = shown.content().unwrap();
    assert!(text.contains("What Tabula stores about") && text.contains("took part in: 1"), "{text}");

    let (_, asked) =
        send(&fake, fake.slash("privacy", &[("forget", Opt::from(true))], ALICE, GAMES_CHANNEL)).await;
    assert!(asked.is_ephemeral(), "{asked:?}");
    let message = asked.message().unwrap();
    let button = &message["components"][0]["components"][0];
    assert_eq!(button["label"], "Forget me", "{message}");
    let forget = button["custom_id"].as_str().unwrap().to_string();
    assert!(forget.len() <= 100, "{forget}");

    // Bob cannot press Alice's button: nothing is forgotten.
    let (_, refused) = send(&fake, fake.button(&forget, BOB, GAMES_CHANNEL)).await;
    assert!(refused.is_ephemeral() && refused.content().unwrap().contains("another member"), "{refused:?}");
    let before = bot.sessions().store().member_data(ALICE.id).await.unwrap().names;
    assert!(before.len() == 1 && !before[0].starts_with("player-"), "{before:?}");

    let (_, done) = send(&fake, fake.button(&forget, ALICE, GAMES_CHANNEL)).await;
    assert!(done.is_ephemeral(), "{done:?}");
    let text = done.content().unwrap();
    let label =
        text.split_whitespace().find(|w| w.starts_with("player-")).unwrap_or_else(|| panic!("{text}"));
    let label = label.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-');
    assert_eq!(bot.sessions().store().member_data(ALICE.id).await.unwrap().names, vec![label.to_string()]);
    // The game goes on under the label, for everyone.
    let (board, _) = send(&fake, fake.slash("board", &[], BOB, GAMES_CHANNEL)).await;
    let edit = super::original_edit(&fake, board).await;
    let shown = edit.payload_json().unwrap().to_string();
    assert!(shown.contains(label) && !shown.contains(&before[0]), "{shown}");
    bot.shutdown().await.unwrap();
    fake.assert_no_refusals();
}
