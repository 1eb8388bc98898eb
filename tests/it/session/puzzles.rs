//! Discovery through the session layer alone: the largest puzzle laid tile by tile through its menus, every step
//! within Discord's limits, to a solve the table then shows; a press from an older message gets the puzzle as it
//! is now and changes nothing.

use tabula::games::AnyGame;
use tabula::games::tactic::shipped;
use tabula::games::tantrix::discovery;
use tabula::session::commands::Puzzle;
use tabula::session::picker::{MAX_CUSTOM_ID, MAX_OPTIONS};
use tabula::session::{Reply, SessionConfig, Sessions, parse_component};

use super::{CHANNEL, alice, text};

/// Checks a reply against Discord's limits: five rows (each menu one, the buttons one), 25 options, ids of 100.
fn within_limits(reply: &Reply) {
    let rows = reply.selects.len() + usize::from(!reply.buttons.is_empty());
    assert!(rows <= 5, "{rows} rows: {reply:?}");
    assert!(reply.buttons.len() <= 5, "{reply:?}");
    for select in &reply.selects {
        assert!(!select.options.is_empty() && select.options.len() <= MAX_OPTIONS, "{select:?}");
        assert!(select.custom_id.len() <= MAX_CUSTOM_ID, "{}", select.custom_id);
        assert!(select.options.iter().all(|o| o.value.len() <= 100), "{select:?}");
    }
    let mut ids: Vec<&str> = reply.selects.iter().map(|s| s.custom_id.as_str()).collect();
    ids.extend(reply.buttons.iter().map(|b| b.custom_id.as_str()));
    assert!(ids.iter().all(|id| id.len() <= MAX_CUSTOM_ID), "{ids:?}");
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "every component has its own id: {reply:?}");
    assert_eq!(reply.files.len() + usize::from(reply.board.is_some()), 1, "each step has its picture");
}

/// The request a press on the button labelled `label` makes.
fn press(reply: &Reply, label: &str) -> tabula::session::commands::Request {
    let button = reply
        .buttons
        .iter()
        .find(|b| b.label.to_plain().starts_with(label))
        .unwrap_or_else(|| panic!("no {label} button: {reply:?}"));
    parse_component(&button.custom_id, None).expect("a button's id reads").1
}

/// The request a choice of `value` in the reply's menus makes.
fn choose(reply: &Reply, value: &str) -> tabula::session::commands::Request {
    let menu = reply
        .selects
        .iter()
        .find(|s| s.options.iter().any(|o| o.value == value))
        .unwrap_or_else(|| panic!("no menu offers {value}: {reply:?}"));
    parse_component(&menu.custom_id, Some(value)).expect("a menu's id reads").1
}

#[tokio::test]
async fn the_largest_discovery_is_laid_through_its_menus_within_discords_limits() {
    // A clock that stands still: the solve takes 0:00.
    let store = tabula::store::SqliteStore::in_memory().await.unwrap();
    let clock: tabula::session::Clock = std::sync::Arc::new(|| 1_000_000);
    let sessions = Sessions::with_clock(store, SessionConfig::default(), clock);
    let ann = alice();
    let start = Puzzle { game: None, size: Some(30), kind: None, table: false, rating: false };
    let mut reply = sessions.handle(CHANNEL, &ann, start).await;
    within_limits(&reply);
    let first = reply.clone();
    let solution = discovery::solve(30, 4).unwrap();
    for (i, p) in solution.iter().enumerate() {
        let places = sessions.handle(CHANNEL, &ann, choose(&reply, &p.tile.to_string())).await;
        within_limits(&places);
        let turns = sessions.handle(CHANNEL, &ann, choose(&places, &p.cell.to_string())).await;
        within_limits(&turns);
        reply = sessions.handle(CHANNEL, &ann, choose(&turns, &p.rot.to_string())).await;
        within_limits(&reply);
        let said = text(&reply);
        if i + 1 < solution.len() {
            assert!(said.contains(&format!("{} of 30 tiles down", i + 1)), "{said}");
        } else {
            assert!(said.contains("Solved! Discovery 30 in 0:00 with 30 actions."), "{said}");
        }
    }
    // The first message's menus are stale now: the puzzle as it is, nothing changed.
    let stale = sessions.handle(CHANNEL, &ann, choose(&first, "1")).await;
    assert!(text(&stale).contains("Solved!"), "{}", text(&stale));
    let table = sessions
        .handle(CHANNEL, &ann, Puzzle { game: None, size: Some(30), kind: None, table: true, rating: false })
        .await;
    assert!(text(&table).contains("1. Discovery 30: alice, 0:00 (30 actions)"), "{}", text(&table));
    let all = sessions
        .handle(CHANNEL, &ann, Puzzle { game: None, size: None, kind: None, table: true, rating: false })
        .await;
    assert!(text(&all).contains("Fastest Discovery solve of each size on this server"), "{}", text(&all));
}

#[tokio::test]
async fn a_tactic_is_played_whole_through_its_picker_and_an_older_picker_starts_afresh() {
    let sessions = Sessions::new(tabula_testkit::MemoryStore::new(), SessionConfig::default());
    for (n, game) in [tabula::games::GameKind::Tablut, tabula::games::GameKind::Tzaar].into_iter().enumerate()
    {
        let ann =
            tabula::session::Actor::in_guild(tabula::session::Member::new(70 + n as u64, "ann"), Some(5));
        // A day whose puzzle is a tactic of the game, of two turns for Tablut (the daily puzzle's Try it, pressed
        // where no post is stored, gives the day's puzzle all the same).
        let tactics = shipped();
        let (day, tactic) = (20_000..21_000)
            .find_map(|day| {
                let (_, key) = tabula::session::puzzle_of_day(day)?;
                let t = tactics.iter().find(|t| t.key() == key && t.game == game)?;
                (game != tabula::games::GameKind::Tablut || t.line.len() > 2).then(|| (day, t.clone()))
            })
            .expect("such a day");
        let mut board = sessions.handle(CHANNEL, &ann, tabula::session::commands::DailyTry { day }).await;
        within_limits(&board);
        assert!(text(&board).contains("Daily puzzle of "), "{}", text(&board));
        let first = board.clone();
        let mut played = tactic.moves.clone();
        let solver = AnyGame::replay(tactic.game, &tactic.setup, &played).unwrap().to_move();
        let mut line = tactic.line.iter().peekable();
        let mut stale_seen = false;
        let mut opened: Option<Reply> = None;
        while line.peek().is_some() {
            // The solver's whole turn (a TZAAR turn is two moves), through the picker's steps; then the reply.
            let mut turn = Vec::new();
            while let Some(m) = line.peek() {
                let at: Vec<String> = played.iter().chain(&turn).cloned().collect();
                if AnyGame::replay(tactic.game, &tactic.setup, &at).unwrap().to_move() != solver {
                    break;
                }
                turn.push((*m).clone());
                line.next();
            }
            let game = AnyGame::replay(tactic.game, &tactic.setup, &played).unwrap();
            let whole = turn.join(" ");
            let paths = game.pick_paths();
            let path = paths.iter().find(|p| p.text == whole).expect("the picker offers the turn");
            let mut step = sessions.handle(CHANNEL, &ann, press(&board, "Move")).await;
            within_limits(&step);
            opened.get_or_insert_with(|| step.clone());
            for choice in &path.choices {
                step = sessions.handle(CHANNEL, &ann, choose(&step, &choice.value)).await;
                within_limits(&step);
            }
            board = sessions.handle(CHANNEL, &ann, press(&step, "Play")).await;
            within_limits(&board);
            assert!(text(&board).contains(&format!("Right: `{whole}")), "{whole}: {}", text(&board));
            played.extend(turn);
            if let Some(reply) = line.next() {
                played.push(reply.clone());
                // The first turn's picker, once the tactic moved on: a fresh picker of it as it stands.
                let opened = opened.as_ref().expect("the first turn's picker");
                let value = &opened.selects[0].options[0].value;
                let stale = sessions.handle(CHANNEL, &ann, choose(opened, value)).await;
                assert!(
                    text(&stale).contains("has moved on since this picker was shown"),
                    "{}",
                    text(&stale)
                );
                within_limits(&stale);
                stale_seen = true;
            }
        }
        assert!(text(&board).contains("Solved!"), "{}", text(&board));
        assert_eq!(
            stale_seen,
            game == tabula::games::GameKind::Tablut,
            "a picker went stale in a two-turn tactic"
        );
        // The first message's Move once the tactic is over: said once, nothing changed.
        let late = sessions.handle(CHANNEL, &ann, press(&first, "Move")).await;
        assert!(late.ephemeral && text(&late).contains("/puzzle"), "{}", text(&late));
    }
}
