//! `tabula serve`, the HTTP interactions endpoint, tested as Discord uses it: signed POSTs from a test key, the
//! first answer in the response body, later edits through the fake Discord's REST API.

use std::time::Duration;

use serde_json::{Value, json};
use tabula::config::{Config, Token};
use tabula::discord::endpoint::Endpoint;
use tabula::store::{SessionStore as _, SqliteStore};

use crate::support::signed::{Post, now, public_key, send};
use crate::support::{ALICE, BOB, FakeDiscord, GAMES_CHANNEL, GUILD_ID, Opt};

const WAIT: Duration = Duration::from_secs(10);

async fn start(fake: &FakeDiscord, dir: &tempfile::TempDir) -> Endpoint {
    let config = Config {
        token: Token::new("fake-token-not-secret"),
        guild_id: Some(GUILD_ID),
        database: dir.path().join("serve.db"),
        api_proxy: Some(fake.base_url()),
        public_key: Some(public_key()),
        ..Config::default()
    };
    let store = SqliteStore::open(&config.database).await.unwrap();
    Endpoint::start(&config, store, "127.0.0.1:0".parse().unwrap()).await.unwrap()
}

#[tokio::test]
async fn only_signed_fresh_interactions_are_acted_on() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let endpoint = start(&fake, &dir).await;
    let addr = endpoint.local_addr();
    assert_eq!(send(addr, "GET", Post::get("/healthz")).await, (200, "ok".to_string()));

    // Discord's PING, on both paths.
    let ping = json!({ "id": "1", "application_id": "1", "type": 1, "token": "t", "version": 1 });
    let (status, body) = send(addr, "POST", Post::signed(&ping)).await;
    assert_eq!((status, serde_json::from_str::<Value>(&body).unwrap()), (200, json!({ "type": 1 })));
    let (status, _) = send(addr, "POST", Post { path: "/", ..Post::signed(&ping) }).await;
    assert_eq!(status, 200);

    // Refused without acting: no signature, a wrong one, a signature of another body, an old request.
    let play = fake.slash(
        "play",
        &[("game", Opt::from("tablut")), ("opponent", Opt::User(BOB))],
        ALICE,
        GAMES_CHANNEL,
    );
    let unsigned = Post { signature: None, ..Post::signed(&play) };
    assert_eq!(send(addr, "POST", unsigned).await.0, 401);
    let forged = Post { signature: Some("00".repeat(64)), ..Post::signed(&play) };
    assert_eq!(send(addr, "POST", forged).await.0, 401);
    let swapped = Post { body: b"{\"type\":1}".to_vec(), ..Post::signed(&play) };
    assert_eq!(send(addr, "POST", swapped).await.0, 401);
    let replayed = Post::signed_at(&play, now() - 6 * 60);
    assert_eq!(send(addr, "POST", replayed).await.0, 401, "a request older than five minutes");
    let garbage = Post::signed(&json!({ "hello": "world" }));
    assert_eq!(send(addr, "POST", garbage).await.0, 400);
    assert!(
        endpoint.sessions().store().open_session(GAMES_CHANNEL).await.unwrap().is_none(),
        "nothing refused was acted on"
    );
    endpoint.shutdown().await;
    fake.assert_no_refusals();
}

#[tokio::test]
async fn a_game_is_played_through_the_endpoint() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let endpoint = start(&fake, &dir).await;
    let addr = endpoint.local_addr();

    // A challenge: answered in the body, with its buttons.
    let play = fake.slash(
        "play",
        &[("game", Opt::from("tablut")), ("opponent", Opt::User(BOB)), ("side", Opt::from("first"))],
        ALICE,
        GAMES_CHANNEL,
    );
    let (status, body) = send(addr, "POST", Post::signed(&play)).await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["type"], 4, "{answer}");
    assert!(answer["data"]["content"].as_str().unwrap().contains("challenges"), "{answer}");
    assert_eq!(answer["data"]["allowed_mentions"]["users"], json!([BOB.id.to_string()]), "{answer}");
    let accept = answer["data"]["components"][0]["components"][0]["custom_id"].as_str().unwrap().to_string();

    // Bob accepts: the board is drawn, so the answer is deferred and the message edited through REST.
    let press = fake.button(&accept, BOB, GAMES_CHANNEL);
    let token = press["token"].as_str().unwrap().to_string();
    let (status, body) = send(addr, "POST", Post::signed(&press)).await;
    assert_eq!(
        (status, serde_json::from_str::<Value>(&body).unwrap()["type"].clone()),
        (200, json!(6)),
        "{body}"
    );
    let edit = fake
        .wait_for(|c| c.method == "PATCH" && c.path.contains(&format!("/{token}/messages/@original")), WAIT)
        .await;
    assert!(edit.content().is_some_and(|c| c.contains("begins")), "{edit:?}");

    // Alice moves; a wrong move gets a private sentence in the body.
    let bad = fake.slash("move", &[("move", Opt::from("e8-e7"))], ALICE, GAMES_CHANNEL);
    let (_, body) = send(addr, "POST", Post::signed(&bad)).await;
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!((answer["type"].clone(), answer["data"]["flags"].clone()), (json!(4), json!(64)), "{answer}");
    let good = fake.slash("move", &[("move", Opt::from("e8-d8"))], ALICE, GAMES_CHANNEL);
    let (_, body) = send(addr, "POST", Post::signed(&good)).await;
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["type"], 5, "deferred for the picture: {body}");
    endpoint.shutdown().await;
    let stored = SqliteStore::open(&dir.path().join("serve.db")).await.unwrap();
    let game = stored.open_session(GAMES_CHANNEL).await.unwrap().unwrap();
    assert_eq!(game.moves, vec!["e8-d8"], "the move was stored before the answer");
    fake.assert_no_refusals();
}
