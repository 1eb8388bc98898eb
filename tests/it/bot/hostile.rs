//! The Discord adapter against hostile input, through the real bot and the fake Discord: every interaction is
//! answered within Discord's limits, nobody is notified who was not meant to be, /play is refused in direct
//! messages, and challenges lose their buttons once settled or expired.

use serde_json::{Value, json};
use tabula::config::Config;

use super::{Running, WAIT, open_bot, send, slash_move, start_bot, start_tablut, test_config};
use crate::fake_discord::{ALICE, BOB, FakeDiscord, GAMES_CHANNEL, Opt, RecordedCall, User};

const MALLORY: User = User { id: 559, name: "@everyone" };
const OTHER_CHANNEL: u64 = GAMES_CHANNEL + 1;

fn allowed_mentions(call: &RecordedCall) -> Value {
    call.message().unwrap()["allowed_mentions"].clone()
}

fn chars(call: &RecordedCall) -> usize {
    call.content().unwrap_or_default().chars().count()
}

/// Waits for the bot to edit channel message(s) in `channel` (not through an interaction token).
async fn channel_edit(fake: &FakeDiscord, channel: u64) -> RecordedCall {
    let prefix = format!("/channels/{channel}/messages/");
    fake.wait_for(|c| c.method == "PATCH" && c.route().starts_with(&prefix), WAIT).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_names_and_huge_input_notify_nobody_and_stay_within_limits() {
    let Running { fake, bot, _dir } = start_bot().await;
    let play =
        fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], MALLORY, OTHER_CHANNEL);
    let (_, challenge) = send(&fake, play).await;
    let content = challenge.content().unwrap();
    assert!(!content.contains("@everyone") && content.contains(&BOB.mention()), "{content}");
    assert_eq!(
        allowed_mentions(&challenge),
        json!({ "parse": [], "users": [BOB.id.to_string()], "roles": [], "replied_user": false })
    );

    start_tablut(&fake).await;
    let huge = "x".repeat(4_000);
    let (_, refused) = slash_move(&fake, ALICE, &huge).await;
    assert!(refused.is_ephemeral() && chars(&refused) < 200, "{} characters", chars(&refused));
    assert_eq!(allowed_mentions(&refused)["users"], json!([]), "a private reply notifies nobody");
    for (option, value) in [("side", huge.as_str()), ("variant", huge.as_str()), ("game", huge.as_str())] {
        let mut options: Vec<(&str, Opt)> = vec![("game", "tzaar".into()), ("opponent", ALICE.into())];
        options.retain(|(name, _)| *name != option);
        options.push((option, value.into()));
        let (_, answer) = send(&fake, fake.slash("play", &options, BOB, OTHER_CHANNEL + 1)).await;
        assert!(answer.is_ephemeral() && chars(&answer) < 200, "{option}: {} characters", chars(&answer));
    }
    let ac = fake.autocomplete("move", &[("move", Opt::from(huge.as_str()))], "move", ALICE, GAMES_CHANNEL);
    let (_, answer) = send(&fake, ac).await;
    assert_eq!(answer.callback_type(), Some(8));
    assert!(answer.json().unwrap()["data"]["choices"].as_array().unwrap().len() <= 25);

    // A move notifies exactly the player to move next.
    let (id, _) = slash_move(&fake, ALICE, "e8-d8").await;
    let edit = super::original_edit(&fake, id).await;
    assert_eq!(edit.payload_json().unwrap()["allowed_mentions"]["users"], json!([BOB.id.to_string()]));
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_in_a_direct_message_is_refused() {
    let Running { fake, bot, _dir } = start_bot().await;
    let mut play = fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], ALICE, 9_999);
    let object = play.as_object_mut().unwrap();
    object.remove("guild_id");
    let member = object.remove("member").unwrap();
    object.insert("user".into(), member["user"].clone());
    let (_, answer) = send(&fake, play).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert!(answer.content().unwrap().contains("server channels"), "{answer:?}");
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_accepted_by_command_loses_its_buttons() {
    let Running { fake, bot, _dir } = start_bot().await;
    let play =
        fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], ALICE, GAMES_CHANNEL);
    let handled = bot.interactions_handled();
    send(&fake, play).await;
    // The bot reads its challenge back and stores the message id with the session, before it is done with the
    // interaction.
    tokio::time::timeout(WAIT, bot.handled_at_least(handled + 1)).await.expect("the /play is handled");
    let stored = bot.sessions().store().open_session(GAMES_CHANNEL).await.unwrap().unwrap();
    assert!(stored.message.is_some(), "the challenge message is stored: {stored:?}");
    let (id, _) = send(&fake, fake.slash("accept", &[], BOB, GAMES_CHANNEL)).await;
    super::assert_board(&super::original_edit(&fake, id).await);
    let edit = channel_edit(&fake, GAMES_CHANNEL).await;
    assert_eq!(edit.json().unwrap()["components"], json!([]), "{edit:?}");
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_challenge_loses_its_buttons_on_time() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // Challenges expire at once: the sweep (every few seconds, woken here rather than waited for) settles this
    // one without anyone touching it.
    let config = Config { challenge_expiry_minutes: 0, ..test_config(&fake, &dir) };
    let bot = open_bot(&config).await;
    fake.wait_ready(WAIT).await;
    let play =
        fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], ALICE, GAMES_CHANNEL);
    send(&fake, play).await;
    bot.handled_at_least(1).await;
    bot.sweep_pass().await;
    let edit = channel_edit(&fake, GAMES_CHANNEL).await;
    let payload = edit.json().unwrap();
    assert_eq!(payload["components"], json!([]), "{edit:?}");
    assert!(payload["content"].as_str().unwrap().contains("expired"), "{edit:?}");
    assert_eq!(payload["allowed_mentions"]["users"], json!([]));
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_autocompletes_the_chosen_games_variants() {
    let Running { fake, bot, _dir } = start_bot().await;
    let ac = fake.autocomplete(
        "play",
        &[("game", "tzaar".into()), ("variant", "st".into())],
        "variant",
        ALICE,
        GAMES_CHANNEL,
    );
    let (_, answer) = send(&fake, ac).await;
    let choices = answer.json().unwrap()["data"]["choices"].as_array().unwrap().clone();
    assert_eq!(choices.len(), 1, "{choices:?}");
    assert_eq!(choices[0]["value"], "standard");
    assert!(choices[0]["name"].as_str().unwrap().starts_with("standard: "), "{choices:?}");
    let ac = fake.autocomplete(
        "play",
        &[("game", "tablut".into()), ("variant", "".into())],
        "variant",
        ALICE,
        GAMES_CHANNEL,
    );
    let (_, answer) = send(&fake, ac).await;
    let choices = answer.json().unwrap()["data"]["choices"].as_array().unwrap().clone();
    assert_eq!(choices.len(), tabula::games::GameKind::Tablut.info().variants.len(), "{choices:?}");
    // What each variant changes is said in the member's language; the value sent stays the variant's name.
    let mut ac = fake.autocomplete(
        "play",
        &[("game", "tzaar".into()), ("variant", "st".into())],
        "variant",
        ALICE,
        GAMES_CHANNEL,
    );
    ac["locale"] = serde_json::json!("cs");
    let (_, answer) = send(&fake, ac).await;
    let choices = answer.json().unwrap()["data"]["choices"].as_array().unwrap().clone();
    assert_eq!(choices[0]["value"], "standard");
    assert_eq!(
        choices[0]["name"], "standard: pevné výchozí postavení z pravidel, pro začátečníky",
        "{choices:?}"
    );
    bot.shutdown().await.unwrap();
}
