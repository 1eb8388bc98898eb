//! `/settings`: who may use it, what it shows and changes, and how the settings steer `/play` (channels, clock,
//! challenge expiry, threads), kept across a restart.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tabula::session::commands::ShowBoard;
use tabula::session::{Actor, OptionValue, Request, SessionConfig, Sessions, SidePref, parse_request};
use tabula::store::SqliteStore;
use tabula_testkit::MemoryStore;

use super::{CHANNEL, GUILD, alice, assert_private, assert_public, bob, play_tablut};

fn moderator() -> Actor {
    let mut m = super::actor(9, "mod");
    m.can_manage_server = true;
    m
}

fn text(s: &str) -> OptionValue {
    OptionValue::Text(s.to_string())
}

fn channel(id: u64) -> OptionValue {
    OptionValue::Channel { id, name: format!("c{id}") }
}

/// `/settings` with these options, read by the one parser.
fn settings(options: &[(&str, OptionValue)]) -> Request {
    parse_request("settings", options).unwrap()
}

async fn show(s: &Sessions) -> String {
    let reply = s.handle(CHANNEL, &moderator(), settings(&[])).await;
    assert!(reply.ephemeral, "{reply:?}");
    reply.text.to_plain()
}

#[tokio::test]
async fn only_server_managers_see_or_change_settings() {
    let s = Sessions::new(MemoryStore::new(), SessionConfig::default());
    let mut manager_of_messages = alice();
    manager_of_messages.can_manage = true;
    for who in [alice(), manager_of_messages] {
        let reply = s.handle(CHANNEL, &who, settings(&[("clock", text("1h"))])).await;
        assert_private(&reply, "Only members with the Manage Server permission");
        assert_eq!(reply.text.to_plain().matches('.').count(), 1, "one sentence: {:?}", reply.text);
    }
    let mut outside = moderator();
    outside.guild = None;
    assert_private(&s.handle(CHANNEL, &outside, settings(&[])).await, "Settings belong to a server");
    assert!(
        show(&s).await.contains("Default clock: 3 days per move (`3d`) (the bot's default)"),
        "unchanged"
    );
}

#[tokio::test]
async fn settings_show_the_defaults_and_each_change() {
    let s = Sessions::new(MemoryStore::new(), SessionConfig::default());
    let shown = show(&s).await;
    for line in [
        "Language of public messages: the server's own language",
        "Games may be started in: every channel (default)",
        "Games start in a thread: no (the bot's default)",
        "Default clock: 3 days per move (`3d`) (the bot's default)",
        "A challenge waits 15 minutes for its answer (the bot's default)",
    ] {
        assert!(shown.contains(line), "{line:?} in {shown}");
    }
    let changes: [(&str, OptionValue, &str); 6] = [
        ("language", text("cs"), "Language of public messages: Čeština (`cs`)"),
        ("allow_channel", channel(70), "Games may be started in: #70"),
        ("threads", text("on"), "Games start in a thread: yes\n"),
        ("clock", text("1h"), "Default clock: 1 hour per move (`1h`)\n"),
        ("challenge_minutes", OptionValue::Integer(5), "A challenge waits 5 minutes for its answer\n"),
        ("allow_channel", channel(71), "Games may be started in: #70, #71"),
    ];
    for (name, value, expected) in changes {
        let reply = s.handle(CHANNEL, &moderator(), settings(&[(name, value)])).await;
        assert_private(&reply, "Settings changed.");
        assert!(reply.text.contains(expected), "{expected:?} in {}", reply.text);
        assert!(show(&s).await.contains(expected), "shown afterwards too");
    }
    assert_eq!(s.public_language(Some(GUILD)).await.as_deref(), Some("cs"));
    assert_eq!(s.server_settings(Some(GUILD)).await.channels, vec![70, 71]);
    let reply = s.handle(CHANNEL, &moderator(), settings(&[("disallow_channel", channel(70))])).await;
    assert!(reply.text.contains("Games may be started in: #71\n"), "{}", reply.text);
    let last = s.handle(CHANNEL, &moderator(), settings(&[("disallow_channel", channel(71))])).await;
    assert_private(&last, "allowed only in #71");
    // Back to the defaults.
    let reply = s
        .handle(
            CHANNEL,
            &moderator(),
            settings(&[
                ("language", text("server")),
                ("all_channels", OptionValue::Boolean(true)),
                ("threads", text("default")),
                ("clock", text("default")),
                ("challenge_minutes", OptionValue::Integer(0)),
            ]),
        )
        .await;
    let back = reply.text.to_plain();
    assert!(
        back.contains("every channel (default)")
            && back.contains("15 minutes for its answer (the bot's default)")
    );
    assert_eq!(s.public_language(Some(GUILD)).await, None);
    let none_left = s.handle(CHANNEL, &moderator(), settings(&[("disallow_channel", channel(71))])).await;
    assert_private(&none_left, "Games are allowed in every channel");
}

#[tokio::test]
async fn wrong_settings_say_what_is_accepted() {
    for (options, needle) in [
        (
            vec![("language", text("klingon"))],
            "`language:klingon` is not a language Tabula speaks: choose en, pt-BR, cs",
        ),
        (vec![("clock", text("2h"))], "`clock:2h` is not a clock"),
        (vec![("threads", text("maybe"))], "`threads:maybe` is not a choice"),
        (vec![("challenge_minutes", OptionValue::Integer(99_999))], "from 1 to 10080"),
        (vec![("allow_channel", text("games"))], "names a channel of this server"),
        (vec![("all_channels", OptionValue::Boolean(false))], "all_channels:true"),
    ] {
        let e = parse_request("settings", &options).unwrap_err().to_plain();
        assert!(e.contains(needle), "{needle:?} in {e}");
    }
}

#[tokio::test]
async fn games_start_only_in_allowed_channels_with_the_servers_clock_and_expiry() {
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock = {
        let now = now.clone();
        Arc::new(move || now.load(Ordering::SeqCst))
    };
    let s = Sessions::with_clock(MemoryStore::new(), SessionConfig::default(), clock);
    let (games, other) = (CHANNEL + 10, CHANNEL + 11);
    let change = settings(&[
        ("allow_channel", channel(games)),
        ("clock", text("1h")),
        ("challenge_minutes", OptionValue::Integer(5)),
        ("threads", text("on")),
    ]);
    s.handle(CHANNEL, &moderator(), change).await;

    let refused = s.handle(other, &alice(), play_tablut(&bob(), SidePref::First)).await;
    assert_private(&refused, "Games are not started in this channel on this server; use ");
    assert_eq!(
        refused.text.to_plain(),
        format!("Games are not started in this channel on this server; use #{games}.")
    );
    assert!(s.prepare_thread(other, &alice(), &play_tablut(&bob(), SidePref::First).into()).await.is_err());
    assert!(s.wants_thread(&alice(), &play_tablut(&bob(), SidePref::First).into()).await, "threads:on");

    let reply = s.handle(games, &alice(), play_tablut(&bob(), SidePref::First)).await;
    assert_public(&reply, "Each player has 1 hour per move.");
    assert!(reply.text.contains("within 5 minutes"), "{}", reply.text);
    // A thread Tabula opened under an allowed channel is allowed too.
    s.thread_opened(other + 100, games).await;
    assert_public(&s.handle(other + 100, &alice(), play_tablut(&bob(), SidePref::First)).await, "challenges");

    now.fetch_add(5 * 60, Ordering::SeqCst);
    let expired = s.sweep().await;
    assert_eq!(expired.len(), 2, "both challenges lapse after the server's 5 minutes: {expired:?}");
}

#[tokio::test]
async fn settings_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.db");
    let store = SqliteStore::open(&path).await.unwrap();
    let s = Sessions::new(store, SessionConfig::default());
    let change =
        settings(&[("language", text("pt-BR")), ("allow_channel", channel(70)), ("clock", text("10m"))]);
    let before = s.handle(CHANNEL, &moderator(), change).await.text.to_plain();
    assert_public(&s.handle(70, &alice(), play_tablut(&bob(), SidePref::First)).await, "challenges");
    s.store().close().await;
    drop(s);
    let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
    let after = show(&s).await;
    assert_eq!(after, before.replace("Settings changed. ", ""));
    assert!(
        after.contains("Português (Brasil)")
            && after.contains("#70")
            && after.contains("10 minutes per move")
    );
    assert_eq!(s.public_language(Some(GUILD)).await.as_deref(), Some("pt-BR"));
    // Messages sent without an interaction (the computer's moves, clock notices) find the server's language
    // through the channel's stored session, once it is read.
    assert_eq!(s.channel_language(70).await, None, "the channel's server is not known yet");
    s.handle(70, &bob(), ShowBoard).await;
    assert_eq!(s.channel_language(70).await.as_deref(), Some("pt-BR"));
    assert_eq!(s.channel_language(71).await, None, "no session there");
}
