//! The live board's web server, tested over loopback beside the real bot and the fake Discord: a player's link
//! plays a move that the channel hears of (message and picture), a spectator's stream hears of it within a
//! second, and every token that is not the player's own for that game, still valid, is refused without a change.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::Value;
use tabula::session::Links;
use tabula::web::Web;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::bot::{Running, start_bot};
use crate::support::postgres::PgServer;
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
    http_from(None, addr, method, path, headers, body).await
}

/// [`http`] from the loopback address `from` (the server throttles each address: a crowd of strangers comes
/// from many).
async fn http_from(
    from: Option<std::net::Ipv4Addr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, String) {
    let mut stream = match from {
        None => TcpStream::connect(addr).await.unwrap(),
        Some(ip) => {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(SocketAddr::from((ip, 0))).unwrap();
            socket.connect(addr).await.unwrap()
        }
    };
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

/// Game `id`'s handle, the part of its links that opens it (the server signs it with [`SECRET`]).
fn handle(id: i64) -> String {
    Links::new(SECRET.as_bytes(), "").handle(id)
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

#[tokio::test]
async fn a_player_link_plays_and_the_channel_and_spectators_hear_of_it() {
    let (running, web, id) = game().await;
    let h = handle(id);
    let addr = web.local_addr();
    let links = Links::new(SECRET.as_bytes(), "http://unused");
    let alice = links.sign(ALICE.id, id, tabula_now() + 3600);

    let (status, head, page) = http(addr, "GET", &format!("/g/{h}?lang=cs"), &[], b"").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-security-policy: default-src 'none'; script-src 'self'"), "{head}");
    assert!(page.contains("lang=\"cs\"") && !page.contains(SECRET) && !page.contains("<script>"), "{page}");

    let auth = bearer(&alice);
    let (status, _, state) =
        http(addr, "GET", &format!("/api/g/{h}"), &[("Authorization", &auth)], b"").await;
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
    let (_, _, spectator) = http(addr, "GET", &format!("/api/g/{h}"), &[], b"").await;
    let spectator: Value = serde_json::from_str(&spectator).unwrap();
    assert_eq!((spectator["you"].clone(), spectator["legal"].clone()), (Value::Null, serde_json::json!([])));

    // A spectator's stream: the first event is the state as it is.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request =
        format!("GET /api/g/{h}/events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut events = BufReader::new(stream);
    let first = next_change(&mut events).await;

    let clicked = Instant::now();
    let (status, _, answer) = http(
        addr,
        "POST",
        &format!("/api/g/{h}/act"),
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
        &format!("/api/g/{h}/act"),
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
    let h = handle(id);
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
            http(addr, "POST", &format!("/api/g/{h}/act"), &[("Authorization", &auth)], move_body).await;
        assert_eq!(status, 401, "{what}: {body}");
        assert!(!body.contains(SECRET));
        let (status, _, _) =
            http(addr, "GET", &format!("/api/g/{h}"), &[("Authorization", &auth)], b"").await;
        assert_eq!(status, 401, "{what}");
    }
    let (status, _, _) = http(addr, "POST", &format!("/api/g/{h}/act"), &[], move_body).await;
    assert_eq!(status, 401, "no token");
    // A body beyond the bound is not read.
    let auth = bearer(&valid);
    let huge = vec![b' '; 64 * 1024];
    let (status, _, _) =
        http(addr, "POST", &format!("/api/g/{h}/act"), &[("Authorization", &auth)], &huge).await;
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

/// Every route of the web board for the game `key` names (a handle, or a bare number): method and path.
fn routes(key: &str) -> [(&'static str, String); 5] {
    [
        ("GET", format!("/g/{key}")),
        ("GET", format!("/api/g/{key}")),
        ("GET", format!("/api/g/{key}/events")),
        ("GET", format!("/api/g/{key}/record")),
        ("POST", format!("/api/g/{key}/act")),
    ]
}

/// A stranger counting game numbers opens nothing; the link the game's message gives out opens it (page, state,
/// stream, record), and only it; a player's link still plays.
async fn only_a_games_link_opens_it(store: impl tabula::store::Store + tabula::store::IntoShared) {
    use tabula::session::{SessionConfig, Sessions};
    let sessions = std::sync::Arc::new(Sessions::new(store, SessionConfig::default()));
    let web = Web::start(sessions.clone(), "127.0.0.1:0".parse().unwrap(), None, SECRET).await.unwrap();
    let addr = web.local_addr();
    let reply = crate::support::start_tablut(&sessions).await;
    let id = sessions.store().open_session(GAMES_CHANNEL).await.unwrap().unwrap().id;
    let watch = reply
        .buttons
        .iter()
        .find(|b| b.is_link())
        .expect("the game's message has its link")
        .custom_id
        .clone();
    let h = watch.rsplit('/').next().unwrap().to_string();
    assert_eq!(h, handle(id), "the message links the game's handle: {watch}");
    assert!(h.len() > 30 && h.starts_with(&format!("{id}-")), "{h}");

    // Alice plays and resigns with her link, so that the game has a record.
    let alice = Links::new(SECRET.as_bytes(), "").sign(ALICE.id, id, tabula_now() + 3600);
    let auth = bearer(&alice);
    let act = |body: &'static [u8]| {
        let (path, auth) = (format!("/api/g/{h}/act"), auth.clone());
        async move { http(addr, "POST", &path, &[("Authorization", &auth)], body).await }
    };
    let (status, _, done) = act(br#"{"action":"move","move":"e8-d8"}"#).await;
    assert!(status == 200 && done.contains(r#""done":true"#), "{status} {done}");
    let (status, _, done) = act(br#"{"action":"resign"}"#).await;
    assert!(status == 200 && done.contains(r#""done":true"#), "{status} {done}");

    // With the handle: the page, the state and the record.
    let (status, head, page) = http(addr, "GET", &format!("/g/{h}"), &[], b"").await;
    assert_eq!(status, 200, "{page}");
    assert!(
        head.contains("x-robots-tag: noindex") && page.contains(r#"content="noindex"#),
        "unlisted: {head}"
    );
    let (status, _, state) = http(addr, "GET", &format!("/api/g/{h}"), &[], b"").await;
    assert!(status == 200 && state.contains(r#""state":"over""#), "{status} {state}");
    let (status, _, record) = http(addr, "GET", &format!("/api/g/{h}/record"), &[], b"").await;
    assert!(status == 200 && record.contains("e8-d8"), "{status} {record}");

    // Without it: every route of every number from 1 to 200 answers as for a game that does not exist, from a
    // crowd of addresses (each throttled on its own).
    let mut answers = std::collections::BTreeSet::new();
    for n in 1..=200_i64 {
        let from = std::net::Ipv4Addr::new(127, 0, 1, (n % 250) as u8 + 1);
        for (method, path) in routes(&n.to_string()) {
            let (status, _, body) =
                http_from(Some(from), addr, method, &path, &[("Authorization", &auth)], b"{}").await;
            assert_eq!(status, 404, "{method} {path}: {body}");
            assert!(!body.contains("Alice") && !body.contains("e8-d8"), "{method} {path}: {body}");
            answers.insert((method, path.split('/').nth(4).map(str::to_string), body));
        }
    }
    assert_eq!(answers.len(), 5, "one answer a route, whatever the number: {answers:?}");
    // Another game's number with this game's tag, or this game's number with a changed tag, opens nothing.
    let tag = &h[h.find('-').unwrap()..];
    let flipped = format!("{id}{}{}", &tag[..tag.len() - 1], if tag.ends_with('0') { '1' } else { '0' });
    for key in [format!("{}{tag}", id + 1), flipped, format!("{id}")] {
        for (method, path) in routes(&key) {
            let (status, _, body) = http(addr, method, &path, &[], b"{}").await;
            assert_eq!(status, 404, "{method} {path}: {body}");
        }
    }
    // The old links' page says where the game's link is found, whatever the number.
    let (status, _, page) = http(addr, "GET", &format!("/g/{id}"), &[], b"").await;
    assert!(status == 404 && page.contains("/game") && page.contains("noindex"), "{page}");
    web.shutdown().await;
}

#[tokio::test]
async fn only_a_games_link_opens_it_on_sqlite() {
    only_a_games_link_opens_it(tabula::store::SqliteStore::in_memory().await.unwrap()).await;
}

#[tokio::test]
async fn only_a_games_link_opens_it_on_postgres() {
    let Some(server) = PgServer::start("only_a_games_link_opens_it_on_postgres") else { return };
    let url = server.database("handles").await;
    only_a_games_link_opens_it(tabula::store::PgStore::connect(&url).await.unwrap()).await;
}

/// A tactic on its own page: the solver's link (a button of the tactic's private message) plays it, a spectator
/// sees it without its moves, another member's token for it plays nothing, and a game's token does not open it.
#[tokio::test]
async fn a_tactic_is_played_on_its_own_page_by_its_solvers_link_only() {
    use tabula::games::GameKind;
    use tabula::games::tactic::shipped;
    use tabula::session::commands::Puzzle;
    use tabula::session::{Actor, Member, SessionConfig, Sessions};

    let sessions =
        std::sync::Arc::new(Sessions::new(tabula_testkit::MemoryStore::new(), SessionConfig::default()));
    let web = Web::start(sessions.clone(), "127.0.0.1:0".parse().unwrap(), None, SECRET).await.unwrap();
    let addr = web.local_addr();
    let ann = Actor::in_guild(Member::new(ALICE.id, "Ann <b>&</b>"), Some(5));
    let start = Puzzle { game: Some(GameKind::Tablut), size: None, kind: None, table: false, rating: false };
    let board = sessions.handle(GAMES_CHANNEL, &ann, start).await;
    let link = &board.buttons.iter().find(|b| b.is_link()).expect("a link to the web board").custom_id;
    let (h, token) =
        link.split_once("/g/").unwrap().1.split_once("?lang=en#t=").expect("a handle and a token");
    let (h, token) = (h.to_string(), token.to_string());
    let row = sessions.store().open_attempt(ALICE.id).await.unwrap().expect("the tactic is open");
    assert!(h.starts_with(&format!("p{}-", row.id)), "{h}");
    let tactic = shipped().into_iter().find(|t| t.key() == row.spec).unwrap();

    let (status, _, page) = http(addr, "GET", &format!("/g/{h}"), &[], b"").await;
    assert_eq!(status, 200);
    assert!(page.contains("Tablut") && !page.contains(SECRET), "{page}");
    // A spectator: the position, no moves to make; the solver's name as text in JSON.
    let (status, _, body) = http(addr, "GET", &format!("/api/g/{h}"), &[], b"").await;
    assert_eq!(status, 200);
    let view: Value = serde_json::from_str(&body).unwrap();
    assert_eq!((view["puzzle"].as_bool(), view["state"].as_str()), (Some(true), Some("playing")), "{view}");
    assert!(view["legal"].as_array().unwrap().is_empty() && view["you"].is_null(), "{view}");
    assert!(view["players"].as_array().unwrap().iter().any(|p| p["name"] == "Ann <b>&</b>"), "{view}");
    // The solver: their moves.
    let auth = bearer(&token);
    let (_, _, body) = http(addr, "GET", &format!("/api/g/{h}"), &[("Authorization", &auth)], b"").await;
    let view: Value = serde_json::from_str(&body).unwrap();
    assert!(!view["legal"].as_array().unwrap().is_empty() && !view["you"].is_null(), "{view}");
    // Another member's token for this tactic moves nothing; a game's token with its number opens nothing.
    let links = Links::new(SECRET.as_bytes(), "");
    let bob = bearer(&links.sign(BOB.id, -row.id, tabula_now() + 3600));
    let first = tactic.line[0].clone();
    let body = format!(r#"{{"action":"move","move":"{first}"}}"#);
    let (status, _, _) =
        http(addr, "POST", &format!("/api/g/{h}/act"), &[("Authorization", &bob)], body.as_bytes()).await;
    assert_eq!(status, 404);
    let as_game = bearer(&links.sign(ALICE.id, row.id, tabula_now() + 3600));
    let (status, _, _) = http(addr, "GET", &format!("/api/g/{h}"), &[("Authorization", &as_game)], b"").await;
    assert_eq!(status, 401);
    assert_eq!(
        http(addr, "GET", &format!("/api/g/{}", handle(row.id)), &[], b"").await.0,
        404,
        "no game of its number"
    );
    // The solver plays the line from the page, a nonsense move refused first.
    let (_, _, body) = http(
        addr,
        "POST",
        &format!("/api/g/{h}/act"),
        &[("Authorization", &auth)],
        br#"{"action":"move","move":"zz"}"#,
    )
    .await;
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["done"], false, "{answer}");
    for m in tactic.line.iter().step_by(2) {
        let body = format!(r#"{{"action":"move","move":"{m}"}}"#);
        let (status, _, body) =
            http(addr, "POST", &format!("/api/g/{h}/act"), &[("Authorization", &auth)], body.as_bytes())
                .await;
        assert_eq!(status, 200, "{body}");
        let answer: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(answer["done"], true, "{answer}");
        assert!(answer["text"].as_str().unwrap().contains("Right"), "{answer}");
    }
    let (_, _, body) = http(addr, "GET", &format!("/api/g/{h}"), &[("Authorization", &auth)], b"").await;
    let view: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(view["state"], "over", "{view}");
    assert!(view["status"].as_str().unwrap().contains("solved"), "{view}");
    let attempt = sessions.store().attempt(row.id).await.unwrap().unwrap();
    assert_eq!(attempt.score, Some(1), "the solve is stored");
    web.shutdown().await;
}

/// Discovery on its own page: the solver's link puts tiles down (each placement as the page offers it), picks
/// one up again by its number, takes the last back, and lays the rest to the solve; a spectator sees the layout
/// and can do nothing.
#[tokio::test]
async fn a_discovery_is_laid_on_its_own_page() {
    use tabula::games::tantrix::discovery;
    use tabula::session::commands::Puzzle;
    use tabula::session::{Actor, Member, SessionConfig, Sessions};

    let sessions =
        std::sync::Arc::new(Sessions::new(tabula_testkit::MemoryStore::new(), SessionConfig::default()));
    let web = Web::start(sessions.clone(), "127.0.0.1:0".parse().unwrap(), None, SECRET).await.unwrap();
    let addr = web.local_addr();
    let ann = Actor::in_guild(Member::new(ALICE.id, "ann"), Some(5));
    let start = Puzzle { game: None, size: Some(5), kind: None, table: false, rating: false };
    let board = sessions.handle(GAMES_CHANNEL, &ann, start).await;
    let link = &board.buttons.iter().find(|b| b.is_link()).expect("a link to the web board").custom_id;
    let (h, token) =
        link.split_once("/g/").unwrap().1.split_once("?lang=en#t=").expect("a handle and a token");
    let auth = bearer(token);
    let state = |auth: Option<String>| {
        let h = h.to_string();
        async move {
            let headers: Vec<(&str, &str)> =
                auth.as_deref().map(|a| ("Authorization", a)).into_iter().collect();
            let (status, _, body) = http(addr, "GET", &format!("/api/g/{h}"), &headers, b"").await;
            assert_eq!(status, 200, "{body}");
            serde_json::from_str::<Value>(&body).unwrap()
        }
    };
    let act = |action: &'static str, mv: String| {
        let (h, auth) = (h.to_string(), auth.clone());
        async move {
            let body = serde_json::json!({ "action": action, "move": mv }).to_string();
            let (status, _, body) =
                http(addr, "POST", &format!("/api/g/{h}/act"), &[("Authorization", &auth)], body.as_bytes())
                    .await;
            assert_eq!(status, 200, "{body}");
            serde_json::from_str::<Value>(&body).unwrap()
        }
    };
    let spectator = state(None).await;
    assert!(spectator["legal"].as_array().unwrap().is_empty() && !spectator["lift"].as_bool().unwrap());
    let view = state(Some(auth.clone())).await;
    assert_eq!((view["puzzle"].as_bool(), view["lift"].as_bool()), (Some(true), Some(true)), "{view}");
    let solution = discovery::solve(5, 1).expect("a solution of 5");
    let offered =
        |view: &Value, text: &str| view["legal"].as_array().unwrap().iter().any(|m| m["text"] == text);
    // The first two tiles, then the second picked up by clicking it, and the first taken back.
    for p in &solution[..2] {
        let view = state(Some(auth.clone())).await;
        assert!(offered(&view, &p.to_string()), "{p} is offered");
        let answer = act("move", p.to_string()).await;
        assert_eq!(answer["done"], true, "{answer}");
    }
    let view = state(Some(auth.clone())).await;
    assert_eq!(view["takeback"], true, "{view}");
    assert_eq!(act("lift", solution[1].tile.number().to_string()).await["done"], true);
    assert_eq!(act("takeback", String::new()).await["done"], true);
    let view = state(Some(auth.clone())).await;
    assert!(view["board"]["cells"].as_array().unwrap().iter().all(|c| c["piece"].is_null()), "{view}");
    assert_eq!(act("takeback", String::new()).await["done"], false, "nothing left to take back");
    assert_eq!(act("move", "99@7,7:0".to_string()).await["done"], false, "a tile the puzzle has not");
    for p in &solution {
        let answer = act("move", p.to_string()).await;
        assert_eq!(answer["done"], true, "{answer}");
    }
    let view = state(Some(auth.clone())).await;
    assert_eq!(view["state"], "over", "{view}");
    assert!(view["status"].as_str().unwrap().contains("Solved"), "{view}");
    assert_eq!(act("move", solution[0].to_string()).await["done"], false, "a solved puzzle takes no more");
    web.shutdown().await;
}
