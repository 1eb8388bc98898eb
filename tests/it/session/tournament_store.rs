//! The tournament part of the store contract (tournaments, entrants, games and byes, round claims), held by the
//! in-memory, SQLite and Postgres stores alike.

use tabula::games::GameKind;
use tabula::store::{
    CHECK_IN_SECONDS, EntrantRow, NewTournament, PgStore, SqliteStore, Store, StoreError, TournamentGameRow,
    TournamentState,
};
use tabula_testkit::MemoryStore;

use crate::support::postgres::PgServer;

fn entrant(user: u64, joined_at: i64) -> EntrantRow {
    EntrantRow {
        user,
        name: format!("p{user}"),
        rating: 1500.0 + user as f64,
        joined_at,
        withdrawn: false,
        checked_in: false,
    }
}

async fn tournament_contract(store: impl Store) {
    let new = NewTournament {
        guild: 5,
        channel: 7,
        organiser: 1,
        game: GameKind::Tablut,
        variant: String::new(),
        format: "swiss".into(),
        rounds: 3,
        clock: "1d".into(),
        rated: true,
        max_players: 4,
        mini_match: false,
        starts_at: 100,
        round_seconds: Some(3600),
        winner_role: Some(99),
        check_in: false,
        now: 10,
    };
    let id = store.create_tournament(&new).await.unwrap();
    let row = store.tournament(id).await.unwrap().unwrap();
    assert_eq!(row.settings, new);
    assert_eq!((row.state, row.round, row.round_due, row.message), (TournamentState::Signup, 0, None, None));
    assert!(store.tournament(id + 100).await.unwrap().is_none());
    store.set_tournament_message(id, 42).await.unwrap();
    assert_eq!(store.tournament(id).await.unwrap().unwrap().message, Some(42));
    assert_eq!(store.open_tournaments(5).await.unwrap().len(), 1);
    assert!(store.open_tournaments(6).await.unwrap().is_empty());

    // Sign-up: once each; leaving takes one off.
    for (user, at) in [(3, 20), (1, 21), (2, 22)] {
        store.join_tournament(id, &entrant(user, at)).await.unwrap();
    }
    assert!(matches!(store.join_tournament(id, &entrant(3, 30)).await, Err(StoreError::Conflict)));
    store.leave_tournament(id, 2).await.unwrap();
    assert!(matches!(store.leave_tournament(id, 2).await, Err(StoreError::Conflict)));
    let users: Vec<u64> = store.entrants(id).await.unwrap().iter().map(|e| e.user).collect();
    assert_eq!(users, [3, 1], "in sign-up order");

    // Due at the start; the first round is claimed once.
    assert!(store.due_tournaments(99).await.unwrap().is_empty());
    assert_eq!(store.due_tournaments(100).await.unwrap(), [id]);
    assert!(!store.claim_round(id, 2, None).await.unwrap(), "round 2 before round 1");
    assert!(store.claim_round(id, 1, Some(3700)).await.unwrap());
    assert!(!store.claim_round(id, 1, Some(3700)).await.unwrap(), "a second claim of round 1 loses");
    let row = store.tournament(id).await.unwrap().unwrap();
    assert_eq!((row.state, row.round, row.round_due), (TournamentState::Running, 1, Some(3700)));
    // A running tournament is always looked at (its round's games may have ended).
    assert_eq!(store.due_tournaments(3699).await.unwrap(), [id]);

    // Games and byes; a game's session is set once; a result is settled once.
    let unstarted = TournamentGameRow {
        tournament: id,
        round: 1,
        board: 9,
        seats: vec![3, 1],
        session: None,
        points: None,
        scores: None,
        over_the_board: true,
    };
    store.add_tournament_game(&unstarted).await.unwrap();
    store.set_tournament_game_session(id, 1, 9, 88).await.unwrap();
    let twice = store.set_tournament_game_session(id, 1, 9, 89).await;
    assert!(matches!(twice, Err(StoreError::Conflict)), "a second start of the game loses");
    assert_eq!(store.tournament_game_of(88).await.unwrap().map(|g| g.board), Some(9));
    let game = TournamentGameRow {
        tournament: id,
        round: 1,
        board: 0,
        seats: vec![3, 1],
        session: Some(77),
        points: None,
        scores: None,
        over_the_board: true,
    };
    store.add_tournament_game(&game).await.unwrap();
    assert!(matches!(store.add_tournament_game(&game).await, Err(StoreError::Conflict)));
    let bye =
        TournamentGameRow { board: 1, seats: vec![4], session: None, points: Some(vec![2]), ..game.clone() };
    store.add_tournament_game(&bye).await.unwrap();
    assert_eq!(store.tournament_game_of(77).await.unwrap(), Some(game.clone()));
    assert_eq!(store.tournament_game_of(78).await.unwrap(), None);
    let settled = TournamentGameRow { points: Some(vec![0, 2]), over_the_board: false, ..game.clone() };
    store.settle_tournament_game(&settled).await.unwrap();
    assert!(matches!(store.settle_tournament_game(&settled).await, Err(StoreError::Conflict)));
    let started = TournamentGameRow { session: Some(88), ..unstarted };
    assert_eq!(store.tournament_games(id).await.unwrap(), [settled, bye, started]);

    // Withdrawal once; pause stops round claims; the end closes it.
    store.withdraw_entrant(id, 1).await.unwrap();
    assert!(matches!(store.withdraw_entrant(id, 1).await, Err(StoreError::Conflict)));
    assert!(store.entrants(id).await.unwrap().iter().any(|e| e.user == 1 && e.withdrawn));
    store.set_tournament_state(id, TournamentState::Running, TournamentState::Paused).await.unwrap();
    assert!(!store.claim_round(id, 2, None).await.unwrap(), "no round starts while paused");
    let again = store.set_tournament_state(id, TournamentState::Running, TournamentState::Paused).await;
    assert!(matches!(again, Err(StoreError::Conflict)));
    store.set_tournament_state(id, TournamentState::Paused, TournamentState::Finished).await.unwrap();
    assert!(store.open_tournaments(5).await.unwrap().is_empty());
    assert!(store.due_tournaments(1_000_000).await.unwrap().is_empty());
}

/// Check-in: due (and a wake-up) [`CHECK_IN_SECONDS`] before the start, opened once, each entrant checked in
/// once; and the start and a round's deadline wake the clock task.
async fn check_in_contract(store: impl Store) {
    let start = 10_000;
    let new = NewTournament {
        guild: 5,
        channel: 7,
        organiser: 1,
        game: GameKind::Tzaar,
        variant: String::new(),
        format: "round-robin".into(),
        rounds: 1,
        clock: "1h".into(),
        rated: false,
        max_players: 8,
        mini_match: true,
        starts_at: start,
        round_seconds: Some(600),
        winner_role: None,
        check_in: true,
        now: 10,
    };
    let id = store.create_tournament(&new).await.unwrap();
    assert_eq!(store.tournament(id).await.unwrap().unwrap().settings, new);
    assert_eq!(store.next_wake().await.unwrap(), Some(start - CHECK_IN_SECONDS), "check-in wakes the clock");
    assert!(store.due_tournaments(start - CHECK_IN_SECONDS - 1).await.unwrap().is_empty());
    assert_eq!(store.due_tournaments(start - CHECK_IN_SECONDS).await.unwrap(), [id]);
    store.join_tournament(id, &entrant(3, 20)).await.unwrap();
    store.join_tournament(id, &EntrantRow { checked_in: true, ..entrant(4, 21) }).await.unwrap();
    assert!(store.open_check_in(id).await.unwrap());
    assert!(!store.open_check_in(id).await.unwrap(), "check-in is opened once");
    assert!(store.tournament(id).await.unwrap().unwrap().check_in_open);
    // Open, it is due again only at the start.
    assert!(store.due_tournaments(start - 1).await.unwrap().is_empty());
    assert_eq!(store.next_wake().await.unwrap(), Some(start));
    store.check_in(id, 3).await.unwrap();
    assert!(matches!(store.check_in(id, 3).await, Err(StoreError::Conflict)), "checked in already");
    assert!(matches!(store.check_in(id, 4).await, Err(StoreError::Conflict)), "in at sign-up");
    assert!(matches!(store.check_in(id, 9).await, Err(StoreError::Conflict)), "not signed up");
    let checked: Vec<(u64, bool)> =
        store.entrants(id).await.unwrap().iter().map(|e| (e.user, e.checked_in)).collect();
    assert_eq!(checked, [(3, true), (4, true)]);
    assert!(store.claim_round(id, 1, Some(start + 600)).await.unwrap());
    assert!(!store.open_check_in(id).await.unwrap(), "no check-in once it runs");
    assert_eq!(store.next_wake().await.unwrap(), Some(start + 600), "the round's deadline wakes the clock");
}

#[tokio::test]
async fn the_memory_store_keeps_the_check_in_contract() {
    check_in_contract(MemoryStore::new()).await;
}

#[tokio::test]
async fn the_sqlite_store_keeps_the_check_in_contract() {
    check_in_contract(SqliteStore::in_memory().await.unwrap()).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_the_check_in_contract() {
    let Some(server) = PgServer::start("the_postgres_store_keeps_the_check_in_contract") else { return };
    let url = server.database("check_in").await;
    check_in_contract(PgStore::connect(&url).await.unwrap()).await;
}

#[tokio::test]
async fn the_memory_store_keeps_the_tournament_contract() {
    tournament_contract(MemoryStore::new()).await;
}

#[tokio::test]
async fn the_sqlite_store_keeps_the_tournament_contract() {
    tournament_contract(SqliteStore::in_memory().await.unwrap()).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_the_tournament_contract() {
    let Some(server) = PgServer::start("the_postgres_store_keeps_the_tournament_contract") else { return };
    let url = server.database("tournaments").await;
    tournament_contract(PgStore::connect(&url).await.unwrap()).await;
}
