//! A database written by the release before endings were data (`tests/data/endings-before-0014.sqlite`, made by
//! that release's console from `endings-before-0014.console`): opening it converts every stored sentence once to
//! a typed ending, with the seats and the recorded places, and every view then names the right players, however
//! they are called ("Ann" and "Ann, the Great", a member called "Tabula (level 2)", a member forgotten since).

use tabula::session::commands::{History, ShowGame};
use tabula::session::{Actor, Member, SessionConfig, Sessions};
use tabula::store::{EndKind, Ending, SessionState, SessionStore as _, SqliteStore};

const FIXTURE: &[u8] = include_bytes!("../../data/endings-before-0014.sqlite");

/// The fixture's server, as the console stores it.
const CONSOLE_GUILD: u64 = 1;

/// A fresh copy of the old database, opened (and so converted) by today's store.
async fn opened() -> (tempfile::TempDir, SqliteStore) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    std::fs::write(&path, FIXTURE).unwrap();
    let store = SqliteStore::open(&path).await.unwrap();
    (dir, store)
}

fn ending(kind: EndKind, seats: Vec<usize>, places: Option<Vec<usize>>) -> Ending {
    Ending::new(kind, seats, places)
}

#[tokio::test]
async fn every_old_sentence_becomes_the_ending_it_meant() {
    let (dir, store) = opened().await;
    let expected = [
        // "Ann, the Great, White (defenders), resigned. Ann, Black (attackers), wins.": the longer name resigned.
        (1, Some(ending(EndKind::Resigned, vec![1], Some(vec![1, 2])))),
        // "bob lost on time", though bob was forgotten since (the players say "player-…"): the places decide.
        (2, Some(ending(EndKind::TimedOut, vec![0], Some(vec![2, 1])))),
        // A member called "Tabula (level 2)" resigned: a member, not the computer.
        (3, Some(ending(EndKind::Resigned, vec![0], Some(vec![2, 1])))),
        (4, Some(ending(EndKind::DrawAgreed, Vec::new(), Some(vec![1, 1])))),
        (5, Some(ending(EndKind::AbortAgreed, vec![0, 1], None))),
        (6, Some(ending(EndKind::Resigned, vec![0], Some(vec![2, 1])))),
        // Three players who all resigned: cat, the last, ranks first.
        (7, Some(ending(EndKind::LastLeft, vec![1], Some(vec![2, 1, 3])))),
        // Aborted by erin (seat 1) before the first move.
        (8, Some(ending(EndKind::Aborted, vec![1], None))),
        // Still being played: nothing to convert.
        (9, None),
    ];
    for (id, want) in expected {
        let row = store.session(id).await.unwrap().unwrap();
        assert_eq!(row.ending, want, "game {id}: {:?}", row.players);
    }
    drop(store);
    // No sentence is left, and the forgotten name is nowhere in the database.
    let db = dir.path().join("old.sqlite");
    let reopened = SqliteStore::open(&db).await.unwrap();
    assert_eq!(
        reopened.session(2).await.unwrap().unwrap().ending,
        Some(ending(EndKind::TimedOut, vec![0], Some(vec![2, 1])))
    );
    drop(reopened);
    let dump = crate::privacy::dump_sqlite(&db).await;
    assert!(!dump.contains("lost on time") && !dump.contains("resigned."), "a sentence is left:\n{dump}");
    let named_bob = dump.lines().filter(|l| l.split(|c: char| !c.is_alphanumeric()).any(|w| w == "bob"));
    assert_eq!(named_bob.collect::<Vec<_>>(), Vec::<&str>::new(), "the forgotten name is still stored");
}

#[tokio::test]
async fn the_converted_games_name_their_winners_in_every_view() {
    let (_dir, store) = opened().await;
    let sessions = Sessions::new(store, SessionConfig::default());
    let row = sessions.store().session(1).await.unwrap().unwrap();
    let ann = Actor::in_guild(Member::new(row.players[0].id, "Ann"), Some(CONSOLE_GUILD));
    let shown = sessions.handle(row.channel, &ann, ShowGame { id: 1, replay: true }).await;
    let record = String::from_utf8(shown.files[0].bytes.clone()).unwrap();
    assert!(record.contains("[Result \"black\"]"), "Ann (Black) won: {record}");
    assert!(record.contains("[Termination \"Ann, the Great resigned\"]"), "{record}");
    let said = shown.text.to_plain();
    assert!(said.ends_with("Ann, the Great resigned · Ann, Black (attackers), wins."), "{said}");
    let replay = shown.replay.expect("the replay comes with it");
    assert_eq!(replay.record.replay().unwrap().result, "black");

    // The member called "Tabula (level 2)" is shown as a member, and alice's game against them is rated.
    let row = sessions.store().session(3).await.unwrap().unwrap();
    let alice = Actor::in_guild(Member::new(row.players[1].id, "alice"), Some(CONSOLE_GUILD));
    let history = sessions.handle(row.channel, &alice, History { user: None, game: None, page: 1 }).await;
    let line = history.text.to_plain().lines().find(|l| l.starts_with("#3 ")).unwrap().to_string();
    assert!(line.contains("vs Tabula (level 2) — won") && !line.contains("unrated"), "{line}");
    let czech = history.text.plain_in(tabula::i18n::Lang::Cs);
    assert!(
        czech.contains("Tabula (level 2)") && !czech.contains("úroveň 2"),
        "a name is not translated: {czech}"
    );

    // Against the computer (game 6): shown as the computer in every language, and never rated.
    let row = sessions.store().session(6).await.unwrap().unwrap();
    let carol = Actor::in_guild(Member::new(row.players[0].id, "carol"), Some(CONSOLE_GUILD));
    let history = sessions.handle(row.channel, &carol, History { user: None, game: None, page: 1 }).await;
    let czech = history.text.plain_in(tabula::i18n::Lang::Cs);
    assert!(czech.contains("Tabula (úroveň 1)"), "{czech}");
    assert_eq!(row.state, SessionState::Finished);
}

/// Postgres converts the same way when it connects: a game stored by today's release, its ending put back as the
/// last release's sentence, reads back as the same ending.
#[tokio::test]
async fn postgres_converts_old_sentences_when_it_connects() {
    use tabula::games::GameKind;
    use tabula::session::SidePref;
    use tabula::session::commands::{Accept, PlayMove, Resign};
    let Some(server) = crate::support::postgres::PgServer::start("old_endings_in_postgres") else { return };
    let url = server.database("old_endings").await;
    let s = Sessions::new(tabula::store::PgStore::connect(&url).await.unwrap(), SessionConfig::default());
    let ann = Actor::in_guild(Member::new(1, "Ann"), Some(CONSOLE_GUILD));
    let great = Actor::in_guild(Member::new(2, "Ann, the Great"), Some(CONSOLE_GUILD));
    let play = super::play(GameKind::Tablut, &great, None, SidePref::First);
    s.handle(9, &ann, play).await;
    s.handle(9, &great, Accept { session: None }).await;
    for (who, text) in [(&ann, "e8-d8"), (&great, "e4-h4"), (&ann, "d8-c8"), (&great, "h4-h3")] {
        assert!(!s.handle(9, who, PlayMove { text: text.into() }).await.ephemeral);
    }
    s.handle(9, &great, Resign).await;
    let stored = s.store().session(1).await.unwrap().unwrap().ending;
    assert_eq!(stored, Some(ending(EndKind::Resigned, vec![1], Some(vec![1, 2]))));
    s.store().close().await;
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::query(
        "UPDATE sessions SET result = 'Ann, the Great, White (defenders), resigned. Ann, Black (attackers), wins.', \
         end_kind = NULL, end_seats = NULL, end_places = NULL WHERE id = 1",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let again = tabula::store::PgStore::connect(&url).await.unwrap();
    assert_eq!(again.session(1).await.unwrap().unwrap().ending, stored);
}
