//! The Tablut position suite (`tests/data/tablut/suite.tsv`, seed rules): king escapes in one or two moves, king
//! captures in one or two, captures that open lines, and defences, for both sides. Level 5 (on a fixed node
//! budget, so the result does not depend on the machine) must reach each position's goal, and play one of its
//! listed moves where it lists some. Each goal is also checked against the rules by looking at every reply, so the
//! data cannot claim a goal the position does not have.

use std::time::Duration;

use tabula::games::Engine;
use tabula::games::tablut::ai as tablut_ai;
use tabula::games::tablut::{self, Position, Variant};

fn game(text: &str) -> tablut::Game {
    tablut::Game::from_position(
        Position::parse(text, Variant::Seed).unwrap_or_else(|e| panic!("{text}: {e}")),
    )
}

fn after(game: &tablut::Game, m: &str) -> tablut::Game {
    let mut g = game.clone();
    g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    g
}

/// The move without the captures a record may add (`d1-d3xe3` is `d1-d3`).
fn bare(m: &str) -> &str {
    m.split('x').next().unwrap_or(m)
}

/// Whether `m` wins at once for the side to move.
fn wins_at_once(game: &tablut::Game, m: &str) -> bool {
    let seat = game.to_move();
    after(game, m).outcome().is_some_and(|o| o.winner.is_some() && o.winner == seat)
}

fn can_win_at_once(game: &tablut::Game) -> bool {
    game.legal_moves_text().iter().any(|m| wins_at_once(game, m))
}

/// Whether `m` reaches `goal` (see the data file's header).
fn reaches(goal: &str, game: &tablut::Game, m: &str) -> bool {
    let seat = game.to_move();
    let next = after(game, m);
    if let Some(o) = next.outcome() {
        return o.winner.is_some() && o.winner == seat;
    }
    let replies = next.legal_moves_text();
    match goal {
        "win1" => false,
        "win2" => replies.iter().all(|r| {
            let reply = after(&next, r);
            match reply.outcome() {
                Some(o) => o.winner.is_some() && o.winner == seat,
                None => can_win_at_once(&reply),
            }
        }),
        "defend" => replies.iter().all(|r| !wins_at_once(&next, r)),
        _ => panic!("unknown goal `{goal}`"),
    }
}

#[test]
fn level_5_solves_the_tablut_suite() {
    let text = std::fs::read_to_string("tests/data/tablut/suite.tsv").expect("the suite");
    let mut solved = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [goal, position, accepted, what] = fields[..] else { panic!("four fields in `{line}`") };
        let game = game(position);
        let good: Vec<String> =
            game.legal_moves_text().into_iter().filter(|m| reaches(goal, &game, m)).collect();
        assert!(!good.is_empty(), "{what}: no move reaches `{goal}`");
        let listed: Vec<&str> = if accepted == "*" { Vec::new() } else { accepted.split(',').collect() };
        for m in &listed {
            assert!(
                good.iter().any(|g| bare(g) == *m),
                "{what}: the listed {m} does not reach `{goal}` ({good:?})"
            );
        }
        let mut limits = tablut_ai::LEVEL_TABLE.limits(5, Duration::from_millis(200), 1);
        limits.time = Duration::from_secs(120);
        let report = tablut_ai::think(&game, &limits);
        let chosen = report.notation().first().cloned().unwrap_or_else(|| panic!("{what}: no move"));
        assert!(
            reaches(goal, &game, &chosen),
            "{what}: level 5 played {chosen}, which misses `{goal}` ({good:?})"
        );
        if !listed.is_empty() {
            assert!(
                listed.contains(&bare(&chosen)),
                "{what}: level 5 played {chosen}, not one of {listed:?}"
            );
        }
        solved += 1;
    }
    assert!(solved >= 9, "{solved} positions");
}
