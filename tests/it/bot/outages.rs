//! Database outages met by the real bot: Postgres stopped in the middle of a game and started again, and SQLite's
//! disk full and its files write-protected, on a small real file system. During each, every command is answered
//! within Discord's 3 s (a move with one private sentence asking to try again, lookups and autocompletes as well
//! as they can), nothing is half written, and once the database is back everything works again by itself: the
//! move refused is accepted, and the reminder that fell due meanwhile is sent, once. Where a real small file
//! system cannot be mounted, the fault store's read-only mode stands in for it (and runs everywhere).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use tabula::config::Config;
use tabula::discord::Bot;
use tabula::store::{PgStore, SessionStore as _, SqliteStore};

use super::{WAIT, assert_board, original_edit, send, slash_move, start_tablut, test_config};
use crate::fake_discord::{ALICE, BOB, FakeDiscord, GAMES_CHANNEL, Opt, RecordedCall};
use crate::support::postgres::PgServer;
use crate::support::small_disk::SmallDisk;

const START: i64 = 1_800_000_000;
const DAY: i64 = 86_400;
/// Sends an interaction and returns its callback, which the fake took within Discord's 3 s (it refuses a first
/// answer that comes later, as Discord does), and how long it took to come, for the report.
async fn timed(fake: &FakeDiscord, payload: serde_json::Value) -> (RecordedCall, Duration) {
    let started = Instant::now();
    let (_, callback) = send(fake, payload).await;
    assert!(callback.refusal.is_none(), "the first answer was refused: {callback:?}");
    (callback, started.elapsed())
}

/// The reminders posted in the games channel so far.
fn reminders(fake: &FakeDiscord) -> usize {
    fake.calls()
        .iter()
        .filter(|c| {
            c.is("POST", &format!("/channels/{GAMES_CHANNEL}/messages"))
                && c.content().is_some_and(|t| t.contains("your move") && t.contains("left"))
        })
        .count()
}

/// One outage in the middle of a Tablut game with a 3-day clock, Alice having moved and Bob to move: `outage`
/// takes the database away, `repair` brings it back. Returns what it measured, for the report.
async fn through_an_outage(
    fake: &FakeDiscord,
    bot: &Bot,
    now: &AtomicI64,
    outage: impl FnOnce(),
    repair: impl FnOnce(),
) -> String {
    let (id, _) = slash_move(fake, ALICE, "d1-c1").await;
    assert!(assert_board(&original_edit(fake, id).await).contains("`d1-c1"));
    let stored = bot.sessions().store().open_session(GAMES_CHANNEL).await.unwrap().unwrap();
    assert_eq!(stored.moves, ["d1-c1"]);

    outage();
    // Bob's move: one private sentence, in time, and nothing changed.
    let (refused, took) =
        timed(fake, fake.slash("move", &[("move", Opt::from("g5-g6"))], BOB, GAMES_CHANNEL)).await;
    assert!(refused.is_ephemeral(), "{refused:?}");
    let text = refused.content().unwrap_or_default();
    assert!(text.contains("nothing was changed") && text.contains("try again"), "{text}");
    // The operator sees it.
    let metrics = bot.sessions().metrics().encode();
    assert!(
        metrics.contains(r#"tabula_interactions_total{command="move",outcome="store_error"} 1"#)
            && !metrics.contains("tabula_store_errors_total 0"),
        "{metrics}"
    );
    // A challenge, which reads the server's settings and then the channel before it writes: answered in time
    // too (once a read found Postgres away, the others fail at once), with the same private sentence where the
    // write fails (SQLite may still take a small one through the handles it holds).
    let play = fake.slash("play", &[("game", "tablut".into()), ("opponent", ALICE.into())], BOB, 9_999);
    let (challenge, play_took) = timed(fake, play).await;
    let text = challenge.content().unwrap_or_default();
    assert!(!challenge.is_ephemeral() || text.contains("try again"), "/play: {challenge:?}");
    // Lookups and autocompletes are answered in time too (from what is cached, or with the same sentence).
    let (board, board_took) = timed(fake, fake.slash("board", &[], ALICE, GAMES_CHANNEL)).await;
    assert!(board.callback_type().is_some(), "/board: {board:?}");
    let ac = fake.autocomplete("move", &[("move", Opt::from(""))], "move", BOB, GAMES_CHANNEL);
    let (_, ac_took) = timed(fake, ac).await;
    // The reminder falls due while the database is away: it cannot be marked, so it is not sent yet.
    now.fetch_add(DAY + DAY / 2 + 60, Ordering::SeqCst);
    bot.clock_pass().await;
    assert_eq!(reminders(fake), 0, "no reminder while it cannot be recorded as sent");

    let repaired = Instant::now();
    repair();
    // The clock task finds the store again by itself and sends the reminder, once.
    fake.wait_for(
        |c| c.content().is_some_and(|t| t.contains("your move") && t.contains(&BOB.mention())),
        WAIT,
    )
    .await;
    let reminder_after = repaired.elapsed();
    // The move refused is accepted now.
    let (id, _) = slash_move(fake, BOB, "g5-g6").await;
    assert!(assert_board(&original_edit(fake, id).await).contains("`g5-g6"));
    let recovered = repaired.elapsed();
    // Another whole pass of the clock task after the reminder went out: it is not sent again.
    bot.clock_pass().await;
    assert_eq!(reminders(fake), 1, "the reminder was sent once");
    let stored = bot.sessions().store().open_session(GAMES_CHANNEL).await.unwrap().unwrap();
    assert_eq!(stored.moves, ["d1-c1", "g5-g6"], "nothing half written, nothing lost");
    format!(
        "refusal in {} ms, /play in {} ms, /board in {} ms, autocomplete in {} ms; after the repair the reminder in {} ms, \
         the move accepted in {} ms",
        took.as_millis(),
        play_took.as_millis(),
        board_took.as_millis(),
        ac_took.as_millis(),
        reminder_after.as_millis(),
        recovered.as_millis()
    )
}

fn clock(now: &Arc<AtomicI64>) -> Arc<dyn Fn() -> i64 + Send + Sync> {
    let now = now.clone();
    Arc::new(move || now.load(Ordering::SeqCst))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn postgres_stopped_mid_game_and_started_again() {
    let Some(mut server) = PgServer::start("postgres_stopped_mid_game_and_started_again") else { return };
    let url = server.database("outage").await;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let store = PgStore::connect(&url).await.unwrap();
    let bot = Bot::start_with_clock(&config, store, clock(&now)).await.unwrap();
    fake.wait_ready(WAIT).await;
    start_tablut(&fake).await;
    let server = std::cell::RefCell::new(&mut server);
    let report = through_an_outage(
        &fake,
        &bot,
        &now,
        || server.borrow_mut().stop(),
        || {
            server.borrow_mut().restart();
        },
    )
    .await;
    eprintln!("postgres restart: {report}");
    bot.shutdown().await.unwrap();
    fake.assert_no_refusals();
}

/// The bot over a SQLite file on the small disk.
async fn on_small_disk(fake: &FakeDiscord, disk: &SmallDisk, now: &Arc<AtomicI64>) -> (Config, Bot) {
    let mut config = test_config(fake, &tempfile::tempdir().unwrap());
    config.database = disk.path().join("bot.db");
    let store = SqliteStore::open(&config.database).await.unwrap();
    let bot = Bot::start_with_clock(&config, store, clock(now)).await.unwrap();
    fake.wait_ready(WAIT).await;
    start_tablut(fake).await;
    (config, bot)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn sqlite_on_a_full_disk_then_space_freed() {
    let Some(disk) = SmallDisk::mount("sqlite_on_a_full_disk_then_space_freed", 8) else { return };
    let fake = FakeDiscord::start().await;
    let now = Arc::new(AtomicI64::new(START));
    let (_config, bot) = on_small_disk(&fake, &disk, &now).await;
    let report = through_an_outage(&fake, &bot, &now, || disk.fill(), || disk.free()).await;
    eprintln!("disk full: {report}");
    bot.shutdown().await.unwrap();
    fake.assert_no_refusals();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn sqlite_files_write_protected_then_writable_again() {
    let Some(disk) = SmallDisk::mount("sqlite_files_write_protected_then_writable_again", 8) else { return };
    let fake = FakeDiscord::start().await;
    let now = Arc::new(AtomicI64::new(START));
    let (config, bot) = on_small_disk(&fake, &disk, &now).await;
    let report =
        through_an_outage(&fake, &bot, &now, || disk.protect(&["bot.db", "bot.db-wal"]), || disk.unprotect())
            .await;
    eprintln!("read-only: {report}");
    bot.shutdown().await.unwrap();
    // What was stored survives a restart as it was.
    let store = SqliteStore::open(&config.database).await.unwrap();
    assert_eq!(store.open_session(GAMES_CHANNEL).await.unwrap().unwrap().moves, ["d1-c1", "g5-g6"]);
    fake.assert_no_refusals();
}

/// Every write refused by the fault store (as on a full or read-only disk, reads still working) over a real
/// SQLite file: the stand-in where a small file system cannot be mounted, run everywhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn sqlite_writes_refused_by_the_fault_store_then_accepted() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let store = tabula_testkit::FaultyStore::new(SqliteStore::open(&config.database).await.unwrap());
    let bot = Bot::start_with_clock(&config, store, clock(&now)).await.unwrap();
    fake.wait_ready(WAIT).await;
    start_tablut(&fake).await;
    let store = bot.sessions().store_as::<tabula_testkit::FaultyStore<SqliteStore>>().unwrap();
    let report =
        through_an_outage(&fake, &bot, &now, || store.set_writable(false), || store.set_writable(true)).await;
    eprintln!("fault store, writes refused: {report}");
    bot.shutdown().await.unwrap();
    fake.assert_no_refusals();
}
