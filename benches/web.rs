//! The live board's figures, on loopback with the real bot, the fake Discord and the web server:
//!
//! - the page's weight (the page, its script and its style: everything a browser fetches; the page uses the
//!   system's fonts), asserted under 150 KB;
//! - a player's action on the page (`POST /api/g/<handle>/act`, what a click sends) to the channel's public message
//!   with its picture reaching the fake Discord;
//! - 1,000 spectators' live streams (Server-Sent Events) on one game: the memory they take (the process's resident
//!   memory before and after opening them, which counts this benchmark's own small clients too), and the time
//!   from a move to the last of the thousand hearing of it.
//!
//! Run with `cargo bench -p tabula-bench --bench web`.

#![allow(dead_code, unused_imports, clippy::pedantic)]

#[path = "../tests/it/support/mod.rs"]
mod support;

use std::fmt::Write as _;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use support::{ALICE, BOB, FakeDiscord, GAMES_CHANNEL, GUILD_ID};
use tabula::config::{Config, Token};
use tabula::discord::Bot;
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::session::Links;
use tabula::store::{SessionStore as _, SqliteStore};
use tabula::web::Web;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

const WAIT: Duration = Duration::from_secs(20);
const SECRET: &str = "a bench secret";
const SPECTATORS: usize = 1000;

/// One HTTP/1.1 exchange over a fresh connection from `from`: the status and the body.
async fn http(
    from: Ipv4Addr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    auth: &str,
    body: &[u8],
) -> (u16, Vec<u8>) {
    let mut stream = connect(from, addr).await;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n");
    if !auth.is_empty() {
        let _ = write!(head, "Authorization: Bearer {auth}\r\n");
    }
    let _ = write!(head, "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    let status = String::from_utf8_lossy(&answer[9..12]).parse().unwrap();
    (status, answer[split..].to_vec())
}

/// A connection from loopback address `from` (each spectator's address differs a little, as on the internet,
/// so that the per-address throttle lets a thousand in at once).
async fn connect(from: Ipv4Addr, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

fn address(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 1 + (n / 200) as u8, 1 + (n % 200) as u8)
}

/// The process's resident memory, in KiB.
fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

struct Table {
    fake: FakeDiscord,
    bot: Option<Bot>,
    web: Option<Web>,
    links: Links,
    id: i64,
    game: AnyGame,
    moves: usize,
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
        let web =
            Web::start(bot.sessions().clone(), "127.0.0.1:0".parse().unwrap(), None, SECRET).await.unwrap();
        let game =
            AnyGame::new(GameKind::Tablut, &Setup { variant: String::new(), seed: 0, seats: 2 }).unwrap();
        let links = Links::new(SECRET.as_bytes(), "");
        let mut table = Table {
            fake,
            bot: Some(bot),
            web: Some(web),
            links,
            id: 0,
            game,
            moves: 0,
            samples: Vec::new(),
            _dir: dir,
        };
        table.new_game().await;
        table
    }

    fn addr(&self) -> SocketAddr {
        self.web.as_ref().unwrap().local_addr()
    }

    async fn new_game(&mut self) {
        let sessions = self.bot.as_ref().unwrap().sessions().clone();
        support::start_tablut(&sessions).await;
        self.id = sessions.store().open_session(GAMES_CHANNEL).await.unwrap().unwrap().id;
        self.game =
            AnyGame::new(GameKind::Tablut, &Setup { variant: String::new(), seed: 0, seats: 2 }).unwrap();
    }

    /// Plays the next move through the page's action and returns the time until the channel's message with its
    /// picture reached the fake Discord.
    async fn one_move(&mut self) -> Duration {
        if self.game.to_move().is_none() {
            self.new_game().await;
        }
        let legal = self.game.legal_moves_text();
        self.moves += 1;
        let text = legal[(self.moves * 7919) % legal.len()].clone();
        let who = if self.game.to_move() == Some(0) { ALICE } else { BOB };
        self.game.play_text(&text).unwrap();
        let token = self.links.sign(who.id, self.id, i64::MAX / 2);
        let seen_before = self.fake.calls().len();
        let body = format!(r#"{{"action":"move","move":"{text}"}}"#);
        let started = Instant::now();
        // Each move from another address: a person clicks far below the per-address throttle, the benchmark does
        // not.
        let (status, answer) = http(
            address(SPECTATORS + self.moves % 1000),
            self.addr(),
            "POST",
            &format!("/api/g/{}/act", self.links.handle(self.id)),
            &token,
            body.as_bytes(),
        )
        .await;
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
        let route = format!("/channels/{GAMES_CHANNEL}/messages");
        self.fake
            .wait_for(
                |c| {
                    c.index >= seen_before
                        && c.is("POST", &route)
                        && !c.files().is_empty()
                        && c.content().is_some_and(|t| t.contains(&text))
                },
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

fn report(what: &str, samples: &[Duration]) {
    let mut samples = samples.to_vec();
    samples.sort();
    if let Some(max) = samples.last() {
        println!(
            "{what} over {} samples: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            samples.len(),
            percentile(&samples, 0.5).as_secs_f64() * 1e3,
            percentile(&samples, 0.99).as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3
        );
    }
}

/// Reads a stream's events and reports each `change` on `heard`.
async fn listen(stream: TcpStream, heard: tokio::sync::mpsc::UnboundedSender<()>) {
    let mut lines = BufReader::with_capacity(512, stream);
    let mut line = String::new();
    loop {
        line.clear();
        match lines.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) if line.starts_with("event: change") => {
                if heard.send(()).is_err() {
                    return;
                }
            }
            Ok(_) => {}
        }
    }
}

/// A thousand spectators' live streams on one game, each from its own address.
struct Crowd {
    listeners: Vec<tokio::task::JoinHandle<()>>,
    heard: tokio::sync::mpsc::UnboundedReceiver<()>,
}

impl Crowd {
    /// Opens the streams and waits for each one's first event (the game as it is).
    async fn open(handle: &str, addr: SocketAddr) -> Crowd {
        let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel();
        let mut listeners = Vec::new();
        for n in 0..SPECTATORS {
            let mut stream = connect(address(n + 2), addr).await;
            let request = format!(
                "GET /api/g/{handle}/events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n"
            );
            stream.write_all(request.as_bytes()).await.unwrap();
            listeners.push(tokio::spawn(listen(stream, heard_tx.clone())));
        }
        for _ in 0..SPECTATORS {
            tokio::time::timeout(WAIT, heard.recv()).await.expect("every spectator's stream opens").unwrap();
        }
        Crowd { listeners, heard }
    }

    fn close(&self) {
        for listener in &self.listeners {
            listener.abort();
        }
    }
}

fn web(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let mut table = rt.block_on(Table::new());
    let addr = table.addr();

    // The page's weight: everything the browser fetches for it.
    let weight: usize = rt.block_on(async {
        let mut total = 0;
        for path in [
            format!("/g/{}", table.links.handle(table.id)),
            "/static/board.js".into(),
            "/static/board.css".into(),
        ] {
            let (status, body) = http(address(1), addr, "GET", &path, "", b"").await;
            assert_eq!(status, 200, "{path}");
            println!("page weight: {path} {} bytes", body.len());
            total += body.len();
        }
        total
    });
    println!("page weight: {weight} bytes in all (uncompressed)");
    assert!(weight < 150 * 1024, "the page weighs {weight} bytes");

    let mut group = c.benchmark_group("web");
    group.sample_size(100).measurement_time(Duration::from_secs(10));
    group.bench_function("page action to the channel's message with its picture", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                total += rt.block_on(table.one_move());
            }
            total
        });
    });
    report("web action to the channel's message", &table.samples);

    // A thousand spectators on one game.
    let before = resident_kib();
    let mut crowd = rt.block_on(Crowd::open(&table.links.handle(table.id), addr));
    let after = resident_kib();
    println!(
        "{SPECTATORS} live spectators: resident memory {before} KiB before, {after} KiB after: {} KiB more, {:.1} KiB \
         each (server and this benchmark's clients together)",
        after.saturating_sub(before),
        after.saturating_sub(before) as f64 / SPECTATORS as f64
    );
    let mut spread = Vec::new();
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    group.bench_function("a move to all of 1,000 spectators' streams", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let took = rt.block_on(async {
                    // A game that ended gives way to a new one in the channel: the crowd follows it, untimed.
                    if table.game.to_move().is_none() {
                        table.new_game().await;
                        crowd.close();
                        crowd = Crowd::open(&table.links.handle(table.id), addr).await;
                    }
                    let started = Instant::now();
                    table.one_move().await;
                    for _ in 0..SPECTATORS {
                        tokio::time::timeout(WAIT, crowd.heard.recv())
                            .await
                            .expect("every spectator hears")
                            .unwrap();
                    }
                    started.elapsed()
                });
                spread.push(took);
                total += took;
            }
            total
        });
    });
    group.finish();
    report("a move (action to message) and all 1,000 spectators hearing of it", &spread);
    println!("resident memory at the end: {} KiB", resident_kib());
    rt.block_on(async {
        table.web.take().unwrap().shutdown().await;
        table.bot.take().unwrap().shutdown().await.unwrap();
    });
}

criterion_group!(benches, web);
criterion_main!(benches);
