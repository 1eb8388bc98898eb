//! The real bot (serenity client, session layer, SQLite store, renderer) against the fake Discord on loopback.

use std::time::Duration;

use serde_json::Value;
use tabula::config::{Config, Token};
use tabula::discord::Bot;
use tabula::store::SqliteStore;

use crate::fake_discord::{ALICE, BOB, CAROL, FakeDiscord, GAMES_CHANNEL, GUILD_ID, Opt, RecordedCall, User};

mod chat;
mod clocks;
mod coach;
mod daily;
mod digest;
mod gateway;
mod hostile;
mod languages;
mod outages;
mod picker;
mod privacy;
mod puzzle;
mod ratelimits;
mod ratings;
mod records;
mod settings;
mod shards;
mod tactic;
mod tournament;

const WAIT: Duration = Duration::from_secs(20);

pub struct Running {
    pub fake: FakeDiscord,
    pub bot: Bot,
    pub _dir: tempfile::TempDir,
}

/// Starts the fake Discord and the bot pointed at it, and waits until the commands are registered.
/// The bot's config for a test: the fake Discord as its API proxy, a database in `dir`.
fn test_config(fake: &FakeDiscord, dir: &tempfile::TempDir) -> Config {
    Config {
        token: Token::new("fake-token-not-secret"),
        guild_id: Some(GUILD_ID),
        database: dir.path().join("bot.db"),
        api_proxy: Some(fake.base_url()),
        // The computer and the coach think a fifth of a second at most: what they say is under test, not how
        // well they play.
        ai_time_ms: 200,
        ..Config::default()
    }
}

/// Starts the bot over the SQLite file its config names, as `main` does.
pub async fn open_bot(config: &Config) -> Bot {
    let store = SqliteStore::open(&config.database).await.unwrap();
    Bot::start(config, store).await.unwrap()
}

/// Starts the bot on a clock the test moves (`now`, seconds since the epoch), over the database its config names.
pub async fn start_on_clock(config: &Config, now: &std::sync::Arc<std::sync::atomic::AtomicI64>) -> Bot {
    let store = SqliteStore::open(&config.database).await.unwrap();
    let now = now.clone();
    let clock = std::sync::Arc::new(move || now.load(std::sync::atomic::Ordering::SeqCst));
    Bot::start_with_clock(config, store, clock).await.unwrap()
}

/// The custom id of the button labelled `label` in a message.
pub fn button(message: &Value, label: &str) -> String {
    let rows = message["components"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["type"] == 2 && c["label"] == label)
        .and_then(|b| b["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no {label} button in {message}"))
}

/// Moves the test's clock forward and wakes the bot's clock task.
pub fn advance(bot: &Bot, now: &std::sync::atomic::AtomicI64, seconds: i64) {
    now.fetch_add(seconds, std::sync::atomic::Ordering::SeqCst);
    bot.sessions().poke_clocks();
}

pub async fn start_bot() -> Running {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let bot = open_bot(&config).await;
    fake.wait_ready(WAIT).await;
    fake.wait_for(
        |c| c.method == "PUT" && c.route().ends_with(&format!("/guilds/{GUILD_ID}/commands")),
        WAIT,
    )
    .await;
    Running { fake, bot, _dir: dir }
}

fn interaction_id(payload: &Value) -> u64 {
    payload["id"].as_str().unwrap().parse().unwrap()
}

/// Sends an interaction and returns its callback.
pub async fn send(fake: &FakeDiscord, payload: Value) -> (u64, RecordedCall) {
    let id = interaction_id(&payload);
    fake.send_interaction(payload).await;
    (id, fake.wait_for_callback(id, WAIT).await)
}

/// Waits for the edit of a deferred answer (the one that carries the board).
pub async fn original_edit(fake: &FakeDiscord, id: u64) -> RecordedCall {
    fake.wait_for(
        |c| {
            c.method == "PATCH"
                && c.route().ends_with("/messages/@original")
                && c.interaction_id() == Some(id)
        },
        WAIT,
    )
    .await
}

/// Checks an edit carries a PNG board of a plausible size and returns the text.
pub fn assert_board(edit: &RecordedCall) -> String {
    let files = edit.files();
    assert_eq!(files.len(), 1, "one picture attached");
    assert_eq!(files[0].filename.as_deref(), Some("board.png"));
    let img = image::load_from_memory(&files[0].bytes).expect("the attachment decodes as an image");
    assert!(
        (600..=1200).contains(&img.width()) && (300..=1600).contains(&img.height()),
        "{}x{}",
        img.width(),
        img.height()
    );
    let payload = edit.payload_json().unwrap();
    assert_eq!(payload["embeds"][0]["image"]["url"], "attachment://board.png");
    edit.content().unwrap_or_default()
}

pub async fn slash_move(fake: &FakeDiscord, user: User, text: &str) -> (u64, RecordedCall) {
    send(fake, fake.slash("move", &[("move", Opt::from(text))], user, GAMES_CHANNEL)).await
}

/// Starts a Tablut game between Alice (first, Black) and Bob via `/play` and the Accept button.
pub async fn start_tablut(fake: &FakeDiscord) {
    let play = fake.slash(
        "play",
        &[("game", "tablut".into()), ("opponent", BOB.into()), ("side", "first".into())],
        ALICE,
        GAMES_CHANNEL,
    );
    let (_, challenge) = send(fake, play).await;
    assert_eq!(challenge.callback_type(), Some(4));
    assert!(!challenge.is_ephemeral());
    let message = challenge.message().unwrap();
    assert!(challenge.content().unwrap().contains(&BOB.mention()), "{:?}", challenge.content());
    let accept = message["components"][0]["components"][0]["custom_id"].as_str().unwrap().to_string();
    assert!(accept.starts_with(&format!("accept:{GAMES_CHANNEL}:")), "{accept}");

    // Carol presses Accept: told privately that it is not hers.
    let (_, nope) = send(fake, fake.button(&accept, CAROL, GAMES_CHANNEL)).await;
    assert!(nope.is_ephemeral(), "{nope:?}");
    let (id, ack) = send(fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    assert_eq!(ack.callback_type(), Some(6), "the challenge message is updated in place");
    let text = assert_board(&original_edit(fake, id).await);
    assert!(text.contains(&ALICE.mention()), "Alice is to move: {text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_commands_and_plays_a_game_to_its_end() {
    let Running { fake, bot, _dir } = start_bot().await;
    let names: Vec<String> =
        fake.registered_commands().iter().filter_map(|c| c["name"].as_str().map(str::to_string)).collect();
    for expected in ["play", "accept", "decline", "move", "board", "resign", "abort", "help"] {
        assert!(names.iter().any(|n| n == expected), "/{expected} registered: {names:?}");
    }
    start_tablut(&fake).await;

    // Autocomplete for /move offers Alice's legal moves from e8.
    let ac = fake.autocomplete("move", &[("move", Opt::from("e8"))], "move", ALICE, GAMES_CHANNEL);
    let (_, answer) = send(&fake, ac).await;
    assert_eq!(answer.callback_type(), Some(8));
    let choices = answer.json().unwrap()["data"]["choices"].as_array().unwrap().clone();
    assert!(!choices.is_empty() && choices.len() <= 25);
    assert!(choices.iter().all(|c| c["value"].as_str().unwrap().starts_with("e8")), "{choices:?}");

    // Mistakes are answered privately, at once, and change nothing.
    let (_, unreadable) = slash_move(&fake, ALICE, "e8-z9").await;
    assert!(unreadable.is_ephemeral() && unreadable.callback_type() == Some(4), "{unreadable:?}");
    let (_, illegal) = slash_move(&fake, ALICE, "e8-e4").await;
    assert!(illegal.is_ephemeral(), "{illegal:?}");
    let (_, early) = slash_move(&fake, BOB, "e4-h4").await;
    assert!(early.is_ephemeral() && early.content().unwrap().contains("not your turn"), "{early:?}");

    // A recorded game to its end: the king leaves the throne and is captured against it.
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    let mut last = String::new();
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        let (id, deferred) = slash_move(&fake, who, m).await;
        assert_eq!(deferred.callback_type(), Some(5), "move {m}: {deferred:?}");
        last = assert_board(&original_edit(&fake, id).await);
        assert!(last.contains(&format!("`{m}")), "{last}");
    }
    assert!(last.contains("Game over") && last.contains("wins"), "{last}");
    let (_, after) = slash_move(&fake, BOB, "e4-e3").await;
    assert!(after.is_ephemeral(), "no game any more: {after:?}");
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_and_its_buttons_survive_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let bot = open_bot(&config).await;
    fake.wait_ready(WAIT).await;
    let play =
        fake.slash("play", &[("game", "tablut".into()), ("opponent", BOB.into())], ALICE, GAMES_CHANNEL);
    let (_, challenge) = send(&fake, play).await;
    let accept = challenge.message().unwrap()["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    bot.shutdown().await.unwrap();

    // A new process: same database, a fresh gateway session; the old button still works.
    let bot = open_bot(&config).await;
    fake.wait_for_gateway_op(2, WAIT).await;
    let (id, ack) = send(&fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    assert_eq!(ack.callback_type(), Some(6), "{ack:?}");
    assert_board(&original_edit(&fake, id).await);
    let (_, board) = send(&fake, fake.slash("board", &[], BOB, GAMES_CHANNEL)).await;
    assert_eq!(board.callback_type(), Some(5));
    bot.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_token_never_reaches_the_bots_errors() {
    // A bot that cannot reach its gateway fails with a message that does not contain the token.
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        token: Token::new("very-secret-token-value"),
        database: dir.path().join("x.db"),
        api_proxy: Some("http://127.0.0.1:9".to_string()),
        ..Config::default()
    };
    let bot = open_bot(&config).await;
    let err = bot.shutdown().await;
    if let Err(e) = err {
        assert!(!format!("{e:#} {e:?}").contains("very-secret-token-value"));
    }
    assert!(!format!("{config:?}").contains("very-secret-token-value"));
}

/// Whose move it is, found the way a player would: autocomplete only offers moves to the player to move.
async fn player_to_move(fake: &FakeDiscord, players: &[User]) -> Option<(User, Vec<String>)> {
    for &p in players {
        let ac = fake.autocomplete("move", &[("move", Opt::from(""))], "move", p, GAMES_CHANNEL);
        let (_, answer) = send(fake, ac).await;
        let choices: Vec<String> = answer.json().unwrap()["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap().to_string())
            // Out of turn, the one choice says whose turn it is: it is no move.
            .filter(|v| v != tabula::session::NO_MOVE_CHOICE)
            .collect();
        if !choices.is_empty() {
            return Some((p, choices));
        }
    }
    None
}

/// Plays the game in the channel to its end, each player taking the first suggestion; returns the last text.
async fn play_out(fake: &FakeDiscord, players: &[User], max_moves: usize) -> String {
    let mut last = String::new();
    for _ in 0..max_moves {
        let Some((who, choices)) = player_to_move(fake, players).await else { return last };
        assert!(choices.len() <= 25);
        let (id, deferred) = slash_move(fake, who, &choices[0]).await;
        assert_eq!(deferred.callback_type(), Some(5), "{} played {}: {deferred:?}", who.name, choices[0]);
        last = assert_board(&original_edit(fake, id).await);
        if last.contains("Game over") {
            return last;
        }
    }
    panic!("the game did not end within {max_moves} moves; last: {last}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tzaar_game_with_whole_turns_and_single_moves() {
    let Running { fake, bot, _dir } = start_bot().await;
    let play = fake.slash(
        "play",
        &[
            ("game", "tzaar".into()),
            ("opponent", BOB.into()),
            ("side", "first".into()),
            ("setup", "standard".into()),
        ],
        ALICE,
        GAMES_CHANNEL,
    );
    let (_, challenge) = send(&fake, play).await;
    let accept = challenge.message().unwrap()["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (id, _) = send(&fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    assert_board(&original_edit(&fake, id).await);
    // White's opening is a single capture; a stacking move is refused with the reason.
    let (_, refused) = slash_move(&fake, ALICE, "A1-A2").await;
    assert!(refused.is_ephemeral(), "{refused:?}");
    let (id, _) = slash_move(&fake, ALICE, "A5xA4").await;
    assert_board(&original_edit(&fake, id).await);
    // Black sends a whole turn at once, after asking autocomplete for its captures from one point.
    let (who, choices) = player_to_move(&fake, &[ALICE, BOB]).await.unwrap();
    assert_eq!(who, BOB);
    let capture = choices.iter().find(|c| c.contains('x')).unwrap().clone();
    let (id, _) = slash_move(&fake, BOB, &format!("{capture} pass")).await;
    let text = assert_board(&original_edit(&fake, id).await);
    assert!(text.contains("pass") || text.contains("passed"), "{text}");
    let last = play_out(&fake, &[ALICE, BOB], 200).await;
    assert!(last.contains("wins"), "{last}");
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_tantrix_game_to_its_end() {
    let Running { fake, bot, _dir } = start_bot().await;
    let play = fake.slash(
        "play",
        &[("game", "tantrix".into()), ("opponent", BOB.into()), ("opponent2", CAROL.into())],
        ALICE,
        GAMES_CHANNEL,
    );
    let (_, challenge) = send(&fake, play).await;
    let content = challenge.content().unwrap();
    assert!(content.contains(&BOB.mention()) && content.contains(&CAROL.mention()), "{content}");
    let accept = challenge.message().unwrap()["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, first) = send(&fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    assert_eq!(first.callback_type(), Some(7), "Bob's acceptance updates the challenge: {first:?}");
    let (id, _) = send(&fake, fake.button(&accept, CAROL, GAMES_CHANNEL)).await;
    assert_board(&original_edit(&fake, id).await);
    let last = play_out(&fake, &[ALICE, BOB, CAROL], 120).await;
    assert!(last.contains("Game over"), "{last}");
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn playing_against_the_bot_itself() {
    let Running { fake, bot, _dir } = start_bot().await;
    let tabula = User { id: crate::fake_discord::BOT_ID, name: "tabula" };
    let play = fake.slash(
        "play",
        &[
            ("game", "tablut".into()),
            ("opponent", tabula.into()),
            ("side", "first".into()),
            ("level", Opt::from(1_i64)),
        ],
        ALICE,
        GAMES_CHANNEL,
    );
    let (id, started) = send(&fake, play).await;
    assert_eq!(started.callback_type(), Some(5), "the game starts at once, with a board: {started:?}");
    let text = assert_board(&original_edit(&fake, id).await);
    assert!(text.contains("Tabula (level 1)"), "{text}");
    let (id, _) = slash_move(&fake, ALICE, "e8-d8").await;
    assert_board(&original_edit(&fake, id).await);
    // The bot's answer comes as a channel message with its own picture.
    let answer = fake
        .wait_for(|c| c.method == "POST" && c.route() == format!("/channels/{GAMES_CHANNEL}/messages"), WAIT)
        .await;
    let text = assert_board(&answer);
    assert!(text.contains("Tabula (level 1)") && text.contains(&ALICE.mention()), "{text}");
    bot.shutdown().await.unwrap();
}

/// The REST calls the fake received from index `from` on, as `METHOD route` with ids and tokens as `*`, once the
/// bot has handled `handled` interactions to the end.
async fn calls_from(fake: &FakeDiscord, bot: &Bot, from: usize, handled: u64) -> Vec<String> {
    tokio::time::timeout(WAIT, bot.handled_at_least(handled)).await.expect("the interaction is handled");
    fake.calls()[from..]
        .iter()
        .map(|c| {
            let route: Vec<&str> = c
                .route()
                .split('/')
                .map(|s| if s.chars().any(|ch| ch.is_ascii_digit()) { "*" } else { s })
                .collect();
            format!("{} {}", c.method, route.join("/"))
        })
        .collect()
}

/// Discord rate-limits every call: a /play, the press of its Accept button and a /move make only the calls they
/// need (the first answer, the edit that carries the board, and for a new challenge the read of its message id).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_play_a_button_and_a_move_make_only_the_calls_they_need() {
    let Running { fake, bot, _dir } = start_bot().await;
    // The picker's icons are uploaded at start-up, 50 a second at most: let them finish before counting.
    bot.emojis_registered().await;
    let callback = "POST /interactions/*/*/callback";
    let original = |method: &str| format!("{method} /webhooks/*/*/messages/@original");

    let (from, handled) = (fake.calls().len(), bot.interactions_handled());
    let play = fake.slash(
        "play",
        &[("game", "tablut".into()), ("opponent", BOB.into()), ("side", "first".into())],
        ALICE,
        GAMES_CHANNEL,
    );
    let (_, challenge) = send(&fake, play).await;
    let calls = calls_from(&fake, &bot, from, handled + 1).await;
    assert_eq!(calls, vec![callback.to_string(), original("GET")], "/play");

    let accept = challenge.message().unwrap()["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    let from = fake.calls().len();
    send(&fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    assert_eq!(
        calls_from(&fake, &bot, from, handled + 2).await,
        vec![callback.to_string(), original("PATCH")],
        "Accept"
    );

    let from = fake.calls().len();
    slash_move(&fake, ALICE, "e8-d8").await;
    assert_eq!(
        calls_from(&fake, &bot, from, handled + 3).await,
        vec![callback.to_string(), original("PATCH")],
        "/move"
    );
    bot.shutdown().await.unwrap();
}
