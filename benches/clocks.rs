//! How many games with clocks the one background task handles: 100,000 open games, each with a clock row, of
//! which 1,000 are due. Measured: finding the due ones (and the next wake-up), a reminder sweep that settles 1,000
//! due reminders (load each game, mark the reminder sent, build its message), and a timeout sweep that ends 1,000
//! games on time. The store is SQLite in memory, so the figures are the session layer's and SQLite's own work,
//! without the disk's fsync (the file store adds one fsync per write).

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::{GameKind, Setup};
use tabula::session::{Notice, SessionConfig, Sessions};
use tabula::store::{ClockRow, NewSession, PlayerRow, SessionState, SqliteStore, Store};

const GAMES: u64 = 100_000;
const DUE: u64 = 1_000;
const NOW: i64 = 1_900_000_000;
const PER_MOVE: i64 = 3 * 86_400;

fn player(id: u64, name: &str) -> PlayerRow {
    PlayerRow { id, name: name.to_string(), accepted: true, abandoned: false, left: None, level: None }
}

/// A game being played in `channel`, its turn begun at `started`; returns its session id.
async fn game(store: &dyn Store, channel: u64, started: i64) -> i64 {
    let new = NewSession {
        channel,
        guild: None,
        game: GameKind::Tablut,
        setup: Setup { variant: String::new(), seed: channel, seats: 2 },
        players: vec![player(channel * 2, "a"), player(channel * 2 + 1, "b")],
        challenger: channel * 2,
        state: SessionState::Playing,
        now: started,
        expires_at: started,
        rated: true,
    };
    let id = store.create(&new).await.unwrap();
    store.put_clock(&clock(id, started, 0)).await.unwrap();
    id
}

/// The clock of a turn begun at `started` with `reminded` reminders sent.
fn clock(session: i64, started: i64, reminded: u8) -> ClockRow {
    let next_at = if reminded == 0 { started + PER_MOVE / 2 } else { started + PER_MOVE - PER_MOVE / 10 };
    ClockRow {
        session,
        per_move: Some(PER_MOVE),
        ply: 0,
        turn_started: started,
        deadline: Some(started + PER_MOVE),
        reminded,
        next_at: Some(next_at),
    }
}

fn clocks(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let (s, due_ids) = rt.block_on(async {
        let store = SqliteStore::in_memory().await.unwrap();
        let mut due_ids = Vec::new();
        for channel in 1..=GAMES {
            // The first DUE games are past half time; the others have just begun their turn.
            let started = if channel <= DUE { NOW - 2 * 86_400 } else { NOW - 60 };
            let id = game(&store, channel, started).await;
            if channel <= DUE {
                due_ids.push(id);
            }
        }
        let s = Sessions::with_clock(store, SessionConfig::default(), Arc::new(|| NOW));
        (Arc::new(s), due_ids)
    });
    let mut group = c.benchmark_group("clocks");
    group.sample_size(10).measurement_time(Duration::from_secs(10));

    group.bench_function("find the 1,000 due among 100,000 open games", |b| {
        b.iter(|| {
            rt.block_on(async {
                let due = s.store().due_clocks(NOW).await.unwrap();
                assert_eq!(due.len() as u64, DUE);
                assert_eq!(s.next_wake().await, Ok(Some(NOW - 43_200)));
            });
        });
    });

    group.bench_function("reminder sweep: 1,000 due reminders among 100,000", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                rt.block_on(async {
                    // Not timed: the reminders become due again, and the games are not in memory (as after a
                    // restart), so each sweep loads every game it settles.
                    for &id in &due_ids {
                        s.store().put_clock(&clock(id, NOW - 2 * 86_400, 0)).await.unwrap();
                    }
                    s.forget_cache();
                    let started = Instant::now();
                    let notices = s.settle_clocks().await;
                    spent += started.elapsed();
                    assert_eq!(notices.len() as u64, DUE);
                    assert!(notices.iter().all(|n| matches!(n, Notice::Post { .. })));
                });
            }
            spent
        });
    });

    let mut next_channel = GAMES + 1;
    group.bench_function("timeout sweep: 1,000 games out of time among 100,000", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                rt.block_on(async {
                    // Not timed: 1,000 fresh games whose time ran out, while the reminders' games are not due.
                    for &id in &due_ids {
                        s.store().put_clock(&clock(id, NOW - 2 * 86_400, 2)).await.unwrap();
                    }
                    for channel in next_channel..next_channel + DUE {
                        game(s.store(), channel, NOW - PER_MOVE - 1).await;
                    }
                    next_channel += DUE;
                    s.forget_cache();
                    let started = Instant::now();
                    let notices = s.settle_clocks().await;
                    spent += started.elapsed();
                    assert_eq!(notices.len() as u64, DUE);
                    assert!(notices.iter().all(
                        |n| matches!(n, Notice::Post { reply, .. } if reply.text.contains("loses on time"))
                    ));
                });
            }
            spent
        });
    });
    group.finish();
}

criterion_group!(benches, clocks);
criterion_main!(benches);
