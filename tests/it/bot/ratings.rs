//! Ratings through the real bot and the fake Discord: a rated game moves `/rating`, a game against the bot does
//! not, `/history` pages, and `/leaderboard` answers with a PNG.

use crate::fake_discord::{ALICE, BOB, BOT_ID, FakeDiscord, GAMES_CHANNEL, Opt, User};

use super::{Running, WAIT, assert_board, original_edit, send, slash_move, start_bot, start_tablut};

/// Another channel of the server, for a game against the bot.
const SECOND_CHANNEL: u64 = 334;

/// The text of `/rating user:<who>`, asked by Bob.
async fn rating_text(fake: &FakeDiscord, who: User) -> String {
    let (_, answer) = send(fake, fake.slash("rating", &[("user", who.into())], BOB, GAMES_CHANNEL)).await;
    assert_eq!(answer.callback_type(), Some(4), "{answer:?}");
    answer.content().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_follow_rated_games_and_the_leaderboard_is_a_picture() {
    let Running { fake, bot, _dir } = start_bot().await;
    let names: Vec<String> =
        fake.registered_commands().iter().filter_map(|c| c["name"].as_str().map(str::to_string)).collect();
    for expected in ["history", "rating", "leaderboard"] {
        assert!(names.iter().any(|n| n == expected), "/{expected} registered: {names:?}");
    }

    // Nobody is rated yet: one private sentence.
    let (_, none) = send(&fake, fake.slash("rating", &[], ALICE, GAMES_CHANNEL)).await;
    assert!(none.is_ephemeral() && none.content().unwrap().contains("no rated games yet"), "{none:?}");
    let (_, empty) =
        send(&fake, fake.slash("leaderboard", &[("game", "tablut".into())], ALICE, GAMES_CHANNEL)).await;
    assert!(empty.is_ephemeral() && empty.content().unwrap().contains("Nobody is rated"), "{empty:?}");

    // A rated game: two moves each, then Bob resigns.
    start_tablut(&fake).await;
    for (i, m) in ["d1-c1", "g5-g6", "f9-f6", "g6-g7"].iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        let (id, _) = slash_move(&fake, who, m).await;
        assert_board(&original_edit(&fake, id).await);
    }
    let (id, resigned) = send(&fake, fake.slash("resign", &[], BOB, GAMES_CHANNEL)).await;
    assert_eq!(resigned.callback_type(), Some(5), "{resigned:?}");
    assert!(assert_board(&original_edit(&fake, id).await).contains("resigned"));
    let after_rated = rating_text(&fake, ALICE).await;
    assert!(after_rated.contains("Tablut") && after_rated.contains("W-D-L 1-0-0"), "{after_rated}");
    let rating: f64 = after_rated
        .split('`')
        .nth(1)
        .and_then(|r| r.trim_end_matches('?').parse().ok())
        .unwrap_or_else(|| panic!("a rating in {after_rated}"));
    assert!(rating > 1600.0, "{after_rated}");

    // A game against the bot, resigned after two moves each: no rating changes.
    let tabula = User { id: BOT_ID, name: "tabula" };
    let play = fake.slash(
        "play",
        &[
            ("game", "tablut".into()),
            ("opponent", tabula.into()),
            ("side", "first".into()),
            ("level", Opt::from(1_i64)),
        ],
        ALICE,
        SECOND_CHANNEL,
    );
    let (id, _) = send(&fake, play).await;
    assert_board(&original_edit(&fake, id).await);
    for _ in 0..2 {
        let ac = fake.autocomplete("move", &[("move", Opt::from(""))], "move", ALICE, SECOND_CHANNEL);
        let (_, answer) = send(&fake, ac).await;
        let m =
            answer.json().unwrap()["data"]["choices"][0]["value"].as_str().expect("a legal move").to_string();
        let m = m.as_str();
        let before = fake.calls().len();
        let (id, _) = send(&fake, fake.slash("move", &[("move", m.into())], ALICE, SECOND_CHANNEL)).await;
        assert_board(&original_edit(&fake, id).await);
        // The bot's answer comes as a message in the channel.
        let route = format!("/channels/{SECOND_CHANNEL}/messages");
        fake.wait_for_after(before, |c| c.method == "POST" && c.route() == route, WAIT).await;
    }
    let (_, resigned) = send(&fake, fake.slash("resign", &[], ALICE, SECOND_CHANNEL)).await;
    assert!(!resigned.is_ephemeral(), "{resigned:?}");
    assert_eq!(rating_text(&fake, ALICE).await, after_rated, "a game against the bot is unrated");

    // The history: both games, newest first, the one against the bot marked unrated.
    let (_, history) = send(&fake, fake.slash("history", &[], ALICE, GAMES_CHANNEL)).await;
    let text = history.content().unwrap();
    assert!(!history.is_ephemeral() && text.contains("(2 games)"), "{text}");
    assert!(
        text.contains("Tabula (level 1)") && text.contains("lost (unrated)") && text.contains("won"),
        "{text}"
    );
    assert!(history.pings().is_empty(), "a history pings nobody: {history:?}");
    let (_, past) =
        send(&fake, fake.slash("history", &[("page", Opt::from(2_i64))], ALICE, GAMES_CHANNEL)).await;
    assert!(past.is_ephemeral() && past.content().unwrap().contains("There is no page 2"), "{past:?}");

    // The leaderboard is a PNG attached to a public answer.
    let (_, board) =
        send(&fake, fake.slash("leaderboard", &[("game", "tablut".into())], BOB, GAMES_CHANNEL)).await;
    assert!(!board.is_ephemeral(), "{board:?}");
    let files = board.files();
    assert_eq!(files.len(), 1, "{board:?}");
    assert_eq!(files[0].filename.as_deref(), Some("leaderboard-tablut.png"));
    let png = image::load_from_memory_with_format(&files[0].bytes, image::ImageFormat::Png).expect("a PNG");
    assert!(png.width() >= 600 && png.height() >= 200, "{}x{}", png.width(), png.height());
    assert!(board.content().unwrap().contains("2 rated players"), "{board:?}");
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}
