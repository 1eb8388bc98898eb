//! A member's data: `/privacy` shows what is stored about them, `/privacy forget:true` and its button (and
//! `tabula forget-user`) remove their preferences and put a neutral label for their name everywhere, while the
//! other players' games, records and ratings stay as they were; on the memory double, SQLite and Postgres.

use std::process::Command;

use tabula::games::GameKind;
use tabula::session::commands::{Accept, History, Notify, Play, PlayMove, Privacy, Resign, ShowGame};
use tabula::session::{Actor, Member, Reply, SessionConfig, Sessions, SidePref, parse_component};
use tabula::store::{MemberStore as _, SqliteStore, Store};
use tabula_testkit::MemoryStore;

const GUILD: u64 = 777;

fn actor(id: u64, name: &str) -> Actor {
    Actor::in_guild(Member::new(id, name), Some(GUILD))
}

fn alice() -> Actor {
    actor(1, "alice")
}

fn bob() -> Actor {
    actor(2, "bob")
}

fn carol() -> Actor {
    actor(3, "carol")
}

fn play(opponent: &Actor) -> Play {
    Play {
        game: GameKind::Tablut,
        opponents: vec![opponent.member.clone()],
        variant: None,
        side: SidePref::First,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    }
}

async fn any_move(s: &Sessions, channel: u64, who: &Actor) {
    let first = s.suggest(channel, who.member.id, "", 1).await.into_iter().next().expect("a move");
    let reply = s.handle(channel, who, PlayMove { text: first }).await;
    assert!(!reply.ephemeral, "{reply:?}");
}

/// A rated game of Alice against Bob in channel 10 (Bob resigns), a challenge of Alice to Carol in channel 11,
/// and both Alice's and Bob's reminder preferences.
async fn history_of_alice(s: &Sessions) {
    s.handle(10, &alice(), play(&bob())).await;
    s.handle(10, &bob(), Accept { session: None }).await;
    for _ in 0..2 {
        any_move(s, 10, &alice()).await;
        any_move(s, 10, &bob()).await;
    }
    assert!(s.handle(10, &bob(), Resign).await.text.contains("resigned"));
    s.handle(11, &alice(), play(&carol())).await;
    s.handle(10, &alice(), Notify { dm: Some(true), digest: None }).await;
    s.handle(10, &bob(), Notify { dm: Some(true), digest: None }).await;
}

fn record_of(reply: &Reply) -> String {
    let file = reply.files.first().unwrap_or_else(|| panic!("a record: {reply:?}"));
    String::from_utf8(file.bytes.clone()).unwrap()
}

/// The whole contract, over one store.
async fn forgetting(store: impl Store + tabula::store::IntoShared) {
    let s = Sessions::new(store, SessionConfig::default());
    let nothing = s.handle(10, &alice(), Privacy { forget: false, tactics: None }).await;
    assert!(
        nothing.ephemeral && nothing.text.to_plain().contains("stores nothing about alice"),
        "{nothing:?}"
    );
    history_of_alice(&s).await;

    let shown = s.handle(10, &alice(), Privacy { forget: false, tactics: None }).await;
    let text = shown.text.to_plain();
    assert!(shown.ephemeral, "{shown:?}");
    for part in [
        "What Tabula stores about alice",
        "took part in: 2 (finished, in your history: 1; /history lists them)",
        "(/rating shows them)",
        "ratings: 2",
        "reminders go: by direct message",
        "names recorded for you: alice",
        "/privacy forget:true",
    ] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    let bob_before = s.store().ratings_of(2, Some(GUILD)).await.unwrap();
    let alice_before = s.store().ratings_of(1, Some(GUILD)).await.unwrap();
    let bob_data = s.store().member_data(2).await.unwrap();

    // Asking shows a button; only Alice's own press forgets her.
    let asked = s.handle(10, &alice(), Privacy { forget: true, tactics: None }).await;
    assert!(asked.ephemeral && asked.text.to_plain().contains("cannot be undone"), "{asked:?}");
    let [button] = asked.buttons.as_slice() else { panic!("one button: {asked:?}") };
    assert_eq!(button.custom_id, "forget:10:1");
    let (channel, request) = parse_component(&button.custom_id, None).unwrap();
    let refused = s.handle(channel, &bob(), request.clone()).await;
    assert!(
        refused.ephemeral && refused.text.to_plain().contains("belongs to another member"),
        "{refused:?}"
    );
    assert_eq!(s.store().member_data(1).await.unwrap().names, vec!["alice".to_string()], "nothing forgotten");
    let done = s.handle(channel, &alice(), request).await;
    let done_text = done.text.to_plain();
    assert!(done.ephemeral && done_text.contains("your name is now player-"), "{done:?}");

    let data = s.store().member_data(1).await.unwrap();
    let [label] = data.names.as_slice() else { panic!("one name left: {data:?}") };
    assert!(label.starts_with("player-") && done_text.contains(label.as_str()), "{data:?}");
    assert_eq!((data.sessions, data.finished, data.ratings, data.notify_dm), (2, 1, 2, None), "{data:?}");
    assert_eq!(s.store().member_data(2).await.unwrap(), bob_data, "Bob's data is untouched");

    // The others' view: Bob's history, the record, the open challenge, the ratings.
    let history = s.handle(10, &bob(), History { user: None, game: None, page: 1 }).await.text.to_plain();
    assert!(history.contains(label.as_str()) && !history.contains("alice"), "{history}");
    let record = record_of(&s.handle(10, &bob(), ShowGame { id: 1, replay: false }).await);
    assert!(record.contains(&format!("\"{label}\"")) && !record.contains("alice"), "{record}");
    assert!(record.contains("\"bob\""), "{record}");
    let challenge = s.store().open_session(11).await.unwrap().unwrap();
    assert_eq!(challenge.players[0].name, *label);
    assert_eq!(challenge.players[1].name, "carol");
    assert_eq!(
        s.store().ratings_of(2, Some(GUILD)).await.unwrap(),
        bob_before,
        "Bob's ratings are unchanged"
    );
    let alice_after = s.store().ratings_of(1, Some(GUILD)).await.unwrap();
    assert_eq!(alice_after.len(), alice_before.len());
    for (after, before) in alice_after.iter().zip(&alice_before) {
        assert_eq!((after.rating, after.games, after.wins), (before.rating, before.games, before.wins));
        assert_eq!(after.name, *label);
    }
    s.store().rebuild_ratings().await.unwrap();
    assert_eq!(s.store().ratings_of(2, Some(GUILD)).await.unwrap(), bob_before, "a rebuild agrees");
    assert_eq!(s.store().ratings_of(1, Some(GUILD)).await.unwrap(), alice_after, "a rebuild agrees");

    // The channel's game goes on with the label (Carol accepts Alice's challenge).
    let reply = s.handle(11, &carol(), Accept { session: None }).await;
    assert!(reply.text.to_plain().contains(label.as_str()), "{reply:?}");
    s.store().close().await;
}

#[tokio::test]
async fn a_member_is_forgotten_in_the_memory_store() {
    forgetting(MemoryStore::new()).await;
}

#[tokio::test]
async fn a_member_is_forgotten_in_sqlite() {
    forgetting(SqliteStore::in_memory().await.unwrap()).await;
}

#[tokio::test]
async fn a_member_is_forgotten_in_postgres() {
    let Some(server) = crate::support::postgres::PgServer::start("a_member_is_forgotten_in_postgres") else {
        return;
    };
    Box::pin(forgetting(tabula::store::PgStore::connect(&server.database("privacy").await).await.unwrap()))
        .await;
}

#[tokio::test]
async fn the_operator_forgets_a_member_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tabula.db");
    {
        let s = Sessions::new(SqliteStore::open(&db).await.unwrap(), SessionConfig::default());
        history_of_alice(&s).await;
        s.store().close().await;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["forget-user", "1", "--database", db.to_str().unwrap()])
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("forgot user 1: their name is now player-"), "{stdout}");
    assert!(stdout.contains("in 2 sessions"), "{stdout}");
    let store = SqliteStore::open(&db).await.unwrap();
    let data = store.member_data(1).await.unwrap();
    assert!(data.names.len() == 1 && stdout.contains(&data.names[0]) && data.notify_dm.is_none(), "{data:?}");
    assert_eq!(store.member_data(2).await.unwrap().names, vec!["bob".to_string()]);
    let out = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["forget-user", "alice"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "an id is a number: {out:?}");
}

/// `tabula forget-user` beside a running bot on SQLite: the bot still holds Alice's name in memory and writes it
/// back when her game ends, and its next sweep catches up with the store's log of forgets and relabels her again.
#[tokio::test]
async fn a_running_bot_catches_up_with_a_forget_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tabula.db");
    catching_up(SqliteStore::open(&db).await.unwrap(), db.to_str().unwrap()).await;
}

/// The same on Postgres, where `tabula forget-user` takes the database's URL.
#[tokio::test]
async fn a_running_bot_catches_up_with_a_forget_from_the_command_line_in_postgres() {
    let Some(server) = crate::support::postgres::PgServer::start("forget_user_in_postgres") else {
        return;
    };
    let url = server.database("forget").await;
    Box::pin(catching_up(tabula::store::PgStore::connect(&url).await.unwrap(), &url)).await;
}

/// A bot over `store` (whose setting, a file or a URL, is `database`) while `tabula forget-user` forgets Alice.
async fn catching_up(store: impl Store + tabula::store::IntoShared, database: &str) {
    let s = Sessions::new(store, SessionConfig::default());
    s.sweep().await;
    s.handle(20, &alice(), play(&bob())).await;
    s.handle(20, &bob(), Accept { session: None }).await;
    any_move(&s, 20, &alice()).await;
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["forget-user", "1", "--database", database])
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let label = stdout.split_whitespace().find(|w| w.starts_with("player-")).unwrap().trim_end_matches(',');
    // The bot's memory still says "alice": the game's end writes it into her history.
    assert!(s.handle(20, &bob(), Resign).await.text.contains("resigned"));
    assert!(s.store().member_data(1).await.unwrap().names.contains(&"alice".to_string()));
    s.sweep().await;
    let data = s.store().member_data(1).await.unwrap();
    assert_eq!(data.names, vec![label.to_string()], "{stdout}");
    // The database's first session.
    let record = record_of(&s.handle(20, &bob(), ShowGame { id: 1, replay: false }).await);
    assert!(record.contains(label) && !record.contains("alice"), "{record}");
    s.store().close().await;
}

/// Every cell of every table of the SQLite file at `path`, as text, one per line (`table.column: value`).
pub(crate) async fn dump_sqlite(path: &std::path::Path) -> String {
    use sqlx::Row as _;
    use std::fmt::Write as _;
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display())).await.unwrap();
    let tables: Vec<(String,)> =
        sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table'").fetch_all(&pool).await.unwrap();
    let mut out = String::new();
    for (table,) in tables {
        let sql = format!("SELECT name FROM pragma_table_info('{table}')");
        let columns: Vec<(String,)> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&pool).await.unwrap();
        for (column,) in columns {
            let sql = format!(
                "SELECT CASE WHEN typeof(\"{column}\") = 'blob' THEN hex(\"{column}\") \
                 ELSE CAST(\"{column}\" AS TEXT) END FROM \"{table}\""
            );
            for row in sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&pool).await.unwrap() {
                let cell: Option<String> = row.get(0);
                let _ = writeln!(out, "{table}.{column}: {}", cell.unwrap_or_default());
            }
        }
    }
    pool.close().await;
    out
}

/// Every cell of every table of the Postgres database at `url`, as text, one per line.
async fn dump_postgres(url: &str) -> String {
    use sqlx::Row as _;
    use std::fmt::Write as _;
    let pool = sqlx::PgPool::connect(url).await.unwrap();
    let columns: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = 'public'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut out = String::new();
    for (table, column) in columns {
        let sql = format!("SELECT CAST(\"{column}\" AS TEXT) FROM \"{table}\"");
        for row in sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&pool).await.unwrap() {
            let cell: Option<String> = row.get(0);
            let _ = writeln!(out, "{table}.{column}: {}", cell.unwrap_or_default());
        }
    }
    pool.close().await;
    out
}

/// The lines of `dump` that hold `name` as a word of their own.
fn naming<'a>(dump: &'a str, name: &str) -> Vec<&'a str> {
    dump.lines().filter(|l| l.split(|c: char| !c.is_alphanumeric()).any(|w| w == name)).collect()
}

/// Games that Alice ended in every way an ending names a player: she lost on time, she was the last to leave a
/// game of three, she agreed to abort one, she resigned one; then she is forgotten. The name "alice" is in no
/// stored row, and in no view of those games.
async fn forgotten_everywhere(store: impl Store + tabula::store::IntoShared) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    use tabula::session::ClockChoice;
    use tabula::session::commands::Abort;
    let now = Arc::new(AtomicI64::new(1_796_000_000));
    let clock = now.clone();
    let s =
        Sessions::with_clock(store, SessionConfig::default(), Arc::new(move || clock.load(Ordering::SeqCst)));
    let press = |reply: &Reply, label: &str| {
        let button = reply.buttons.iter().find(|b| b.label.to_plain() == label).expect("the button");
        parse_component(&button.custom_id, None).unwrap().1
    };
    // 30: Alice loses on time.
    s.handle(30, &alice(), Play { clock: Some(ClockChoice::OneHour), ..play(&bob()) }).await;
    s.handle(30, &bob(), Accept { session: None }).await;
    any_move(&s, 30, &alice()).await;
    any_move(&s, 30, &bob()).await;
    now.fetch_add(3_601, Ordering::SeqCst);
    s.settle_clocks().await;
    // 31: Alice and Bob agree to abort.
    s.handle(31, &alice(), play(&bob())).await;
    s.handle(31, &bob(), Accept { session: None }).await;
    any_move(&s, 31, &alice()).await;
    let alone = s.handle(31, &alice(), Abort).await;
    let asked = s.handle(31, &alice(), press(&alone, "Ask to abort")).await;
    s.handle(31, &bob(), press(&asked, "Accept")).await;
    // 32: a game of three that Alice leaves last.
    let three =
        Play { game: GameKind::Tantrix, opponents: vec![bob().member, carol().member], ..play(&bob()) };
    s.handle(32, &alice(), three).await;
    s.handle(32, &bob(), Accept { session: None }).await;
    s.handle(32, &carol(), Accept { session: None }).await;
    s.handle(32, &carol(), Resign).await;
    s.handle(32, &bob(), Resign).await;
    assert!(s.handle(32, &alice(), Resign).await.text.to_plain().contains("nobody is left"));
    // 33: Alice resigns.
    s.handle(33, &alice(), play(&bob())).await;
    s.handle(33, &bob(), Accept { session: None }).await;
    any_move(&s, 33, &alice()).await;
    s.handle(33, &alice(), Resign).await;
    let closed: Vec<i64> = (1..=4).collect();
    for &id in &closed {
        let row = s.store().session(id).await.unwrap().unwrap();
        assert!(!row.state.is_open() && row.ending.is_some(), "game {id} ended: {row:?}");
    }

    let asked = s.handle(30, &alice(), Privacy { forget: true, tactics: None }).await;
    let done = s.handle(30, &alice(), press(&asked, "Forget me")).await;
    assert!(done.text.to_plain().contains("player-"), "{done:?}");
    for &id in &closed {
        let shown = s.handle(30, &bob(), ShowGame { id, replay: true }).await;
        let mut seen = shown.text.to_plain();
        if let Some(file) = shown.files.first() {
            seen.push_str(&String::from_utf8_lossy(&file.bytes));
        }
        if let Some(ended) = shown.replay.as_ref().and_then(|r| r.ended.as_ref()) {
            seen.push_str(&ended.to_plain());
        }
        assert!(naming(&seen, "alice").is_empty(), "game {id} still names alice: {seen}");
    }
    let history = s.handle(30, &bob(), History { user: None, game: None, page: 1 }).await.text.to_plain();
    assert!(naming(&history, "alice").is_empty(), "{history}");
    s.store().close().await;
}

#[tokio::test]
async fn a_forgotten_name_is_in_no_row_of_a_sqlite_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tabula.db");
    forgotten_everywhere(SqliteStore::open(&db).await.unwrap()).await;
    let dump = dump_sqlite(&db).await;
    assert_eq!(naming(&dump, "alice"), Vec::<&str>::new());
    assert!(!naming(&dump, "bob").is_empty(), "the dump sees names");
}

#[tokio::test]
async fn a_forgotten_name_is_in_no_row_of_a_postgres_database() {
    let Some(server) = crate::support::postgres::PgServer::start("forgotten_in_postgres") else { return };
    let url = server.database("forgotten").await;
    Box::pin(forgotten_everywhere(tabula::store::PgStore::connect(&url).await.unwrap())).await;
    let dump = dump_postgres(&url).await;
    assert_eq!(naming(&dump, "alice"), Vec::<&str>::new());
    assert!(!naming(&dump, "bob").is_empty(), "the dump sees names");
}
