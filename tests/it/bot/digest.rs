//! `/games` and the daily digest through the real bot and the fake Discord, over a simulated week: two games of
//! Alice's (one in the server's channel, one in a thread-like other channel), `/games` answering her privately,
//! her digest by direct message each morning while a move of hers waits (one message however many games), none
//! on the morning after she has moved in both, and none once she turns it off.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use serde_json::json;

use super::{WAIT, advance, original_edit, send, start_on_clock, test_config};
use crate::fake_discord::{ALICE, BOB, CAROL, FakeDiscord, GAMES_CHANNEL, Opt, RecordedCall, User};

/// 2027-01-15, 08:00 UTC.
const START: i64 = 1_800_000_000;
const HOUR: i64 = 3_600;
const OTHER: u64 = 3_336;

/// A slash command in `channel`; its answer as shown (the edit that follows a deferred one).
async fn slash(
    fake: &FakeDiscord,
    channel: u64,
    user: User,
    name: &str,
    options: &[(&str, Opt)],
) -> RecordedCall {
    let (id, call) = send(fake, fake.slash(name, options, user, channel)).await;
    if call.callback_type() == Some(5) { original_edit(fake, id).await } else { call }
}

/// A game of Tablut without a clock in `channel`: `first` challenges `second` and moves first.
async fn game(fake: &FakeDiscord, channel: u64, first: User, second: User) {
    let options = [
        ("game", Opt::from("tablut")),
        ("opponent", second.into()),
        ("side", "first".into()),
        ("clock", "none".into()),
    ];
    slash(fake, channel, first, "play", &options).await;
    slash(fake, channel, second, "accept", &[]).await;
}

/// Alice's digests (direct messages) so far.
fn digests(fake: &FakeDiscord) -> Vec<String> {
    let Some(dm) = fake.dm_channel_of(ALICE.id) else { return Vec::new() };
    fake.calls()
        .iter()
        .filter(|c| c.is("POST", &format!("/channels/{dm}/messages")) && c.refusal.is_none())
        .filter_map(RecordedCall::content)
        .filter(|t| t.contains("Your daily digest"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_and_the_daily_digest_over_a_week() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let bot = start_on_clock(&config, &now).await;
    fake.wait_ready(WAIT).await;
    game(&fake, GAMES_CHANNEL, ALICE, BOB).await;
    game(&fake, OTHER, ALICE, CAROL).await;

    let games = slash(&fake, GAMES_CHANNEL, ALICE, "games", &[]).await;
    assert!(games.is_ephemeral(), "{games:?}");
    let text = games.content().unwrap();
    assert!(text.contains("(2; your move in 2)"), "{text}");
    assert!(text.contains(&format!("<#{GAMES_CHANNEL}>")) && text.contains(&format!("<#{OTHER}>")), "{text}");
    assert!(games.pings().users.is_empty(), "{games:?}");

    let on = slash(
        &fake,
        GAMES_CHANNEL,
        ALICE,
        "notify",
        &[("digest", true.into()), ("digest_hour", json!(9).into())],
    )
    .await;
    assert!(on.is_ephemeral() && on.content().unwrap().contains("09:00 UTC"), "{on:?}");

    // Each morning at nine, one message for both games while her moves wait.
    for day in 1..=3 {
        advance(&bot, &now, if day == 1 { HOUR + 1 } else { 24 * HOUR });
        let seen = crate::support::wait::until("the morning's digest", WAIT, || async {
            let all = digests(&fake);
            (all.len() == day).then_some(all)
        })
        .await;
        let last = seen.last().unwrap();
        assert!(last.contains("2 games wait for your move"), "{last}");
        assert!(last.contains("with Bob") || last.contains("with bob"), "{last}");
    }
    let dm = fake.dm_channel_of(ALICE.id).unwrap();
    assert!(
        fake.calls()
            .iter()
            .filter(|c| c.is("POST", &format!("/channels/{dm}/messages")))
            .all(|c| c.pings().is_empty()),
        "a digest pings nobody"
    );

    // She moves in both; the next mornings bring her nothing, and Bob, who never asked, gets none either.
    for channel in [GAMES_CHANNEL, OTHER] {
        slash(&fake, channel, ALICE, "move", &[("move", "e8-d8".into())]).await;
    }
    for _ in 0..4 {
        advance(&bot, &now, 24 * HOUR);
        crate::support::wait::until("a pass of the clocks after the morning", WAIT, || async {
            bot.sessions().next_wake().await.ok().flatten().filter(|at| *at > now.load(Ordering::SeqCst))
        })
        .await;
    }
    assert_eq!(digests(&fake).len(), 3, "nothing waits for her: no digest");
    assert!(fake.dm_channel_of(BOB.id).is_none(), "Bob asked for none");
    fake.assert_no_refusals();
}
