//! Latency of a `/move` through the whole bot: from the INTERACTION_CREATE event leaving the fake Discord's
//! gateway to the bot's final reply (the deferred answer edited with the board picture) reaching its REST API.
//! Everything runs on loopback; the real serenity client, session layer, SQLite file store and renderer.

#![allow(dead_code, unused_imports, clippy::pedantic)]

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use support::{ALICE, BOB, FakeDiscord, GAMES_CHANNEL, GUILD_ID, Opt};
use tabula::config::{Config, Token};
use tabula::discord::Bot;
use tabula::games::{Engine, Setup, tablut};
use tabula::store::SqliteStore;

const WAIT: Duration = Duration::from_secs(20);

struct Table {
    fake: FakeDiscord,
    bot: Option<Bot>,
    game: Option<tablut::Game>,
    moves: u64,
    samples: Vec<Duration>,
    _dir: tempfile::TempDir,
}

impl Table {
    async fn new() -> Table {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let config = Config {
            token: Token::new("fake-token-not-secret"),
            guild_id: Some(GUILD_ID),
            database: dir.path().join("bot.db"),
            api_proxy: Some(fake.base_url()),
            ..Config::default()
        };
        let store = SqliteStore::open(&config.database).await.unwrap();
        let bot = Bot::start(&config, store).await.unwrap();
        fake.wait_ready(WAIT).await;
        Table { fake, bot: Some(bot), game: None, moves: 0, samples: Vec::new(), _dir: dir }
    }

    async fn send(&self, payload: serde_json::Value) -> u64 {
        let id = payload["id"].as_str().unwrap().parse().unwrap();
        self.fake.send_interaction(payload).await;
        id
    }

    async fn new_game(&mut self) {
        let play = self.fake.slash(
            "play",
            &[("game", "tablut".into()), ("opponent", BOB.into()), ("side", "first".into())],
            ALICE,
            GAMES_CHANNEL,
        );
        let id = self.send(play).await;
        let cb = self.fake.wait_for_callback(id, WAIT).await;
        let accept = cb.message().unwrap()["components"][0]["components"][0]["custom_id"]
            .as_str()
            .unwrap()
            .to_string();
        let id = self.send(self.fake.button(&accept, BOB, GAMES_CHANNEL)).await;
        self.fake
            .wait_for(
                |c| c.method == "PATCH" && c.route().ends_with("@original") && c.interaction_id() == Some(id),
                WAIT,
            )
            .await;
        self.game = Some(tablut::Game::new(&Setup { variant: String::new(), seed: 0, seats: 2 }).unwrap());
    }

    /// Plays one move and returns the time until the reply with the picture arrived.
    async fn one_move(&mut self) -> Duration {
        if self.game.as_ref().is_none_or(|g| g.to_move().is_none()) {
            self.new_game().await;
        }
        let game = self.game.as_mut().unwrap();
        let legal = game.legal_moves_text();
        self.moves += 1;
        let text = legal[(self.moves as usize * 7919) % legal.len()].clone();
        let who = if game.to_move() == Some(0) { ALICE } else { BOB };
        game.play_text(&text).unwrap();
        let payload = self.fake.slash("move", &[("move", Opt::from(text.as_str()))], who, GAMES_CHANNEL);
        let id: u64 = payload["id"].as_str().unwrap().parse().unwrap();
        let started = Instant::now();
        self.fake.send_interaction(payload).await;
        self.fake
            .wait_for(
                |c| c.method == "PATCH" && c.route().ends_with("@original") && c.interaction_id() == Some(id),
                WAIT,
            )
            .await;
        let took = started.elapsed();
        self.samples.push(took);
        took
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn e2e(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let mut table = rt.block_on(Table::new());
    let mut group = c.benchmark_group("e2e");
    group.sample_size(300).measurement_time(Duration::from_secs(15));
    group.bench_function("/move to the reply with its picture", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                total += rt.block_on(table.one_move());
            }
            total
        });
    });
    group.finish();
    let mut samples = table.samples.clone();
    samples.sort();
    if !samples.is_empty() {
        println!(
            "e2e /move latency over {} moves: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            samples.len(),
            percentile(&samples, 0.5).as_secs_f64() * 1e3,
            percentile(&samples, 0.99).as_secs_f64() * 1e3,
            samples.last().unwrap().as_secs_f64() * 1e3
        );
    }
    let bot = table.bot.take().unwrap();
    rt.block_on(bot.shutdown()).unwrap();
}

criterion_group!(benches, e2e);
criterion_main!(benches);
