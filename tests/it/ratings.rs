//! History, ratings and leaderboards: which games are rated, Glicko-2 and Weng-Lin updates per server and across
//! servers, `/history` pages, `/rating`, the leaderboard picture, and a rebuild that gives the same numbers as the
//! updates made after each game, in both stores.

use std::time::Duration;

use tabula::games::GameKind;
use tabula::session::commands::{Accept, History, Play, PlayMove, Resign, ShowLeaderboard, ShowRating};
use tabula::session::{
    Actor, FileKind, Member, Reply, Request, SessionConfig, Sessions, SidePref, parse_component,
};
use tabula::store::{GameResult, PlayerPlace, RatingRow, RatingStore, SqliteStore, Store};
use tabula_testkit::MemoryStore;

const GUILD: u64 = 777;
const BOT: u64 = 99;

fn actor(id: u64, name: &str) -> Actor {
    Actor {
        member: Member::new(id, name),
        can_manage: false,
        can_manage_server: false,
        roles: Vec::new(),
        guild: Some(GUILD),
        locales: tabula::i18n::Locales::default(),
    }
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

fn tabula_bot() -> Member {
    Member { id: BOT, name: "Tabula".into(), bot: true }
}

async fn sessions() -> Sessions {
    let config = SessionConfig { ai_time: Duration::from_millis(30), ..SessionConfig::default() };
    let s = Sessions::new(SqliteStore::in_memory().await.unwrap(), config);
    s.set_bot_id(BOT);
    s
}

fn play(game: GameKind, opponents: Vec<Member>, rated: bool) -> Play {
    Play {
        game,
        opponents,
        variant: None,
        side: SidePref::First,
        level: Some(1),
        rated,
        clock: None,
        thread: None,
    }
}

/// Plays the first legal move the autocomplete offers to `who`.
async fn any_move(s: &Sessions, channel: u64, who: &Actor) -> Reply {
    let moves = s.suggest(channel, who.member.id, "", 1).await;
    let first = moves.first().unwrap_or_else(|| panic!("{} has a move", who.member.name));
    let reply = s.handle(channel, who, PlayMove { text: first.clone() }).await;
    assert!(!reply.ephemeral, "{reply:?}");
    reply
}

async fn ratings(s: &Sessions, user: u64) -> Vec<RatingRow> {
    s.store().ratings_of(user, Some(GUILD)).await.unwrap()
}

/// Alice (first) against Bob in `channel`: `moves` moves each, then Bob resigns.
async fn two_player_game(s: &Sessions, channel: u64, game: GameKind, moves: usize, rated: bool) -> String {
    let reply = s.handle(channel, &alice(), play(game, vec![bob().member], rated)).await;
    assert!(!reply.ephemeral, "{reply:?}");
    let reply = s.handle(channel, &bob(), Accept { session: None }).await;
    assert!(reply.text.contains("begins"), "{reply:?}");
    for _ in 0..moves {
        any_move(s, channel, &alice()).await;
        any_move(s, channel, &bob()).await;
    }
    let reply = s.handle(channel, &bob(), Resign).await;
    assert!(reply.text.contains("resigned"), "{reply:?}");
    assert_eq!(reply.text.mentions(), Vec::<u64>::new(), "the end of a game pings nobody");
    reply.text.to_plain()
}

#[tokio::test]
async fn rated_games_move_ratings_and_the_others_do_not() {
    let s = sessions().await;
    let ended = two_player_game(&s, 10, GameKind::Tablut, 2, true).await;
    assert!(ended.contains("Ratings: alice 1662? (+162), bob 1338? (-162)."), "{ended}");
    let rows = ratings(&s, 1).await;
    assert_eq!(rows.len(), 2, "this server's board and the one across servers: {rows:?}");
    for row in &rows {
        assert!(row.rating.rating > 1600.0 && row.rating.deviation > 110.0, "{row:?}");
        assert_eq!((row.games, row.wins, row.draws, row.losses), (1, 1, 0, 0));
    }
    assert!(ratings(&s, 2).await.iter().all(|r| r.rating.rating < 1400.0 && r.losses == 1));
    let after_rated = ratings(&s, 1).await;

    // Against the computer, an unrated challenge, and a game of one move each: no change.
    let reply = s.handle(11, &alice(), play(GameKind::Tablut, vec![tabula_bot()], true)).await;
    assert!(reply.text.contains("begins"), "{reply:?}");
    for _ in 0..2 {
        any_move(&s, 11, &alice()).await;
        assert!(s.ai_turn(11).await.is_some(), "the computer answers");
    }
    let ended = s.handle(11, &alice(), Resign).await;
    assert!(!ended.text.contains("Ratings"), "{ended:?}");
    assert!(!two_player_game(&s, 12, GameKind::Tablut, 3, false).await.contains("Ratings"));
    assert!(!two_player_game(&s, 13, GameKind::Tablut, 1, true).await.contains("Ratings"));
    assert_eq!(ratings(&s, 1).await, after_rated, "no unrated game changed a rating");

    // The history lists every finished game, newest first, and marks the unrated ones.
    let reply = s.handle(10, &alice(), History { user: None, game: None, page: 1 }).await;
    let text = reply.text.to_plain();
    assert!(!reply.ephemeral && text.contains("page 1 of 1 (4 games)"), "{text}");
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("#4 Tablut vs bob — won (unrated)"), "{text}");
    assert!(lines[2].contains("vs Tabula") && lines[2].contains("lost (unrated)"), "{text}");
    assert!(lines[3].starts_with("#1 Tablut vs bob — won — "), "{text}");
    assert!(reply.buttons.is_empty(), "one page needs no buttons");
    assert!(reply.text.mentions().is_empty(), "a history pings nobody");

    // `/rating` shows both boards, and nothing pings.
    let reply = s.handle(10, &bob(), ShowRating { user: Some(alice().member) }).await;
    let text = reply.text.to_plain();
    assert!(
        !reply.ephemeral && text.contains("Tablut:") && text.contains("this server (1 game, W-D-L 1-0-0)")
    );
    assert!(text.contains("across servers") && text.contains('?'), "{text}");
    assert!(reply.text.mentions().is_empty());
    let reply = s.handle(10, &carol(), ShowRating { user: None }).await;
    assert!(reply.ephemeral && reply.text.contains("carol has no rated games yet"), "{reply:?}");

    // The same numbers from the history.
    assert_eq!(s.store().rebuild_ratings().await.unwrap(), 1);
    assert_eq!(ratings(&s, 1).await, after_rated);
}

#[tokio::test]
async fn tantrix_is_rated_by_places_with_weng_lin() {
    let s = sessions().await;
    let reply =
        s.handle(20, &alice(), play(GameKind::Tantrix, vec![bob().member, carol().member], true)).await;
    assert!(!reply.ephemeral, "{reply:?}");
    s.handle(20, &bob(), Accept { session: None }).await;
    let reply = s.handle(20, &carol(), Accept { session: None }).await;
    assert!(reply.text.contains("begins"), "{reply:?}");
    // Whoever is to move plays, until everyone has made two moves.
    let players = [alice(), bob(), carol()];
    let mut made = [0; 3];
    while made.iter().any(|&n| n < 2) {
        let mut who = None;
        for (i, p) in players.iter().enumerate() {
            if !s.suggest(20, p.member.id, "", 1).await.is_empty() {
                who = Some(i);
                break;
            }
        }
        let who = who.expect("someone is to move");
        any_move(&s, 20, &players[who]).await;
        made[who] += 1;
    }
    s.handle(20, &carol(), Resign).await;
    // The others play on without her (the computer takes her seat); the game ends when nobody is left.
    s.handle(20, &bob(), Resign).await;
    s.handle(20, &alice(), Resign).await;
    let mut rows = Vec::new();
    for id in [1, 2, 3] {
        rows.push(ratings(&s, id).await.into_iter().find(|r| r.guild == GUILD).expect("a Tantrix rating"));
    }
    let [a, b, c] = [&rows[0], &rows[1], &rows[2]];
    assert_eq!(a.game, GameKind::Tantrix);
    assert!(
        c.rating.rating < a.rating.rating.min(b.rating.rating),
        "the resigner is last: {a:?} {b:?} {c:?}"
    );
    assert!(a.rating.label(GameKind::Tantrix.info().rating).ends_with('?'));
}

/// A deterministic stream of results between `players` members, on two servers and in three games.
fn results(count: usize, players: u64) -> Vec<GameResult> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    (0..count)
        .map(|i| {
            let game = GameKind::ALL[next(GameKind::ALL.len() as u64) as usize];
            let seats = if *game.seats().end() > 2 { 2 + next(3) as usize } else { 2 };
            let mut users: Vec<u64> = Vec::new();
            while users.len() < seats {
                let u = 1 + next(players);
                if !users.contains(&u) {
                    users.push(u);
                }
            }
            let places: Vec<usize> = users.iter().map(|_| 1 + next(seats as u64) as usize).collect();
            GameResult {
                session: i as i64 + 1,
                game,
                guild: Some(if next(3) == 0 { 1 } else { 2 }),
                players: users
                    .iter()
                    .zip(places)
                    .map(|(&user, place)| PlayerPlace {
                        user,
                        name: format!("player{user}"),
                        place,
                        level: None,
                    })
                    .collect(),
                rated: next(5) != 0,
                ended_at: 1_790_000_000 + 600 * i as i64,
            }
        })
        .collect()
}

async fn everything(store: &(impl Store + ?Sized), players: u64) -> Vec<RatingRow> {
    let mut rows = Vec::new();
    for user in 1..=players {
        for guild in [Some(1), Some(2)] {
            rows.extend(store.ratings_of(user, guild).await.unwrap());
        }
    }
    rows.sort_by_key(|r| (r.game.name(), r.guild, r.user));
    rows.dedup();
    rows
}

/// Sessions for the results, so the SQLite store's foreign keys hold.
async fn sessions_for(store: &(impl Store + ?Sized), results: &[GameResult]) {
    use tabula::games::Setup;
    use tabula::store::{NewSession, PlayerRow, SessionState};
    for r in results {
        let players: Vec<PlayerRow> = r
            .players
            .iter()
            .map(|p| PlayerRow {
                id: p.user,
                name: p.name.clone(),
                accepted: true,
                level: None,
                abandoned: false,
                left: None,
            })
            .collect();
        let new = NewSession {
            channel: 10_000 + r.session as u64,
            guild: r.guild,
            game: r.game,
            setup: Setup { variant: String::new(), seed: 1, seats: players.len() },
            players,
            challenger: r.players[0].user,
            state: SessionState::Finished,
            now: r.ended_at,
            expires_at: r.ended_at,
            rated: r.rated,
        };
        assert_eq!(store.create(&new).await.unwrap(), r.session);
    }
}

#[tokio::test]
async fn a_rebuild_gives_the_numbers_of_the_updates_in_both_stores() {
    let games = results(400, 12);
    let sqlite = SqliteStore::in_memory().await.unwrap();
    sessions_for(&sqlite, &games).await;
    let memory = MemoryStore::new();
    for r in &games {
        sqlite.record_result(r).await.unwrap();
        memory.record_result(r).await.unwrap();
    }
    assert!(matches!(sqlite.record_result(&games[0]).await, Err(tabula::store::StoreError::Conflict)));
    let incremental = everything(&sqlite, 12).await;
    assert!(incremental.len() > 40, "{}", incremental.len());
    assert_eq!(incremental, everything(&memory, 12).await, "both stores agree");
    let boards = [sqlite.leaderboard(GameKind::Tablut, Some(2), 5, 3).await.unwrap()];
    assert_eq!(boards[0], memory.leaderboard(GameKind::Tablut, Some(2), 5, 3).await.unwrap());

    let rated = games.iter().filter(|r| r.rated).count();
    assert_eq!(sqlite.rebuild_ratings().await.unwrap(), rated);
    assert_eq!(memory.rebuild_ratings().await.unwrap(), rated);
    assert_eq!(everything(&sqlite, 12).await, incremental, "the SQLite rebuild gives the same numbers");
    assert_eq!(everything(&memory, 12).await, incremental, "the memory rebuild gives the same numbers");
    assert_eq!(sqlite.leaderboard(GameKind::Tablut, Some(2), 5, 3).await.unwrap(), boards[0], "same trends");
}

#[tokio::test]
async fn history_pages_and_the_leaderboard_picture() {
    let s = sessions().await;
    let mut games = results(700, 14);
    for r in &mut games {
        r.game = GameKind::Tablut;
        r.players.truncate(2);
        r.players[1].place = 3 - r.players[0].place.min(2);
        r.guild = Some(GUILD);
        r.rated = true;
    }
    sessions_for(s.store(), &games).await;
    for r in &games {
        s.store().record_result(r).await.unwrap();
    }
    let me = actor(3, "player3");
    let total = games.iter().filter(|r| r.players.iter().any(|p| p.user == 3)).count();
    let pages = total.div_ceil(20);
    let reply = s.handle(1, &me, History { user: None, game: None, page: 1 }).await;
    let text = reply.text.to_plain();
    assert!(text.contains(&format!("page 1 of {pages} ({total} games)")), "{text}");
    assert_eq!(text.lines().count(), 21, "20 games a page: {text}");
    assert_eq!(reply.buttons.len(), 1, "{:?}", reply.buttons);
    let (channel, next) = parse_component(&reply.buttons[0].custom_id, None).expect("the button reads back");
    assert_eq!(channel, 1);
    assert_eq!(next, Request::History(History { user: Some(Member::new(3, "")), game: None, page: 2 }));
    let reply = s.handle(1, &me, next).await;
    assert!(pages >= 3 && reply.text.contains("page 2 of") && reply.buttons.len() == 2, "{reply:?}");
    let last = s.handle(1, &me, History { user: None, game: None, page: pages }).await;
    assert_eq!(last.text.to_plain().lines().count(), 1 + total - 20 * (pages - 1));
    let past = s.handle(1, &me, History { user: None, game: None, page: pages + 1 }).await;
    assert!(past.ephemeral && past.text.contains(&format!("There is no page {}", pages + 1)), "{past:?}");
    let other = s.handle(1, &me, History { user: None, game: Some(GameKind::Tzaar), page: 1 }).await;
    assert!(other.ephemeral && other.text.contains("no finished games of TZAAR"), "{other:?}");

    // The leaderboard: a picture of the top 10 and the caller's own place below.
    let board = s.store().leaderboard(GameKind::Tablut, Some(GUILD), 0, 14).await.unwrap();
    let last_player = board.top.last().unwrap().row.clone();
    let caller = actor(last_player.user, &last_player.name);
    let reply = s.handle(1, &caller, ShowLeaderboard { game: GameKind::Tablut }).await;
    assert!(!reply.ephemeral, "{reply:?}");
    assert!(reply.text.contains("14 rated players") && reply.text.contains("is number 14"), "{reply:?}");
    assert_eq!(reply.files.len(), 1);
    assert_eq!(reply.files[0].kind, FileKind::Picture);
    let png = image::load_from_memory(&reply.files[0].bytes).expect("a PNG");
    assert_eq!(png.width(), 720);
    assert!(png.height() > 600, "ten rows and the caller's: {}", png.height());
    if let Ok(dir) = std::env::var("LEADERBOARD_PNG") {
        std::fs::write(dir, &reply.files[0].bytes).unwrap();
    }
    let empty = s.handle(1, &caller, ShowLeaderboard { game: GameKind::Tzaar }).await;
    assert!(empty.ephemeral && empty.text.contains("Nobody is rated in TZAAR here yet"), "{empty:?}");
}

#[test]
fn bad_options_are_one_sentence() {
    use tabula::session::{OptionValue, parse_request};
    let e = parse_request("leaderboard", &[("game", OptionValue::Text("chess".into()))]).unwrap_err();
    assert!(e.to_plain().contains("no game called `chess`"), "{e}");
    let e = parse_request::<&str>("leaderboard", &[]).unwrap_err();
    assert!(e.to_plain().contains("/leaderboard game:"), "{e}");
    let e = parse_request("history", &[("page", OptionValue::Text("0".into()))]).unwrap_err();
    assert!(e.to_plain().contains("pages count from 1"), "{e}");
    let e = parse_request(
        "play",
        &[("game", OptionValue::Text("tablut".into())), ("rated", OptionValue::Text("maybe".into()))],
    )
    .unwrap_err();
    assert!(e.to_plain().contains("rated:true or rated:false"), "{e}");
    assert!(matches!(
        parse_request(
            "play",
            &[("game", OptionValue::Text("tablut".into())), ("rated", OptionValue::Boolean(false))]
        ),
        Ok(Request::Play(Play { rated: false, .. }))
    ));
}

#[tokio::test]
async fn the_console_shows_history_ratings_and_the_leaderboard_picture() {
    use tabula::local::Console;
    let dir = tempfile::tempdir().unwrap();
    let sessions = std::sync::Arc::new(Sessions::new(MemoryStore::new(), SessionConfig::default()));
    let mut console = Console::new(sessions, dir.path());
    console.line("@alice /play game:tablut opponent:@bob side:first").await;
    console.line("@bob /accept").await;
    for (who, m) in [("alice", "d1-c1"), ("bob", "g5-g6"), ("alice", "f9-f6"), ("bob", "g6-g7")] {
        let out = console.line(&format!("@{who} /move {m}")).await;
        assert!(out.contains(&format!("`{m}`")), "{out}");
    }
    assert!(console.line("@bob /resign").await.contains("resigned"));
    let out = console.line("@alice /rating").await;
    assert!(out.contains("Ratings of alice") && out.contains("W-D-L 1-0-0"), "{out}");
    let out = console.line("@bob /leaderboard tablut").await;
    let path = out.lines().find_map(|l| l.strip_prefix("picture: ")).unwrap_or_else(|| panic!("{out}"));
    let png = image::open(path).expect("the leaderboard picture is written");
    assert_eq!(png.width(), 720);
    let out = console.line("@carol /leaderboard chess").await;
    assert!(out.starts_with("(to @carol only) There is no game called `chess`"), "{out}");

    // Twenty more games (too short to be rated) fill a second page, reached with the Older button.
    for _ in 0..20 {
        console.line("@alice /play game:tablut opponent:@bob").await;
        console.line("@bob /accept").await;
        assert!(console.line("@bob /resign").await.contains("resigned"));
    }
    let out = console.line("@alice /history").await;
    assert!(out.contains("page 1 of 2 (21 games)") && out.contains("[Older]"), "{out}");
    let out = console.line("@alice /press Older").await;
    assert!(out.contains("page 2 of 2") && out.contains("#1 Tablut vs bob — won — "), "{out}");
    assert!(out.contains("[Newer]"), "{out}");
    let out = console.line("@alice /history page:3").await;
    assert_eq!(out, "(to @alice only) There is no page 3: the history has 2 pages.\n");
    let out = console.line("@alice /press Sideways").await;
    assert!(out.contains("The last message with buttons has [Newer]"), "{out}");
}

#[tokio::test]
async fn tabula_ratings_rebuild_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bot.db");
    let games = results(120, 8);
    let store = SqliteStore::open(&file).await.unwrap();
    sessions_for(&store, &games).await;
    for r in &games {
        store.record_result(r).await.unwrap();
    }
    let incremental = everything(&store, 8).await;
    store.close().await;

    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["ratings", "--rebuild", "--database"])
        .arg(&file)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rated = games.iter().filter(|r| r.rated).count();
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("ratings rebuilt from {rated} rated games\n"));
    let store = SqliteStore::open(&file).await.unwrap();
    assert_eq!(everything(&store, 8).await, incremental, "the rebuild gives the incremental numbers");
    store.close().await;

    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["ratings"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tabula ratings --rebuild"));
}

#[tokio::test]
async fn the_postgres_store_rates_like_the_others() {
    let Some(server) = crate::support::postgres::PgServer::start("the_postgres_store_rates_like_the_others")
    else {
        return;
    };
    let pg = tabula::store::PgStore::connect(&server.database("ratings").await).await.unwrap();
    let games = results(300, 10);
    sessions_for(&pg, &games).await;
    let memory = MemoryStore::new();
    for r in &games {
        pg.record_result(r).await.unwrap();
        memory.record_result(r).await.unwrap();
    }
    assert!(matches!(pg.record_result(&games[3]).await, Err(tabula::store::StoreError::Conflict)));
    let incremental = everything(&memory, 10).await;
    assert_eq!(everything(&pg, 10).await, incremental, "Postgres rates as the memory store does");
    for user in [1, 4, 9] {
        for game in [None, Some(GameKind::ALL[0])] {
            let (a, b) = (
                pg.history(user, Some(2), game, 1, 7).await,
                memory.history(user, Some(2), game, 1, 7).await,
            );
            assert_eq!(a.unwrap(), b.unwrap(), "history of {user}");
        }
        let board = pg.leaderboard(GameKind::ALL[2], Some(1), user, 3).await.unwrap();
        assert_eq!(board, memory.leaderboard(GameKind::ALL[2], Some(1), user, 3).await.unwrap());
    }
    assert_eq!(pg.rebuild_ratings().await.unwrap(), games.iter().filter(|r| r.rated).count());
    assert_eq!(everything(&pg, 10).await, incremental, "the Postgres rebuild gives the same numbers");
}
