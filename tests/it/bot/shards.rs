//! Gateway shards spread over processes: `tabula run --shards FIRST-LAST --shard-total N` runs those shards only,
//! each identifying to the gateway as `[shard, N]`.

use std::process::{Command, Stdio};

use serde_json::{Value, json};

use super::WAIT;
use crate::fake_discord::{FakeDiscord, GUILD_ID};

#[tokio::test]
async fn a_process_runs_the_shards_its_command_line_names() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["run", "--shards", "1-1", "--shard-total", "2"])
        .current_dir(dir.path())
        .env_clear()
        .env("DISCORD_TOKEN", "fake-token-not-secret")
        .env("TABULA_API_PROXY", fake.base_url())
        .env("TABULA_GUILD_ID", GUILD_ID.to_string())
        .env("TABULA_DATABASE", dir.path().join("bot.db"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let identify = fake.wait_for_gateway_op(2, WAIT).await;
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(identify["d"]["shard"], json!([1, 2]), "{identify}");
    let identified: Vec<Value> = fake.gateway_frames().into_iter().filter(|f| f["op"] == 2).collect();
    assert_eq!(identified.len(), 1, "one shard, one session: {identified:?}");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(!log.contains("fake-token-not-secret"), "the token never reaches the log");
}
