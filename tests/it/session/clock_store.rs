//! The clock part of the store contract (clocks, reminders, offers, preferences, threads, takebacks), held by the
//! in-memory, SQLite and Postgres stores alike.

use tabula::games::{GameKind, Setup};
use tabula::store::{
    ClockRow, EndKind, Ending, NewSession, OfferKind, OfferRow, PgStore, PlayerRow, SessionState,
    SqliteStore, Store, StoreError,
};
use tabula_testkit::MemoryStore;

use crate::support::postgres::PgServer;

fn player(id: u64) -> PlayerRow {
    PlayerRow { id, name: format!("p{id}"), accepted: true, abandoned: false, left: None, level: None }
}

async fn clock_contract(store: impl Store) {
    let new = NewSession {
        channel: 7,
        guild: Some(5),
        game: GameKind::Tablut,
        setup: Setup { variant: String::new(), seed: 1, seats: 2 },
        players: vec![player(1), player(2)],
        challenger: 1,
        state: SessionState::Playing,
        now: 10,
        expires_at: 10,
        rated: true,
    };
    let id = store.create(&new).await.unwrap();
    assert_eq!(store.clock(id).await.unwrap(), None);
    let clock = ClockRow {
        session: id,
        per_move: Some(100),
        ply: 0,
        turn_started: 10,
        deadline: Some(110),
        reminded: 0,
        next_at: Some(60),
    };
    store.put_clock(&clock).await.unwrap();
    assert_eq!(store.clock(id).await.unwrap(), Some(clock.clone()));
    assert!(store.due_clocks(59).await.unwrap().is_empty());
    assert_eq!(store.due_clocks(60).await.unwrap(), vec![(id, 7)]);
    assert_eq!(store.next_wake().await.unwrap(), Some(60));

    // A reminder is marked once, for its turn only.
    store.mark_reminded(id, 0, 0, 1, Some(110)).await.unwrap();
    assert!(matches!(store.mark_reminded(id, 0, 0, 1, Some(110)).await, Err(StoreError::Conflict)));
    assert!(matches!(store.mark_reminded(id, 1, 1, 2, None).await, Err(StoreError::Conflict)));
    assert_eq!(store.clock(id).await.unwrap().unwrap().next_at, Some(110));

    // One offer per game.
    let offer = OfferRow { session: id, kind: OfferKind::Draw, by: 1, ply: 0, created_at: 20, nonce: 77 };
    store.put_offer(&offer).await.unwrap();
    let second = OfferRow { kind: OfferKind::Takeback, by: 2, ..offer.clone() };
    assert!(matches!(store.put_offer(&second).await, Err(StoreError::Conflict)));
    assert_eq!(store.offer(id).await.unwrap(), Some(offer));
    store.clear_offer(id).await.unwrap();
    assert_eq!(store.offer(id).await.unwrap(), None);
    store.put_offer(&second).await.unwrap();

    // Reminder preferences.
    assert!(!store.notify_dm(1).await.unwrap());
    store.set_notify_dm(1, true).await.unwrap();
    assert!(store.notify_dm(1).await.unwrap());
    store.set_notify_dm(1, false).await.unwrap();
    assert!(!store.notify_dm(1).await.unwrap());

    digest_contract(&store).await;

    // Threads: only game threads are archived, once.
    store.add_thread(50, 7).await.unwrap();
    store.schedule_archive(50, 300).await.unwrap();
    store.schedule_archive(51, 5).await.unwrap();
    assert!(store.due_archives(299).await.unwrap().is_empty());
    assert_eq!(store.due_archives(300).await.unwrap(), vec![50]);
    assert_eq!(store.next_wake().await.unwrap(), Some(110));
    store.archived(50).await.unwrap();
    assert!(store.due_archives(1_000).await.unwrap().is_empty());

    // Players rewritten, moves taken back.
    assert_eq!(store.session(id).await.unwrap().unwrap().id, id);
    assert!(store.session(id + 100).await.unwrap().is_none());
    let mut players = vec![player(1), player(2)];
    players[0].abandoned = true;
    players[0].level = Some(3);
    store.set_players(id, &players, 30).await.unwrap();
    assert_eq!(store.open_session(7).await.unwrap().unwrap().players, players);
    store.append_moves(id, 0, &[(0, "e8-d8".into()), (1, "e4-h4".into())], None, 40, None).await.unwrap();
    assert!(matches!(store.truncate_moves(id, 1, 0, 50).await, Err(StoreError::Conflict)));
    store.truncate_moves(id, 2, 1, 50).await.unwrap();
    assert_eq!(store.open_session(7).await.unwrap().unwrap().moves, vec!["e8-d8"]);
    store.append_moves(id, 1, &[(1, "e4-h4".into())], None, 60, None).await.unwrap();

    // A turn's clock written with its moves: kept with them, and not at all when the moves are refused.
    let turn = ClockRow {
        ply: 3,
        turn_started: 65,
        deadline: Some(165),
        next_at: Some(140),
        ..ClockRow::first_turn(id, Some(100), 65)
    };
    let refused = ClockRow { ply: 9, ..turn.clone() };
    assert!(matches!(
        store.append_moves(id, 1, &[(0, "d8-d7".into())], None, 65, Some(&refused)).await,
        Err(StoreError::Conflict)
    ));
    assert_ne!(
        store.clock(id).await.unwrap().map(|c| c.ply),
        Some(9),
        "a refused move leaves the clock alone"
    );
    store.append_moves(id, 2, &[(0, "d8-d7".into())], None, 65, Some(&turn)).await.unwrap();
    assert_eq!(store.clock(id).await.unwrap(), Some(turn.clone()));
    assert_eq!(store.open_session(7).await.unwrap().unwrap().moves.len(), 3);
    assert_eq!(store.due_clocks(140).await.unwrap().len(), 1, "the new turn's reminder is due at its time");

    // A finished game has nothing due and no players to rewrite.
    let resigned = Ending::new(EndKind::Resigned, vec![0], Some(vec![2, 1]));
    store.transition(id, SessionState::Playing, SessionState::Finished, Some(&resigned), 70).await.unwrap();
    assert!(store.due_clocks(1_000).await.unwrap().is_empty());
    assert_eq!(store.next_wake().await.unwrap(), None);
    assert!(matches!(store.set_players(id, &players, 80).await, Err(StoreError::Conflict)));
}

/// Daily digests: one claim per member and day; a new hour keeps the last day sent; off removes it, and so does
/// forgetting the member.
async fn digest_contract(store: &impl Store) {
    assert_eq!(store.digests().await.unwrap(), vec![]);
    store.set_digest(3, Some(18), "cs", 1_000).await.unwrap();
    store.set_digest(2, Some(6), "en", 1_000).await.unwrap();
    let row = |user, hour, lang: &str, last_day| tabula::store::DigestRow {
        user,
        hour,
        since: 1_000,
        last_day,
        lang: lang.to_string(),
    };
    assert_eq!(store.digests().await.unwrap(), vec![row(2, 6, "en", None), row(3, 18, "cs", None)]);
    assert!(store.claim_digest(3, 10).await.unwrap());
    assert!(!store.claim_digest(3, 10).await.unwrap(), "once a day");
    assert!(!store.claim_digest(3, 9).await.unwrap(), "never an earlier day");
    assert!(store.claim_digest(3, 11).await.unwrap());
    assert!(!store.claim_digest(4, 11).await.unwrap(), "nobody who asked for none");
    store.set_digest(3, Some(7), "cs", 1_000).await.unwrap();
    assert_eq!(store.digests().await.unwrap()[1], row(3, 7, "cs", Some(11)));
    assert_eq!(store.member_data(3).await.unwrap().digest_hour, Some(7), "/privacy shows it");
    store.set_digest(2, None, "en", 2_000).await.unwrap();
    store.forget_member(3, "player-000003").await.unwrap();
    assert_eq!(store.member_data(3).await.unwrap().digest_hour, None);
    assert_eq!(store.digests().await.unwrap(), vec![]);
}

#[tokio::test]
async fn the_memory_store_keeps_the_clock_contract() {
    clock_contract(MemoryStore::new()).await;
}

#[tokio::test]
async fn the_sqlite_store_keeps_the_clock_contract() {
    clock_contract(SqliteStore::in_memory().await.unwrap()).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_the_clock_contract() {
    let Some(server) = PgServer::start("the_postgres_store_keeps_the_clock_contract") else { return };
    let url = server.database("clocks").await;
    clock_contract(PgStore::connect(&url).await.unwrap()).await;
}
