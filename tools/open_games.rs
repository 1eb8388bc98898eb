//! One box holding many open games: 100,000 games in play in a SQLite file, the last 10,000 channels touched in
//! the session layer's cache, then `/board` in channels that are not cached (each read from the store and its
//! moves replayed by the engine), timed one after another, with and without its picture.
//!
//! The games are copies of real ones: a few games of each kind (Tablut, TZAAR, Tantrix), 10 to 60 moves long,
//! are played through the session layer with seeded random legal moves, then their rows are copied in SQL to
//! 100,000 channels (the moves with them). Prints the process's resident memory before and after the cache
//! fills, and the median, 99th percentile and worst time of an uncached `/board`.
//!
//! `cargo run --release -p tabula-tools --bin open_games`; `TABULA_OPEN_GAMES` and `TABULA_TOUCHED` change the counts.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::seq::IndexedRandom as _;
use rand_chacha::ChaCha8Rng;
use tabula::games::GameKind;
use tabula::session::commands::{Accept, Play, PlayMove, ShowBoard};
use tabula::session::{Actor, Member, SessionConfig, Sessions};
use tabula::store::SqliteStore;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn actor(id: u64) -> Actor {
    Actor::in_guild(Member::new(id, format!("player {id}")), None)
}

/// The process's resident memory, in megabytes (`VmRSS` of `/proc/self/status`).
fn resident_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// Plays a game of `kind` in `channel` with `moves` seeded random legal moves that do not end it.
async fn template(s: &Sessions, channel: u64, kind: GameKind, moves: usize) {
    let (a, b) = (actor(channel * 10 + 1), actor(channel * 10 + 2));
    let play = Play::against(kind, b.member.clone());
    s.handle(channel, &a, play).await;
    let reply = s.handle(channel, &b, Accept { session: None }).await;
    assert!(!reply.ephemeral, "{}", reply.text);
    let mut rng = ChaCha8Rng::seed_from_u64(channel);
    for _ in 0..moves {
        let board = s.handle(channel, &a, ShowBoard).await.board.expect("a game in play");
        if board.game.to_move().is_none() {
            break;
        }
        let going_on: Vec<String> = board
            .game
            .legal_moves_text()
            .into_iter()
            .filter(|m| {
                let mut next = board.game.clone();
                next.play_text(m).is_ok() && next.outcome().is_none()
            })
            .collect();
        let Some(text) = going_on.choose(&mut rng).cloned() else { break };
        // Seats need not follow the challenge (Tantrix deals them): whoever is not told to wait plays.
        let reply = s.handle(channel, &a, PlayMove { text: text.clone() }).await;
        if reply.ephemeral {
            let reply = s.handle(channel, &b, PlayMove { text }).await;
            assert!(!reply.ephemeral, "{}", reply.text);
        }
    }
}

/// Copies the open sessions of channels `1..=templates` (and their moves) to channels from 1,000 on, `count` in
/// all, in one transaction.
async fn copy_games(path: &std::path::Path, templates: u64, count: u64) {
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(path))
        .await
        .unwrap();
    let columns: Vec<String> =
        sqlx::query_scalar("SELECT name FROM pragma_table_info('sessions')").fetch_all(&pool).await.unwrap();
    let kept: Vec<&str> =
        columns.iter().map(String::as_str).filter(|c| *c != "id" && *c != "channel_id").collect();
    let list = kept.join(", ");
    let mut tx = pool.begin().await.unwrap();
    let insert = format!(
        "WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k + 1 < {count}) \
         INSERT INTO sessions (channel_id, {list}) \
         SELECT 1000 + n.k, {list} FROM n JOIN sessions t \
           ON t.channel_id = 1 + n.k % {templates} AND t.state = 'playing'"
    );
    // The columns come from the schema itself, the counts from this program: nothing from outside.
    sqlx::query(sqlx::AssertSqlSafe(insert)).execute(&mut *tx).await.unwrap();
    sqlx::query(
        "INSERT INTO moves (session_id, ply, seat, notation, played_at) \
         SELECT s.id, m.ply, m.seat, m.notation, m.played_at FROM sessions s \
           JOIN sessions t ON t.channel_id = 1 + (s.channel_id - 1000) % $1 AND t.state = 'playing' \
           JOIN moves m ON m.session_id = t.id \
         WHERE s.channel_id >= 1000",
    )
    .bind(templates as i64)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    pool.close().await;
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let (count, touched) = (setting("TABULA_OPEN_GAMES", 100_000), setting("TABULA_TOUCHED", 10_000));
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("open.db");
        let kinds = [GameKind::Tablut, GameKind::Tzaar, GameKind::Tantrix];
        let lengths = [10, 25, 40, 60];
        let templates = (kinds.len() * lengths.len()) as u64;
        {
            let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
            for (i, (kind, moves)) in kinds.iter().flat_map(|k| lengths.iter().map(move |m| (*k, *m))).enumerate() {
                template(&s, 1 + i as u64, kind, moves).await;
            }
        }
        let started = Instant::now();
        copy_games(&path, templates, count).await;
        println!("{count} open games copied from {templates} played ones in {:.1} s", started.elapsed().as_secs_f64());

        // The bot starting over the file: nothing cached yet.
        let before = resident_mb();
        let s = Arc::new(Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default()));
        let someone = actor(7);
        let started = Instant::now();
        for k in 0..touched {
            let board = s.handle(1000 + k, &someone, ShowBoard).await;
            assert!(board.board.is_some(), "channel {} has its game: {}", 1000 + k, board.text);
        }
        let after = resident_mb();
        println!(
            "{touched} channels touched in {:.1} s: resident memory {before:.0} MB before, {after:.0} MB after \
             ({:.1} KB per cached channel)",
            started.elapsed().as_secs_f64(),
            (after - before) * 1024.0 / touched as f64
        );

        // `/board` where nothing is cached: read, replayed, answered; then, in other channels, with its picture
        // drawn and encoded too.
        let names = vec!["Alice".to_string(), "Bob".to_string()];
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let spread = count - touched;
        for (what, pictures, from) in
            [("uncached /board", false, 0u64), ("uncached /board with its picture", true, spread / 2)]
        {
            let mut times = Vec::new();
            for k in 0..2_000u64 {
                let channel = 1000 + touched + (from + k * 7) % spread;
                let t = Instant::now();
                let reply = s.handle(channel, &someone, ShowBoard).await;
                let board = reply.board.expect("an open game");
                if pictures {
                    let png =
                        board.game.board_png(&names, tabula::i18n::Lang::En, None, None);
                    std::hint::black_box(png);
                }
                times.push(t.elapsed());
            }
            times.sort();
            println!(
                "{what}: median {:.2} ms, p99 {:.2} ms, worst {:.2} ms over {} channels; resident memory {:.0} MB",
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.99)),
                ms(*times.last().unwrap()),
                times.len(),
                resident_mb()
            );
        }
    });
}
