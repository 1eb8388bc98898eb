//! Tactics in the console, as a member meets them on Discord: `/puzzle <game>` gives the tactic nearest their
//! puzzle rating, `/move` plays in it (answered by the forced reply), a solve and a miss move the rating and the
//! streak, and `/puzzle rating:true` shows them.

use tabula::games::GameKind;
use tabula::games::tactic::{Tactic, shipped};

use super::Console;

/// The shipped tactic of `game` a member rated `rating` is given, among those not in `tried`.
fn nearest(game: GameKind, rating: f64, tried: &[String]) -> Tactic {
    shipped()
        .into_iter()
        .filter(|t| t.game == game && !tried.contains(&t.key()))
        .min_by(|a, b| {
            (f64::from(a.rating) - rating)
                .abs()
                .total_cmp(&(f64::from(b.rating) - rating).abs())
                .then(a.key().cmp(&b.key()))
        })
        .expect("a tactic is left")
}

/// The number after `prefix` in `line`.
fn number_after(line: &str, prefix: &str) -> f64 {
    let rest = &line[line.find(prefix).unwrap_or_else(|| panic!("no {prefix:?} in {line}")) + prefix.len()..];
    rest.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}

#[test]
fn a_tactic_is_solved_with_move_and_a_miss_shows_the_solution_and_both_move_the_rating() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@\"Ann, the Great\" /puzzle tablut", "picture:");
    assert!(out[0].starts_with("(to @Ann, the Great only) **Tablut tactic** (rated "), "{out:?}");
    assert!(out[0].contains("Your puzzle rating: 1500, streak 0."), "{out:?}");
    let first = nearest(GameKind::Tablut, 1500.0, &[]);
    assert!(out[0].contains(&first.describe().to_string()), "{out:?} is not {first:?}");
    // /hint has nothing for a tactic, and nonsense is refused in one private sentence, changing nothing.
    let out = console.say("@\"Ann, the Great\" /hint", "only");
    assert!(out[0].contains("Tactics have no hints"), "{out:?}");
    let out = console.say("@\"Ann, the Great\" /move zz", "only");
    assert_eq!(out.len(), 1, "{out:?}");
    // The line, move by move: each right move answered by the forced reply, then solved.
    let mine: Vec<&String> = first.line.iter().step_by(2).collect();
    let mut solved = String::new();
    for (i, m) in mine.iter().enumerate() {
        let out = console.say(&format!("@\"Ann, the Great\" /move {m}"), "picture:");
        assert!(out[0].contains(&format!("Right: `{m}`.")), "{out:?}");
        if i + 1 < mine.len() {
            assert!(
                out[0].contains(&format!("The reply: `{}`. Your move.", first.line[2 * i + 1])),
                "{out:?}"
            );
        } else {
            solved =
                out.iter().find(|l| l.starts_with("Solved!")).cloned().unwrap_or_else(|| panic!("{out:?}"));
        }
    }
    assert!(solved.ends_with(", streak 1."), "{solved}");
    let rating = number_after(&solved, "Your puzzle rating: ");
    assert!(rating > 1500.0, "{solved}");
    // The next one is the nearest the new rating; a legal move that is not it is a miss, with the solution.
    let out = console.say("@\"Ann, the Great\" /press Next tactic", "picture:");
    let second = nearest(GameKind::Tablut, rating, &[first.key()]);
    assert!(out[0].contains(&second.describe().to_string()), "{out:?} is not {second:?}");
    let game = second.game().unwrap();
    let wrong = game.legal_moves_text().into_iter().find(|m| *m != second.line[0]).unwrap();
    let out = console.say(&format!("@\"Ann, the Great\" /move {wrong}"), "picture:");
    assert!(
        out[0].contains(&format!("`{wrong}` is not it: the solution is `{}`.", second.line.join(" "))),
        "{out:?}"
    );
    let missed = out.iter().find(|l| l.starts_with("Missed.")).unwrap_or_else(|| panic!("{out:?}"));
    assert!(number_after(missed, "Your puzzle rating: ") < rating, "{missed}");
    assert!(missed.ends_with("your best streak is 1."), "{missed}");
    // The record, privately.
    let out = console.say("@\"Ann, the Great\" /puzzle rating:true", "only");
    assert!(out[0].contains("Tactics solved: 1, missed: 1. Streak: 0, best 1."), "{out:?}");
    // Someone who never tried one has no rating yet.
    let out = console.say("@bob /puzzle rating:true", "only");
    assert!(out[0].contains("You have no puzzle rating yet"), "{out:?}");
}

/// The squares a Tablut move names, in order (`e8-d8` → `e8`, `d8`).
fn squares(notation: &str) -> Vec<String> {
    notation
        .split('-')
        .map(|part| part.chars().take_while(char::is_ascii_alphanumeric).collect())
        .take(2)
        .collect()
}

#[test]
fn a_tactic_is_solved_by_tapping_through_the_picker() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@ann /puzzle tablut", "picture:");
    assert!(out.iter().any(|l| l == "[Move] [Show the solution]"), "{out:?}");
    let tactic = nearest(GameKind::Tablut, 1500.0, &[]);
    let mine: Vec<&String> = tactic.line.iter().step_by(2).collect();
    let mut last = Vec::new();
    for m in mine {
        let out = console.say("@ann /press Move", "picture:");
        assert!(out[0].starts_with("(to @ann only) Choose the piece to move"), "{out:?}");
        let [from, to] = <[String; 2]>::try_from(squares(m)).unwrap();
        console.say(&format!("@ann /select {from}"), "picture:");
        let out = console.say(&format!("@ann /select {to}"), "picture:");
        let play = out.iter().find(|l| l.starts_with("[Play ")).unwrap_or_else(|| panic!("{out:?}"));
        let label = play.trim_start_matches('[').split(']').next().unwrap().to_string();
        last = console.say(&format!("@ann /press {label}"), "picture:");
        assert!(last[0].contains(&format!("Right: `{m}`.")), "{last:?}");
    }
    assert!(last.iter().any(|l| l.starts_with("Solved!")), "{last:?}");
    assert!(last.iter().any(|l| l == "[Next tactic]"), "{last:?}");
}
