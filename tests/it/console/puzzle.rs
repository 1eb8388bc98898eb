//! A Tantrix Discovery puzzle worked in the console, as a member would on Discord: by the hints alone to a solve
//! that is announced (and posted when asked), and through the menus to a layout of every tile that breaks the
//! rules, which is not.

use tabula::games::tantrix::Placement;
use tabula::games::tantrix::discovery::{Discovery, Verdict};

use super::Console;

/// The labels of the select menu line `<placeholder> a | b | …` among `out` whose placeholder starts with `menu`.
fn options(out: &[String], menu: &str) -> Vec<String> {
    let line = out
        .iter()
        .find(|l| l.starts_with(&format!("<{menu}")))
        .unwrap_or_else(|| panic!("no menu {menu:?} in {out:?}"));
    line.split_once("> ").unwrap().1.split(" | ").map(str::to_string).collect()
}

#[test]
fn a_discovery_puzzle_is_solved_by_its_hints_and_a_broken_layout_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@ann /puzzle tantrix size:5", "picture:");
    assert!(
        out[0].starts_with("(to @ann only) Discovery of 5 tiles: the red lines make one loop"),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l
        == "0 of 5 tiles down; the goal: the red lines make one loop through all 5 tiles, with no holes."));
    let picture = out.last().unwrap().strip_prefix("picture: ").unwrap().to_string();
    assert!(std::fs::read(dir.path().join(&picture)).unwrap().starts_with(b"\x89PNG"), "{picture}");
    // By the hints alone: each hint rings a tile, and its button puts it there.
    let mut solved = None;
    for hint in 1..=5 {
        let out = console.say("@ann /press Hint", "picture:");
        assert!(out[0].starts_with("(to @ann only) Hint: tile "), "{out:?}");
        let out = console.say("@ann /press Put it there", "picture:");
        if let Some(line) = out.iter().find(|l| l.contains("Solved!")) {
            solved = Some((hint, line.clone()));
            break;
        }
        assert!(out[0].contains("is down on"), "{out:?}");
    }
    let (hints, line) = solved.expect("five hints solve the puzzle of five");
    assert_eq!(hints, 5);
    assert!(
        // The console's clock is the real one: the time is what the test took.
        line.contains("Solved! Discovery 5 in 0:")
            && line.ends_with(" with 5 actions and 5 hints (not on the fastest table)."),
        "{line}"
    );
    // Posted when asked, to everyone, naming the solver without pinging them.
    let out = console.say("@ann /press Post it here", "picture:");
    assert!(out[0].starts_with("ann solved Tantrix Discovery 5 in 0:"), "{out:?}");
    assert!(out[0].ends_with(" with 5 actions and 5 hints. Try it: `/puzzle tantrix size:5`"), "{out:?}");
    // A solve with hints is not on the fastest table.
    let out = console.say("@ann /puzzle table:true", "only");
    assert!(
        out[0].contains("No Discovery puzzle has been solved without hints on this server yet"),
        "{out:?}"
    );

    // Every tile of 5 down, but no single loop of red: found with the engine, laid through the menus.
    let layout = broken(5);
    let out = console.say("@bob /puzzle tantrix size:5", "picture:");
    let mut last = out;
    for p in layout.placed() {
        last = console.say(&format!("@bob /select Tile {}", p.tile), "picture:");
        assert!(last[0].contains(&format!("Where does tile {} go?", p.tile)), "{last:?}");
        last = console.say(&format!("@bob /select {}", p.cell), "picture:");
        assert!(last[0].contains("Which way round"), "{last:?}");
        let turn = options(&last, "Turn of tile")
            .into_iter()
            .find(|o| o.ends_with(&format!("(turned {})", p.rot)))
            .unwrap_or_else(|| panic!("turn {} not offered: {last:?}", p.rot));
        last = console.say(&format!("@bob /select {turn}"), "picture:");
        assert!(last[0].contains(&format!("Tile {} is down", p.tile)), "{last:?}");
    }
    assert!(last.iter().all(|l| !l.contains("Solved!")), "{last:?}");
    assert!(last.iter().any(|l| l.starts_with("Every tile is down, but the")), "{last:?}");
    // The menus still offer to move, turn or pick up any tile: the puzzle goes on.
    assert_eq!(options(&last, "Move, turn or pick up")[0], "Tile 1");
    console.kill();
}

/// A layout of every tile of the puzzle of `n`, built as the menus allow (each tile touching those before it),
/// that is not a solution.
fn broken(n: u8) -> Discovery {
    fn search(d: Discovery) -> Option<Discovery> {
        let Some(&tile) = d.unplaced().first() else {
            return (d.verdict() != Verdict::Solved).then_some(d);
        };
        for cell in d.cells_for(tile) {
            for rot in d.rotations(tile, cell) {
                let mut next = d.clone();
                next.put(Placement { tile, cell, rot }).ok()?;
                if let Some(found) = search(next) {
                    return Some(found);
                }
            }
        }
        None
    }
    search(Discovery::new(n).unwrap()).expect("a complete layout that is no solution")
}

#[test]
fn the_solitaire_of_the_day_is_played_to_its_end_and_scored() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@ann /puzzle tantrix kind:solitaire", "picture:");
    assert!(out[0].contains("(the same for everyone today)"), "{out:?}");
    let first = out[0].clone();
    assert!(out.iter().all(|l| !l.contains("[Hint]")), "no hints in Solitaire: {out:?}");
    let mut last = out;
    for placed in 1..=14 {
        // The one tile drawn, its first place, its first turn.
        let tile = options(&last, "Put a tile down")[0].clone();
        assert_eq!(options(&last, "Put a tile down").len(), 1, "{last:?}");
        let places = console.say(&format!("@ann /select {tile}"), "picture:");
        let place = options(&places, "Place of tile")[0].split_once(": ").unwrap().1.to_string();
        let turns = console.say(&format!("@ann /select {place}"), "picture:");
        let turn = options(&turns, "Turn of tile")[0].clone();
        last = console.say(&format!("@ann /select {turn}"), "picture:");
        if last.iter().any(|l| l.contains("Over!")) {
            break;
        }
        assert!(last.iter().any(|l| l.starts_with(&format!("{placed} of 14 tiles down"))), "{last:?}");
        // Nothing down is offered to move: in Solitaire a tile stays.
        assert!(last.iter().all(|l| !l.starts_with("<Move, turn")), "{last:?}");
    }
    let over = last.iter().find(|l| l.contains("Over!")).unwrap_or_else(|| panic!("{last:?}"));
    let score: u32 = over.split("score ").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
    assert!((1..=28).contains(&score), "{over}");
    // The table is the day's: a run across midnight (UTC) finds the new day's, empty.
    let today = || {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
        tabula::games::solo::date(secs as i64 / 86_400)
    };
    let day = out_day(&first);
    if today() != day {
        console.kill();
        return;
    }
    let table = console.say("@ann /puzzle tantrix kind:solitaire table:true", "(0:");
    assert!(table[0].contains(&format!("Best Solitaire {day} solves")), "{table:?}");
    assert!(table.iter().any(|l| l.starts_with(&format!("1. ann: score {score} (0:"))), "{table:?}");
    console.kill();
}

/// The day a Solitaire's first message names ("Solitaire of 2026-12-07 (…").
fn out_day(line: &str) -> String {
    let at = line.find("Solitaire of ").unwrap_or_else(|| panic!("{line}")) + "Solitaire of ".len();
    line[at..at + 10].to_string()
}
