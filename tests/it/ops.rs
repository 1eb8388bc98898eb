//! For the operator: `/metrics`, `/healthz` and `/readyz` on the operator's own listener (beside the real bot and
//! the fake Discord, and beside `tabula serve`), never on the public ones (the web board, the interactions
//! endpoint: `/healthz` only); and JSON log lines that name each interaction, its channel and its game, and never a
//! secret.

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use tabula::store::SessionStore as _;
use tabula::web::Web;
use tabula::web::ops::Ops;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::bot::{original_edit, send, start_bot};
use crate::support::signed::{Post, public_key};
use crate::support::{ALICE, APP_ID, BOB, FakeDiscord, GAMES_CHANNEL, GUILD_ID, Opt};

const WAIT: Duration = Duration::from_secs(10);

/// `GET path`: the status, the lower-cased head and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// The value of the sample `name` (with its labels, as written) in a metrics text.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

/// Scrapes `/metrics` until `name` reaches `value` (an adapter counts a reply just after Discord has it).
async fn wait_sample(addr: SocketAddr, name: &str, value: f64) -> String {
    crate::support::wait::until(&format!("{name} to reach {value}"), WAIT, || async {
        let (status, head, text) = get(addr, "/metrics").await;
        assert_eq!(status, 200, "{text}");
        assert!(head.contains("content-type: application/openmetrics-text"), "{head}");
        (sample(&text, name) == Some(value)).then_some(text)
    })
    .await
}

/// The public listener at `addr` answers `/healthz` with "ok" and nothing more, and not the operator's routes.
async fn public_says_only_ok(addr: SocketAddr) {
    let (status, _, body) = get(addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    for path in ["/metrics", "/readyz"] {
        let (status, _, body) = get(addr, path).await;
        assert_eq!(status, 404, "{path} on a public listener: {body}");
        assert!(!body.contains("tabula_") && !body.contains("store"), "{body}");
    }
}

#[tokio::test]
async fn the_operators_listener_serves_metrics_health_and_readiness() {
    let running = start_bot().await;
    let fake = &running.fake;
    let sessions = running.bot.sessions().clone();
    let web = Web::start(sessions.clone(), "127.0.0.1:0".parse().unwrap(), None, "").await.unwrap();
    public_says_only_ok(web.local_addr()).await;
    let ops = Ops::start(sessions.clone(), "127.0.0.1:0".parse().unwrap()).await.unwrap();
    let addr = ops.local_addr();

    let (status, _, body) = get(addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    // The shard is connected (the fake sent READY): the store and Discord are reachable.
    let ready = crate::support::wait::until("/readyz to say ready", WAIT, || async {
        let (status, _, body) = get(addr, "/readyz").await;
        (status == 200).then_some(body)
    })
    .await;
    assert_eq!(ready, "store: ok\ndiscord: ok\n");

    // A game: the challenge and its acceptance through the session layer, a move through Discord.
    crate::support::start_tablut(&sessions).await;
    let bad = fake.slash("move", &[("move", Opt::from("e8-e9"))], ALICE, GAMES_CHANNEL);
    send(fake, bad).await;
    let (id, _) = send(fake, fake.slash("move", &[("move", Opt::from("e8-d8"))], ALICE, GAMES_CHANNEL)).await;
    original_edit(fake, id).await;

    let text = wait_sample(addr, "tabula_picture_reply_seconds_count", 1.0).await;
    for (name, value) in [
        (r#"tabula_interactions_total{command="play",outcome="ok"}"#, 1.0),
        (r#"tabula_interactions_total{command="accept",outcome="ok"}"#, 1.0),
        // A refused move is an answered command: the rules said no.
        (r#"tabula_interactions_total{command="move",outcome="ok"}"#, 2.0),
        ("tabula_first_answer_seconds_count", 2.0),
        ("tabula_open_games", 1.0),
        ("tabula_discord_up", 1.0),
        ("tabula_store_errors_total", 0.0),
        ("tabula_gateway_reconnects_total", 0.0),
        ("tabula_ai_queue_depth", 0.0),
    ] {
        assert_eq!(sample(&text, name), Some(value), "{name} in\n{text}");
    }
    for name in ["tabula_ai_think_seconds", "tabula_rate_limit_wait_seconds"] {
        assert!(text.contains(&format!("# TYPE {name}")), "{name} is described:\n{text}");
    }

    // The store closed: not ready, and the metrics say why.
    sessions.store().close().await;
    let (status, _, body) = get(addr, "/readyz").await;
    assert_eq!((status, body.as_str()), (503, "store: unreachable\ndiscord: ok\n"));
    ops.shutdown().await;
    web.shutdown().await;
}

#[tokio::test]
async fn beside_the_endpoint_the_operators_listener_serves_metrics_and_readiness() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = tabula::config::Config {
        token: tabula::config::Token::new("fake-token-not-secret"),
        guild_id: Some(GUILD_ID),
        database: dir.path().join("serve.db"),
        api_proxy: Some(fake.base_url()),
        public_key: Some(public_key()),
        ..tabula::config::Config::default()
    };
    let store = tabula::store::SqliteStore::open(&config.database).await.unwrap();
    let endpoint = tabula::discord::endpoint::Endpoint::start(&config, store, "127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let public = endpoint.local_addr();
    public_says_only_ok(public).await;
    let ops = Ops::start(endpoint.sessions().clone(), "127.0.0.1:0".parse().unwrap()).await.unwrap();
    let addr = ops.local_addr();
    let (status, _, body) = get(addr, "/readyz").await;
    assert_eq!((status, body.as_str()), (200, "store: ok\ndiscord: ok\n"));
    let play = fake.slash(
        "play",
        &[("game", Opt::from("tablut")), ("opponent", Opt::User(BOB))],
        ALICE,
        GAMES_CHANNEL,
    );
    let (status, _) = crate::support::signed::send(public, "POST", Post::signed(&play)).await;
    assert_eq!(status, 200);
    let text = wait_sample(addr, "tabula_first_answer_seconds_count", 1.0).await;
    assert_eq!(
        sample(&text, r#"tabula_interactions_total{command="play",outcome="ok"}"#),
        Some(1.0),
        "{text}"
    );
    assert_eq!(sample(&text, "tabula_open_games"), Some(0.0), "a challenge is not a game yet:\n{text}");

    // Discord's REST API goes away: once what the bot last heard is stale, `/readyz` asks it and says so; and
    // says it is back when it is.
    fake.set_rest_down(true);
    let until = |want: u16| async move {
        let body = crate::support::wait::until(&format!("/readyz to answer {want}"), WAIT, || async {
            let (status, _, body) = get(addr, "/readyz").await;
            (status == want).then_some(body)
        })
        .await;
        (want, body)
    };
    assert_eq!(until(503).await, (503, "store: ok\ndiscord: unreachable\n".to_string()));
    let text = get(addr, "/metrics").await.2;
    assert_eq!(sample(&text, "tabula_discord_up"), Some(0.0), "{text}");
    fake.set_rest_down(false);
    assert_eq!(until(200).await, (200, "store: ok\ndiscord: ok\n".to_string()));
    ops.shutdown().await;
    endpoint.shutdown().await;
    fake.assert_no_refusals();
}

/// A free port on loopback (bound and released).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// `tabula serve` on `addr` over the fake, logging JSON at debug level into `dir`'s stdout.log and stderr.log.
fn serve_logging_json(
    fake: &FakeDiscord,
    dir: &std::path::Path,
    addr: SocketAddr,
    token: &str,
    web_secret: &str,
) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--listen", &addr.to_string()])
        .current_dir(dir)
        .env("DISCORD_TOKEN", token)
        .env("TABULA_WEB_SECRET", web_secret)
        .env("TABULA_LOG_FORMAT", "json")
        .env("TABULA_LOG_LEVEL", "debug,hyper=info,h2=info,rustls=info,sqlx=warn")
        .env("TABULA_API_PROXY", fake.base_url())
        .env("TABULA_PUBLIC_KEY", public_key())
        .env("TABULA_APPLICATION_ID", APP_ID.to_string())
        .env("TABULA_GUILD_ID", GUILD_ID.to_string())
        .env("TABULA_DATABASE", dir.join("serve.db"))
        .stdout(std::fs::File::create(dir.join("stdout.log")).unwrap())
        .stderr(std::fs::File::create(dir.join("stderr.log")).unwrap())
        .spawn()
        .unwrap()
}

// The process's output goes to files, not pipes: debug lines fill a pipe nobody reads until the end, and the
// process would block writing them.
#[tokio::test]
async fn json_logs_name_the_interaction_channel_and_game_and_no_secret() {
    const TOKEN: &str = "MTIzNDU2Nzg5.secret-bot-token.xyz";
    const WEB_SECRET: &str = "web-secret-never-logged";
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut child = serve_logging_json(&fake, dir.path(), addr, TOKEN, WEB_SECRET);
    let read_log = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap_or_default();
    crate::support::wait::until("tabula serve to listen", 3 * WAIT, || {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("tabula serve stopped ({status}): {}", read_log("stderr.log"));
        }
        async { crate::support::signed::try_send(addr, "GET", Post::get("/healthz")).await.ok() }
    })
    .await;
    let signed = |payload: &Value| crate::support::signed::send(addr, "POST", Post::signed(payload));
    let play = fake.slash(
        "play",
        &[("game", Opt::from("tablut")), ("opponent", Opt::User(BOB)), ("side", Opt::from("first"))],
        ALICE,
        GAMES_CHANNEL,
    );
    let (_, body) = signed(&play).await;
    let answer: Value = serde_json::from_str(&body).unwrap();
    let accept = answer["data"]["components"][0]["components"][0]["custom_id"].as_str().unwrap().to_string();
    let press = fake.button(&accept, BOB, GAMES_CHANNEL);
    signed(&press).await;
    // The move's picture edit meets a 429 first: the rate limiter's line names the move's interaction too.
    let moved = fake.slash("move", &[("move", Opt::from("e8-d8"))], ALICE, GAMES_CHANNEL);
    let token = moved["token"].as_str().unwrap().to_string();
    fake.storm(crate::support::ratelimits::Storm {
        method: Some("PATCH"),
        pattern: Box::leak(format!("/webhooks/*/{token}/messages/@original").into_boxed_str()),
        count: 1,
        retry_after: Duration::from_millis(200),
        global: false,
    });
    signed(&moved).await;
    fake.wait_for(
        |c| c.method == "PATCH" && c.status < 300 && c.path.contains(&format!("/{token}/messages/@original")),
        WAIT,
    )
    .await;
    // A lookup names the game it looked at.
    let board = fake.slash("board", &[], BOB, GAMES_CHANNEL);
    signed(&board).await;
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    crate::support::wait::until("tabula serve to stop on SIGTERM", WAIT, || {
        let exited = child.try_wait().unwrap();
        async move { exited }
    })
    .await;
    let stdout = read_log("stdout.log");
    let stderr = read_log("stderr.log");
    for secret in [TOKEN, "secret-bot-token", WEB_SECRET] {
        assert!(
            !stdout.contains(secret) && !stderr.contains(secret),
            "a secret was logged:\n{stdout}\n{stderr}"
        );
    }
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not a JSON line ({e}): {l}")))
        .collect();
    assert!(lines.len() > 3, "{stdout}");
    let handled = |payload: &Value| -> Value {
        let id = payload["id"].as_str().unwrap();
        let found = lines.iter().find(|l| l["message"] == "handled" && l["span"]["interaction"] == id);
        found.unwrap_or_else(|| panic!("no line for interaction {id}:\n{stdout}")).clone()
    };
    let game = {
        let store = tabula::store::SqliteStore::open(&dir.path().join("serve.db")).await.unwrap();
        store.open_session(GAMES_CHANNEL).await.unwrap().unwrap().id
    };
    let line = handled(&play);
    assert_eq!(
        (line["command"].clone(), line["span"]["channel"].clone()),
        ("play".into(), GAMES_CHANNEL.into())
    );
    for payload in [&press, &moved, &board] {
        let line = handled(payload);
        assert_eq!(line["span"]["channel"], GAMES_CHANNEL, "{line}");
        assert_eq!(line["span"]["game"], game, "{line}");
        assert_eq!(line["level"], "INFO", "{line}");
    }
    assert_eq!(handled(&moved)["command"], "move");
    // Every line of an interaction carries it: the one a serenity call logs too, not only ours.
    let of_move: Vec<&Value> =
        lines.iter().filter(|l| l["span"]["interaction"] == moved["id"].as_str().unwrap()).collect();
    assert!(of_move.iter().all(|l| l["span"]["channel"] == GAMES_CHANNEL), "{of_move:?}");
    let waited = lines.iter().find(|l| l["message"] == "rate limited").unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(waited["interaction"], moved["id"], "{waited}");
    let leaked: Vec<&str> = stdout.lines().filter(|l| l.contains(&token)).collect();
    assert!(leaked.is_empty(), "an interaction's token was logged: {leaked:#?}");
    fake.assert_no_refusals();
}
