//! `/settings` through the real bot and the fake Discord: Discord's Manage Server permission, channel options
//! and channel links, and a `/play` refused outside the allowed channels, after a restart too.

use serde_json::{Value, json};

use super::{Running, WAIT, open_bot, send, start_bot, test_config};
use crate::fake_discord::{ALICE, BOB, GAMES_CHANNEL, GUILD_ID, Opt, User};

/// Another text channel of the server.
const LOBBY: u64 = 3_334;

/// A `/settings` interaction; `manager` gives the member Discord's Manage Server permission (bit 5).
fn settings(
    fake: &crate::fake_discord::FakeDiscord,
    options: &[(&str, Opt)],
    user: User,
    manager: bool,
) -> Value {
    let mut payload = fake.slash("settings", options, user, GAMES_CHANNEL);
    payload["member"]["permissions"] = json!(if manager { "32" } else { "2248473465835073" });
    payload["data"]["resolved"]["channels"] = json!({
        GAMES_CHANNEL.to_string(): { "id": GAMES_CHANNEL.to_string(), "name": "games", "type": 0, "permissions": "0" },
    });
    payload
}

fn play(fake: &crate::fake_discord::FakeDiscord, channel: u64) -> Value {
    fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], ALICE, channel)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_need_manage_server_and_limit_where_games_start() {
    let Running { fake, bot, _dir: dir } = start_bot().await;
    let registered = fake.registered_commands();
    let command = registered.iter().find(|c| c["name"] == "settings").expect("/settings is registered");
    assert_eq!(command["default_member_permissions"], "32", "shown to server managers: {command}");
    let options: Vec<&str> =
        command["options"].as_array().unwrap().iter().filter_map(|o| o["name"].as_str()).collect();
    assert_eq!(
        options,
        [
            "language",
            "allow_channel",
            "disallow_channel",
            "all_channels",
            "threads",
            "clock",
            "challenge_minutes",
            "organiser_role",
            "no_organiser_role",
            "daily_channel",
            "daily_hour",
            "no_daily"
        ]
    );

    let (_, refused) = send(&fake, settings(&fake, &[], ALICE, false)).await;
    assert!(refused.is_ephemeral(), "{refused:?}");
    assert_eq!(
        refused.content().unwrap(),
        "Only members with the Manage Server permission can see or change Tabula's settings here."
    );

    let (_, shown) = send(&fake, settings(&fake, &[], ALICE, true)).await;
    assert!(shown.is_ephemeral());
    assert!(shown.content().unwrap().contains("every channel (default)"), "{shown:?}");

    let allow = [
        ("allow_channel", Opt::Typed(7, json!(GAMES_CHANNEL.to_string()))),
        ("clock", "1h".into()),
        ("language", "cs".into()),
    ];
    let (_, changed) = send(&fake, settings(&fake, &allow, ALICE, true)).await;
    assert!(changed.is_ephemeral());
    let text = changed.content().unwrap();
    assert!(text.contains(&format!("Games may be started in: <#{GAMES_CHANNEL}>")), "a channel link: {text}");
    assert!(text.contains("Čeština") && text.contains("1 hour per move"), "{text}");
    assert!(changed.pings().is_empty(), "nobody is notified");

    let (_, refused) = send(&fake, play(&fake, LOBBY)).await;
    assert!(refused.is_ephemeral(), "{refused:?}");
    assert_eq!(
        refused.content().unwrap(),
        format!("Games are not started in this channel on this server; use <#{GAMES_CHANNEL}>.")
    );
    let (_, challenge) = send(&fake, play(&fake, GAMES_CHANNEL)).await;
    assert!(!challenge.is_ephemeral());
    // The server's language is now Czech: the public challenge is written in it.
    assert!(challenge.content().unwrap().contains("Čas na tah pro každého hráče: 1 hodina"), "{challenge:?}");

    // After a restart the settings hold.
    bot.shutdown().await.unwrap();
    let bot = open_bot(&test_config(&fake, &dir)).await;
    fake.wait_ready(WAIT).await;
    let (_, refused) = send(&fake, play(&fake, LOBBY)).await;
    assert!(refused.is_ephemeral() && refused.content().unwrap().contains("use <#"), "{refused:?}");
    let _ = GUILD_ID;
    bot.shutdown().await.unwrap();
}
