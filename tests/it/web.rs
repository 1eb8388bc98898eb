//! The live board's web server, tested over loopback beside the real bot and the fake Discord: a player's link
//! plays a move that the channel hears of (message and picture), a spectator's stream hears of it within a
//! second, and every token that is not the player's own for that game, still valid, is refused without a change.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::Value;
use tabula::session::Links;
use tabula::store::SessionStore as _;
use tabula::web::Web;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::bot::{Running, start_bot};
use crate::support::{ALICE, BOB, GAMES_CHANNEL};

const SECRET: &str = "a test secret, never shown";
const WAIT: Duration = Duration::from_secs(10);

/// A raw HTTP/1.1 exchange: the status, the headers (lower-cased names) and the body.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n");
    for (name, value) in headers {
        let _ = write!(head, "{name}: {value}\r\n");
    }
    let _ = write!(head, "Content-Length: {}\r\n\r\n", body.len());
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// The bot, its web board, and a Tablut game between Alice (first) and Bob; the game's id.
pub(crate) async fn game() -> (Running, Web, i64) {
    let running = start_bot().await;
    let sessions = running.bot.sessions().clone();
    let web = Web::start(sessions.clone(), "127.0.0.1:0".parse().unwrap(), None, SECRET).await.unwrap();
    let reply = crate::support::start_tablut(&sessions).await;
    assert!(!reply.ephemeral, "{reply:?}");
    let labels: Vec<String> = reply.buttons.iter().map(|b| b.label.to_plain()).collect();
    assert!(labels.iter().any(|l| l.contains("Watch")), "the game's message links its page: {labels:?}");
    let id = sessions.store().open_session(GAMES_CHANNEL).await.unwrap().unwrap().id;
    (running, web, id)
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

#[tokio::test]
async fn a_player_link_plays_and_the_channel_and_spectators_hear_of_it() {
    let (running, web, id) = game().await;
    let addr = web.local_addr();
    let links = Links::new(SECRET.as_bytes(), "http://unused");
    let alice = links.sign(ALICE.id, id, tabula_now() + 3600);

    let (status, head, page) = http(addr, "GET", &format!("/g/{id}?lang=cs"), &[], b"").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-security-policy: default-src 'none'; script-src 'self'"), "{head}");
    assert!(page.contains("lang=\"cs\"") && !page.contains(SECRET) && !page.contains("<script>"), "{page}");

    let auth = bearer(&alice);
    let (status, _, state) =
        http(addr, "GET", &format!("/api/g/{id}"), &[("Authorization", &auth)], b"").await;
    assert_eq!(status, 200, "{state}");
    let state: Value = serde_json::from_str(&state).unwrap();
    assert_eq!(state["you"], 0);
    let e8d8 = serde_json::json!({"text": "e8-d8", "from": "e8", "to": "d8", "tile": null});
    assert!(state["legal"].as_array().unwrap().contains(&e8d8), "{state}");
    assert_eq!(state["board"]["cells"].as_array().map(Vec::len), Some(81), "{state}");
    assert_eq!(
        (&state["draw"], &state["takeback"]),
        (&Value::Bool(true), &Value::Bool(true)),
        "Tablut has both"
    );
    let (_, _, spectator) = http(addr, "GET", &format!("/api/g/{id}"), &[], b"").await;
    let spectator: Value = serde_json::from_str(&spectator).unwrap();
    assert_eq!((spectator["you"].clone(), spectator["legal"].clone()), (Value::Null, serde_json::json!([])));

    // A spectator's stream: the first event is the state as it is.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request =
        format!("GET /api/g/{id}/events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut events = BufReader::new(stream);
    let first = next_change(&mut events).await;

    let clicked = Instant::now();
    let (status, _, answer) = http(
        addr,
        "POST",
        &format!("/api/g/{id}/act"),
        &[("Authorization", &auth), ("Content-Type", "application/json")],
        br#"{"action":"move","move":"e8-d8"}"#,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(serde_json::from_str::<Value>(&answer).unwrap()["done"], true, "{answer}");
    let second = tokio::time::timeout(Duration::from_secs(1), next_change(&mut events))
        .await
        .expect("the spectator's page hears of the move within a second");
    assert_ne!(first, second);
    let posted = running
        .fake
        .wait_for(
            |c| c.is("POST", &format!("/channels/{GAMES_CHANNEL}/messages")) && !c.files().is_empty(),
            WAIT,
        )
        .await;
    println!("click to channel message: {:?}", clicked.elapsed());
    assert!(posted.content().is_some_and(|c| c.contains("e8-d8")), "{posted:?}");
    let game = running.bot.sessions().store().open_session(GAMES_CHANNEL).await.unwrap().unwrap();
    assert_eq!(game.moves, vec!["e8-d8"]);

    // Not Alice's turn now: refused, with the reason, and nothing changes.
    let (_, _, answer) = http(
        addr,
        "POST",
        &format!("/api/g/{id}/act"),
        &[("Authorization", &auth)],
        br#"{"action":"move","move":"d8-d7"}"#,
    )
    .await;
    assert_eq!(serde_json::from_str::<Value>(&answer).unwrap()["done"], false, "{answer}");
    web.shutdown().await;
    running.fake.assert_no_refusals();
}

async fn next_change(events: &mut BufReader<TcpStream>) -> String {
    let mut line = String::new();
    let mut change = false;
    loop {
        line.clear();
        assert!(events.read_line(&mut line).await.unwrap() > 0, "the stream ended");
        if line.trim() == "event: change" {
            change = true;
        } else if change && let Some(data) = line.trim().strip_prefix("data: ") {
            return data.to_string();
        }
    }
}

fn tabula_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

#[tokio::test]
async fn tokens_not_for_this_player_game_and_time_are_refused_and_change_nothing() {
    let (running, web, id) = game().await;
    let addr = web.local_addr();
    let ours = Links::new(SECRET.as_bytes(), "");
    let forged = Links::new(b"another secret", "").sign(ALICE.id, id, tabula_now() + 3600);
    let valid = ours.sign(ALICE.id, id, tabula_now() + 3600);
    let altered = valid.replacen(&ALICE.id.to_string(), &BOB.id.to_string(), 1);
    let expired = ours.sign(ALICE.id, id, tabula_now() - 1);
    let other_game = ours.sign(ALICE.id, id + 1, tabula_now() + 3600);
    let move_body = br#"{"action":"move","move":"e8-d8"}"#;
    for (what, token) in
        [("forged", forged), ("altered", altered), ("expired", expired), ("other game", other_game)]
    {
        let auth = bearer(&token);
        let (status, _, body) =
            http(addr, "POST", &format!("/api/g/{id}/act"), &[("Authorization", &auth)], move_body).await;
        assert_eq!(status, 401, "{what}: {body}");
        assert!(!body.contains(SECRET));
        let (status, _, _) =
            http(addr, "GET", &format!("/api/g/{id}"), &[("Authorization", &auth)], b"").await;
        assert_eq!(status, 401, "{what}");
    }
    let (status, _, _) = http(addr, "POST", &format!("/api/g/{id}/act"), &[], move_body).await;
    assert_eq!(status, 401, "no token");
    // A body beyond the bound is not read.
    let auth = bearer(&valid);
    let huge = vec![b' '; 64 * 1024];
    let (status, _, _) =
        http(addr, "POST", &format!("/api/g/{id}/act"), &[("Authorization", &auth)], &huge).await;
    assert_eq!(status, 413);
    let game = running.bot.sessions().store().open_session(GAMES_CHANNEL).await.unwrap().unwrap();
    assert!(game.moves.is_empty(), "nothing refused was played");

    // A flood from one address is throttled.
    let mut throttled = 0;
    for _ in 0..80 {
        if http(addr, "GET", "/static/board.css", &[], b"").await.0 == 429 {
            throttled += 1;
        }
    }
    assert!(throttled > 0, "a flood is throttled");
    web.shutdown().await;
}
