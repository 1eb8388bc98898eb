//! Throughput of the session layer over the SQLite store: 100 channels playing Tablut at once, every move
//! checked by the engine and committed (WAL, synchronous=FULL) before its reply.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::GameKind;
use tabula::session::{Actor, Member, Request, SessionConfig, Sessions, SidePref};
use tabula::store::{SqliteStore, Store};

const CHANNELS: u64 = 100;

fn players(channel: u64) -> [Actor; 2] {
    let a = Actor { member: Member::new(channel * 10 + 1, "a"), can_manage: false, guild: None };
    let b = Actor { member: Member::new(channel * 10 + 2, "b"), can_manage: false, guild: None };
    [a, b]
}

/// Starts a game in `channel` with seat 0 = the first player.
async fn start(s: &Sessions<impl Store>, channel: u64) {
    let [a, b] = players(channel);
    let play = Request::Play {
        game: GameKind::Tablut,
        opponents: vec![b.member.clone()],
        variant: None,
        side: SidePref::First,
        level: None,
        rated: true,
    };
    s.handle(channel, &a, play).await;
    let reply = s.handle(channel, &b, Request::Accept { session: None }).await;
    assert!(!reply.ephemeral, "{}", reply.text);
}

/// Plays one move in `channel` (the first legal one in a varying order), starting a new game when one ends.
async fn one_move(s: &Sessions<impl Store>, channel: u64, round: usize) {
    let [a, b] = players(channel);
    let board = s.handle(channel, &a, Request::Board).await;
    let Some(board) = board.board else {
        start(s, channel).await;
        return;
    };
    let seat = board.game.to_move().expect("open games have a player to move");
    let legal = board.game.legal_moves_text();
    let text = legal[(round * 7 + channel as usize) % legal.len()].clone();
    let who = if seat == 0 { &a } else { &b };
    let reply = s.handle(channel, who, Request::Move { text }).await;
    assert!(!reply.ephemeral, "{}", reply.text);
}

fn sessions(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let s = rt.block_on(async {
        let store = SqliteStore::open(&dir.path().join("bench.db")).await.unwrap();
        let s = Arc::new(Sessions::new(store, SessionConfig::default()));
        for ch in 1..=CHANNELS {
            start(&s, ch).await;
        }
        s
    });
    let mut group = c.benchmark_group("sessions");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    group.throughput(criterion::Throughput::Elements(CHANNELS));
    let mut round = 0;
    group.bench_function("100 channels, one move each (sqlite file)", |b| {
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

criterion_group!(benches, sessions);
criterion_main!(benches);
