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
        line.contains("Discovery 5 in 0:00 with 5 actions and 5 hints (not on the fastest table)."),
        "{line}"
    );
    // Posted when asked, to everyone, naming the solver without pinging them.
    let out = console.say("@ann /press Post it here", "picture:");
    assert!(
        out[0].starts_with("ann solved Tantrix Discovery 5 in 0:00 with 5 actions and 5 hints."),
        "{out:?}"
    );
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
