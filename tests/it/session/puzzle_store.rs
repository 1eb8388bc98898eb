//! The puzzle part of the store contract (attempts, one open at a time, versioned writes, the solved-fastest
//! tables, forgetting), held by the in-memory, SQLite and Postgres stores alike.

use tabula::store::{AttemptUpdate, NewAttempt, PgStore, SqliteStore, Store, StoreError};
use tabula_testkit::MemoryStore;

use crate::support::postgres::PgServer;

fn new(user: u64, guild: Option<u64>, spec: &str, now: i64) -> NewAttempt {
    NewAttempt {
        user,
        name: format!("p{user}"),
        guild,
        kind: "discovery".to_string(),
        spec: spec.to_string(),
        state: String::new(),
        now,
    }
}

/// Solves attempt `id` (open, with `actions` so far) at `at` with `more` actions and `hints`.
async fn solve(store: &impl Store, id: i64, at: i64, actions: u32, hints: u32) {
    let update = AttemptUpdate {
        id,
        from_actions: 0,
        state: "3@0,0:0".to_string(),
        actions,
        hints,
        solved_at: Some(at),
        score: None,
    };
    store.update_attempt(&update).await.unwrap();
}

async fn puzzle_contract(store: impl Store) {
    assert_eq!(store.open_attempt(1).await.unwrap(), None);
    let first = store.start_attempt(&new(1, Some(5), "10", 100)).await.unwrap();
    let open = store.open_attempt(1).await.unwrap().unwrap();
    assert_eq!((open.id, open.spec.as_str(), open.actions, open.open), (first, "10", 0, true));
    assert_eq!(store.attempt(first).await.unwrap(), Some(open.clone()));
    // An action on the version it was decided on; a second one on the same version loses.
    let step = AttemptUpdate {
        id: first,
        from_actions: 0,
        state: "10@0,0:0".to_string(),
        actions: 1,
        hints: 0,
        solved_at: None,
        score: None,
    };
    store.update_attempt(&step).await.unwrap();
    assert!(matches!(store.update_attempt(&step).await, Err(StoreError::Conflict)));
    let now = store.attempt(first).await.unwrap().unwrap();
    assert_eq!((now.state.as_str(), now.actions, now.seconds(130)), ("10@0,0:0", 1, 30));
    // Starting another closes the first: no write reaches it any more.
    let second = store.start_attempt(&new(1, Some(5), "3", 200)).await.unwrap();
    assert_eq!(store.open_attempt(1).await.unwrap().map(|a| a.id), Some(second));
    assert!(!store.attempt(first).await.unwrap().unwrap().open);
    let late = AttemptUpdate { from_actions: 1, actions: 2, ..step.clone() };
    assert!(matches!(store.update_attempt(&late).await, Err(StoreError::Conflict)));
    // Solved: closed, and on the table.
    solve(&store, second, 250, 4, 0).await;
    assert_eq!(store.open_attempt(1).await.unwrap(), None);
    let solved = store.attempt(second).await.unwrap().unwrap();
    assert_eq!((solved.solved_at, solved.open, solved.seconds(999)), (Some(250), false, 50));
    // Others: a faster solve, a slower one of the same member, one with a hint, one in another server, one in
    // a direct message.
    for (user, guild, start, end, actions, hints) in [
        (2, Some(5), 300, 320, 9, 0),
        (2, Some(5), 400, 460, 3, 0),
        (3, Some(5), 500, 501, 3, 1),
        (4, Some(6), 0, 1, 3, 0),
        (5, None, 0, 7, 3, 0),
    ] {
        let id = store.start_attempt(&new(user, guild, "3", start)).await.unwrap();
        solve(&store, id, end, actions, hints).await;
    }
    let table = store.fastest(Some(5), "discovery", Some("3"), 10).await.unwrap();
    let rows: Vec<(u64, i64, u32)> = table.iter().map(|f| (f.user, f.seconds, f.actions)).collect();
    assert_eq!(rows, vec![(2, 20, 9), (1, 50, 4)]);
    assert_eq!(store.fastest(Some(5), "discovery", Some("10"), 10).await.unwrap(), vec![]);
    assert_eq!(store.fastest(Some(5), "discovery", Some("3"), 1).await.unwrap().len(), 1);
    let dm = store.fastest(None, "discovery", None, 10).await.unwrap();
    assert_eq!(dm.iter().map(|f| f.user).collect::<Vec<_>>(), vec![5]);
    // Every size: each member's best of each.
    let third = store.start_attempt(&new(1, Some(5), "4", 600)).await.unwrap();
    solve(&store, third, 700, 8, 0).await;
    let all = store.fastest(Some(5), "discovery", None, 10).await.unwrap();
    let rows: Vec<(u64, &str)> = all.iter().map(|f| (f.user, f.spec.as_str())).collect();
    assert_eq!(rows, vec![(2, "3"), (1, "3"), (1, "4")]);
    // A puzzle that scores: the highest score first, then the fastest.
    for (user, end, score) in [(6, 10, 9), (7, 50, 20), (8, 40, 20)] {
        let mut day = new(user, Some(5), "2026-12-07", 0);
        day.kind = "solitaire".to_string();
        let id = store.start_attempt(&day).await.unwrap();
        let update = AttemptUpdate {
            id,
            from_actions: 0,
            state: String::new(),
            actions: 14,
            hints: 0,
            solved_at: Some(end),
            score: Some(score),
        };
        store.update_attempt(&update).await.unwrap();
        assert_eq!(store.attempt(id).await.unwrap().unwrap().score, Some(score));
    }
    let days = store.fastest(Some(5), "solitaire", Some("2026-12-07"), 10).await.unwrap();
    let rows: Vec<(u64, Option<u32>)> = days.iter().map(|f| (f.user, f.score)).collect();
    assert_eq!(rows, vec![(8, Some(20)), (7, Some(20)), (6, Some(9))]);
    // What is kept about a member counts their attempts; forgetting them relabels their name on the tables.
    assert_eq!(store.member_data(1).await.unwrap().puzzles, 3);
    assert!(store.member_data(1).await.unwrap().names.contains(&"p1".to_string()));
    store.forget_member(1, "player-000001").await.unwrap();
    let table = store.fastest(Some(5), "discovery", Some("3"), 10).await.unwrap();
    assert_eq!(table[1].name, "player-000001");
    assert!(!store.member_data(1).await.unwrap().names.contains(&"p1".to_string()));
}

#[tokio::test]
async fn the_memory_store_keeps_the_puzzle_contract() {
    puzzle_contract(MemoryStore::new()).await;
}

#[tokio::test]
async fn the_sqlite_store_keeps_the_puzzle_contract() {
    puzzle_contract(SqliteStore::in_memory().await.unwrap()).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_the_puzzle_contract() {
    let Some(server) = PgServer::start("the_postgres_store_keeps_the_puzzle_contract") else { return };
    let url = server.database("puzzles").await;
    puzzle_contract(PgStore::connect(&url).await.unwrap()).await;
}
