//! The store contract, held by the SQLite store and the in-memory store alike.

use tabula::games::{GameKind, Setup};
use tabula::store::{
    EndKind, Ending, NewSession, PgStore, PlayerRow, ServerSettings, SessionState, SessionStore, SqliteStore,
    Store, StoreError,
};
use tabula_testkit::MemoryStore;

use crate::support::postgres::PgServer;

fn player(id: u64, accepted: bool) -> PlayerRow {
    PlayerRow { id, name: format!("p{id}"), accepted, abandoned: false, left: None, level: None }
}

fn challenge(channel: u64, expires_at: i64) -> NewSession {
    NewSession {
        channel,
        guild: Some(5),
        game: GameKind::Tablut,
        setup: Setup { variant: String::new(), seed: 1, seats: 2 },
        players: vec![player(1, true), player(2, false)],
        challenger: 1,
        state: SessionState::Challenge,
        now: 100,
        expires_at,
        rated: true,
    }
}

async fn contract(store: impl Store) {
    let id = store.create(&challenge(7, 200)).await.unwrap();
    assert!(matches!(store.create(&challenge(7, 200)).await, Err(StoreError::Conflict)), "one per channel");
    let other = store.create(&challenge(8, 150)).await.unwrap();
    assert_ne!(id, other);
    assert_eq!(store.due_challenges(199).await.unwrap(), vec![(other, 8)]);
    assert_eq!(store.due_challenges(200).await.unwrap(), vec![(other, 8), (id, 7)], "oldest deadline first");

    store.set_message(id, 9_000).await.unwrap();
    assert_eq!(store.open_session(7).await.unwrap().unwrap().message, Some(9_000));
    assert_eq!(store.open_session(7).await.unwrap().unwrap().guild, Some(5), "the server is kept");

    // Accepting is one call: players and state change together.
    let players = vec![player(1, true), player(2, true)];
    store.accept(id, &players, true, 110).await.unwrap();
    // One claim on the computer's turn at a time; it lapses, and a new version is a new turn.
    assert!(store.claim_turn(id, 0, 1, 110, 150).await.unwrap(), "the first claim");
    assert!(!store.claim_turn(id, 0, 2, 120, 160).await.unwrap(), "held by process 1 until 150");
    assert!(store.claim_turn(id, 0, 1, 120, 150).await.unwrap(), "its holder may claim again");
    assert!(store.claim_turn(id, 0, 2, 150, 190).await.unwrap(), "lapsed at 150");
    assert!(!store.claim_turn(id, 1, 1, 150, 190).await.unwrap(), "the game is not at version 1");
    let record = store.open_session(7).await.unwrap().unwrap();
    assert_eq!((record.state, record.players.clone()), (SessionState::Playing, players.clone()));
    assert!(matches!(store.accept(id, &players, true, 111).await, Err(StoreError::Conflict)), "not twice");
    assert_eq!(store.due_challenges(1_000).await.unwrap(), vec![(other, 8)], "a game does not expire");

    store.append_moves(id, 0, &[(0, "e8-d8".into())], None, 120, None).await.unwrap();
    assert!(matches!(
        store.append_moves(id, 0, &[(1, "e4-h4".into())], None, 121, None).await,
        Err(StoreError::Conflict)
    ));
    store.append_moves(id, 1, &[(1, "e4-h4".into())], Some(&over()), 122, None).await.unwrap();
    assert!(store.open_session(7).await.unwrap().is_none(), "a finished game frees its channel");

    store.transition(other, SessionState::Challenge, SessionState::Expired, None, 300).await.unwrap();
    assert!(matches!(
        store.transition(other, SessionState::Challenge, SessionState::Expired, None, 300).await,
        Err(StoreError::Conflict)
    ));
    assert!(store.open_sessions().await.unwrap().is_empty());

    // Any session, open or closed, by its id (for records).
    let finished = store.session(id).await.unwrap().expect("a finished game is kept");
    assert_eq!(
        (finished.state, finished.moves.clone()),
        (SessionState::Finished, vec!["e8-d8".into(), "e4-h4".into()])
    );
    assert_eq!((finished.guild, finished.ending), (Some(5), Some(over())));
    assert_eq!(store.session(other).await.unwrap().unwrap().state, SessionState::Expired);
    assert!(store.session(other + id + 100).await.unwrap().is_none());
    settings_contract(&store).await;
    concurrent_appends(&store).await;
    // A hint makes a game unrated, and is reported as the first once.
    assert!(store.mark_hinted(id).await.unwrap(), "the first hint");
    assert!(!store.mark_hinted(id).await.unwrap(), "not the first any more");
    let hinted = store.session(id).await.unwrap().unwrap();
    assert!(hinted.hinted && !hinted.rated, "{hinted:?}");
    assert!(!store.session(other).await.unwrap().unwrap().hinted);
    store.close().await;
}

/// Moves stored at once in several games, as a group commit takes them in one transaction: a write that lost the
/// race for its version fails alone, the others are kept whole (a turn of several moves too).
async fn concurrent_appends(store: &impl Store) {
    let mut ids = Vec::new();
    for channel in [31, 32, 33] {
        let id = store.create(&challenge(channel, 900)).await.unwrap();
        store.accept(id, &[player(1, true), player(2, true)], true, 110).await.unwrap();
        ids.push(id);
    }
    let (a, b, c) = (ids[0], ids[1], ids[2]);
    let two = [(0, "a".to_string()), (0, "b".to_string())];
    let (one, other, last) =
        ([(0, "e8-d8".to_string())], [(0, "e8-f8".to_string())], [(0, "e2-d2".to_string())]);
    let over = over();
    let (first, late, pair, third) = tokio::join!(
        store.append_moves(a, 0, &one, None, 130, None),
        store.append_moves(a, 0, &other, None, 130, None),
        store.append_moves(b, 0, &two, None, 130, None),
        store.append_moves(c, 0, &last, Some(&over), 130, None),
    );
    assert!(pair.is_ok() && third.is_ok(), "{pair:?} {third:?}");
    assert!(first.is_ok() != late.is_ok(), "one of two writes at version 0 wins: {first:?} {late:?}");
    assert!(matches!(if first.is_ok() { late } else { first }, Err(StoreError::Conflict)));
    assert_eq!(store.open_session(31).await.unwrap().unwrap().moves.len(), 1);
    assert_eq!(store.open_session(32).await.unwrap().unwrap().moves, vec!["a".to_string(), "b".to_string()]);
    let finished = store.session(c).await.unwrap().unwrap();
    assert_eq!((finished.state, finished.moves.len()), (SessionState::Finished, 1));
    store.append_moves(b, 2, &[(1, "c".into())], None, 131, None).await.unwrap();
    assert_eq!(store.open_session(32).await.unwrap().unwrap().moves.len(), 3, "the next move follows");
}

/// Server settings: the defaults until set, replaced whole, per server; game threads know their channel.
async fn settings_contract(store: &impl Store) {
    assert_eq!(store.server_settings(5).await.unwrap(), ServerSettings::default());
    let set = ServerSettings {
        language: Some("pt-BR".into()),
        channels: vec![70, 71],
        games_in_threads: Some(true),
        default_clock: Some("1h".into()),
        challenge_expiry: Some(600),
        organiser_role: Some(1_234_567_890_123),
        ..ServerSettings::default()
    };
    store.put_server_settings(5, &set, 100).await.unwrap();
    assert_eq!(store.server_settings(5).await.unwrap(), set);
    assert_eq!(store.server_settings(6).await.unwrap(), ServerSettings::default(), "per server");
    let back = ServerSettings { games_in_threads: Some(false), ..ServerSettings::default() };
    store.put_server_settings(5, &back, 101).await.unwrap();
    assert_eq!(store.server_settings(5).await.unwrap(), back, "replaced whole, back to the defaults");
    assert_eq!(store.thread_parent(900).await.unwrap(), None);
    store.add_thread(900, 70).await.unwrap();
    assert_eq!(store.thread_parent(900).await.unwrap(), Some(70));
}

#[tokio::test]
async fn the_memory_store_keeps_the_contract() {
    contract(MemoryStore::new()).await;
}

#[tokio::test]
async fn the_sqlite_store_keeps_the_contract() {
    Box::pin(contract(SqliteStore::in_memory().await.unwrap())).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_the_contract() {
    let Some(server) = PgServer::start("the_postgres_store_keeps_the_contract") else { return };
    let url = server.database("contract").await;
    Box::pin(contract(PgStore::connect(&url).await.unwrap())).await;
}

#[tokio::test]
async fn postgres_instances_started_together_both_come_up() {
    let Some(server) = PgServer::start("postgres_instances_started_together_both_come_up") else { return };
    let url = server.database("together").await;
    // Two instances migrate an empty database at the same moment: sqlx's advisory lock serializes them.
    let (a, b) = tokio::join!(PgStore::connect(&url), PgStore::connect(&url));
    let (a, b) = (a.unwrap(), b.unwrap());
    let id = a.create(&challenge(7, 200)).await.unwrap();
    assert!(
        matches!(b.create(&challenge(7, 200)).await, Err(StoreError::Conflict)),
        "one per channel, shared"
    );
    assert_eq!(b.open_session(7).await.unwrap().unwrap().id, id);
}

/// An ending as a game's last move stores it: by the rules, the second seat first.
fn over() -> Ending {
    Ending::new(EndKind::Rules, Vec::new(), Some(vec![2, 1]))
}
