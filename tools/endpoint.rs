//! `/move` latency through the HTTP interactions endpoint (`tabula serve`) at a steady offered load: signed
//! interactions POSTed on loopback, as Discord sends them, to 20 channels of Tablut at once. Two times per move:
//! the first answer (the HTTP response: the move checked and stored, the answer deferred for the picture) and
//! the whole reply (the edit with the board picture reaching the fake Discord's REST API).
//!
//! Two set-ups: one instance over a SQLite file, and two instances over one Postgres (requests alternate between
//! them; skipped, saying so, without Postgres's programs). The offered load is fixed, so the figures are
//! latencies under that load, not the most the endpoint can take; `TABULA_BENCH_RATE` (moves per second, default
//! 40) and `TABULA_BENCH_SECONDS` (default 15) change it.
//!
//! `cargo run --release -p tabula-tools --bin endpoint` prints the median, 90th and 99th percentiles.

#![allow(dead_code, unused_imports, clippy::pedantic)]

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng as _;
use rand::seq::IndexedRandom as _;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use support::postgres::PgServer;
use support::signed::{Post, public_key, try_send};
use support::{ALICE, BOB, FakeDiscord, GUILD_ID, Opt, User};
use tabula::config::{Config, Token};
use tabula::discord::endpoint::Endpoint;
use tabula::games::{AnyGame, GameKind};
use tabula::store::{PgStore, SqliteStore, Store};
use tokio::sync::Mutex;

const CHANNELS: u64 = 20;
const WAIT: Duration = Duration::from_secs(20);

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn config(fake: &FakeDiscord, database: std::path::PathBuf) -> Config {
    Config {
        token: Token::new("fake-token-not-secret"),
        guild_id: Some(GUILD_ID),
        database,
        api_proxy: Some(fake.base_url()),
        public_key: Some(public_key()),
        application_id: Some(support::APP_ID),
        ..Config::default()
    }
}

/// One channel's game as the client knows it (only this client moves there).
struct Table {
    channel: u64,
    game: Option<AnyGame>,
    rng: ChaCha8Rng,
}

/// Round-robin over the instances.
struct Client {
    fake: FakeDiscord,
    addrs: Vec<SocketAddr>,
    next: AtomicUsize,
}

impl Client {
    async fn post(&self, body: &Value) -> (u16, Value) {
        let addr = self.addrs[self.next.fetch_add(1, Ordering::Relaxed) % self.addrs.len()];
        let (status, text) = try_send(addr, "POST", Post::signed(body)).await.expect("the endpoint answers");
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Starts a game of Tablut between Alice (Black, first) and Bob in the table's channel.
    async fn start(&self, table: &mut Table) {
        let options = [
            ("game", Opt::from("tablut")),
            ("opponent", Opt::User(BOB)),
            ("side", Opt::from("first")),
            ("clock", Opt::from("none")),
        ];
        let (status, answer) = self.post(&self.fake.slash("play", &options, ALICE, table.channel)).await;
        assert_eq!(status, 200, "{answer}");
        let (status, answer) = self.post(&self.fake.slash("accept", &[], BOB, table.channel)).await;
        assert_eq!(status, 200, "{answer}");
        table.game = Some(
            AnyGame::new(
                GameKind::Tablut,
                &tabula::games::Setup { variant: String::new(), seed: 0, seats: 2 },
            )
            .unwrap(),
        );
    }

    /// One move in the table's game (one that does not end it); its first answer's and its reply's times.
    async fn one_move(&self, table: &mut Table) -> Option<(Duration, Duration)> {
        let game = table.game.as_mut()?;
        let seat = game.to_move()?;
        let moves: Vec<String> = game
            .legal_moves_text()
            .into_iter()
            .filter(|m| {
                let mut next = game.clone();
                next.play_text(m).is_ok() && next.outcome().is_none()
            })
            .collect();
        let Some(text) = moves.choose(&mut table.rng).cloned() else {
            table.game = None;
            return None;
        };
        let user = if seat == 0 { ALICE } else { BOB };
        let body = self.fake.slash("move", &[("move", Opt::from(text.as_str()))], user, table.channel);
        let token = body["token"].as_str().unwrap().to_string();
        let sent = Instant::now();
        let (status, answer) = self.post(&body).await;
        let first = sent.elapsed();
        assert!(status == 200 && answer["type"] == 5, "the move was refused: {answer}");
        let suffix = format!("/{token}/messages/@original");
        self.fake.wait_for(|c| c.method == "PATCH" && c.path.ends_with(&suffix), WAIT).await;
        let whole = sent.elapsed();
        game.play_text(&text).unwrap();
        Some((first, whole))
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Offers `rate` moves a second for `seconds` over the tables; prints the latencies.
async fn run(name: &str, client: Arc<Client>) {
    let rate = setting("TABULA_BENCH_RATE", 40);
    let seconds = setting("TABULA_BENCH_SECONDS", 15);
    let mut tables = Vec::new();
    for channel in 0..CHANNELS {
        let mut table =
            Table { channel: 50_000 + channel, game: None, rng: ChaCha8Rng::seed_from_u64(channel) };
        client.start(&mut table).await;
        tables.push(Arc::new(Mutex::new(table)));
    }
    let samples = Arc::new(std::sync::Mutex::new(Vec::new()));
    let skipped = Arc::new(AtomicUsize::new(0));
    let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / rate as f64));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let mut tasks = tokio::task::JoinSet::new();
    let end = Instant::now() + Duration::from_secs(seconds);
    let mut next = 0;
    while Instant::now() < end {
        ticks.tick().await;
        let table = tables[next % tables.len()].clone();
        next += 1;
        let (client, samples, skipped) = (client.clone(), samples.clone(), skipped.clone());
        tasks.spawn(async move {
            // A table still busy with its last move: the offered move is dropped (and counted).
            let Ok(mut table) = table.try_lock() else {
                skipped.fetch_add(1, Ordering::Relaxed);
                return;
            };
            if table.game.is_none() {
                client.start(&mut table).await;
            }
            if let Some(sample) = client.one_move(&mut table).await {
                samples.lock().unwrap().push(sample);
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    let samples = samples.lock().unwrap().clone();
    let mut first: Vec<Duration> = samples.iter().map(|s| s.0).collect();
    let mut whole: Vec<Duration> = samples.iter().map(|s| s.1).collect();
    first.sort();
    whole.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name}: {} moves offered at {rate}/s for {seconds} s over {CHANNELS} channels ({} not offered: table busy)",
        samples.len(),
        skipped.load(Ordering::Relaxed)
    );
    for (what, list) in [("first answer", &first), ("reply with picture", &whole)] {
        println!(
            "  {what:>18}: median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            ms(percentile(list, 0.5)),
            ms(percentile(list, 0.9)),
            ms(percentile(list, 0.99)),
            ms(*list.last().unwrap())
        );
    }
}

async fn sqlite() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = config(&fake, dir.path().join("bench.db"));
    let endpoint = Endpoint::start(&config, SqliteStore::open(&config.database).await.unwrap(), localhost())
        .await
        .unwrap();
    let client = Arc::new(Client { fake, addrs: vec![endpoint.local_addr()], next: AtomicUsize::new(0) });
    run("SQLite file, one instance", client.clone()).await;
    endpoint.shutdown().await;
    client.fake.take_refusals();
}

async fn postgres() {
    let Some(server) = PgServer::start("bench_endpoint") else { return };
    let url = server.database("bench").await;
    let fake = FakeDiscord::start().await;
    let config = config(&fake, url.clone().into());
    let a = Endpoint::start(&config, PgStore::connect(&url).await.unwrap(), localhost()).await.unwrap();
    let b = Endpoint::start(&config, PgStore::connect(&url).await.unwrap(), localhost()).await.unwrap();
    let client =
        Arc::new(Client { fake, addrs: vec![a.local_addr(), b.local_addr()], next: AtomicUsize::new(0) });
    run("Postgres, two instances (alternating)", client.clone()).await;
    a.shutdown().await;
    b.shutdown().await;
    client.fake.take_refusals();
}

fn localhost() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        sqlite().await;
        postgres().await;
    });
}
