//! The gateway's faults, met by the real serenity client: a dropped connection, close codes that allow resuming
//! and ones that do not, RECONNECT, INVALID_SESSION (resumable or not) and heartbeats no longer acknowledged. After
//! each the bot is connected again (resumed or identified anew, as the fault allows), answers the interactions
//! that come next, and the game goes on from what was stored.

use std::time::Duration;

use super::{WAIT, assert_board, open_bot, send, slash_move, start_tablut, test_config};
use crate::fake_discord::{ALICE, BOB, FakeDiscord, Fault, GAMES_CHANNEL, Opt};

/// How many frames with opcode `op` the bot has sent.
fn frames(fake: &FakeDiscord, op: u64) -> usize {
    fake.gateway_frames().iter().filter(|f| f["op"] == op).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long tier (a gateway outage, eight reconnections): `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn the_bot_recovers_from_every_gateway_fault_and_loses_nothing() {
    // Heartbeats every 400 ms, so that a missing acknowledgement is noticed quickly.
    let fake = FakeDiscord::start_with_heartbeat(Duration::from_millis(400)).await;
    let dir = tempfile::tempdir().unwrap();
    let bot = open_bot(&test_config(&fake, &dir)).await;
    fake.wait_ready(WAIT).await;
    start_tablut(&fake).await;
    // (fault, whether the bot resumes its session)
    let faults = [
        (Fault::Drop, true),
        (Fault::Close(4000), true),
        (Fault::Reconnect, true),
        (Fault::InvalidSession { resumable: true }, true),
        // serenity restarts the shard when a heartbeat goes unacknowledged: a new session.
        (Fault::StopAcks, false),
        (Fault::Close(4009), false),
        (Fault::Close(4007), false),
        (Fault::InvalidSession { resumable: false }, false),
    ];
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5"];
    let mut played = 0;
    let mut report = Vec::new();
    for (fault, resumes) in faults {
        let (identifies, resumes_before) = (frames(&fake, 2), frames(&fake, 6));
        let old = fake.gateway_fault(fault).await;
        let took = fake.wait_reconnected(old, WAIT).await;
        report.push(format!("{fault:?}: {} ms", took.as_millis()));
        if resumes {
            assert!(frames(&fake, 6) > resumes_before, "{fault:?}: the bot resumed");
            assert_eq!(frames(&fake, 2), identifies, "{fault:?}: and did not identify again");
        } else {
            assert!(frames(&fake, 2) > identifies, "{fault:?}: the bot identified again");
        }
        // The next interactions are answered, and the game goes on where it was.
        let who = if played % 2 == 0 { ALICE } else { BOB };
        let ac = fake.autocomplete("move", &[("move", Opt::from(""))], "move", who, GAMES_CHANNEL);
        let (_, answer) = send(&fake, ac).await;
        let choices = answer.json().unwrap()["data"]["choices"].as_array().cloned().unwrap_or_default();
        assert!(!choices.is_empty(), "{fault:?}: {who:?} is offered moves");
        if let Some(m) = moves.get(played) {
            let (id, _) = slash_move(&fake, who, m).await;
            let text = assert_board(&super::original_edit(&fake, id).await);
            assert!(text.contains(&format!("`{m}")), "{fault:?}: {text}");
            played += 1;
        }
    }
    eprintln!("gateway recoveries: {}", report.join(", "));
    let metrics = bot.sessions().metrics().encode();
    let reconnects = metrics
        .lines()
        .find_map(|l| l.strip_prefix("tabula_gateway_reconnects_total "))
        .and_then(|v| v.trim().parse::<f64>().ok())
        .unwrap_or_default();
    assert!(reconnects >= faults.len() as f64, "every recovery counted: {reconnects}");
    bot.shutdown().await.unwrap();
    fake.assert_no_refusals();
}
