//! Tantrix at tournament tables: three players seated at one table, some tiles placed, and the round's time up;
//! the game counts as a draw for points, and each player's Tantrix score (their best line or loop) is kept for
//! the total-score tie-break and shown in the standings.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tabula::games::{AnyGame, GameKind};
use tabula::session::commands::PlayMove;
use tabula::session::{Actor, Notice, OptionValue, SessionConfig, Sessions, parse_component, parse_request};
use tabula_testkit::MemoryStore;

use super::{CHANNEL, actor};

const START: i64 = 1_800_000_000;
const THREAD: u64 = 4_444;

fn text(s: &str) -> OptionValue {
    OptionValue::Text(s.to_string())
}

/// A tournament of `game` (one round; `extra` options besides) on a clock the test moves, created by an organiser
/// in [`CHANNEL`], joined by `players`, and started: its sessions, the clock, and the round's first board.
async fn started(
    game: &str,
    players: &[Actor],
    extra: &[(&str, OptionValue)],
) -> (Sessions, Arc<AtomicI64>, Actor, tabula::session::TournamentBoard) {
    let now = Arc::new(AtomicI64::new(START));
    let clock = now.clone();
    let s = Sessions::with_clock(
        MemoryStore::new(),
        SessionConfig::default(),
        Arc::new(move || clock.load(Ordering::SeqCst)),
    );
    let mut organiser = actor(9, "mod");
    organiser.can_manage_server = true;
    let mut options = vec![
        ("action", text("create")),
        ("game", text(game)),
        ("rounds", OptionValue::Integer(1)),
        ("clock", text("1h")),
        ("starts", text("10m")),
    ];
    options.extend(extra.iter().cloned());
    let announced = s.handle(CHANNEL, &organiser, parse_request("tournament", &options).unwrap()).await;
    assert!(!announced.ephemeral, "{announced:?}");
    let join =
        announced.buttons.iter().find(|b| b.custom_id.starts_with("tjoin:")).unwrap().custom_id.clone();
    for p in players {
        let (channel, request) = parse_component(&join, None).unwrap();
        assert!(!s.handle(channel, p, request).await.ephemeral);
    }
    now.fetch_add(11 * 60, Ordering::SeqCst);
    let board = s
        .settle_clocks()
        .await
        .into_iter()
        .find_map(|n| match n {
            Notice::OpenGame { board, .. } => Some(board),
            _ => None,
        })
        .expect("the round's game");
    s.start_tournament_game(Some(THREAD), board).await;
    (s, now, organiser, board)
}

#[tokio::test]
async fn a_tantrix_table_keeps_each_players_score_for_the_tie_break() {
    let players: Vec<Actor> = (1..=3).map(|i| actor(i, &format!("p{i}"))).collect();
    // The start: one table of three, its game started in a thread.
    let (s, now, _, board) =
        started("tantrix", &players, &[("round_minutes", OptionValue::Integer(30))]).await;
    for _ in 0..9 {
        let record = s.store().open_session(THREAD).await.unwrap().unwrap();
        let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
        let seat = game.to_move().unwrap();
        let mover = players.iter().find(|p| p.member.id == record.players[seat].id).unwrap();
        let first = game.legal_moves_text().into_iter().next().unwrap();
        let reply = s.handle(THREAD, mover, PlayMove { text: first.clone() }).await;
        assert!(!reply.ephemeral, "{first}: {reply:?}");
    }
    let record = s.store().open_session(THREAD).await.unwrap().unwrap();
    let game = AnyGame::replay(GameKind::Tantrix, &record.setup, &record.moves).unwrap();
    let scores = game.scores().unwrap();
    assert!(scores.iter().any(|&s| s > 0), "tiles placed score: {scores:?}");

    // The round's time is up: a draw on points, each player's score kept by user.
    now.fetch_add(31 * 60, Ordering::SeqCst);
    let notices = s.settle_clocks().await;
    let games = s.store().tournament_games(board.tournament).await.unwrap();
    let table = games.iter().find(|g| g.session == Some(record.id)).unwrap();
    assert_eq!(table.points.as_deref(), Some(&[2, 2, 2][..]), "{table:?}");
    let by_user: Vec<i64> = table
        .seats
        .iter()
        .map(|u| i64::from(scores[record.players.iter().position(|p| p.id == *u).unwrap()]))
        .collect();
    assert_eq!(table.scores.as_deref(), Some(&by_user[..]), "{table:?}");
    let over = notices.iter().any(|n| {
        matches!(n, Notice::Post { reply, .. } if reply.text.contains("Round 1 of tournament #1 is over"))
    });
    assert!(over, "{notices:?}");
    // The game itself ended at the round's time, as the draw it counts as.
    let ended = s.store().session(record.id).await.unwrap().unwrap();
    let ending = ended.ending.expect("the round's time ended the game");
    assert_eq!((ending.kind, ending.places), (tabula::store::EndKind::RoundTime, Some(vec![1, 1, 1])));
}

/// An organiser's result ends the game it decides: the game takes no further move, offer or resignation, its
/// thread is told, and the history and the standings both follow the result that was set.
#[tokio::test]
async fn an_organisers_result_ends_the_game() {
    use tabula::session::commands::{History, Resign};
    use tabula::store::{EndKind, SessionState};
    // Two players whose names start alike.
    let players = [actor(1, "Ann"), actor(2, "Ann, the Great")];
    let (s, _, organiser, board) = started("tablut", &players, &[]).await;
    let record = s.store().open_session(THREAD).await.unwrap().unwrap();
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
    let first = players.iter().find(|p| p.member.id == record.players[game.to_move().unwrap()].id).unwrap();
    let opening = game.legal_moves_text().remove(0);
    assert!(!s.handle(THREAD, first, PlayMove { text: opening }).await.ephemeral);

    // The organiser says "Ann, the Great" won (Ann did not show up in time, say).
    let great = players[1].member.clone();
    let result = parse_request(
        "tournament",
        &[
            ("action", text("result")),
            ("player", OptionValue::User(great.clone())),
            ("outcome", text("win")),
            ("reason", text("Ann left for the train")),
        ],
    )
    .unwrap();
    let set = s.handle(CHANNEL, &organiser, result).await;
    assert!(!set.ephemeral, "{set:?}");
    let told = s.take_announced();
    let thread_told = told.iter().any(|n| {
        matches!(n, Notice::Post { channel, reply } if *channel == THREAD
            && reply.text.to_plain().contains("result set by the organiser: Ann, the Great wins"))
    });
    assert!(thread_told, "the thread is told: {told:?}");
    let stored = s.store().session(record.id).await.unwrap().unwrap();
    assert_eq!(stored.state, SessionState::Finished);
    let ending = stored.ending.expect("the organiser's result is the game's ending");
    let great_seat = stored.players.iter().position(|p| p.id == great.id).unwrap();
    assert_eq!((ending.kind, ending.seats.clone()), (EndKind::Decided, vec![great_seat]));
    assert_eq!(ending.places.as_ref().map(|p| p[great_seat]), Some(1));
    // No resignation is taken in it afterwards.
    let late = s.handle(THREAD, &players[1], Resign).await;
    assert!(late.ephemeral, "{late:?}");
    assert_eq!(s.store().session(record.id).await.unwrap().unwrap().ending, Some(ending));
    // The history follows the result that was set.
    let history = s.handle(CHANNEL, &players[1], History { user: None, game: None, page: 1 }).await;
    let line = history.text.to_plain();
    assert!(line.contains(&format!("#{} ", record.id)) && line.contains("— won"), "{line}");
    let games = s.store().tournament_games(board.tournament).await.unwrap();
    let decided = games.iter().find(|g| g.session == Some(record.id)).unwrap();
    let great_points =
        decided.seats.iter().position(|&u| u == great.id).map(|i| decided.points.as_ref().unwrap()[i]);
    assert_eq!(great_points, Some(2), "{decided:?}");
    // The round, and so the tournament, is over; its final standings can still be asked for.
    let notices = s.settle_clocks().await;
    assert!(
        notices.iter().any(|n| matches!(n, Notice::Post { reply, .. } if reply.text.contains("is over")))
    );
    let standings = parse_request("tournament", &[("action", text("standings"))]).unwrap();
    let shown = s.handle(CHANNEL, &players[0], standings).await;
    assert!(!shown.ephemeral && !shown.files.is_empty(), "{shown:?}");
}

/// Whatever the players are called, a mini-match's points and the standings go to the member who won: names that
/// start alike, two members with one name, names that read like Tabula's own words or like the computer. The
/// loser resigns both games; the standings name the winner as the leader, and the points are the winner's.
#[tokio::test]
async fn standings_follow_the_winner_whatever_the_names() {
    use crate::endings::names_in;
    use tabula::session::commands::Resign;
    let pairs = [
        ("Ann", "Ann, the Great", 1),
        ("Ann, the Great", "Ann", 1),
        ("Ann", "Ann", 0),
        ("Tabula (level 2)", "bob lost on time", 0),
        (", resigned", "Draw agreed", 1),
        ("שלום עולם", "名前のテスト", 0),
    ];
    for (a, b, loser) in pairs {
        let players = [actor(1, a), actor(2, b)];
        let (winner, loser) = (&players[1 - loser], &players[loser]);
        let (s, now, _, first) =
            started("tablut", &players, &[("mini_match", OptionValue::Boolean(true))]).await;
        // Both games of the mini-match: the first is started by `started`, the second here.
        let second = tabula::session::TournamentBoard { board: first.board + 1, ..first };
        s.start_tournament_game(Some(THREAD + 1), second).await;
        for thread in [THREAD, THREAD + 1] {
            let record = s.store().open_session(thread).await.unwrap().unwrap();
            let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
            let mover = players.iter().find(|p| p.member.id == record.players[game.to_move().unwrap()].id);
            let opening = game.legal_moves_text().remove(0);
            assert!(!s.handle(thread, mover.unwrap(), PlayMove { text: opening }).await.ephemeral);
            let resigned = s.handle(thread, loser, Resign).await;
            assert!(!resigned.ephemeral, "{a} / {b}: {resigned:?}");
        }
        // The round is scored (and, its only round, the tournament ends).
        now.fetch_add(2 * 3600, Ordering::SeqCst);
        s.settle_clocks().await;
        let games = s.store().tournament_games(first.tournament).await.unwrap();
        assert_eq!(games.len(), 2, "{games:?}");
        for g in &games {
            let at = g.seats.iter().position(|&u| u == winner.member.id).unwrap();
            assert_eq!(g.points.as_ref().map(|p| (p[at], p[1 - at])), Some((2, 0)), "{a} / {b}: {g:?}");
        }
        let standings = parse_request("tournament", &[("action", text("standings"))]).unwrap();
        let shown = s.handle(CHANNEL, &players[0], standings).await;
        assert_eq!(
            names_in(&shown.text),
            std::slice::from_ref(&winner.member.name),
            "{a} / {b}: {}",
            shown.text
        );
    }
}
