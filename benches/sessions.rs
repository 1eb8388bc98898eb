//! Throughput of the session layer: 100 channels playing Tablut at once, every move checked by the engine and
//! committed before its reply, over the SQLite store (WAL, synchronous=FULL) and over Postgres as several
//! instances use it (`shared_store`: each command reads its channel afresh). The Postgres case starts a throwaway
//! server (the tests' harness) and is skipped, saying so, without Postgres's programs.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::GameKind;
use tabula::session::commands::{Accept, Play, PlayMove, ShowBoard};
use tabula::session::{Actor, Member, SessionConfig, Sessions};
use tabula::store::{PgStore, SqliteStore};

#[allow(dead_code)]
#[path = "../tests/it/support/postgres.rs"]
mod postgres;
#[allow(dead_code)]
#[path = "../tests/it/support/wait.rs"]
mod wait;

const CHANNELS: u64 = 100;

fn players(channel: u64) -> [Actor; 2] {
    let a = Actor {
        member: Member::new(channel * 10 + 1, "a"),
        can_manage: false,
        can_manage_server: false,
        roles: Vec::new(),
        guild: None,
        locales: tabula::i18n::Locales::default(),
    };
    let b = Actor {
        member: Member::new(channel * 10 + 2, "b"),
        can_manage: false,
        can_manage_server: false,
        roles: Vec::new(),
        guild: None,
        locales: tabula::i18n::Locales::default(),
    };
    [a, b]
}

/// Starts a game in `channel` with seat 0 = the first player.
async fn start(s: &Sessions, channel: u64) {
    let [a, b] = players(channel);
    let play = Play::against(GameKind::Tablut, b.member.clone());
    s.handle(channel, &a, play).await;
    let reply = s.handle(channel, &b, Accept { session: None }).await;
    assert!(!reply.ephemeral, "{}", reply.text);
}

/// Plays one move in `channel` (the first legal one in a varying order), starting a new game when one ends.
async fn one_move(s: &Sessions, channel: u64, round: usize) {
    let [a, b] = players(channel);
    let board = s.handle(channel, &a, ShowBoard).await;
    let Some(board) = board.board else {
        start(s, channel).await;
        return;
    };
    let seat = board.game.to_move().expect("open games have a player to move");
    let legal = board.game.legal_moves_text();
    let text = legal[(round * 7 + channel as usize) % legal.len()].clone();
    let who = if seat == 0 { &a } else { &b };
    let reply = s.handle(channel, who, PlayMove { text }).await;
    assert!(!reply.ephemeral, "{}", reply.text);
}

/// Measures one round of moves, one in each channel at once, over `s`.
fn bench_rounds(c: &mut Criterion, rt: &tokio::runtime::Runtime, s: &Arc<Sessions>, name: &str) {
    rt.block_on(async {
        for ch in 1..=CHANNELS {
            start(s, ch).await;
        }
    });
    let mut group = c.benchmark_group("sessions");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    group.throughput(criterion::Throughput::Elements(CHANNELS));
    let mut round = 0;
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            for _ in 0..iters {
                round += 1;
                let r = round;
                rt.block_on(async {
                    let tasks: Vec<_> = (1..=CHANNELS)
                        .map(|ch| {
                            let s = s.clone();
                            tokio::spawn(async move { one_move(&s, ch, r).await })
                        })
                        .collect();
                    for t in tasks {
                        t.await.unwrap();
                    }
                });
            }
            started.elapsed()
        });
    });
    group.finish();
}

fn sessions(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let sqlite = rt.block_on(async {
        let store = SqliteStore::open(&dir.path().join("bench.db")).await.unwrap();
        Arc::new(Sessions::new(store, SessionConfig::default()))
    });
    bench_rounds(c, &rt, &sqlite, "100 channels, one move each (sqlite file)");

    let Some(server) = postgres::PgServer::start("sessions on postgres") else { return };
    let pg = rt.block_on(async {
        let url = server.database("bench").await;
        let config = SessionConfig { shared_store: true, ..SessionConfig::default() };
        Arc::new(Sessions::new(PgStore::connect(&url).await.unwrap(), config))
    });
    bench_rounds(c, &rt, &pg, "100 channels, one move each (postgres, shared store)");
}

criterion_group!(benches, sessions);
criterion_main!(benches);
