//! `tabula backup` and `tabula restore`: a backup taken by another process during a burst of moves is one
//! moment's state (each game a prefix of the live one), restores to the same games, and a backup whose game does
//! not replay is refused with the database left as it was.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tabula::games::GameKind;
use tabula::session::commands::{Accept, Play, PlayMove};
use tabula::session::{Actor, Member, SessionConfig, Sessions, SidePref};
use tabula::store::{SessionIds as _, SessionRow, SessionState, SessionStore as _, SqliteStore};

const CHANNELS: u64 = 6;

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).env_remove("DISCORD_TOKEN").output().unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn actor(id: u64, name: &str) -> Actor {
    Actor::in_guild(Member::new(id, name), Some(777))
}

async fn all_sessions(store: &SqliteStore) -> Vec<SessionRow> {
    let mut rows = Vec::new();
    for id in store.session_ids().await.unwrap() {
        rows.push(store.session(id).await.unwrap().unwrap());
    }
    rows
}

/// Tablut games between Alice (first) and Bob in channels 1 to [`CHANNELS`].
async fn start_games(sessions: &Sessions) {
    let (alice, bob) = (actor(1, "alice"), actor(2, "bob"));
    for channel in 1..=CHANNELS {
        let play = Play {
            game: GameKind::Tablut,
            opponents: vec![bob.member.clone()],
            variant: None,
            side: SidePref::First,
            level: None,
            rated: true,
            clock: None,
            thread: None,
        };
        sessions.handle(channel, &alice, play).await;
        let reply = sessions.handle(channel, &bob, Accept { session: None }).await;
        assert!(!reply.ephemeral, "{reply:?}");
    }
}

/// One move in each channel whose game goes on, by whoever is to move; how many were played.
async fn round(sessions: &Sessions) -> usize {
    let mut played = 0;
    for channel in 1..=CHANNELS {
        for who in [actor(1, "alice"), actor(2, "bob")] {
            let Some(first) = sessions.suggest(channel, who.member.id, "", 1).await.into_iter().next() else {
                continue;
            };
            let reply = sessions.handle(channel, &who, PlayMove { text: first }).await;
            assert!(!reply.ephemeral, "{reply:?}");
            played += 1;
            break;
        }
    }
    played
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_during_a_burst_of_moves_restores_to_the_same_games() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.db");
    let sessions = Arc::new(Sessions::new(SqliteStore::open(&live).await.unwrap(), SessionConfig::default()));
    start_games(&sessions).await;

    let stop = Arc::new(AtomicBool::new(false));
    // The moves played so far, announced after each round.
    let (played_tx, mut played) = tokio::sync::watch::channel(0usize);
    let burst = {
        let (sessions, stop) = (sessions.clone(), stop.clone());
        tokio::spawn(async move {
            // Moves until told to stop, then three rounds more: the game goes on after the backup.
            let mut after = 0;
            while after < 3 {
                if stop.load(Ordering::SeqCst) {
                    after += 1;
                }
                let moves = round(&sessions).await;
                played_tx.send_modify(|n| *n += moves);
            }
        })
    };
    // The backup starts in the middle of the burst: after two rounds.
    played.wait_for(|&n| n >= 2 * CHANNELS as usize).await.expect("the burst goes on");
    let backup = dir.path().join("backup.db");
    let out = {
        let (live, backup) = (live.clone(), backup.clone());
        tokio::task::spawn_blocking(move || tabula(&["backup", path(&backup), "--database", path(&live)]))
            .await
            .unwrap()
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with(&format!("backed up {CHANNELS} sessions")), "{stdout}");
    stop.store(true, Ordering::SeqCst);
    burst.await.unwrap();

    // A second backup to the same name is refused: a backup never overwrites.
    let again = tabula(&["backup", path(&backup), "--database", path(&live)]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"), "{again:?}");

    // Restore over another database (a stale one with games of its own), through the command line: it is
    // replaced whole.
    let restored_path = dir.path().join("restored.db");
    {
        let stale = Sessions::new(SqliteStore::open(&restored_path).await.unwrap(), SessionConfig::default());
        start_games(&stale).await;
        for _ in 0..5 {
            round(&stale).await;
        }
        stale.store().close().await;
    }
    let out = tabula(&["restore", path(&backup), "--database", path(&restored_path)]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.starts_with(&format!("restored {CHANNELS} sessions ({CHANNELS} games replayed)")),
        "{stdout}"
    );

    let now = all_sessions(sessions.store_as::<SqliteStore>().unwrap()).await;
    let backed_up = SqliteStore::open(&backup).await.unwrap();
    let snapshot = all_sessions(&backed_up).await;
    let restored = SqliteStore::open(&restored_path).await.unwrap();
    assert_eq!(all_sessions(&restored).await, snapshot, "the restore holds exactly the backup's games");
    assert_eq!(snapshot.len(), now.len());
    let (mut then_moves, mut now_moves) = (0, 0);
    for (then, now) in snapshot.iter().zip(&now) {
        assert_eq!(then.id, now.id);
        assert!(now.moves.starts_with(&then.moves), "game #{} is a moment of the live one", then.id);
        then_moves += then.moves.len();
        now_moves += now.moves.len();
    }
    assert!(then_moves >= 2 * CHANNELS as usize, "the backup has the moves made before it");
    // The burst plays three rounds after the backup: a game still open in it went on (on a loaded machine the
    // burst may have played every game to its end before the backup came).
    if snapshot.iter().any(|s| s.state == SessionState::Playing) {
        assert!(
            then_moves < now_moves,
            "the burst went on after the backup ({then_moves} then, {now_moves} now)"
        );
    }
    sessions.store().close().await;
}

#[tokio::test]
async fn a_backup_whose_game_does_not_replay_is_refused_and_the_database_kept() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.db");
    let sessions = Sessions::new(SqliteStore::open(&live).await.unwrap(), SessionConfig::default());
    start_games(&sessions).await;
    round(&sessions).await;
    round(&sessions).await;
    let backup = dir.path().join("backup.db");
    assert_eq!(
        sessions.store_as::<SqliteStore>().unwrap().backup_to(&backup).await.unwrap(),
        CHANNELS as usize
    );
    sessions.store().close().await;

    // Damage one move of game 3 in the backup.
    {
        use sqlx::Connection as _;
        let mut db = sqlx::SqliteConnection::connect(&format!("sqlite:{}", path(&backup))).await.unwrap();
        sqlx::query("UPDATE moves SET notation = 'a1-a2' WHERE session_id = 3 AND ply = 2")
            .execute(&mut db)
            .await
            .unwrap();
        db.close().await.unwrap();
    }
    let before = all_sessions(&SqliteStore::open(&live).await.unwrap()).await;
    let out = tabula(&["restore", path(&backup), "--database", path(&live)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("game #3 of the backup does not replay"), "{stderr}");
    assert!(stderr.contains("the database was not replaced"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one sentence: {stderr}");
    let after = all_sessions(&SqliteStore::open(&live).await.unwrap()).await;
    assert_eq!(after, before, "the database is as it was");
    assert!(!dir.path().join("live.db-restoring").exists(), "no staged copy is left behind");

    // A missing backup, and a Postgres database, are one sentence each too.
    let out = tabula(&["restore", path(&dir.path().join("nope.db")), "--database", path(&live)]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no backup at"), "{out:?}");
    let out = tabula(&["backup", "x.db", "--database", "postgres://tabula@localhost/tabula"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pg_dump"), "{out:?}");
}

/// Damages one move of game 3, behind the store's back.
const DAMAGE: &str = "UPDATE moves SET notation = 'a1-a2' WHERE session_id = 3 AND ply = 2";

/// `tabula check` replays every game of a database, SQLite or Postgres (the check of a Postgres dump restored
/// into a scratch database before it replaces the live one), and names the first game that does not replay.
async fn checking(sessions: Sessions, database: &str) {
    start_games(&sessions).await;
    round(&sessions).await;
    round(&sessions).await;
    let out = tabula(&["check", "--database", database]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout.trim(),
        format!("every game replays: {CHANNELS} sessions, {CHANNELS} games with moves")
    );
    // A mistyped path is refused, and nothing is created there.
    let missing = std::env::temp_dir().join(format!("tabula-no-such-{}.sqlite", std::process::id()));
    let out = tabula(&["check", "--database", missing.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("there is no database at"), "{stderr}");
    assert!(!missing.exists(), "the check created what it checks");
    sessions.store().close().await;
    {
        use sqlx::Connection as _;
        if database.starts_with("postgres") {
            let mut db = sqlx::PgConnection::connect(database).await.unwrap();
            sqlx::query(DAMAGE).execute(&mut db).await.unwrap();
            db.close().await.unwrap();
        } else {
            let mut db = sqlx::SqliteConnection::connect(&format!("sqlite:{database}")).await.unwrap();
            sqlx::query(DAMAGE).execute(&mut db).await.unwrap();
            db.close().await.unwrap();
        }
    }
    let out = tabula(&["check", "--database", database]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("tabula: game #3 does not replay ("), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one sentence: {stderr}");
}

#[tokio::test]
async fn check_replays_every_game_of_a_sqlite_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("live.db");
    let sessions = Sessions::new(SqliteStore::open(&db).await.unwrap(), SessionConfig::default());
    checking(sessions, path(&db)).await;
}

#[tokio::test]
async fn check_replays_every_game_of_a_postgres_database() {
    let Some(server) =
        crate::support::postgres::PgServer::start("check_replays_every_game_of_a_postgres_database")
    else {
        return;
    };
    let url = server.database("replays").await;
    let store = tabula::store::PgStore::connect(&url).await.unwrap();
    Box::pin(checking(Sessions::new(store, SessionConfig::default()), &url)).await;
}
