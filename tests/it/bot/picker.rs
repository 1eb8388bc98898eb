//! The move picker through the fake Discord: games played by tapping alone (the Move button, the select menus,
//! Play), every step private to the player and within Discord's limits (the fake refuses what Discord refuses).

use serde_json::Value;

use super::{
    ALICE, BOB, CAROL, GAMES_CHANNEL, Running, User, WAIT, original_edit, send, start_bot, start_tablut,
};
use crate::fake_discord::{FakeDiscord, RecordedCall};

/// The message a call left, as the fake keeps it (its answer to an edit).
fn left(call: &RecordedCall) -> Value {
    call.response.clone().expect("the fake answers an edit with the message")
}

/// Every component of a message, rows flattened.
fn components(message: &Value) -> Vec<Value> {
    let rows = message["components"].as_array().cloned().unwrap_or_default();
    rows.iter().flat_map(|r| r["components"].as_array().cloned().unwrap_or_default()).collect()
}

fn custom_id(component: &Value) -> String {
    component["custom_id"].as_str().unwrap_or_default().to_string()
}

/// Checks that a picker's message is private and shows a picture, and returns it.
fn private_step(call: &RecordedCall) -> Value {
    let message = left(call);
    let flags = message["flags"].as_u64().unwrap_or_default();
    assert!(flags & 64 != 0, "a picker's step is private: {message}");
    let files = call.files();
    assert_eq!(files.len(), 1, "each step has its picture: {message}");
    let picture = image::load_from_memory(&files[0].bytes).expect("the picture decodes");
    assert!(picture.width() <= 1400 && picture.height() <= 1800, "{}x{}", picture.width(), picture.height());
    message
}

/// `user` presses the Move button of a public message: the picker's first step opens, privately.
pub async fn press_move(fake: &FakeDiscord, user: User, public: &Value) -> Value {
    let open = components(public).into_iter().map(|c| custom_id(&c)).find(|id| id.ends_with(":open"));
    let open = open.unwrap_or_else(|| panic!("a Move button under the turn's message: {public}"));
    let (id, first) = send(fake, fake.button(&open, user, GAMES_CHANNEL)).await;
    assert_eq!(first.callback_type(), Some(5), "{first:?}");
    assert!(first.is_ephemeral(), "the picker opens privately: {first:?}");
    private_step(&original_edit(fake, id).await)
}

/// The values offered by a step's select menu.
fn offered(step: &Value) -> Vec<String> {
    let select = components(step).into_iter().find(|c| c["type"] == 3);
    let options = select.map(|s| s["options"].as_array().cloned().unwrap_or_default()).unwrap_or_default();
    options.iter().map(|o| o["value"].as_str().unwrap_or_default().to_string()).collect()
}

/// `user` chooses `value` in the step's select menu (through its groups when it has some); the next step.
pub async fn choose(fake: &FakeDiscord, user: User, step: &Value, value: &str) -> Value {
    let values = offered(step);
    if values.iter().any(|v| v == value) {
        return select(fake, user, step, value).await;
    }
    assert!(values.iter().all(|v| v.starts_with('~')), "{value} is offered, or groups are: {values:?}");
    for group in values {
        let inside = select(fake, user, step, &group).await;
        if offered(&inside).iter().any(|v| v == value) {
            return select(fake, user, &inside, value).await;
        }
    }
    panic!("{value} is in no group of {step}");
}

async fn select(fake: &FakeDiscord, user: User, step: &Value, value: &str) -> Value {
    let menu = components(step).into_iter().find(|c| c["type"] == 3).expect("a select menu");
    let (id, ack) = send(fake, fake.select(&custom_id(&menu), &[value], user, GAMES_CHANNEL)).await;
    assert_eq!(ack.callback_type(), Some(6), "a step updates the picker's message: {ack:?}");
    private_step(&original_edit(fake, id).await)
}

/// `user` presses Play on a preview: the move's public message, with its board.
pub async fn play(fake: &FakeDiscord, user: User, preview: &Value) -> Value {
    let play = components(preview).into_iter().map(|c| custom_id(&c)).find(|id| id.ends_with(":play"));
    let play = play.unwrap_or_else(|| panic!("a Play button on the preview: {preview}"));
    let (id, first) = send(fake, fake.button(&play, user, GAMES_CHANNEL)).await;
    assert_eq!(first.callback_type(), Some(5), "{first:?}");
    assert!(!first.is_ephemeral(), "the move is public: {first:?}");
    let public = original_edit(fake, id).await;
    super::assert_board(&public);
    left(&public)
}

/// The last public message of the channel with a board (the turn's).
fn turn_message(call: &RecordedCall) -> Value {
    left(call)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tablut_game_is_played_by_tapping_alone() {
    let Running { fake, bot, _dir } = start_bot().await;
    start_tablut(&fake).await;
    let start = fake
        .wait_for(
            |c| {
                c.method == "PATCH"
                    && c.route().ends_with("/messages/@original")
                    && c.content().is_some_and(|t| t.contains("to move"))
            },
            WAIT,
        )
        .await;
    let mut public = turn_message(&start);

    // Carol is not playing: one private sentence.
    let open =
        components(&public).into_iter().map(|c| custom_id(&c)).find(|id| id.ends_with(":open")).unwrap();
    let (_, nope) = send(&fake, fake.button(&open, CAROL, GAMES_CHANNEL)).await;
    assert!(nope.is_ephemeral() && nope.callback_type() == Some(4), "{nope:?}");
    assert!(nope.content().unwrap().contains("turn"), "{nope:?}");

    // The game of the Discord test, the king captured against the throne, each move by piece and destination.
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        let (from, to) = m.split_once('-').unwrap();
        let pieces = press_move(&fake, who, &public).await;
        assert!(offered(&pieces).len() <= 25);
        let destinations = choose(&fake, who, &pieces, from).await;
        let preview = choose(&fake, who, &destinations, to).await;
        let label = components(&preview).into_iter().find(|c| custom_id(c).ends_with(":play")).unwrap();
        assert_eq!(label["label"], format!("Play {m}"), "{preview}");
        public = play(&fake, who, &preview).await;
        let text = public["content"].as_str().unwrap_or_default().to_string();
        assert!(text.contains(&format!("`{m}")), "{text}");
        if i + 1 == moves.len() {
            assert!(text.contains("Game over") && text.contains("wins"), "{text}");
            assert!(
                !components(&public).iter().any(|c| custom_id(c).ends_with(":open")),
                "no Move once over"
            );
        }
        // A second press of the same Play applies nothing more.
        if i == 0 {
            let again =
                components(&preview).into_iter().map(|c| custom_id(&c)).find(|id| id.ends_with(":play"));
            let (_, twice) = send(&fake, fake.button(&again.unwrap(), who, GAMES_CHANNEL)).await;
            assert!(twice.is_ephemeral() || twice.callback_type() == Some(6), "{twice:?}");
        }
    }
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}

/// Starts a game of `game` between Alice and Bob (`/play`, then Bob's Accept); the public message of its start.
async fn start_game(fake: &FakeDiscord, game: &str) -> Value {
    let play = fake.slash("play", &[("game", game.into()), ("opponent", BOB.into())], ALICE, GAMES_CHANNEL);
    let (_, challenge) = send(fake, play).await;
    let accept = components(&challenge.message().unwrap())
        .into_iter()
        .map(|c| custom_id(&c))
        .find(|id| id.starts_with("accept:"))
        .expect("an Accept button");
    let (id, _) = send(fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    let started = original_edit(fake, id).await;
    super::assert_board(&started);
    left(&started)
}

/// The player to move (Alice or Bob) presses the Move button of `public`: who it is, and the picker's first step.
async fn open_picker(fake: &FakeDiscord, public: &Value) -> (User, Value) {
    let open = components(public).into_iter().map(|c| custom_id(&c)).find(|id| id.ends_with(":open"));
    let open = open.unwrap_or_else(|| panic!("a Move button while the game goes on: {public}"));
    let mut player = ALICE;
    let (mut id, mut first) = send(fake, fake.button(&open, ALICE, GAMES_CHANNEL)).await;
    if first.callback_type() == Some(4) {
        assert!(first.is_ephemeral(), "{first:?}");
        player = BOB;
        (id, first) = send(fake, fake.button(&open, BOB, GAMES_CHANNEL)).await;
    }
    assert_eq!(first.callback_type(), Some(5), "{first:?}");
    assert!(first.is_ephemeral());
    (player, private_step(&original_edit(fake, id).await))
}

/// Plays a whole game through the picker alone, each turn's player taking the first choice of every menu (and
/// of every group), until the game is over; returns how many moves were played.
async fn play_out_by_tapping(fake: &FakeDiscord, mut public: Value) -> usize {
    for played in 0..400 {
        let text = public["content"].as_str().unwrap_or_default().to_string();
        if text.contains("Game over") {
            assert!(
                !components(&public).iter().any(|c| custom_id(c).ends_with(":open")),
                "no Move once over"
            );
            return played;
        }
        let (player, mut step) = open_picker(fake, &public).await;
        for _ in 0..12 {
            let values = offered(&step);
            match values.first() {
                Some(value) => step = select(fake, player, &step, value).await,
                None => break,
            }
        }
        public = play(fake, player, &step).await;
    }
    panic!("the game did not end within 400 moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tzaar_game_is_played_by_tapping_alone() {
    let Running { fake, bot, _dir } = start_bot().await;
    let public = start_game(&fake, "tzaar").await;
    let turns = play_out_by_tapping(&fake, public).await;
    assert!(turns > 1, "{turns} turns");
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tantrix_game_is_played_by_tapping_alone() {
    let Running { fake, bot, _dir } = start_bot().await;
    tokio::time::timeout(WAIT, bot.emojis_registered()).await.expect("the tile emojis are registered");
    let public = start_game(&fake, "tantrix").await;
    // The tile step: each option shows its tile, the emoji the bot registered for it, and says its colours.
    let (_, tiles) = open_picker(&fake, &public).await;
    let registered = fake.emojis();
    let menu = components(&tiles).into_iter().find(|c| c["type"] == 3).expect("a select menu of tiles");
    let options = menu["options"].as_array().cloned().unwrap_or_default();
    assert!(!options.is_empty(), "{tiles}");
    for option in &options {
        let tile: u8 = option["value"].as_str().and_then(|v| v.parse().ok()).expect("a tile number");
        let emoji = &option["emoji"];
        assert_eq!(emoji["name"], format!("tantrix_{tile:02}"), "{option}");
        assert!(registered.iter().any(|e| e["id"] == emoji["id"] && e["name"] == emoji["name"]), "{option}");
        let label = option["label"].as_str().unwrap_or_default();
        assert!(label.starts_with(&format!("Tile {tile}: ")) && label.matches(", ").count() == 5, "{label}");
    }
    let moves = play_out_by_tapping(&fake, public).await;
    assert!(moves > 10, "{moves} placements");
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}

/// The bot registers the 56 tile emojis once: at its first start it lists the application's emojis and uploads
/// every tile; started again, it finds them and uploads none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tile_emojis_are_uploaded_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = super::test_config(&fake, &dir);
    let uploads =
        |fake: &FakeDiscord| fake.calls().iter().filter(|c| c.is("POST", "/applications/*/emojis")).count();
    let lists =
        |fake: &FakeDiscord| fake.calls().iter().filter(|c| c.is("GET", "/applications/*/emojis")).count();
    let bot = super::open_bot(&config).await;
    tokio::time::timeout(WAIT, bot.emojis_registered()).await.expect("the first start registers the emojis");
    let names: Vec<String> =
        fake.emojis().iter().filter_map(|e| e["name"].as_str().map(str::to_string)).collect();
    let expected: Vec<String> = (1..=56).map(|n| format!("tantrix_{n:02}")).collect();
    assert_eq!(names, expected);
    assert_eq!((lists(&fake), uploads(&fake)), (1, 56));
    for upload in fake.calls().iter().filter(|c| c.is("POST", "/applications/*/emojis")) {
        let image = upload.json().unwrap()["image"].as_str().unwrap_or_default().to_string();
        assert!(image.starts_with("data:image/png;base64,"), "{}", &image[..40.min(image.len())]);
    }
    bot.shutdown().await.unwrap();

    let bot = super::open_bot(&config).await;
    tokio::time::timeout(WAIT, bot.emojis_registered()).await.expect("the second start finds the emojis");
    assert_eq!((lists(&fake), uploads(&fake)), (2, 56), "nothing is uploaded again");
    assert_eq!(fake.emojis().len(), 56);
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}

/// An application with room for only ten more emojis: the other tiles' uploads are refused (and logged), and their
/// options in the picker go without an emoji, their labels saying their colours.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tiles_without_an_emoji_are_shown_in_words() {
    let fake = FakeDiscord::start().await;
    for n in 0..1990 {
        fake.add_emoji(&format!("other_{n}"));
    }
    let dir = tempfile::tempdir().unwrap();
    let bot = super::open_bot(&super::test_config(&fake, &dir)).await;
    tokio::time::timeout(WAIT, bot.emojis_registered()).await.expect("the registration ends");
    let refused = fake.take_refusals();
    assert_eq!(refused.len(), 46, "{refused:?}");
    assert!(refused.iter().all(|c| c.refusal.as_ref().is_some_and(|r| r.code == 30008)));
    assert_eq!(fake.emojis().len(), 2000);
    let public = start_game(&fake, "tantrix").await;
    let (_, tiles) = open_picker(&fake, &public).await;
    let menu = components(&tiles).into_iter().find(|c| c["type"] == 3).expect("a select menu of tiles");
    for option in menu["options"].as_array().cloned().unwrap_or_default() {
        let tile: u8 = option["value"].as_str().and_then(|v| v.parse().ok()).expect("a tile number");
        assert_eq!(option["emoji"]["name"].is_string(), tile <= 10, "{option}");
        assert!(option["label"].as_str().is_some_and(|l| l.matches(", ").count() == 5), "{option}");
    }
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}
