//! Tantrix Discovery: the solver's layouts checked by rules written here, apart from the solver: the tiles 1..N
//! each once on distinct cells; every touching edge of the same colour on both sides; the loop colour's edges
//! joined tile to tile into one closed loop through all N; no empty cell shut in.

use std::collections::{HashMap, HashSet};

use tabula::games::tantrix::discovery;
use tabula::games::tantrix::{Colour, Direction, Hex, Placement, Tile};

/// What is wrong with `layout` as a solution of the puzzle of `n` tiles in `colour`, if anything.
fn broken(n: u8, colour: Colour, layout: &[Placement]) -> Option<String> {
    let numbers: HashSet<u8> = layout.iter().map(|p| tile_number(p.tile)).collect();
    if layout.len() != usize::from(n) || numbers != (1..=n).collect() {
        return Some(format!("not the tiles 1..{n} once each"));
    }
    let at: HashMap<Hex, Placement> = layout.iter().map(|p| (p.cell, *p)).collect();
    if at.len() != layout.len() {
        return Some("two tiles on one cell".into());
    }
    for p in layout {
        for d in Direction::ALL {
            if let Some(q) = at.get(&p.cell.step(d)) {
                if p.tile.edge(p.rot, d) != q.tile.edge(q.rot, d.opposite()) {
                    return Some(format!("tiles {} and {} clash", tile_number(p.tile), tile_number(q.tile)));
                }
            }
        }
    }
    // The loop: from each tile, its two edges of the colour lead to two tiles; following them visits all.
    let ends = |p: &Placement| -> Vec<Direction> {
        Direction::ALL.into_iter().filter(|&d| p.tile.edge(p.rot, d) == colour).collect()
    };
    for p in layout {
        let e = ends(p);
        if e.len() != 2 || e.iter().any(|&d| !at.contains_key(&p.cell.step(d))) {
            return Some(format!(
                "tile {}'s {colour:?} path does not go on to two tiles",
                tile_number(p.tile)
            ));
        }
    }
    let first = layout[0].cell;
    let (mut previous, mut here, mut seen) = (first, first.step(ends(&layout[0])[0]), 1);
    while here != first {
        seen += 1;
        let next = ends(&at[&here]).into_iter().map(|d| here.step(d)).find(|&c| c != previous);
        (previous, here) = (here, next.expect("two ends"));
        if seen > layout.len() {
            return Some("the path does not close".into());
        }
    }
    if seen != layout.len() {
        return Some(format!("the loop goes through {seen} tiles of {}", layout.len()));
    }
    // No hole: every empty cell next to a tile reaches the far outside over empty cells.
    let far = layout.iter().map(|p| p.cell.q.abs() + p.cell.r.abs()).max().unwrap_or(0) + 3;
    for p in layout {
        for d in Direction::ALL {
            let start = p.cell.step(d);
            if at.contains_key(&start) {
                continue;
            }
            let mut seen = HashSet::from([start]);
            let mut queue = vec![start];
            let mut out = false;
            while let Some(h) = queue.pop() {
                if h.q.abs() + h.r.abs() > far {
                    out = true;
                    break;
                }
                for e in Direction::ALL {
                    let g = h.step(e);
                    if !at.contains_key(&g) && seen.insert(g) {
                        queue.push(g);
                    }
                }
            }
            if !out {
                return Some(format!("the empty cell {},{} is shut in", start.q, start.r));
            }
        }
    }
    None
}

fn tile_number(t: Tile) -> u8 {
    t.to_string().parse().expect("a tile prints its number")
}

#[test]
fn every_size_to_24_is_solved_and_every_solution_keeps_the_rules() {
    for n in discovery::SIZES.filter(|n| *n <= 24) {
        let colour = discovery::colour(n).unwrap();
        let layout = discovery::solve(n, 0).unwrap_or_else(|| panic!("no solution for {n}"));
        assert_eq!(broken(n, colour, &layout), None, "the solution of {n}: {layout:?}");
    }
    // Another seed, another solution, as right.
    let other = discovery::solve(12, 5).unwrap();
    assert_eq!(broken(12, discovery::colour(12).unwrap(), &other), None);
}

/// The largest puzzles take the solver up to half a minute (29) on one core: in the long tier.
#[test]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
fn the_largest_puzzles_are_solved_and_keep_the_rules() {
    for n in discovery::SIZES.filter(|n| *n > 24) {
        let colour = discovery::colour(n).unwrap();
        let layout = discovery::solve(n, 0).unwrap_or_else(|| panic!("no solution for {n}"));
        assert_eq!(broken(n, colour, &layout), None, "the solution of {n}: {layout:?}");
    }
}

#[test]
fn the_checker_sees_broken_layouts() {
    let layout = discovery::solve(6, 0).unwrap();
    let colour = discovery::colour(6).unwrap();
    assert_eq!(broken(6, colour, &layout), None);
    // A tile turned: its edges clash or the loop breaks.
    let mut turned = layout.clone();
    turned[2].rot = (turned[2].rot + 1) % 6;
    assert!(broken(6, colour, &turned).is_some());
    // A tile moved away.
    let mut moved = layout.clone();
    moved[3].cell = Hex::new(40, 40);
    assert!(broken(6, colour, &moved).is_some());
    // Another colour's loop.
    let other = Colour::ALL.into_iter().find(|&c| c != colour).unwrap();
    assert!(broken(6, other, &layout).is_some());
}

#[test]
fn small_puzzles_count_their_solutions() {
    // The puzzle of 3: the three tiles' yellow corners round one point, where every edge two tiles share is
    // yellow; clockwise 1-2-3 or 1-3-2, two layouts.
    assert_eq!(discovery::count(3, 1_000_000), Some(2));
    // Counts grow with the size, and a budget too small for the search says so.
    let counts: Vec<u64> = (4..=8).map(|n| discovery::count(n, 10_000_000).expect("counted")).collect();
    assert!(counts.iter().all(|&c| c >= 1), "{counts:?}");
    assert_eq!(discovery::count(12, 10), None);
}
