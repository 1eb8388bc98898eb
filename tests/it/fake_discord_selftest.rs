//! Runs a real serenity client against the fake Discord: registration, slash command (defer, then an
//! edit with a PNG and an embed), autocomplete, button, heartbeats, resume, follow-ups and shutdown.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serenity::all::{
    ChannelId, ClientBuilder, CommandInteraction, CommandOptionType, ComponentInteraction, Context,
    CreateActionRow, CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand,
    CreateCommandOption, CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EventHandler, GatewayIntents,
    GuildId, HttpBuilder, Interaction, Ready, ResolvedValue,
};
use tokio::sync::mpsc;

use crate::fake_discord::{ALICE, APP_ID, BOB, CAROL, FakeDiscord, GAMES_CHANNEL, GUILD_ID};

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
