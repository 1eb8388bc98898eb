//! `/games` under load: 10,000 open games on SQLite (in memory: the session layer's and SQLite's own work), a
//! member in ten of them (their move in five, with clocks). Measured: one `/games` (find the member's open games,
//! replay each to know whose turn, read its clock, write the answer), and, printed, the p50 and p99 of 10,000
//! calls made one after another, as from one busy instance.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::{GameKind, Setup};
use tabula::session::{Actor, Member, OptionValue, SessionConfig, Sessions, parse_request};
use tabula::store::{ClockRow, NewSession, PlayerRow, SessionState, SqliteStore, Store};

const GAMES: u64 = 10_000;
const MINE: u64 = 10;
const NOW: i64 = 1_900_000_000;
const ME: u64 = 7;

fn player(id: u64, name: &str) -> PlayerRow {
    PlayerRow { id, name: name.to_string(), accepted: true, abandoned: false, left: None, level: None }
}

/// A game of Tablut being played in `channel` between `first` (to move) and `second`, with a clock.
async fn game(store: &dyn Store, channel: u64, first: u64, second: u64) {
    let new = NewSession {
        channel,
        guild: Some(1),
        game: GameKind::Tablut,
        setup: Setup { variant: String::new(), seed: channel, seats: 2 },
        players: vec![player(first, "first player"), player(second, "second player")],
        challenger: first,
        state: SessionState::Playing,
        now: NOW - 60,
        expires_at: NOW,
        rated: true,
    };
    let session = store.create(&new).await.unwrap();
    let clock = ClockRow {
        session,
        per_move: Some(86_400),
        ply: 0,
        turn_started: NOW - 60,
        deadline: Some(NOW - 60 + 86_400),
        reminded: 0,
        next_at: Some(NOW - 60 + 43_200),
    };
    store.put_clock(&clock).await.unwrap();
}

fn games(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let s = rt.block_on(async {
        let store = SqliteStore::in_memory().await.unwrap();
        for channel in 1..=GAMES {
            // The member (7) plays in the first MINE games, moving first in half of them; ids of others from 100.
            let (first, second) = match channel {
                c if c <= MINE / 2 => (ME, 100 + c),
                c if c <= MINE => (100 + c, ME),
                c => (100 + 2 * c, 101 + 2 * c),
            };
            game(&store, channel, first, second).await;
        }
        Arc::new(Sessions::with_clock(store, SessionConfig::default(), Arc::new(|| NOW)))
    });
    let me = Actor::in_guild(Member::new(ME, "me"), Some(1));
    let none: &[(&str, OptionValue)] = &[];
    let request = parse_request("games", none).unwrap();
    let mut group = c.benchmark_group("games");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    group.bench_function("/games of a member in 10 of 10,000 open games", |b| {
        b.iter(|| {
            rt.block_on(async {
                let reply = s.handle(1, &me, request.clone()).await;
                assert!(reply.text.to_plain().contains("(10; your move in 5)"));
            });
        });
    });
    group.bench_function("the store's open games of that member", |b| {
        b.iter(|| {
            rt.block_on(async {
                assert_eq!(s.store().open_sessions_of(ME).await.unwrap().len() as u64, MINE);
            });
        });
    });
    group.finish();

    // The spread of 10,000 calls, one after another.
    let mut times: Vec<Duration> = rt.block_on(async {
        let mut times = Vec::with_capacity(10_000);
        for _ in 0..10_000 {
            let start = Instant::now();
            s.handle(1, &me, request.clone()).await;
            times.push(start.elapsed());
        }
        times
    });
    times.sort();
    let total: Duration = times.iter().sum();
    println!(
        "games: 10,000 calls in {total:?}: p50 {:?}, p99 {:?}, max {:?}",
        times[times.len() / 2],
        times[times.len() * 99 / 100],
        times[times.len() - 1]
    );
}

criterion_group!(benches, games);
criterion_main!(benches);
