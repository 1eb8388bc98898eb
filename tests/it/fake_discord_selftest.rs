//! Runs a real serenity client against the fake Discord: registration, slash command (defer, then an
//! edit with a PNG and an embed), autocomplete, button, heartbeats, resume, follow-ups and shutdown.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use serenity::all::{
    ChannelId, ClientBuilder, CommandInteraction, CommandOptionType, ComponentInteraction, Context,
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse, CreateButton,
    CreateCommand, CreateCommandOption, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, EventHandler, GatewayIntents, GuildId, HttpBuilder, HttpError, Interaction,
    InteractionId, Ready, ResolvedValue, UserId,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use crate::support::{
    ALICE, APP_ID, AllowedMentions, BOB, Body, CAROL, FakeDiscord, GAMES_CHANNEL, GUILD_ID, Pings,
};

const TOKEN: &str = "fake-token-not-secret";
const WAIT: Duration = Duration::from_secs(10);
/// A 1×1 PNG (signature, IHDR, IDAT, IEND).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00,
    0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00,
    0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05,
    0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42,
    0x60, 0x82,
];
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A minimal bot: it reports what it did (or the error it got) on a channel so the test sees failures.
struct Bot {
    report: mpsc::UnboundedSender<String>,
}

impl Bot {
    fn say(&self, what: impl Into<String>) {
        drop(self.report.send(what.into()));
    }

    async fn command(&self, ctx: &Context, command: &CommandInteraction) -> serenity::Result<()> {
        command.defer(&ctx.http).await?;
        let opponent = command
            .data
            .options()
            .into_iter()
            .find_map(|o| match o.value {
                ResolvedValue::User(user, _) => user.global_name.clone(),
                _ => None,
            })
            .unwrap_or_default();
        let edit = EditInteractionResponse::new()
            .content(format!("{} vs {opponent}", command.user.name))
            .embed(CreateEmbed::new().title("Tablut").image("attachment://board.png"))
            .new_attachment(CreateAttachment::bytes(PNG, "board.png"))
            .components(vec![CreateActionRow::Buttons(vec![CreateButton::new("accept:1").label("Accept")])]);
        let message = command.edit_response(&ctx.http, edit).await?;
        self.say(format!("edited {} with {} attachment(s)", message.id, message.attachments.len()));
        Ok(())
    }

    async fn button(&self, ctx: &Context, component: &ComponentInteraction) -> serenity::Result<()> {
        let reply = CreateInteractionResponseMessage::new()
            .content(format!("{} clicked {}", component.user.name, component.data.custom_id))
            .ephemeral(true);
        component.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await?;
        let followup = CreateInteractionResponseFollowup::new().content("follow-up").ephemeral(true);
        let message = component.create_followup(&ctx.http, followup).await?;
        self.say(format!("button answered on message {}, follow-up {}", component.message.id, message.id));
        Ok(())
    }
}

#[serenity::async_trait]
impl EventHandler for Bot {
    async fn ready(&self, ctx: Context, ready: Ready) {
        let play = CreateCommand::new("play")
            .description("Start a game")
            .add_option(
                CreateCommandOption::new(CommandOptionType::String, "game", "Which game")
                    .required(true)
                    .set_autocomplete(true),
            )
            .add_option(CreateCommandOption::new(CommandOptionType::User, "opponent", "Who to play"));
        match GuildId::new(GUILD_ID).set_commands(&ctx.http, vec![play]).await {
            Ok(commands) => self.say(format!("ready as {}; registered {}", ready.user.name, commands.len())),
            Err(e) => self.say(format!("error registering: {e}")),
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Command(command) => self.command(&ctx, command).await,
            Interaction::Autocomplete(autocomplete) => {
                let typed = autocomplete.data.autocomplete().map(|o| o.value.to_owned()).unwrap_or_default();
                let choices = ["tablut", "tzaar", "tantrix"]
                    .into_iter()
                    .filter(|game| game.starts_with(&typed))
                    .fold(CreateAutocompleteResponse::new(), |r, game| r.add_string_choice(game, game));
                autocomplete
                    .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(choices))
                    .await
            }
            Interaction::Component(component) => self.button(&ctx, component).await,
            _ => Ok(()),
        };
        if let Err(e) = result {
            self.say(format!("error answering {:?}: {e}", interaction.id()));
        }
    }
}

/// Waits for the bot's next report and fails on an error report.
async fn next_report(reports: &mut mpsc::UnboundedReceiver<String>) -> String {
    let report =
        tokio::time::timeout(WAIT, reports.recv()).await.expect("a bot report in time").expect("bot alive");
    assert!(!report.starts_with("error"), "the bot failed: {report}");
    report
}

fn id_of(interaction: &Value) -> u64 {
    interaction["id"].as_str().and_then(|id| id.parse().ok()).expect("interaction id")
}

#[tokio::test]
async fn interaction_builders_deserialize_in_serenity() {
    let fake = FakeDiscord::start().await;
    let payloads = [
        fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], ALICE, GAMES_CHANNEL),
        fake.slash("game move", &[("move", "e8-d8".into()), ("n", 3.into())], CAROL, 1),
        fake.slash("admin games reset", &[("hard", true.into())], ALICE, GAMES_CHANNEL),
        fake.autocomplete("move", &[("move", "e8".into())], "move", ALICE, GAMES_CHANNEL),
        fake.button("accept:333:1", BOB, GAMES_CHANNEL),
        fake.select("pick", &["a", "b"], BOB, GAMES_CHANNEL),
    ];
    let mut ids = std::collections::HashSet::new();
    for payload in payloads {
        assert!(ids.insert(id_of(&payload)), "interaction ids are unique");
        let parsed: Interaction = serde_json::from_value(payload.clone())
            .unwrap_or_else(|e| panic!("serenity rejects {payload}: {e}"));
        assert_eq!(parsed.token(), format!("tok-{}", id_of(&payload)));
        if let Interaction::Command(command) = &parsed {
            if command.data.name == "play" {
                let users = &command.data.resolved.users;
                assert_eq!(users.values().next().map(|u| u.name.as_str()), Some("bob"));
            }
        }
    }
    let nested = fake.slash("admin games reset", &[("hard", true.into())], ALICE, GAMES_CHANNEL);
    assert_eq!(nested["data"]["name"], "admin");
    assert_eq!(nested["data"]["options"][0]["type"], 2);
    assert_eq!(nested["data"]["options"][0]["options"][0]["type"], 1);
    assert_eq!(nested["data"]["options"][0]["options"][0]["options"][0]["type"], 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_client_runs_against_the_fake() {
    let started = Instant::now();
    let fake = FakeDiscord::start_with_heartbeat(Duration::from_millis(250)).await;
    let http = HttpBuilder::new(TOKEN).proxy(fake.base_url()).ratelimiter_disabled(true).build();
    let (report, mut reports) = mpsc::unbounded_channel();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .event_handler(Bot { report })
        .await
        .expect("client builds");
    let shard_manager = client.shard_manager.clone();
    let http = client.http.clone();
    let running = tokio::spawn(async move { client.start().await });

    // Gateway: HELLO, IDENTIFY, READY; the handler registers its command.
    fake.wait_ready(WAIT).await;
    let identify = fake.wait_for_gateway_op(2, WAIT).await;
    assert_eq!(identify["d"]["intents"], json!(GatewayIntents::GUILDS.bits()));
    assert!(identify["d"]["token"].as_str().unwrap().contains(TOKEN));
    assert!(next_report(&mut reports).await.contains("registered 1"));
    let registration = fake.wait_for(|c| c.is("PUT", "/applications/222/guilds/111/commands"), WAIT).await;
    assert_eq!(registration.header("authorization"), Some(format!("Bot {TOKEN}").as_str()));
    let body = registration.json().unwrap();
    assert_eq!(body[0]["name"], "play");
    assert_eq!(body[0]["options"][0]["autocomplete"], true);
    assert_eq!(body[0]["options"][1]["type"], 6);
    assert_eq!(fake.registered_commands()[0]["name"], "play");

    // Autocomplete: type 8 with the matching choices.
    let autocomplete = fake.autocomplete("play", &[("game", "ta".into())], "game", ALICE, GAMES_CHANNEL);
    fake.send_interaction(autocomplete.clone()).await;
    let answer = fake.wait_for_callback(id_of(&autocomplete), WAIT).await;
    assert_eq!(answer.callback_type(), Some(8));
    let choices = &answer.json().unwrap()["data"]["choices"];
    assert_eq!(
        choices,
        &json!([{ "name": "tablut", "value": "tablut" }, { "name": "tantrix", "value": "tantrix" }])
    );

    // Slash command: deferred (type 5), then the original response edited with the board.
    let play =
        fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], ALICE, GAMES_CHANNEL);
    fake.send_interaction(play.clone()).await;
    let deferred = fake.wait_for_callback(id_of(&play), WAIT).await;
    assert_eq!(deferred.callback_type(), Some(5));
    assert!(!deferred.is_ephemeral());
    let edit = fake
        .wait_for(
            |c| c.is("PATCH", "/webhooks/*/*/messages/@original") && c.interaction_id() == Some(id_of(&play)),
            WAIT,
        )
        .await;
    assert_eq!(edit.route(), format!("/webhooks/{APP_ID}/tok-{}/messages/@original", id_of(&play)));
    assert_eq!(edit.content().as_deref(), Some("alice vs Bob"));
    let files = edit.files();
    assert_eq!(files.len(), 1);
    assert_eq!((files[0].name.as_str(), files[0].filename.as_deref()), ("files[0]", Some("board.png")));
    assert_eq!(files[0].content_type.as_deref(), Some("image/png"));
    assert!(files[0].bytes.starts_with(PNG_SIGNATURE));
    let payload = edit.payload_json().expect("multipart payload_json");
    assert_eq!(payload["attachments"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        (&payload["attachments"][0]["id"], &payload["attachments"][0]["filename"]),
        (&json!(0), &json!("board.png"))
    );
    assert_eq!(payload["embeds"][0]["image"]["url"], "attachment://board.png");
    assert!(next_report(&mut reports).await.contains("with 1 attachment(s)"));

    // Button on the board message: an ephemeral message (type 4, flags 64) and a follow-up.
    let button = fake.button("accept:1", BOB, GAMES_CHANNEL);
    let board_id = edit.response.as_ref().unwrap()["id"].clone();
    assert_eq!(button["message"]["id"], board_id, "the click is on the message that has the button");
    let board = fake.message(board_id.as_str().unwrap().parse().unwrap()).expect("the board message is kept");
    assert_eq!(board["flags"], 0, "the edit ended the deferred 'thinking' state");
    assert!(board["embeds"][0]["image"]["url"].as_str().unwrap().starts_with(&fake.base_url()));
    fake.send_interaction(button.clone()).await;
    let reply = fake.wait_for_callback(id_of(&button), WAIT).await;
    assert_eq!(reply.callback_type(), Some(4));
    assert!(reply.is_ephemeral());
    assert_eq!(reply.content().as_deref(), Some("bob clicked accept:1"));
    let followup =
        fake.wait_for(|c| c.is("POST", "/webhooks/*/*") && c.interaction_id() == Some(id_of(&button)), WAIT);
    let followup = followup.await;
    assert!(followup.is_ephemeral());
    assert_eq!(followup.content().as_deref(), Some("follow-up"));
    assert!(next_report(&mut reports).await.starts_with("button answered"));

    // Plain REST calls through the same Http: they deserialize.
    assert_eq!(http.get_current_user().await.expect("users/@me").name, "tabula");
    let message = CreateMessage::new().content("hello").add_file(CreateAttachment::bytes(PNG, "board.png"));
    let sent = ChannelId::new(GAMES_CHANNEL).send_message(&http, message).await.expect("channel message");
    assert_eq!((sent.content.as_str(), sent.attachments.len()), ("hello", 1));
    let posted = fake.wait_for(|c| c.is("POST", "/channels/333/messages"), WAIT).await;
    assert_eq!(posted.content().as_deref(), Some("hello"));
    let missing = http.get_channel(ChannelId::new(1)).await.expect_err("unknown routes are 404");
    assert!(missing.to_string().contains("fake Discord"), "{missing}");

    // Heartbeats are acknowledged; a requested reconnect resumes the session and events still flow.
    fake.wait_for_gateway_op(1, WAIT).await;
    fake.request_reconnect().await;
    let resume = fake.wait_for_gateway_op(6, WAIT).await;
    assert!(resume["d"]["session_id"].as_str().unwrap().starts_with("sess-"));
    let again = fake.autocomplete("play", &[("game", "tz".into())], "game", CAROL, GAMES_CHANNEL);
    fake.send_interaction(again.clone()).await;
    let answer = fake.wait_for_callback(id_of(&again), WAIT).await;
    assert_eq!(answer.json().unwrap()["data"]["choices"][0]["value"], "tzaar");

    // Clean shutdown.
    tokio::time::timeout(WAIT, shard_manager.shutdown_all()).await.expect("shards shut down in time");
    let result = tokio::time::timeout(WAIT, running).await.expect("client stops in time").expect("join");
    result.expect("client ran cleanly");
    let unexpected: Vec<String> = fake
        .calls()
        .iter()
        .filter(|c| c.status >= 400 && !c.is("GET", "/channels/1"))
        .map(|c| format!("{} {}", c.method, c.path))
        .collect();
    assert!(unexpected.is_empty(), "unexpected failing calls: {unexpected:?}");
    eprintln!("serenity self-test took {:?}", started.elapsed());
}

// ---------------------------------------------------------------------------------------------------
// The REST server and what Discord refuses, exercised directly over loopback.

/// Sends one request to the fake's REST API with hyper's plain HTTP/1.1 client; returns the status and
/// the JSON answer (`Value::Null` for an empty body).
async fn request(fake: &FakeDiscord, method: &str, route: &str, body: &Value) -> (u16, Value) {
    let address = fake.base_url().trim_start_matches("http://").to_owned();
    let stream = TcpStream::connect(&address).await.expect("connect to the fake's REST port");
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.expect("HTTP handshake");
    tokio::spawn(connection);
    let request = hyper::Request::builder()
        .method(method)
        .uri(format!("/api/v10{route}"))
        .header("host", &address)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("a valid request");
    let response = sender.send_request(request).await.expect("an answer");
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.expect("the whole answer").to_bytes();
    let json = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).expect("JSON") };
    (status, json)
}

/// A bare gateway client that identifies, so that the fake can dispatch interactions (and time them).
async fn identify(fake: &FakeDiscord) -> impl Sized {
    let (mut ws, _) = tokio_tungstenite::connect_async(fake.gateway_url()).await.expect("gateway connects");
    let hello = ws.next().await.expect("HELLO").expect("a frame");
    assert!(hello.to_string().contains("heartbeat_interval"), "{hello}");
    let identify = json!({ "op": 2, "d": { "token": TOKEN, "intents": 0, "properties": {} } });
    ws.send(Message::Text(identify.to_string())).await.expect("IDENTIFY sent");
    fake.wait_ready(WAIT).await;
    ws
}

/// The route of interaction `payload`'s callback.
fn callback_route(payload: &Value) -> String {
    format!(
        "/interactions/{}/{}/callback",
        payload["id"].as_str().unwrap(),
        payload["token"].as_str().unwrap()
    )
}

/// The `_errors` codes of Discord's "Invalid Form Body" at a dotted path.
fn form_error(answer: &Value, path: &str) -> Vec<String> {
    let errors = path.split('.').fold(&answer["errors"], |node, key| &node[key]);
    let list = errors["_errors"].as_array().map(Vec::as_slice).unwrap_or_default();
    list.iter().map(|e| e["code"].as_str().unwrap_or_default().to_owned()).collect()
}

/// An autocomplete result with `n` choices named `{name}{i}`.
fn choices(n: usize, name: &str) -> Value {
    let choice = |i: usize| json!({ "name": format!("{name}{i}"), "value": format!("v{i}") });
    json!({ "type": 8, "data": { "choices": (0..n).map(choice).collect::<Vec<_>>() } })
}

#[tokio::test]
async fn parses_chunked_and_multipart_requests() {
    let fake = FakeDiscord::start().await;
    let mut body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.png\"\r\n\
                     Content-Type: image/png\r\n\r\n\x89PNG\r\n"
        .to_vec();
    body.extend_from_slice(
        b"--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"content\":\"hi\"}\r\n--XyZ--\r\n",
    );
    let mut raw = b"POST /api/v10/channels/1/messages?&wait=true HTTP/1.1\r\nHost: x\r\n\
          Content-Type: multipart/form-data; boundary=\"XyZ\"\r\nTransfer-Encoding: chunked\r\n\r\n"
        .to_vec();
    for chunk in body.chunks(17) {
        raw.extend_from_slice(format!("{:x};ext=1\r\n", chunk.len()).as_bytes());
        raw.extend_from_slice(chunk);
        raw.extend_from_slice(b"\r\n");
    }
    // A trailer, then a second request pipelined on the same connection, which it closes.
    raw.extend_from_slice(
        b"0\r\nx-trailer: 1\r\n\r\nGET /api/v10/users/@me HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\
          Connection: close\r\n\r\n",
    );
    let mut stream = TcpStream::connect(fake.base_url().trim_start_matches("http://")).await.unwrap();
    stream.write_all(&raw).await.unwrap();
    let mut answers = String::new();
    tokio::time::timeout(WAIT, stream.read_to_string(&mut answers)).await.expect("answers in time").unwrap();
    assert_eq!(answers.matches("HTTP/1.1 200 OK").count(), 2, "{answers}");

    let calls = fake.calls();
    assert_eq!(calls.len(), 2, "{calls:?}");
    let request = &calls[0];
    assert_eq!(request.query, vec![("wait".to_owned(), "true".to_owned())]);
    let Body::Multipart(parts) = &request.body else { panic!("not multipart: {request:?}") };
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].filename.as_deref(), Some("a.png"));
    assert_eq!(parts[0].content_type.as_deref(), Some("image/png"));
    assert_eq!(parts[0].bytes, b"\x89PNG");
    assert_eq!(parts[1].bytes, b"{\"content\":\"hi\"}");
    assert_eq!(request.content().as_deref(), Some("hi"));
    assert_eq!((calls[1].method.as_str(), calls[1].path.as_str()), ("GET", "/api/v10/users/@me"));
    assert!(fake.refusals().is_empty());
}

#[tokio::test]
async fn refuses_an_initial_response_after_three_seconds() {
    let fake = FakeDiscord::start().await;
    let _gateway = identify(&fake).await;
    let prompt = fake.slash("board", &[], ALICE, GAMES_CHANNEL);
    let late = fake.slash("board", &[], BOB, GAMES_CHANNEL);
    fake.send_interaction(prompt.clone()).await;
    fake.send_interaction(late.clone()).await;
    let deferred = json!({ "type": 5, "data": {} });
    assert_eq!(request(&fake, "POST", &callback_route(&prompt), &deferred).await, (204, Value::Null));
    let answered = fake.wait_for_callback(id_of(&prompt), WAIT).await;
    assert!(answered.since_dispatch.is_some_and(|t| t < Duration::from_secs(3)), "{answered:?}");

    fake.initial_response_expired(&late).await;
    let (status, answer) = request(&fake, "POST", &callback_route(&late), &deferred).await;
    assert_eq!((status, &answer["code"]), (404, &json!(10062)), "{answer}");
    assert_eq!(answer["message"], "Unknown interaction");
    let refused = fake.take_refusals();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].interaction_id(), Some(id_of(&late)));
    assert_eq!(refused[0].refusal.as_ref().map(|r| r.code), Some(10062));
    assert!(refused[0].since_dispatch.is_some_and(|t| t > Duration::from_secs(3)));
}

#[tokio::test]
async fn refuses_a_second_initial_response() {
    let fake = FakeDiscord::start().await;
    let _gateway = identify(&fake).await;
    let button = fake.button("accept:1", BOB, GAMES_CHANNEL);
    fake.send_interaction(button.clone()).await;
    let route = callback_route(&button);

    // A refused answer does not acknowledge: the interaction can still be answered once.
    let too_long = json!({ "type": 4, "data": { "content": "x".repeat(2001) } });
    let (status, answer) = request(&fake, "POST", &route, &too_long).await;
    assert_eq!((status, &answer["code"]), (400, &json!(50035)), "{answer}");
    assert_eq!(form_error(&answer, "data.content"), ["BASE_TYPE_MAX_LENGTH"]);
    assert_eq!(request(&fake, "POST", &route, &json!({ "type": 6 })).await, (204, Value::Null));
    let (status, answer) = request(&fake, "POST", &route, &json!({ "type": 6 })).await;
    assert_eq!((status, &answer["code"]), (400, &json!(40060)), "{answer}");
    assert_eq!(answer["message"], "Interaction has already been acknowledged.");
    let codes: Vec<u64> =
        fake.take_refusals().iter().filter_map(|c| Some(c.refusal.as_ref()?.code)).collect();
    assert_eq!(codes, [50035, 40060]);
    // Follow-ups are not initial responses: any number of them.
    let followup = format!("/webhooks/{APP_ID}/{}", button["token"].as_str().unwrap());
    for _ in 0..2 {
        assert_eq!(request(&fake, "POST", &followup, &json!({ "content": "again" })).await.0, 200);
    }
}

#[tokio::test]
async fn refuses_content_over_2000_characters() {
    let fake = FakeDiscord::start().await;
    // Characters, not bytes: 2,000 two-byte characters pass.
    let full = json!({ "content": "é".repeat(2000) });
    let over = json!({ "content": "é".repeat(2001) });
    let (status, message) = request(&fake, "POST", "/channels/333/messages", &full).await;
    assert_eq!(status, 200, "{message}");
    let id = message["id"].as_str().unwrap().to_owned();
    let interaction = fake.slash("help", &[], ALICE, GAMES_CHANNEL);
    let token = interaction["token"].as_str().unwrap();
    let routes = [
        ("POST", "/channels/333/messages".to_owned()),
        ("PATCH", format!("/channels/333/messages/{id}")),
        ("POST", format!("/webhooks/{APP_ID}/{token}")),
        ("PATCH", format!("/webhooks/{APP_ID}/{token}/messages/@original")),
    ];
    for (method, route) in &routes {
        let (status, answer) = request(&fake, method, route, &over).await;
        assert_eq!((status, &answer["code"]), (400, &json!(50035)), "{method} {route}: {answer}");
        assert_eq!(form_error(&answer, "content"), ["BASE_TYPE_MAX_LENGTH"], "{answer}");
    }
    let message = json!({ "type": 4, "data": over });
    assert_eq!(request(&fake, "POST", &callback_route(&interaction), &message).await.0, 400);
    let refused = fake.take_refusals();
    assert_eq!(refused.len(), routes.len() + 1);
    assert!(refused.iter().all(|c| c.refusal.as_ref().unwrap().reason.contains("2000 or fewer")));
    // The refused edit changed nothing.
    let kept = fake.message(id.parse().unwrap()).unwrap();
    assert_eq!(kept["content"].as_str().map(|c| c.chars().count()), Some(2000));
}

#[tokio::test]
async fn refuses_too_many_or_too_long_autocomplete_choices() {
    let fake = FakeDiscord::start().await;
    let mut answers = Vec::new();
    // Names are `{name}{i}`: 99 + 1 and 100 + 1 characters.
    for body in [
        choices(25, "move "),
        choices(26, "move "),
        choices(1, &"n".repeat(99)),
        choices(1, &"n".repeat(100)),
    ] {
        let interaction = fake.autocomplete("move", &[("move", "e".into())], "move", ALICE, GAMES_CHANNEL);
        answers.push(request(&fake, "POST", &callback_route(&interaction), &body).await);
    }
    assert_eq!(answers.iter().map(|(status, _)| *status).collect::<Vec<_>>(), [204, 400, 204, 400]);
    assert_eq!(form_error(&answers[1].1, "data.choices"), ["BASE_TYPE_MAX_LENGTH"], "{}", answers[1].1);
    assert_eq!(
        form_error(&answers[3].1, "data.choices.0.name"),
        ["BASE_TYPE_BAD_LENGTH"],
        "{}",
        answers[3].1
    );
    assert_eq!(fake.take_refusals().len(), 2);

    // serenity reads the refusal as Discord's error, with the field's path.
    let http = HttpBuilder::new(TOKEN).proxy(fake.base_url()).ratelimiter_disabled(true).build();
    let interaction = fake.autocomplete("move", &[("move", "e".into())], "move", ALICE, GAMES_CHANNEL);
    let many =
        (0..26).fold(CreateAutocompleteResponse::new(), |r, i| r.add_string_choice(format!("m{i}"), "m"));
    let response = CreateInteractionResponse::Autocomplete(many);
    let token = interaction["token"].as_str().unwrap();
    let err = http
        .create_interaction_response(InteractionId::new(id_of(&interaction)), token, &response, vec![])
        .await
        .expect_err("26 choices are refused");
    let serenity::Error::Http(HttpError::UnsuccessfulRequest(refusal)) = err else { panic!("{err:?}") };
    assert_eq!((refusal.status_code.as_u16(), refusal.error.code), (400, 50035));
    assert_eq!(refusal.error.errors[0].path, "data.choices");
    assert_eq!(fake.take_refusals().len(), 1);
}

#[tokio::test]
async fn records_allowed_mentions_and_who_is_pinged() {
    let fake = FakeDiscord::start().await;
    let http = HttpBuilder::new(TOKEN).proxy(fake.base_url()).ratelimiter_disabled(true).build();
    let content = format!("{} vs {} <@&9> @everyone", ALICE.mention(), BOB.mention());
    let games = ChannelId::new(GAMES_CHANNEL);
    let only_alice = CreateAllowedMentions::new().users([UserId::new(ALICE.id)]);
    let message = CreateMessage::new().content(&content).allowed_mentions(only_alice);
    games.send_message(&http, message).await.expect("sent");
    games.send_message(&http, CreateMessage::new().content(&content)).await.expect("sent");
    let calls = fake.calls();
    let allowed = calls[0].allowed_mentions().expect("allowed_mentions recorded");
    assert_eq!((allowed.parse.len(), allowed.users.as_slice(), allowed.roles.len()), (0, &[ALICE.id][..], 0));
    assert_eq!(calls[0].pings(), Pings { users: vec![ALICE.id], roles: vec![], everyone: false });
    // Without allowed_mentions Discord pings everything the content mentions.
    assert_eq!(calls[1].allowed_mentions(), None);
    assert_eq!(calls[1].pings(), Pings { users: vec![ALICE.id, BOB.id], roles: vec![9], everyone: true });

    // In an interaction response, under `data`; an empty list pings nobody.
    let interaction = fake.slash("help", &[], ALICE, GAMES_CHANNEL);
    let data = json!({ "content": content, "allowed_mentions": { "parse": [] } });
    let route = callback_route(&interaction);
    assert_eq!(request(&fake, "POST", &route, &json!({ "type": 4, "data": data })).await.0, 204);
    let answer = fake.wait_for_callback(id_of(&interaction), WAIT).await;
    assert_eq!(answer.allowed_mentions(), Some(AllowedMentions::default()));
    assert!(answer.pings().is_empty());

    // Parsing users while listing them is refused.
    let both = json!({ "content": "hi", "allowed_mentions": { "parse": ["users"], "users": ["555"] } });
    let (status, answer) = request(&fake, "POST", "/channels/333/messages", &both).await;
    assert_eq!(status, 400);
    assert_eq!(form_error(&answer, "allowed_mentions"), ["MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"]);
    assert_eq!(fake.take_refusals().len(), 1);
}

#[tokio::test]
async fn a_refusal_nobody_took_fails_the_test() {
    let dropped = tokio::spawn(async {
        let fake = FakeDiscord::start().await;
        let over = json!({ "content": "x".repeat(2001) });
        assert_eq!(request(&fake, "POST", "/channels/333/messages", &over).await.0, 400);
        fake.assert_no_refusals();
    });
    let panic = dropped.await.expect_err("the test fails").into_panic();
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("refused") && message.contains("content"), "{message}");

    let dropped = tokio::spawn(async {
        let fake = FakeDiscord::start().await;
        request(&fake, "POST", "/channels/333/messages", &json!({ "content": "x".repeat(2001) })).await;
    });
    let panic = dropped.await.expect_err("dropping the fake fails the test").into_panic();
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("the fake Discord refused"), "{message}");
}

#[tokio::test]
async fn refuses_application_emojis_discord_would_not_create() {
    let fake = FakeDiscord::start().await;
    let route = format!("/applications/{APP_ID}/emojis");
    let png = CreateAttachment::bytes(PNG, "tile.png").to_base64();
    let huge = format!("data:image/png;base64,iVBORw0KGgo{}", "A".repeat(360_000));
    let refused = [
        json!({ "name": "t", "image": png }),
        json!({ "name": "tile-1", "image": png }),
        json!({ "name": "t".repeat(33), "image": png }),
        json!({ "name": "tile", "image": png.replace("image/png", "image/webp") }),
        json!({ "name": "tile", "image": "data:image/png;base64,R0lGODlh" }),
        json!({ "name": "tile", "image": huge }),
    ];
    for body in &refused {
        let (status, answer) = request(&fake, "POST", &route, body).await;
        assert_eq!(status, 400, "{answer}");
    }
    let (status, created) = request(&fake, "POST", &route, &json!({ "name": "tile_01", "image": png })).await;
    assert_eq!(status, 200, "{created}");
    let (status, twice) = request(&fake, "POST", &route, &json!({ "name": "tile_01", "image": png })).await;
    assert_eq!(status, 400, "a name is taken once: {twice}");
    let (status, listed) = request(&fake, "GET", &route, &Value::Null).await;
    assert_eq!(status, 200);
    assert_eq!(listed["items"].as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(listed["items"][0]["id"], created["id"]);

    // A select option may show only an emoji the application owns.
    let menu = |id: &Value| {
        let option = json!({ "label": "Tile 1", "value": "1", "emoji": { "id": id, "name": "tile_01" } });
        json!({ "content": "pick", "components": [{ "type": 1, "components": [
            { "type": 3, "custom_id": "pick", "options": [option] }
        ] }] })
    };
    let (status, answer) = request(&fake, "POST", "/channels/333/messages", &menu(&created["id"])).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = request(&fake, "POST", "/channels/333/messages", &menu(&json!("999"))).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        form_error(&answer, "components.0.components.0.options.0.emoji.id"),
        ["COMPONENT_INVALID_EMOJI"]
    );
    assert_eq!(fake.take_refusals().len(), refused.len() + 2);
}

/// The fake's rate limits catch a client that does not keep them: a call sent again before its `retry_after`, and
/// the 51st call within a second, are refused; interaction callbacks are outside the global limit.
#[tokio::test]
async fn the_fake_refuses_calls_that_do_not_wait() {
    use crate::support::ratelimits::{GLOBAL_LIMIT, Storm};
    let fake = FakeDiscord::start().await;
    fake.storm(Storm {
        method: Some("POST"),
        pattern: "/channels/*/messages",
        count: 1,
        retry_after: Duration::from_secs(2),
        global: false,
    });
    let message = json!({ "content": "hello" });
    let (status, answer) = request(&fake, "POST", "/channels/333/messages", &message).await;
    assert_eq!((status, answer["global"].clone()), (429, json!(false)), "{answer}");
    assert!(answer["retry_after"].as_f64().unwrap() > 1.9, "{answer}");
    let (status, _) = request(&fake, "POST", "/channels/333/messages", &message).await;
    assert_eq!(status, 429, "sent again at once");
    let refused = fake.take_refusals();
    assert_eq!(refused.len(), 1);
    assert!(refused[0].refusal.as_ref().unwrap().reason.contains("before its retry_after"), "{refused:?}");
    // Another channel is another route; then the global limit (the two calls above count in it).
    let mut statuses = Vec::new();
    for _ in 2..GLOBAL_LIMIT {
        statuses.push(request(&fake, "POST", "/channels/334/messages", &message).await.0);
    }
    assert!(statuses.iter().all(|&s| s == 200), "{statuses:?}");
    let (status, answer) = request(&fake, "POST", "/channels/334/messages", &message).await;
    assert_eq!((status, answer["global"].clone()), (429, json!(true)), "the 51st within a second");
    assert_eq!(fake.take_refusals().len(), 1);
    assert_eq!(fake.busiest_second(), GLOBAL_LIMIT + 1);
}
