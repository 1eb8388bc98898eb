//! The coach through the real bot and the fake Discord: `/hint` deferred privately with its public notice once,
//! and `/game id:<n> analysis:true` deferred, edited with its progress and then the analysis.

use super::{Running, WAIT, original_edit, send, slash_move, start_bot, start_tablut};
use crate::fake_discord::{ALICE, BOB, CAROL, FakeDiscord, GAMES_CHANNEL, Opt};

/// The notices posted in the games channel so far that mention a hint.
fn notices(fake: &FakeDiscord) -> Vec<String> {
    fake.calls()
        .iter()
        .filter(|c| c.method == "POST" && c.route() == format!("/channels/{GAMES_CHANNEL}/messages"))
        .filter_map(|c| c.json().and_then(|j| j["content"].as_str().map(str::to_string)))
        .filter(|t| t.contains("asked Tabula for a hint"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_and_analysis_through_discord() {
    let Running { fake, bot, _dir } = start_bot().await;
    let names: Vec<String> =
        fake.registered_commands().iter().filter_map(|c| c["name"].as_str().map(str::to_string)).collect();
    assert!(names.iter().any(|n| n == "hint"), "{names:?}");
    start_tablut(&fake).await;

    let (id, deferred) = send(&fake, fake.slash("hint", &[], BOB, GAMES_CHANNEL)).await;
    assert_eq!(deferred.callback_type(), Some(5));
    assert!(deferred.is_ephemeral(), "{deferred:?}");
    let refused = original_edit(&fake, id).await;
    assert!(refused.content().unwrap().contains("It is not your move"), "{refused:?}");

    let (id, deferred) = send(&fake, fake.slash("hint", &[], ALICE, GAMES_CHANNEL)).await;
    assert!(deferred.is_ephemeral());
    let hint = original_edit(&fake, id).await.content().unwrap();
    assert!(hint.contains("Tabula (level 5) would play `"), "{hint}");
    fake.wait_for(
        |c| c.method == "POST" && c.content().is_some_and(|t| t.contains("asked Tabula for a hint")),
        WAIT,
    )
    .await;
    let posted = notices(&fake);
    assert_eq!(posted.len(), 1);
    assert!(posted[0].contains("game #1: it no longer counts for ratings."), "{posted:?}");

    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    for (i, m) in moves.iter().enumerate() {
        let (id, _) = slash_move(&fake, if i % 2 == 0 { ALICE } else { BOB }, m).await;
        original_edit(&fake, id).await;
        if i == 1 {
            let (id, _) = send(&fake, fake.slash("hint", &[], ALICE, GAMES_CHANNEL)).await;
            assert!(original_edit(&fake, id).await.content().unwrap().contains("would play"));
        }
    }
    assert_eq!(notices(&fake).len(), 1, "the notice is posted once");

    let analyse = fake.slash(
        "game",
        &[("id", Opt::from(serde_json::json!(1))), ("analysis", Opt::from(serde_json::json!(true)))],
        CAROL,
        GAMES_CHANNEL,
    );
    let (id, deferred) = send(&fake, analyse).await;
    assert_eq!(deferred.callback_type(), Some(5), "deferred while the AI replays the game");
    assert!(!deferred.is_ephemeral());
    let done = fake
        .wait_for(
            |c| {
                c.method == "PATCH"
                    && c.interaction_id() == Some(id)
                    && c.content().is_some_and(|t| t.contains("Tabula's analysis of game #1"))
            },
            WAIT,
        )
        .await;
    let text = done.content().unwrap();
    let progress = fake.calls().into_iter().filter(|c| c.method == "PATCH" && c.interaction_id() == Some(id));
    let progress: Vec<String> =
        progress.filter_map(|c| c.content()).filter(|t| t.contains("positions")).collect();
    assert!(progress.iter().any(|t| t.starts_with("Analysing game #1… 1/8 positions")), "{progress:?}");
    assert!(text.contains("**Alice** (Black):") || text.contains("Alice"), "{text}");
    let missing = fake.slash(
        "game",
        &[("id", Opt::from(serde_json::json!(9))), ("analysis", Opt::from(serde_json::json!(true)))],
        CAROL,
        GAMES_CHANNEL,
    );
    let (_, refused) = send(&fake, missing).await;
    assert!(
        refused.is_ephemeral() && refused.content().unwrap().contains("There is no game #9"),
        "{refused:?}"
    );
    bot.shutdown().await.unwrap();
}
