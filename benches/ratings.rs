//! `/history` and `/leaderboard` over a big SQLite store: 100,000 finished (rated) games between 10,000 players on
//! one server, each answered through the indexes of migration 0005. The store alone, and the whole command through
//! the session layer (for the leaderboard that includes drawing and encoding its PNG).

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::{GameKind, Setup};
use tabula::session::commands::{History, ShowLeaderboard};
use tabula::session::{Actor, Member, SessionConfig, Sessions};
use tabula::store::{
    GameResult, NewSession, PlayerPlace, PlayerRow, RatingStore, SessionState, SessionStore, SqliteStore,
};

const GAMES: usize = 100_000;
const PLAYERS: u64 = 10_000;
const GUILD: u64 = 1;

/// A deterministic xorshift stream.
struct Stream(u64);

impl Stream {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

async fn populate(store: &SqliteStore) {
    let mut rng = Stream(0x2545_f491_4f6c_dd1d);
    let started = Instant::now();
    for i in 0..GAMES {
        let game = GameKind::ALL[rng.next(GameKind::ALL.len() as u64) as usize];
        let seats = if *game.seats().end() > 2 { 2 + rng.next(3) as usize } else { 2 };
        let mut users: Vec<u64> = Vec::with_capacity(seats);
        while users.len() < seats {
            let u = 1 + rng.next(PLAYERS);
            if !users.contains(&u) {
                users.push(u);
            }
        }
        let players: Vec<PlayerRow> = users
            .iter()
            .map(|&u| PlayerRow {
                left: None,
                id: u,
                name: format!("player{u}"),
                accepted: true,
                level: None,
                abandoned: false,
            })
            .collect();
        let now = 1_780_000_000 + 60 * i as i64;
        let new = NewSession {
            channel: i as u64,
            guild: Some(GUILD),
            game,
            setup: Setup { variant: String::new(), seed: 1, seats },
            players,
            challenger: users[0],
            state: SessionState::Finished,
            now,
            expires_at: now,
            rated: true,
        };
        let session = store.create(&new).await.unwrap();
        let result = GameResult {
            session,
            game,
            guild: Some(GUILD),
            players: users
                .iter()
                .map(|&user| PlayerPlace {
                    user,
                    name: format!("player{user}"),
                    place: 1 + rng.next(seats as u64) as usize,
                    level: None,
                })
                .collect(),
            rated: true,
            ended_at: now,
        };
        store.record_result(&result).await.unwrap();
    }
    eprintln!("stored {GAMES} finished games between {PLAYERS} players in {:.1?}", started.elapsed());
}

fn actor(user: u64) -> Actor {
    Actor {
        member: Member::new(user, format!("player{user}")),
        can_manage: false,
        can_manage_server: false,
        roles: Vec::new(),
        guild: Some(GUILD),
        locales: tabula::i18n::Locales::default(),
    }
}

fn ratings(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let s = rt.block_on(async {
        let store = SqliteStore::in_memory().await.unwrap();
        populate(&store).await;
        Sessions::new(store, SessionConfig::default())
    });
    // What is measured is real: a member's history has their games, the board has every player.
    let page = rt.block_on(s.store().history(42, Some(GUILD), None, 0, 20)).unwrap();
    assert!(page.total > 20 && page.entries.len() == 20, "{}", page.total);
    let board = rt.block_on(s.store().leaderboard(GameKind::ALL[0], Some(GUILD), 42, 10)).unwrap();
    assert!(board.players > 9_000 && board.top.len() == 10, "{}", board.players);

    let mut group = c.benchmark_group("ratings");
    group.sample_size(50).measurement_time(Duration::from_secs(5));
    let mut user = 0;
    let mut next_user = move || {
        user = user % PLAYERS + 1;
        user
    };
    group.bench_function("history page (store)", |b| {
        b.iter(|| rt.block_on(s.store().history(next_user(), Some(GUILD), None, 0, 20)).unwrap());
    });
    group.bench_function("history of one game, page 2 (store)", |b| {
        b.iter(|| {
            rt.block_on(s.store().history(next_user(), Some(GUILD), Some(GameKind::ALL[1]), 1, 20)).unwrap()
        });
    });
    group.bench_function("/history (session layer)", |b| {
        b.iter(|| {
            let request = History { user: None, game: None, page: 1 };
            let reply = rt.block_on(s.handle(7, &actor(next_user()), request));
            assert!(!reply.ephemeral, "{}", reply.text);
        });
    });
    group.bench_function("leaderboard with own place (store)", |b| {
        b.iter(|| {
            rt.block_on(s.store().leaderboard(GameKind::ALL[0], Some(GUILD), next_user(), 10)).unwrap()
        });
    });
    group.bench_function("/leaderboard with its PNG (session layer)", |b| {
        b.iter(|| {
            let reply =
                rt.block_on(s.handle(7, &actor(next_user()), ShowLeaderboard { game: GameKind::ALL[0] }));
            assert_eq!(reply.files.len(), 1, "{}", reply.text);
        });
    });
    group.finish();
}

criterion_group!(benches, ratings);
criterion_main!(benches);
