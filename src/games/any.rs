//! One enum over the games, dispatching to each engine's [`Engine`] implementation.

use super::{Engine, GameKind, MoveError, Outcome, Played, Setup, SetupError, tablut, tantrix, tzaar};

/// A game of any kind, as the session layer holds it.
#[derive(Clone)]
pub enum AnyGame {
    Tablut(tablut::Game),
    Tzaar(tzaar::Game),
    Tantrix(tantrix::Game),
}

/// Runs `$body` with `$g` bound to the inner game, whatever its kind.
macro_rules! dispatch {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::Tablut($g) => $body,
            AnyGame::Tzaar($g) => $body,
            AnyGame::Tantrix($g) => $body,
        }
    };
}

/// Runs `$body` with `$t` naming the engine type of `$kind`.
macro_rules! with_engine {
    ($kind:expr, $t:ident => $body:expr) => {
        match $kind {
            GameKind::Tablut => {
                type $t = tablut::Game;
                $body.map(AnyGame::Tablut)
            }
            GameKind::Tzaar => {
                type $t = tzaar::Game;
                $body.map(AnyGame::Tzaar)
            }
            GameKind::Tantrix => {
                type $t = tantrix::Game;
                $body.map(AnyGame::Tantrix)
            }
        }
    };
}

impl AnyGame {
    /// A new game of `kind`.
    pub fn new(kind: GameKind, setup: &Setup) -> Result<Self, SetupError> {
        with_engine!(kind, E => E::new(setup))
    }

    /// Rebuilds a game from its setup and stored moves, re-validating each move.
    pub fn replay(kind: GameKind, setup: &Setup, moves: &[String]) -> Result<Self, SetupError> {
        with_engine!(kind, E => E::replay(setup, moves))
    }

    /// The short rules-and-notation help of a game.
    pub fn help(kind: GameKind) -> &'static str {
        match kind {
            GameKind::Tablut => tablut::Game::help(),
            GameKind::Tantrix => tantrix::Game::help(),
            GameKind::Tzaar => tzaar::Game::help(),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Tablut(_) => GameKind::Tablut,
            AnyGame::Tzaar(_) => GameKind::Tzaar,
            AnyGame::Tantrix(_) => GameKind::Tantrix,
        }
    }

    pub fn setup(&self) -> &Setup {
        dispatch!(self, g => g.setup())
    }

    pub fn seat_label(&self, seat: usize) -> String {
        dispatch!(self, g => g.seat_label(seat))
    }

    pub fn to_move(&self) -> Option<usize> {
        dispatch!(self, g => g.to_move())
    }

    pub fn play_text(&mut self, text: &str) -> Result<Vec<Played>, MoveError> {
        dispatch!(self, g => g.play_text(text))
    }

    pub fn legal_moves_text(&self) -> Vec<String> {
        dispatch!(self, g => g.legal_moves_text())
    }

    pub fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        dispatch!(self, g => g.suggest(typed, limit))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    pub fn moves_text(&self) -> Vec<String> {
        dispatch!(self, g => g.moves_text())
    }

    pub fn move_number(&self) -> usize {
        dispatch!(self, g => g.move_number())
    }

    pub fn text_board(&self) -> String {
        dispatch!(self, g => g.text_board())
    }

    /// What the player to move must do now, when the game asks more than "your move": TZAAR's phases, Tantrix's
    /// forced spaces.
    pub fn prompt(&self) -> Option<String> {
        match self {
            AnyGame::Tablut(_) => None,
            AnyGame::Tzaar(g) => Some(match g.position().phase() {
                tzaar::Phase::Opening => "White's opening turn is a single capture.".to_string(),
                tzaar::Phase::Capture => {
                    "Start the turn with a capture; you may send both moves at once (`E4xD4 F4-F5`)."
                        .to_string()
                }
                tzaar::Phase::Second => {
                    "Second move of the turn: a capture, stacking onto your own stack, or `pass`.".to_string()
                }
            }),
            AnyGame::Tantrix(g) => {
                let forced = g.forced_spaces();
                let fills: Vec<String> = g
                    .legal_moves()
                    .iter()
                    .filter(|p| forced.contains(&p.cell))
                    .map(|p| format!("({})", p.cell))
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                if fills.is_empty() {
                    None
                } else {
                    Some(format!(
                        "Forced space{} to fill first: {}; the suggestions start with them.",
                        if fills.len() == 1 { "" } else { "s" },
                        fills.join(", ")
                    ))
                }
            }
        }
    }
}
