//! The puzzle part of the store contract (attempts, one open at a time, versioned writes, the solved-fastest
//! tables, forgetting), held by the in-memory, SQLite and Postgres stores alike.

use tabula::store::{
    AttemptUpdate, DailyPost, DailyServer, NewAttempt, PgStore, PuzzleRating, ServerSettings, SqliteStore,
    Store, StoreError, TACTIC_KIND, TacticRating, TacticRow,
};
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
    tactic_contract(&store).await;
    daily_contract(&store).await;
}

fn tactic(key: &str, game: &str, rating: f64) -> TacticRow {
    TacticRow {
        key: key.to_string(),
        game: game.to_string(),
        body: format!("{{\"key\":\"{key}\"}}"),
        rating,
        deviation: 200.0,
        volatility: 0.06,
        plays: 0,
    }
}

/// Tactics, puzzle ratings and the members who let their games become tactics.
async fn tactic_contract(store: &impl Store) {
    let rows = [tactic("a", "tablut", 1000.0), tactic("b", "tablut", 1400.0), tactic("c", "tzaar", 1500.0)];
    assert_eq!(store.add_tactics(&rows).await.unwrap(), 3);
    // A stored key keeps its row.
    assert_eq!(store.add_tactics(&[tactic("a", "tablut", 2000.0)]).await.unwrap(), 0);
    assert_eq!(store.tactic_count().await.unwrap(), 3);
    assert_eq!(store.tactic("a").await.unwrap(), Some(rows[0].clone()));
    // The nearest the member's rating, of the game or of any, never one they tried.
    let near = |game: Option<&'static str>, rating: f64| async move {
        store.next_tactic(9, game, rating).await.unwrap().map(|t| t.key)
    };
    assert_eq!(near(Some("tablut"), 1500.0).await.as_deref(), Some("b"));
    assert_eq!(near(None, 1500.0).await.as_deref(), Some("c"));
    let tried = store
        .start_attempt(&NewAttempt { kind: TACTIC_KIND.to_string(), ..new(9, Some(5), "b", 500) })
        .await
        .unwrap();
    assert_eq!(near(Some("tablut"), 1500.0).await.as_deref(), Some("a"));
    // Finishing writes the attempt, the member's rating and the tactic's at once, on the version it names.
    assert_eq!(store.puzzle_rating(9).await.unwrap(), None);
    let rating = PuzzleRating {
        user: 9,
        rating: 1580.5,
        deviation: 290.0,
        volatility: 0.06,
        solved: 1,
        failed: 0,
        streak: 1,
        best_streak: 1,
        updated_at: 600,
    };
    let moved = TacticRating { key: "b".to_string(), rating: 1320.25, deviation: 190.0, volatility: 0.06 };
    let update = AttemptUpdate {
        id: tried,
        from_actions: 0,
        state: "[\"e5-e7\"]".to_string(),
        actions: 1,
        hints: 0,
        solved_at: Some(600),
        score: Some(1),
    };
    store.finish_tactic(&update, &rating, Some(&moved)).await.unwrap();
    assert_eq!(store.puzzle_rating(9).await.unwrap(), Some(rating.clone()));
    let b = store.tactic("b").await.unwrap().unwrap();
    assert_eq!((b.rating, b.plays), (1320.25, 1));
    let done = store.attempt(tried).await.unwrap().unwrap();
    assert_eq!((done.open, done.score, done.actions), (false, Some(1), 1));
    // A second finish of the same version loses, and changes nothing.
    let again = PuzzleRating { rating: 1.0, ..rating.clone() };
    assert!(matches!(store.finish_tactic(&update, &again, None).await, Err(StoreError::Conflict)));
    assert_eq!(store.puzzle_rating(9).await.unwrap(), Some(rating));
    assert_eq!(store.member_data(9).await.unwrap().ratings, 1);
    // Letting games become tactics, and no more.
    assert!(!store.shares_games(9).await.unwrap());
    store.set_shares_games(9, true, 700).await.unwrap();
    store.set_shares_games(9, true, 800).await.unwrap();
    assert!(store.shares_games(9).await.unwrap() && store.member_data(9).await.unwrap().shares_games);
    store.set_shares_games(9, false, 900).await.unwrap();
    assert!(!store.shares_games(9).await.unwrap());
    store.set_shares_games(9, true, 950).await.unwrap();
    store.forget_member(9, "player-000009").await.unwrap();
    assert!(!store.shares_games(9).await.unwrap());
}

fn post(guild: u64, day: i64, spec: &str, at: i64) -> DailyPost {
    DailyPost {
        guild,
        day,
        channel: 40,
        kind: "solitaire".to_string(),
        spec: spec.to_string(),
        posted_at: at,
    }
}

/// The daily puzzle: the servers that set a channel, one claim per server and day, the posts read back, and the
/// attempts finished in a server since a post.
async fn daily_contract(store: &impl Store) {
    assert_eq!(store.daily_servers().await.unwrap(), vec![]);
    let set = ServerSettings {
        daily_channel: Some(40),
        daily_hour: Some(18),
        daily_since: Some(1_000),
        ..ServerSettings::default()
    };
    store.put_server_settings(30, &set, 1_000).await.unwrap();
    store.put_server_settings(31, &ServerSettings::default(), 1_000).await.unwrap();
    assert_eq!(store.server_settings(30).await.unwrap(), set);
    let server = DailyServer { guild: 30, channel: 40, hour: Some(18), since: Some(1_000), last_day: None };
    assert_eq!(store.daily_servers().await.unwrap(), vec![server.clone()]);
    assert!(store.claim_daily(&post(30, 7, "1970-01-08", 2_000)).await.unwrap());
    assert!(!store.claim_daily(&post(30, 7, "other", 2_001)).await.unwrap(), "one post a day");
    assert!(store.claim_daily(&post(30, 9, "1970-01-10", 3_000)).await.unwrap());
    assert_eq!(store.daily_servers().await.unwrap(), vec![DailyServer { last_day: Some(9), ..server }]);
    assert_eq!(store.daily_post(30, 7).await.unwrap(), Some(post(30, 7, "1970-01-08", 2_000)));
    assert_eq!(store.daily_post(30, 8).await.unwrap(), None);
    assert_eq!(store.daily_before(30, 9).await.unwrap(), Some(post(30, 7, "1970-01-08", 2_000)));
    assert_eq!(store.daily_before(30, 7).await.unwrap(), None);
    assert_eq!(store.daily_before(31, 100).await.unwrap(), None);
    // Finished attempts in the server since the post, best first, hints or not; none from before it or elsewhere.
    let attempt = |user: u64, guild: u64, now: i64| NewAttempt {
        user,
        name: format!("d{user}"),
        guild: Some(guild),
        kind: "solitaire".to_string(),
        spec: "1970-01-10".to_string(),
        state: String::new(),
        now,
    };
    for (user, guild, start, score, hints) in
        [(50, 30, 3_100, 9, 2), (51, 30, 3_050, 12, 0), (52, 30, 2_900, 14, 0), (53, 31, 3_100, 14, 0)]
    {
        let id = store.start_attempt(&attempt(user, guild, start)).await.unwrap();
        let update = AttemptUpdate {
            id,
            from_actions: 0,
            state: String::new(),
            actions: 14,
            hints,
            solved_at: Some(start + 60),
            score: Some(score),
        };
        store.update_attempt(&update).await.unwrap();
    }
    store.start_attempt(&attempt(54, 30, 3_200)).await.unwrap();
    let done = store.finished_attempts(30, "solitaire", "1970-01-10", 3_000).await.unwrap();
    let rows: Vec<(u64, Option<u32>)> = done.iter().map(|f| (f.user, f.score)).collect();
    assert_eq!(rows, vec![(51, Some(12)), (50, Some(9))]);
    assert_eq!(store.attempts_at(50, "solitaire", "1970-01-10").await.unwrap(), 1);
    assert_eq!(store.attempts_at(50, "solitaire", "1970-01-11").await.unwrap(), 0);
    // A server that stops its daily puzzle is no longer listed.
    store.put_server_settings(30, &ServerSettings::default(), 4_000).await.unwrap();
    assert_eq!(store.daily_servers().await.unwrap(), vec![]);
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
