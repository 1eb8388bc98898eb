//! Discovery through the session layer alone: the largest puzzle laid tile by tile through its menus, every step
//! within Discord's limits, to a solve the table then shows; a press from an older message gets the puzzle as it
//! is now and changes nothing.

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
    assert_eq!(reply.files.len(), 1, "each step has its picture");
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
