//! Records and replays through the real bot and the fake Discord: a game played to its end posts its GIF, `/game`
//! attaches a record that `tabula replay` accepts, and bad ids are answered privately.

use std::process::Command;

use serde_json::json;

use super::{Running, WAIT, assert_board, original_edit, send, slash_move, start_bot, start_tablut};
use crate::fake_discord::{ALICE, BOB, GAMES_CHANNEL, Opt};

/// The number after `/game id:` in a text.
fn game_id(text: &str) -> i64 {
    let at = text.find("/game id:").expect("the text names the game's id") + "/game id:".len();
    text[at..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_posts_its_replay_and_its_record_replays_on_the_command_line() {
    let Running { fake, bot, _dir: dir } = start_bot().await;
    start_tablut(&fake).await;
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    let mut last = String::new();
    let mut last_edit = None;
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        let (id, _) = slash_move(&fake, who, m).await;
        let edit = original_edit(&fake, id).await;
        last = assert_board(&edit);
        let title = edit.payload_json().unwrap()["embeds"][0]["title"].as_str().unwrap().to_string();
        assert!(title.contains('#'), "each move's header names the game: {title}");
        last_edit = Some(edit);
    }
    let id = game_id(&last);
    assert!(last.contains(&format!("Game #{id} is over")), "{last}");

    // The replay follows the last board, in a message of its own: one frame per move and the start.
    let token = last_edit.unwrap().interaction_token().unwrap().to_string();
    let followup = fake
        .wait_for(
            |c| c.method == "POST" && c.route().starts_with("/webhooks/") && c.route().ends_with(&token),
            WAIT,
        )
        .await;
    let files = followup.files();
    assert_eq!(files.len(), 1, "{followup:?}");
    assert_eq!(files[0].filename.as_deref(), Some(format!("game-{id}.gif").as_str()));
    let (frames, delays, _, _) = crate::records::decode_gif(&files[0].bytes);
    assert_eq!(frames, moves.len() + 1);
    assert!(delays.last() > delays.first(), "{delays:?}");

    // `/game` posts the record at once; `tabula replay` accepts it and finds the same result.
    let (_, answer) = send(&fake, fake.slash("game", &[("id", Opt::from(id))], BOB, GAMES_CHANNEL)).await;
    assert_eq!(answer.callback_type(), Some(4), "{answer:?}");
    assert!(!answer.is_ephemeral());
    let files = answer.files();
    assert_eq!(files.len(), 1, "{answer:?}");
    assert_eq!(files[0].filename.as_deref(), Some(format!("game-{id}.txt").as_str()));
    let record = String::from_utf8(files[0].bytes.clone()).unwrap();
    assert!(record.contains("[Result \"black\"]"), "{record}");
    let path = dir.path().join("record.txt");
    std::fs::write(&path, &record).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["replay", "tablut"])
        .arg(&path)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "black");

    // With `replay:true` the answer is deferred, then carries the record and the GIF.
    let ask = fake.slash(
        "game",
        &[("id", Opt::from(id)), ("replay", Opt::from(json!(true)))],
        ALICE,
        GAMES_CHANNEL,
    );
    let (call, deferred) = send(&fake, ask).await;
    assert_eq!(deferred.callback_type(), Some(5), "{deferred:?}");
    let edit = original_edit(&fake, call).await;
    let names: Vec<Option<String>> = edit.files().iter().map(|f| f.filename.clone()).collect();
    assert_eq!(names, [Some(format!("game-{id}.txt")), Some(format!("game-{id}.gif"))]);
    assert_eq!(crate::records::decode_gif(&edit.files()[1].bytes).0, moves.len() + 1);

    // An unknown id, and a game of another server: one private sentence each.
    let (_, unknown) =
        send(&fake, fake.slash("game", &[("id", Opt::from(id + 50))], ALICE, GAMES_CHANNEL)).await;
    assert!(unknown.is_ephemeral() && unknown.content().unwrap().contains("There is no game"), "{unknown:?}");
    let mut elsewhere = fake.slash("game", &[("id", Opt::from(id))], ALICE, GAMES_CHANNEL);
    elsewhere["guild_id"] = json!("424242424242424242");
    let (_, other) = send(&fake, elsewhere).await;
    assert!(other.is_ephemeral() && other.content().unwrap().contains("another server"), "{other:?}");
    assert!(other.files().is_empty());
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}
