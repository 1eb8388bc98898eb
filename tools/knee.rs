//! The knee of one box: `/move` through the whole bot at a rising offered load over 100 channels of Tablut,
//! each reply with its board picture, until the 99th percentile of the time to that reply passes 300 ms.
//!
//! Four set-ups, each a fresh fake Discord on loopback and the real bot: the gateway bot (interactions arrive as
//! gateway events, the real serenity client answers) and the HTTP interactions endpoint (signed POSTs), each over
//! a SQLite file and over Postgres (a throwaway server; skipped, saying so, without Postgres's programs). The load
//! is open: moves are offered at a fixed rate whether or not earlier ones have been answered, each channel's moves
//! queue behind its previous one, and a move's time runs from the moment it was due, so a bot that falls behind
//! shows it in the percentiles instead of slowing the load down.
//!
//! Each step prints the offered and answered moves per second, the median and 99th percentile, and the process's
//! CPU per move (the bot, the fake Discord and the load generator together: they share the machine). Before the
//! steps it times the parts of one move on their own (engine, picture drawing, PNG encoding, the session layer
//! with its store), so that what is left of the CPU per move is serenity, HTTP and the harness.
//!
//! `cargo run --release -p tabula-tools --bin knee`; `TABULA_KNEE_RATES` (moves per second, comma-separated) and
//! `TABULA_KNEE_SECONDS` (per step, default 6) change the steps; `TABULA_KNEE_ONLY` (`gateway`, `endpoint`,
//! `sqlite`, `postgres`) keeps the set-ups whose name has it.

#![allow(dead_code, unused_imports, clippy::pedantic)]

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::collections::HashMap;
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
use tabula::discord::Bot;
use tabula::discord::endpoint::Endpoint;
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::store::{PgStore, SqliteStore, Store};
use tokio::sync::{Mutex, oneshot};

const CHANNELS: u64 = 100;
const LIMIT: Duration = Duration::from_millis(300);
/// A reply that has not come after this long counts as lost.
const WAIT: Duration = Duration::from_secs(30);

fn setting(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn rates() -> Vec<u64> {
    setting("TABULA_KNEE_RATES")
        .map(|v| v.split(',').filter_map(|r| r.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 800])
}

fn step_seconds() -> u64 {
    setting("TABULA_KNEE_SECONDS").and_then(|v| v.parse().ok()).unwrap_or(6)
}

/// The process's CPU time so far (user and system, all threads), from `/proc/self/stat`.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
    Duration::from_secs_f64((ticks(11) + ticks(12)) as f64 / 100.0)
}

/// How the interactions reach the bot.
enum Front {
    Gateway,
    Endpoint(Vec<SocketAddr>),
}

/// What a running set-up needs to be stopped.
enum Running {
    Bot(Bot),
    PgBot(Bot),
    Endpoints(Vec<Endpoint>),
    PgEndpoints(Vec<Endpoint>),
}

impl Running {
    async fn stop(self) {
        match self {
            Running::Bot(bot) => bot.shutdown().await.unwrap(),
            Running::PgBot(bot) => bot.shutdown().await.unwrap(),
            Running::Endpoints(list) => {
                for e in list {
                    e.shutdown().await;
                }
            }
            Running::PgEndpoints(list) => {
                for e in list {
                    e.shutdown().await;
                }
            }
        }
    }
}

/// The replies waited for, by interaction token: resolved when the reply is complete (an answer with a message,
/// or the edit of a deferred one).
type Waiting = Arc<std::sync::Mutex<HashMap<String, oneshot::Sender<Instant>>>>;

struct Harness {
    fake: FakeDiscord,
    front: Front,
    next: AtomicUsize,
    waiting: Waiting,
}

impl Harness {
    fn new(fake: FakeDiscord, front: Front) -> Arc<Harness> {
        let waiting: Waiting = Arc::default();
        let mut tap = fake.tap();
        let resolver = waiting.clone();
        tokio::spawn(async move {
            while let Some(call) = tap.recv().await {
                let done = match call.callback_type() {
                    // A message, or a component's message updated: the whole reply.
                    Some(4 | 7) => true,
                    Some(_) => false,
                    None => call.method == "PATCH" && call.route().ends_with("@original"),
                };
                let Some(token) = call.interaction_token().filter(|_| done) else { continue };
                if let Some(tx) = resolver.lock().unwrap().remove(token) {
                    let _ = tx.send(Instant::now());
                }
            }
        });
        Arc::new(Harness { fake, front, next: AtomicUsize::new(0), waiting })
    }

    /// Sends one interaction and waits for its whole reply; `None` when it did not come in time.
    async fn interact(&self, body: Value) -> Option<Instant> {
        let token = body["token"].as_str().unwrap().to_string();
        let (tx, rx) = oneshot::channel();
        self.waiting.lock().unwrap().insert(token.clone(), tx);
        match &self.front {
            Front::Gateway => {
                self.fake.send_interaction(body).await;
            }
            Front::Endpoint(addrs) => {
                let addr = addrs[self.next.fetch_add(1, Ordering::Relaxed) % addrs.len()];
                let (status, text) = try_send(addr, "POST", Post::signed(&body)).await.ok()?;
                let answer: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                assert_eq!(status, 200, "the endpoint refused an interaction: {text}");
                if answer["type"] == 4 || answer["type"] == 7 {
                    self.waiting.lock().unwrap().remove(&token);
                    return Some(Instant::now());
                }
            }
        }
        let at = tokio::time::timeout(WAIT, rx).await.ok().and_then(Result::ok);
        self.waiting.lock().unwrap().remove(&token);
        at
    }
}

/// One channel's game as the load generator knows it (only it moves there).
struct Table {
    channel: u64,
    game: Option<AnyGame>,
    rng: ChaCha8Rng,
}

impl Table {
    /// Starts a game of Tablut between Alice (Black, first) and Bob; a table whose game cannot go on moves to a
    /// fresh channel.
    async fn start(&mut self, h: &Harness) {
        let options = [
            ("game", Opt::from("tablut")),
            ("opponent", Opt::User(BOB)),
            ("side", Opt::from("first")),
            ("clock", Opt::from("none")),
        ];
        h.interact(h.fake.slash("play", &options, ALICE, self.channel))
            .await
            .expect("the challenge is posted");
        h.interact(h.fake.slash("accept", &[], BOB, self.channel)).await.expect("the game starts");
        let setup = Setup { variant: String::new(), seed: 0, seats: 2 };
        self.game = Some(AnyGame::new(GameKind::Tablut, &setup).unwrap());
    }

    /// A legal move that does not end the game, with the user who plays it; `None` when there is none.
    fn pick(&mut self) -> Option<(String, User)> {
        let game = self.game.as_ref()?;
        let seat = game.to_move()?;
        let moves: Vec<String> = game
            .legal_moves_text()
            .into_iter()
            .filter(|m| {
                let mut next = game.clone();
                next.play_text(m).is_ok() && next.outcome().is_none()
            })
            .collect();
        let text = moves.choose(&mut self.rng).cloned()?;
        Some((text, if seat == 0 { ALICE } else { BOB }))
    }
}

/// One step's figures.
struct Step {
    offered: u64,
    answered_per_s: f64,
    median: Duration,
    p99: Duration,
    lost: usize,
    cpu_per_move: Duration,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Offers `rate` moves a second for `seconds` over the tables and waits for every reply.
async fn step(h: &Arc<Harness>, tables: &[Arc<Mutex<Table>>], rate: u64, seconds: u64) -> Step {
    let samples = Arc::new(std::sync::Mutex::new(Vec::new()));
    let lost = Arc::new(AtomicUsize::new(0));
    let interval = Duration::from_secs_f64(1.0 / rate as f64);
    let total = rate * seconds;
    let (cpu0, began) = (cpu_time(), Instant::now());
    let mut tasks = tokio::task::JoinSet::new();
    for n in 0..total {
        let due = began + interval * n as u32;
        tokio::time::sleep_until(due.into()).await;
        let table = tables[n as usize % tables.len()].clone();
        let (h, samples, lost) = (h.clone(), samples.clone(), lost.clone());
        tasks.spawn(async move {
            let mut table = table.lock().await;
            if table.game.is_none() {
                table.start(&h).await;
            }
            let Some((text, user)) = table.pick() else {
                table.channel += 1_000;
                table.game = None;
                lost.fetch_add(1, Ordering::Relaxed);
                return;
            };
            let body = h.fake.slash("move", &[("move", Opt::from(text.as_str()))], user, table.channel);
            match h.interact(body).await {
                Some(at) => {
                    samples.lock().unwrap().push(at.saturating_duration_since(due));
                    table.game.as_mut().unwrap().play_text(&text).unwrap();
                }
                None => {
                    lost.fetch_add(1, Ordering::Relaxed);
                    table.game = None;
                    table.channel += 1_000;
                }
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    let (cpu, took) = (cpu_time().saturating_sub(cpu0), began.elapsed());
    h.fake.forget_calls();
    let mut samples = samples.lock().unwrap().clone();
    samples.sort();
    let answered = samples.len().max(1);
    Step {
        offered: rate,
        answered_per_s: samples.len() as f64 / took.as_secs_f64(),
        median: percentile(&samples, 0.5),
        p99: percentile(&samples, 0.99),
        lost: lost.load(Ordering::Relaxed),
        cpu_per_move: cpu / answered as u32,
    }
}

/// Runs the steps until the 99th percentile passes [`LIMIT`]; prints each and the knee.
async fn climb(name: &str, h: Arc<Harness>) {
    let mut tables = Vec::new();
    for channel in 0..CHANNELS {
        let mut table =
            Table { channel: 70_000 + channel, game: None, rng: ChaCha8Rng::seed_from_u64(channel) };
        table.start(&h).await;
        tables.push(Arc::new(Mutex::new(table)));
    }
    h.fake.forget_calls();
    println!("{name}:");
    let mut knee: Option<Step> = None;
    for rate in rates() {
        let s = step(&h, &tables, rate, step_seconds()).await;
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "  offered {:>4}/s: answered {:>6.1}/s, median {:>7.1} ms, p99 {:>7.1} ms, {} lost, CPU {:.2} ms per move",
            s.offered,
            s.answered_per_s,
            ms(s.median),
            ms(s.p99),
            s.lost,
            ms(s.cpu_per_move)
        );
        if s.p99 > LIMIT || s.lost > 0 {
            break;
        }
        knee = Some(s);
    }
    match knee {
        Some(k) => println!(
            "  knee: {:.0} moves per second answered with p99 {:.0} ms (offered {}/s), {:.2} ms of CPU per move",
            k.answered_per_s,
            k.p99.as_secs_f64() * 1e3,
            k.offered,
            k.cpu_per_move.as_secs_f64() * 1e3
        ),
        None => println!("  knee: below the first step"),
    }
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

fn localhost() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

async fn gateway_sqlite() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = config(&fake, dir.path().join("knee.db"));
    let bot = Bot::start(&config, SqliteStore::open(&config.database).await.unwrap()).await.unwrap();
    fake.wait_ready(WAIT).await;
    let h = Harness::new(fake, Front::Gateway);
    climb("gateway bot, SQLite file", h.clone()).await;
    Running::Bot(bot).stop().await;
    h.fake.take_refusals();
}

async fn endpoint_sqlite() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = config(&fake, dir.path().join("knee.db"));
    let store = SqliteStore::open(&config.database).await.unwrap();
    let endpoint = Endpoint::start(&config, store, localhost()).await.unwrap();
    let h = Harness::new(fake, Front::Endpoint(vec![endpoint.local_addr()]));
    climb("HTTP endpoint, SQLite file", h.clone()).await;
    Running::Endpoints(vec![endpoint]).stop().await;
    h.fake.take_refusals();
}

async fn gateway_postgres(server: &PgServer) {
    let url = server.database("knee_gateway").await;
    let fake = FakeDiscord::start().await;
    let config = config(&fake, url.clone().into());
    let bot = Bot::start(&config, PgStore::connect(&url).await.unwrap()).await.unwrap();
    fake.wait_ready(WAIT).await;
    let h = Harness::new(fake, Front::Gateway);
    climb("gateway bot, Postgres", h.clone()).await;
    Running::PgBot(bot).stop().await;
    h.fake.take_refusals();
}

async fn endpoint_postgres(server: &PgServer) {
    let url = server.database("knee_endpoint").await;
    let fake = FakeDiscord::start().await;
    let config = config(&fake, url.clone().into());
    let endpoint =
        Endpoint::start(&config, PgStore::connect(&url).await.unwrap(), localhost()).await.unwrap();
    let h = Harness::new(fake, Front::Endpoint(vec![endpoint.local_addr()]));
    climb("HTTP endpoint, Postgres", h.clone()).await;
    Running::PgEndpoints(vec![endpoint]).stop().await;
    h.fake.take_refusals();
}

/// Times `f` over `n` runs and returns the median of one run.
fn median_of(n: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[n / 2]
}

/// The parts of one move on their own, single-threaded, on a Tablut game 30 moves in.
async fn parts() {
    let setup = Setup { variant: String::new(), seed: 0, seats: 2 };
    let mut game = AnyGame::new(GameKind::Tablut, &setup).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..30 {
        let legal = game.legal_moves_text();
        let m = legal.choose(&mut rng).unwrap().clone();
        let mut next = game.clone();
        next.play_text(&m).unwrap();
        if next.outcome().is_none() {
            game = next;
        }
    }
    let names = vec!["Alice".to_string(), "Bob".to_string()];
    let legal = game.legal_moves_text();
    let engine = median_of(200, || {
        let mut next = game.clone();
        std::hint::black_box(next.play_text(&legal[legal.len() / 2]).unwrap());
    });
    let render = median_of(100, || {
        std::hint::black_box(game.render_ended(&names, tabula::i18n::Lang::En, None));
    });
    let picture = game.render_ended(&names, tabula::i18n::Lang::En, None);
    let encode = median_of(100, || {
        std::hint::black_box(tabula::render::encode_indexed(&picture, game.palette()));
    });
    // The session layer with its store: 100 channels at once over a SQLite file, its CPU per move.
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("parts.db")).await.unwrap();
    let sessions = Arc::new(tabula::session::Sessions::new(store, tabula::session::SessionConfig::default()));
    let session = session_cpu(&sessions).await;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "parts of one move, alone: engine (check and play) {:.3} ms, picture drawn {:.2} ms, PNG encoded {:.2} ms, \
         session layer with its SQLite store {:.2} ms of CPU",
        ms(engine),
        ms(render),
        ms(encode),
        ms(session)
    );
}

/// The CPU per move of the session layer alone: 20 rounds of a move in each of 100 channels at once.
async fn session_cpu(s: &Arc<tabula::session::Sessions>) -> Duration {
    use tabula::session::commands::{Accept, Play, PlayMove, ShowBoard};
    use tabula::session::{Actor, Member};
    let actor = |id: u64| Actor {
        member: Member::new(id, "p"),
        can_manage: false,
        can_manage_server: false,
        roles: Vec::new(),
        guild: None,
        locales: tabula::i18n::Locales::default(),
    };
    for ch in 1..=CHANNELS {
        let (a, b) = (actor(ch * 10 + 1), actor(ch * 10 + 2));
        let play = Play::against(GameKind::Tablut, b.member.clone());
        s.handle(ch, &a, play).await;
        s.handle(ch, &b, Accept { session: None }).await;
    }
    let (cpu0, mut moves) = (cpu_time(), 0u32);
    for round in 0..20usize {
        let tasks: Vec<_> = (1..=CHANNELS)
            .map(|ch| {
                let s = s.clone();
                let (a, b) = (actor(ch * 10 + 1), actor(ch * 10 + 2));
                tokio::spawn(async move {
                    let Some(board) = s.handle(ch, &a, ShowBoard).await.board else { return 0 };
                    let Some(seat) = board.game.to_move() else { return 0 };
                    let legal = board.game.legal_moves_text();
                    let text = legal[(round * 7 + ch as usize) % legal.len()].clone();
                    let who = if seat == 0 { &a } else { &b };
                    u32::from(!s.handle(ch, who, PlayMove { text }).await.ephemeral)
                })
            })
            .collect();
        for t in tasks {
            moves += t.await.unwrap();
        }
    }
    cpu_time().saturating_sub(cpu0) / moves.max(1)
}

fn main() {
    let only = setting("TABULA_KNEE_ONLY").unwrap_or_default();
    let wanted = |name: &str| only.is_empty() || name.contains(only.as_str());
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        parts().await;
        if wanted("gateway sqlite") {
            gateway_sqlite().await;
        }
        if wanted("endpoint sqlite") {
            endpoint_sqlite().await;
        }
        if !wanted("gateway postgres") && !wanted("endpoint postgres") {
            return;
        }
        let Some(server) = PgServer::start("bench_knee") else { return };
        if wanted("gateway postgres") {
            gateway_postgres(&server).await;
        }
        if wanted("endpoint postgres") {
            endpoint_postgres(&server).await;
        }
    });
}
