//! Tactics (issue 53): every shipped tactic is proven by exhaustive search to have exactly one first move (for
//! TZAAR one whole turn) that reaches its goal; the generator is reproducible; a tactic plays through as a
//! solver meets it (right, wrong with the solution, refused).

use std::time::Duration;

use tabula_games::games::GameKind;
use tabula_games::games::tactic::{Generator, Goal, TacticRun, TacticStep, generate, shipped, verify};

#[test]
fn every_shipped_tactic_has_exactly_one_first_move_that_reaches_its_goal() {
    let tactics = shipped();
    for game in GameKind::ALL {
        let of_game = tactics.iter().filter(|t| t.game == *game).count();
        assert!(of_game >= 20, "{game} ships only {of_game} tactics");
    }
    for t in &tactics {
        if let Err(why) = verify(t, 50_000_000) {
            panic!("{} ({:?}) is no tactic: {why}", t.key(), t.goal);
        }
        assert!((900..=2300).contains(&t.rating), "{} is rated {}", t.key(), t.rating);
    }
    let keys: std::collections::HashSet<String> =
        tactics.iter().map(tabula::games::tactic::Tactic::key).collect();
    assert_eq!(keys.len(), tactics.len(), "a tactic is shipped twice");
}

#[test]
fn the_generator_finds_the_same_tactics_for_the_same_seed_and_each_is_proven() {
    let spec = Generator {
        game: GameKind::Tablut,
        seed: 3,
        games: 1,
        budget: 200_000,
        top: Duration::from_millis(30),
    };
    let first = generate(&spec, |_| {});
    let again = generate(&spec, |_| {});
    assert_eq!(first, again);
    assert!(!first.is_empty(), "one self-play game of Tablut gave no tactic");
    for t in &first {
        verify(t, 50_000_000).unwrap_or_else(|why| panic!("{}: {why}", t.key()));
    }
}

#[test]
fn a_tactic_answers_right_moves_with_the_forced_replies_and_a_wrong_one_with_the_solution() {
    let tactics = shipped();
    let deep = tactics
        .iter()
        .find(|t| t.game == GameKind::Tablut && t.goal == Goal::Win { turns: 2 })
        .expect("a Tablut win in 2 is shipped");
    // Right all the way: the first move is answered with the line's reply, then the win.
    let mut run = TacticRun::new(deep.clone(), &[]).unwrap();
    match run.play(&deep.line[0]).unwrap() {
        TacticStep::Right { replies, solved } => {
            assert_eq!(replies, vec![deep.line[1].clone()]);
            assert!(!solved);
        }
        wrong @ TacticStep::Wrong { .. } => panic!("the line's first move is judged {wrong:?}"),
    }
    assert!(matches!(run.play(&deep.line[2]).unwrap(), TacticStep::Right { solved: true, .. }));
    assert!(run.solved());
    // A legal move that is not the one: wrong, and the solution is the line.
    let mut run = TacticRun::new(deep.clone(), &[]).unwrap();
    let other = run.game().legal_moves_text().into_iter().find(|m| *m != deep.line[0]).unwrap();
    assert_eq!(run.play(&other).unwrap(), TacticStep::Wrong { solution: deep.line.clone() });
    assert!(run.played().is_empty(), "a wrong move is not played");
    // Nonsense is refused and changes nothing.
    assert!(run.play("z9-z10").is_err());
    assert!(run.played().is_empty());
    // Replayed from its moves, a run stands where it stood.
    let mut run = TacticRun::new(deep.clone(), &deep.line[..2]).unwrap();
    assert!(matches!(run.play(&deep.line[2]).unwrap(), TacticStep::Right { solved: true, .. }));
}

#[test]
fn a_tzaar_turn_and_a_tantrix_loop_are_solved_by_their_lines() {
    for t in shipped().iter().filter(|t| t.game != GameKind::Tablut).take(40) {
        let mut run = TacticRun::new(t.clone(), &[]).unwrap();
        let step = run.play(&t.line.join(" ")).unwrap();
        assert!(matches!(step, TacticStep::Right { solved: true, .. }), "{}: {step:?}", t.key());
        assert!(!t.describe().to_string().is_empty());
    }
}
