//! Discord's rate limits, met through the real serenity client: the fake answers 429 (per route and global), the
//! bot's relay waits as told and sends again, no reply is lost or sent twice, an interaction is answered in time
//! while another route waits, and the global limit of 50 calls a second is never passed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serenity::all::{ChannelId, CreateMessage};
use serenity::http::HttpBuilder;
use tabula::discord::limits::Relay;
use tabula::metrics::Metrics;

use super::{Running, WAIT, assert_board, send, slash_move, start_bot, start_tablut};
use crate::fake_discord::ratelimits::{GLOBAL_LIMIT, Storm};
use crate::fake_discord::{ALICE, BOB, FakeDiscord, GAMES_CHANNEL, Opt};

/// The metric of rate-limit waits, read from the bot's `/metrics` text.
fn waits(metrics: &Metrics, scope: &str) -> u64 {
    let text = metrics.encode();
    let name = format!("tabula_rate_limit_waits_total{{scope=\"{scope}\"}} ");
    text.lines().find_map(|l| l.strip_prefix(&name)).map_or(0, |v| v.trim().parse::<f64>().unwrap() as u64)
}

/// A fake Discord, and a serenity client that reaches it through a rate-limit relay of its own (with its metrics).
async fn through_a_relay() -> (FakeDiscord, Arc<Metrics>, Relay, Arc<serenity::http::Http>) {
    let fake = FakeDiscord::start().await;
    let metrics = Arc::new(Metrics::new());
    let relay = Relay::start(&fake.base_url(), metrics.clone()).await.unwrap();
    let http = Arc::new(HttpBuilder::new("fake-token").proxy(relay.url()).ratelimiter_disabled(true).build());
    (fake, metrics, relay, http)
}

/// 150 channel messages sent at once through the relay, in a burst and a global storm: each arrives once, none
/// is sent before its wait ends, and no second holds more than 50.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relay_keeps_the_global_limit_and_waits_out_429s() {
    let (fake, metrics, _relay, http) = through_a_relay().await;
    fake.storm(Storm {
        method: Some("POST"),
        pattern: "/channels/*/messages",
        count: 3,
        retry_after: Duration::from_millis(300),
        global: false,
    });
    fake.storm(Storm {
        method: None,
        pattern: "/channels/**",
        count: 1,
        retry_after: Duration::from_millis(500),
        global: true,
    });
    let started = Instant::now();
    let mut sends = tokio::task::JoinSet::new();
    for i in 0..150u64 {
        let http = http.clone();
        sends.spawn(async move {
            let channel = ChannelId::new(1_000 + i % 30);
            channel
                .send_message(&http, CreateMessage::new().content(format!("message {i}")))
                .await
                .map(|_| ())
        });
    }
    while let Some(sent) = sends.join_next().await {
        sent.unwrap().expect("every message is sent in the end");
    }
    let took = started.elapsed();
    assert_eq!(fake.rate_limited_calls(), 4, "both storms were met");
    let mut delivered: HashMap<String, usize> = HashMap::new();
    for call in fake.calls().iter().filter(|c| c.method == "POST" && c.status == 200) {
        *delivered.entry(call.content().unwrap_or_default()).or_default() += 1;
    }
    assert_eq!(delivered.len(), 150, "every message arrived");
    assert!(delivered.values().all(|&n| n == 1), "none twice: {delivered:?}");
    assert!(fake.busiest_second() <= GLOBAL_LIMIT, "{} calls in one second", fake.busiest_second());
    assert!(took >= Duration::from_secs(2), "150 calls at 50 a second take over 2 s, not {took:?}");
    // The calls already on their way when the global 429 came got one too.
    assert_eq!(waits(&metrics, "route"), 3);
    assert!(waits(&metrics, "global") >= 1);
    fake.assert_no_refusals();
}

/// The successful edit that carries an interaction's board.
async fn board_edit(fake: &FakeDiscord, id: u64) -> crate::fake_discord::RecordedCall {
    let edit = |c: &crate::fake_discord::RecordedCall| {
        c.method == "PATCH" && c.route().ends_with("/messages/@original") && c.interaction_id() == Some(id)
    };
    fake.wait_for(|c| edit(c) && c.status == 200, WAIT).await
}

/// A 429 on one interaction's edit holds that edit only: the other player's interactions are answered within their
/// 3 s while it waits (the fake refuses a late answer), and every board arrives once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wait_on_one_route_holds_no_other_reply() {
    let Running { fake, bot, _dir } = start_bot().await;
    start_tablut(&fake).await;
    fake.storm(Storm {
        method: Some("PATCH"),
        pattern: "/webhooks/*/*/messages/@original",
        count: 1,
        retry_after: Duration::from_millis(2_500),
        global: false,
    });
    let moved = Instant::now();
    let (alice_move, _) = slash_move(&fake, ALICE, "d1-c1").await;
    // The storm's one 429 is Alice's board's: Bob's requests below come after it (his /board's edit would
    // otherwise take the 429 when it is quicker than her board).
    fake.wait_for(|c| c.method == "PATCH" && c.interaction_id() == Some(alice_move) && c.status == 429, WAIT)
        .await;
    // Whether Alice's board has arrived: it cannot before its route's 2.5 s are over.
    let alice_edited = || {
        fake.calls()
            .iter()
            .any(|c| c.method == "PATCH" && c.interaction_id() == Some(alice_move) && c.status == 200)
    };
    // While Alice's board waits for its route, Bob asks for his moves and looks at the board: each is answered
    // before her board arrives (an order of events, not a time: the fake itself refuses an answer after 3 s).
    for _ in 0..3 {
        let ac = fake.autocomplete("move", &[("move", Opt::from(""))], "move", BOB, GAMES_CHANNEL);
        let (_, answer) = send(&fake, ac).await;
        assert_eq!(answer.callback_type(), Some(8), "autocomplete answered");
        assert!(!alice_edited(), "Bob's autocomplete waited for Alice's route");
    }
    // And a slash command's first answer does not wait either.
    let (_, board) = send(&fake, fake.slash("board", &[], BOB, GAMES_CHANNEL)).await;
    assert!(board.callback_type().is_some(), "{board:?}");
    assert!(!alice_edited(), "Bob's /board waited for Alice's route");
    // Measured from the move, since a busy machine may take a while over Bob's requests: the refused edit is
    // retried only after its route's 2.5 s.
    let edit = board_edit(&fake, alice_move).await;
    assert!(moved.elapsed() > Duration::from_secs(2), "the edit waited for its route");
    assert_board(&edit);
    let (bob_move, _) = slash_move(&fake, BOB, "g5-g6").await;
    assert_board(&board_edit(&fake, bob_move).await);
    // Each board edit succeeded exactly once.
    for id in [alice_move, bob_move] {
        let ok = fake
            .calls()
            .iter()
            .filter(|c| c.method == "PATCH" && c.interaction_id() == Some(id) && c.status == 200)
            .count();
        assert_eq!(ok, 1, "interaction {id}'s board");
    }
    assert_eq!(fake.rate_limited_calls(), 1);
    assert_eq!(waits(bot.sessions().metrics(), "route"), 1);
    bot.shutdown().await.unwrap();
}

/// A global 429 when the bot registers its commands at start-up: it waits, registers them once, and plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_at_start_up_delays_registration_only() {
    let fake = FakeDiscord::start().await;
    fake.storm(Storm {
        method: Some("PUT"),
        pattern: "/applications/**",
        count: 1,
        retry_after: Duration::from_millis(800),
        global: true,
    });
    let dir = tempfile::tempdir().unwrap();
    let bot = super::open_bot(&super::test_config(&fake, &dir)).await;
    fake.wait_ready(WAIT).await;
    let put = |c: &crate::fake_discord::RecordedCall| c.method == "PUT" && c.route().ends_with("/commands");
    fake.wait_for(|c| put(c) && c.status == 200, WAIT).await;
    assert_eq!(fake.calls().iter().filter(|c| put(c)).count(), 2, "one 429, then registered once");
    start_tablut(&fake).await;
    assert_eq!(waits(bot.sessions().metrics(), "global"), 1);
    bot.shutdown().await.unwrap();
}

/// A route's own limit, told in the headers of answers that succeed (`X-RateLimit-Remaining: 0` and its
/// `Reset-After`): the relay waits for the reset before the next call on that route instead of running into a
/// 429, and the other routes go on meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relay_waits_when_a_route_has_no_call_left() {
    let (fake, metrics, _relay, http) = through_a_relay().await;
    fake.bucket(crate::fake_discord::ratelimits::Bucket {
        method: "POST",
        pattern: "/channels/*/messages",
        limit: 5,
        window: Duration::from_secs(1),
    });
    let started = Instant::now();
    let mut sends = tokio::task::JoinSet::new();
    // 12 messages in one channel (three windows of 5), and 5 in another at the same time.
    for (i, channel) in (0..12).map(|i| (i, 7_000)).chain((12..17).map(|i| (i, 7_001))) {
        let http = http.clone();
        sends.spawn(async move {
            let sent =
                ChannelId::new(channel).send_message(&http, CreateMessage::new().content(format!("m{i}")));
            sent.await.map(|_| (channel, started.elapsed()))
        });
    }
    let mut done: HashMap<u64, Vec<Duration>> = HashMap::new();
    while let Some(sent) = sends.join_next().await {
        let (channel, at) = sent.unwrap().expect("every message is sent");
        done.entry(channel).or_default().push(at);
    }
    let ok = fake.calls().iter().filter(|c| c.method == "POST" && c.status == 200).count();
    assert_eq!(ok, 17, "every message arrived once");
    assert_eq!(fake.rate_limited_calls(), 0, "no 429 answered: the relay waited as the headers said");
    assert_eq!(waits(&metrics, "route"), 0, "and had no 429 to wait out");
    assert!(fake.buckets_emptied() >= 3, "the bucket ran out: {}", fake.buckets_emptied());
    let last = |channel: u64| done[&channel].iter().max().copied().unwrap();
    assert!(last(7_000) >= Duration::from_millis(1_900), "12 calls at 5 a window wait two resets: {done:?}");
    assert!(last(7_001) < Duration::from_millis(900), "the other channel did not wait: {done:?}");
    fake.assert_no_refusals();
}
