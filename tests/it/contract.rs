//! The contract every registered game keeps, checked over `GameKind::ALL` (so a new game inherits it): a refused
//! move changes nothing and an accepted one was legal; replaying the setup and the moves gives the same game;
//! every suggestion is legal; every legal move's notation reads back as that move; and random games stay
//! consistent (a game is over exactly when it has an outcome and no legal move).

use proptest::test_runner::TestCaseError;
use tabula::ai::search::splitmix64;
use tabula::games::{AnyGame, Engine, GameKind, Played, Setup};

/// Everything a player can see of a game, to compare two games.
#[derive(Debug, PartialEq)]
struct Seen {
    moves: Vec<String>,
    to_move: Option<usize>,
    board: String,
    legal: Vec<String>,
    /// Whether the game is over, and who won (`None` for a draw).
    over: bool,
    winner: Option<usize>,
    scores: Option<Vec<u32>>,
}

fn seen(game: &AnyGame) -> Seen {
    Seen {
        moves: game.moves_text(),
        to_move: game.to_move(),
        board: game.text_board(),
        legal: game.legal_moves_text(),
        over: game.outcome().is_some(),
        winner: game.outcome().and_then(|o| o.winner),
        scores: game.scores(),
    }
}

/// The setups a game is checked from: each number of seats, each named variant, two seeds.
fn setups(kind: GameKind) -> Vec<Setup> {
    let info = kind.info();
    let mut variants = vec![String::new()];
    variants.extend(info.variants.iter().map(|v| v.name.to_string()));
    let mut out = Vec::new();
    for seats in kind.seats() {
        for variant in &variants {
            for seed in [1, 2] {
                out.push(Setup { variant: variant.clone(), seed, seats });
            }
        }
    }
    out
}

/// Plays a random game of up to `plies` moves from `setup`, handing every position to `visit` (the last one,
/// over or not, included).
fn walk(kind: GameKind, setup: &Setup, plies: usize, mut visit: impl FnMut(&AnyGame)) {
    let mut game = AnyGame::new(kind, setup).unwrap_or_else(|e| panic!("{kind} {setup:?}: {e}"));
    let mut rng = setup.seed ^ 0x51ed;
    for _ in 0..plies {
        visit(&game);
        let legal = game.legal_moves_text();
        if legal.is_empty() {
            return;
        }
        rng = splitmix64(rng);
        let m = &legal[(rng % legal.len() as u64) as usize];
        game.play_text(m).unwrap_or_else(|e| panic!("{kind}: the legal move `{m}` is refused: {e}"));
    }
    visit(&game);
}

fn each_position(plies: usize, mut visit: impl FnMut(GameKind, &Setup, &AnyGame)) {
    for &kind in GameKind::ALL {
        for setup in setups(kind) {
            walk(kind, &setup, plies, |game| visit(kind, &setup, game));
        }
    }
}

/// What a move did, in the engine's English (empty if nothing beyond moving).
pub(crate) fn effect(played: &Played) -> String {
    played.effect.as_ref().map(ToString::to_string).unwrap_or_default()
}

/// `text` played on `game`: an error leaves it unchanged; an accepted text was legal, move after move.
pub(crate) fn all_or_nothing<G: Engine>(game: &mut G, text: &str) -> Result<(), TestCaseError> {
    let before = game.clone();
    let state = |g: &G| (g.moves_text(), g.to_move(), g.text_board(), g.legal_moves_text());
    match game.play_text(text) {
        Err(_) => {
            if state(game) != state(&before) {
                return Err(TestCaseError::fail(format!("the refused `{text}` changed the game")));
            }
        }
        Ok(played) => {
            let mut replay = before;
            for p in played {
                if !replay.legal_moves_text().contains(&p.notation) {
                    return Err(TestCaseError::fail(format!("`{text}` played `{}`, not legal", p.notation)));
                }
                replay.play_text(&p.notation).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            if state(game) != state(&replay) {
                return Err(TestCaseError::fail(format!("`{text}` did more than its moves")));
            }
        }
    }
    Ok(())
}

/// The web board's view of every position is the engine's: each cell named once, every legal move touching
/// only cells of the board (or placing a tile on an open place), and a replay's last frame the game as it stands.
#[test]
fn every_position_has_a_board_view_its_moves_fit() {
    each_position(30, |kind, setup, game| {
        let view = game.board_view();
        let names: std::collections::BTreeSet<&str> = view.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), view.cells.len(), "{kind}: a cell named twice");
        let legal = game.legal_views();
        assert_eq!(
            legal.iter().map(|m| m.text.clone()).collect::<Vec<_>>(),
            game.legal_moves_text(),
            "{kind}: the views are the legal moves"
        );
        for m in &legal {
            for cell in [&m.from, &m.to].into_iter().flatten() {
                assert!(names.contains(cell.as_str()), "{kind}: {} touches {cell}, not on the board", m.text);
            }
            assert!(m.tile.is_none() || m.to.is_some(), "{kind}: {} places a tile nowhere", m.text);
        }
        for c in view.cells.iter().filter(|c| c.open) {
            assert!(
                legal.iter().any(|m| m.to.as_ref() == Some(&c.name)),
                "{kind}: open {} leads nowhere",
                c.name
            );
        }
        let start = AnyGame::new(kind, setup).unwrap();
        let frames = start.frame_views(&game.moves_text());
        assert_eq!(frames.len(), game.moves_text().len() + 1, "{kind}: a frame per move");
        assert_eq!(frames.last().map(|f| &f.board), Some(&view), "{kind}: the last frame is the game");
        assert!(frames[1..].iter().all(|f| f.last.is_some()), "{kind}: each frame names its move");
    });
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut last: Vec<String> = Vec::new();
    each_position(40, |kind, _, game| {
        let legal = game.legal_moves_text();
        let mut texts: Vec<String> = ["", " ", "nonsense", "a1-a1", "pass", "0@0,0:0", "A1xA1", "x"]
            .iter()
            .map(|t| (*t).to_string())
            .collect();
        texts.extend(last.iter().take(5).cloned());
        texts.extend(legal.iter().take(5).map(|m| format!("{m}{m}")));
        texts.extend(legal.iter().take(5).map(|m| m.chars().rev().collect()));
        for text in &texts {
            let mut tried = game.clone();
            match tried.play_text(text) {
                Err(_) => {
                    assert_eq!(seen(&tried), seen(game), "{kind}: the refused `{text}` changed the game");
                }
                Ok(played) => {
                    let mut replay = game.clone();
                    for p in played {
                        assert!(
                            replay.legal_moves_text().contains(&p.notation),
                            "{kind}: `{text}` was not legal"
                        );
                        replay.play_text(&p.notation).expect("a legal move");
                    }
                    assert_eq!(seen(&tried), seen(&replay), "{kind}: `{text}` did more than its moves");
                }
            }
        }
        last = legal;
    });
}

#[test]
fn replaying_the_setup_and_the_moves_gives_the_same_game() {
    each_position(60, |kind, setup, game| {
        assert_eq!(game.setup(), setup, "{kind}: the game keeps its setup");
        let replayed = AnyGame::replay(kind, setup, &game.moves_text())
            .unwrap_or_else(|e| panic!("{kind}: its own moves replay: {e}"));
        assert_eq!(seen(&replayed), seen(game), "{kind} {setup:?}");
        assert_eq!(replayed.move_number(), game.move_number(), "{kind}");
        assert_eq!(replayed.result_notation(), game.result_notation(), "{kind}");
    });
}

#[test]
fn every_suggestion_is_legal() {
    each_position(30, |kind, _, game| {
        let legal = game.legal_moves_text();
        let mut typed = vec![String::new()];
        typed.extend(legal.iter().take(3).map(|m| m.chars().take(2).collect::<String>()));
        for t in &typed {
            let suggestions = game.suggest(t, 25);
            assert!(suggestions.len() <= 25, "{kind}: at most the limit");
            for s in suggestions {
                let mut tried = game.clone();
                assert!(tried.play_text(&s).is_ok(), "{kind}: the suggestion `{s}` (for `{t}`) is refused");
            }
        }
    });
}

#[test]
fn every_legal_moves_notation_reads_back_as_that_move() {
    each_position(30, |kind, _, game| {
        for m in game.legal_moves_text().iter().take(40) {
            let mut tried = game.clone();
            let played = tried.play_text(m).unwrap_or_else(|e| panic!("{kind}: `{m}` is refused: {e}"));
            assert_eq!(played.len(), 1, "{kind}: `{m}` is one move");
            // The stored notation may say more (a capture), and reads back as the same move.
            let stored = &played[0].notation;
            assert!(stored.starts_with(m.as_str()), "{kind}: `{m}` is stored as `{stored}`");
            assert_eq!(tried.moves_text().last(), Some(stored), "{kind}: `{m}` is stored as it was played");
            let mut again = game.clone();
            let replayed =
                again.play_text(stored).unwrap_or_else(|e| panic!("{kind}: `{stored}` is refused: {e}"));
            assert_eq!(replayed, played, "{kind}: `{stored}` reads back as `{m}`");
            assert_eq!(seen(&again), seen(&tried), "{kind}: `{stored}` reads back as `{m}`");
        }
    });
}

#[test]
fn random_games_are_over_exactly_when_they_have_an_outcome() {
    each_position(400, |kind, _, game| {
        let over = game.to_move().is_none();
        assert_eq!(over, game.outcome().is_some(), "{kind}: over exactly when there is an outcome");
        assert_eq!(over, game.legal_moves_text().is_empty(), "{kind}: over exactly when no move is legal");
        if let Some(scores) = game.scores() {
            assert_eq!(scores.len(), game.setup().seats, "{kind}: a score per seat");
        }
    });
}
