//! The daily puzzle through the real bot and the fake Discord, over two days on a clock the test moves: a manager
//! sets its channel with `/settings`; at the hour the bot posts the day's puzzle there with its picture and a Try
//! it button (pinging nobody); two members try it privately, one solves it and one gives up; the next day's post
//! says who solved it, by name, without pinging them.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use serde_json::{Value, json};
use tabula::games::tactic::shipped;
use tabula::session::{day_at, puzzle_of_day};
use tabula::store::TACTIC_KIND;

use super::{WAIT, advance, button, original_edit, send, start_on_clock, test_config};
use crate::fake_discord::{ALICE, BOB, FakeDiscord, GAMES_CHANNEL, Opt, RecordedCall};

/// 2027-01-15, 08:00 UTC.
const START: i64 = 1_800_000_000;
const HOUR: i64 = 3_600;
/// The server's puzzle channel.
const PUZZLES: u64 = 3_335;

/// The day's post in the puzzle channel, after call `after`.
async fn daily_post(fake: &FakeDiscord, after: usize) -> RecordedCall {
    let post = fake
        .wait_for(
            |c| {
                c.index > after
                    && c.is("POST", &format!("/channels/{PUZZLES}/messages"))
                    && c.refusal.is_none()
                    && c.content().is_some_and(|t| t.contains("Daily puzzle"))
            },
            WAIT,
        )
        .await;
    assert_eq!(post.files().len(), 1, "the puzzle's picture: {post:?}");
    image::load_from_memory(&post.files()[0].bytes).expect("the picture decodes");
    assert!(post.pings().users.is_empty() && post.pings().roles.is_empty(), "it pings nobody: {post:?}");
    post
}

/// A private answer to a press or a command (deferred or not), as the message it shows.
async fn private(fake: &FakeDiscord, (id, call): (u64, RecordedCall)) -> Value {
    let call = match call.callback_type() {
        Some(5) => {
            assert!(call.is_ephemeral(), "{call:?}");
            original_edit(fake, id).await
        }
        Some(6) => original_edit(fake, id).await,
        _ => {
            assert!(call.is_ephemeral(), "{call:?}");
            call
        }
    };
    call.message().expect("a message")
}

fn content(message: &Value) -> &str {
    message["content"].as_str().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_puzzle_is_posted_tried_privately_and_its_solvers_named_the_next_day() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let bot = start_on_clock(&config, &now).await;
    fake.wait_ready(WAIT).await;

    // A manager sets the channel (the hour stays the default, 12:00 UTC).
    let mut payload = fake.slash(
        "settings",
        &[("daily_channel", Opt::Typed(7, json!(PUZZLES.to_string())))],
        ALICE,
        GAMES_CHANNEL,
    );
    payload["member"]["permissions"] = json!("32");
    payload["data"]["resolved"]["channels"] = json!({
        PUZZLES.to_string(): { "id": PUZZLES.to_string(), "name": "puzzles", "type": 0, "permissions": "0" },
    });
    let (_, set) = send(&fake, payload).await;
    assert!(set.is_ephemeral(), "{set:?}");
    let text = set.content().unwrap();
    assert!(text.contains(&format!("Daily puzzle: in <#{PUZZLES}>, every day at 12:00 UTC")), "{text}");

    // Noon: the first post. Its puzzle is the day's, the same on every server.
    let mark = fake.calls().last().map_or(0, |c| c.index);
    advance(&bot, &now, 4 * HOUR);
    let first = daily_post(&fake, mark).await;
    let day = day_at(now.load(Ordering::SeqCst), 12);
    let (kind, key) = puzzle_of_day(day).expect("a puzzle every day");
    assert_eq!(kind, TACTIC_KIND, "day {day} is a tactic's");
    let tactic = shipped().into_iter().find(|t| t.key() == key).expect("a shipped tactic");
    let text = first.content().unwrap();
    assert!(text.contains("2027-01-15") && text.contains(&tactic.describe().to_string()), "{text}");
    let try_it = button(&first.message().unwrap(), "Try it");

    // Alice tries it privately and solves it with /move (a TZAAR turn may be written whole).
    let tried = private(&fake, send(&fake, fake.button(&try_it, ALICE, PUZZLES)).await).await;
    assert!(content(&tried).contains("Daily puzzle of 2027-01-15."), "{tried}");
    let mine: Vec<String> = match tactic.game {
        tabula::games::GameKind::Tzaar => vec![tactic.line.join(" ")],
        _ => tactic.line.iter().step_by(2).cloned().collect(),
    };
    let mut last = Value::Null;
    for m in &mine {
        let played = fake.slash("move", &[("move", Opt::from(m.as_str()))], ALICE, PUZZLES);
        last = private(&fake, send(&fake, played).await).await;
    }
    assert!(content(&last).contains("Solved!"), "{last}");

    // Bob tries it and gives up.
    let tried = private(&fake, send(&fake, fake.button(&try_it, BOB, PUZZLES)).await).await;
    let give_up = button(&tried, "Show the solution");
    let shown = private(&fake, send(&fake, fake.button(&give_up, BOB, PUZZLES)).await).await;
    assert!(content(&shown).contains("The solution:"), "{shown}");

    // The next day's post names who solved the day before, and pings nobody.
    let mark = fake.calls().last().map_or(0, |c| c.index);
    advance(&bot, &now, 24 * HOUR);
    let second = daily_post(&fake, mark).await;
    let text = second.content().unwrap();
    assert!(text.contains("2027-01-16"), "{text}");
    assert!(
        text.contains(&format!(
            "The puzzle of 2027-01-15 ({} tactic) was solved by Alice (2 finished it).",
            tactic.game.title()
        )),
        "{text}"
    );
    let (next_kind, _) = puzzle_of_day(day + 1).unwrap();
    assert!(next_kind == TACTIC_KIND || text.contains("Solitaire"), "{text}");
    button(&second.message().unwrap(), "Try it");
    fake.assert_no_refusals();
}
