//! The rules engines, and one enum over them that the session layer drives.
//!
//! Each game module has its own fast position type and move generator; its `Game` type (a start plus the moves
//! played) implements [`Engine`], the small platform-neutral surface the bot needs: play a move given as text,
//! list and suggest legal moves, tell whose turn it is and how the game ended, and persist itself as notation.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub mod hex;
pub mod tablut;
pub mod tantrix;
pub mod tzaar;

mod any;

pub use any::AnyGame;

/// The games Tabula plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Tablut,
    Tzaar,
    Tantrix,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Tablut, GameKind::Tzaar, GameKind::Tantrix];

    /// The lowercase name used in commands and notation.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Tablut => "tablut",
            GameKind::Tzaar => "tzaar",
            GameKind::Tantrix => "tantrix",
        }
    }

    /// The name as a player reads it.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Tablut => "Tablut",
            GameKind::Tzaar => "TZAAR",
            GameKind::Tantrix => "Tantrix",
        }
    }

    /// How many players the game takes.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            GameKind::Tablut | GameKind::Tzaar => 2..=2,
            GameKind::Tantrix => 2..=4,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a game name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called `{0}`: choose tablut, tzaar or tantrix")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "tablut" => Ok(GameKind::Tablut),
            "tzaar" => Ok(GameKind::Tzaar),
            "tantrix" => Ok(GameKind::Tantrix),
            _ => Err(UnknownGame(s.trim().to_string())),
        }
    }
}

/// Why a move given as text was refused. The message is one sentence a player can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the game's notation.
    #[error("{0}")]
    Unreadable(String),
    /// The text is a move, but not a legal one here.
    #[error("{0}")]
    Illegal(String),
}

/// Why a setup or a stored record could not be turned into a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// How a game is started: everything needed to rebuild its first position exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Game-specific choice: a ruleset (`seed`), a layout (`random`, `standard`)... Empty means the default.
    pub variant: String,
    /// The seed of any shuffle, kept so the game replays exactly.
    pub seed: u64,
    /// Number of players.
    pub seats: usize,
}

/// What one accepted move did, for the reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The move in the game's notation, as stored.
    pub notation: String,
    /// A short phrase on what it did beyond moving ("captured d3 and f3"), empty if nothing.
    pub effect: String,
    /// The seat that made it.
    pub seat: usize,
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in a few words ("the king escaped to a1").
    pub reason: String,
}

/// The surface every game's `Game` type offers to the session layer.
pub trait Engine: Clone + Send + Sync + Sized + 'static {
    /// A new game from its setup.
    fn new(setup: &Setup) -> Result<Self, SetupError>;
    /// The setup it was started from.
    fn setup(&self) -> &Setup;
    /// How the game calls seat `seat` (a side or a colour), e.g. "Black (attackers)".
    fn seat_label(&self, seat: usize) -> String;
    /// The seat to move, or `None` when the game is over.
    fn to_move(&self) -> Option<usize>;
    /// Reads and plays one move (or, where the game allows, a whole turn) for the seat to move: all or nothing.
    fn play_text(&mut self, text: &str) -> Result<Vec<Played>, MoveError>;
    /// Every legal move of the current position, in notation.
    fn legal_moves_text(&self) -> Vec<String>;
    /// Up to `limit` legal moves matching what a player has typed so far, the most useful first.
    fn suggest(&self, typed: &str, limit: usize) -> Vec<String>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The moves played so far, in notation, in order.
    fn moves_text(&self) -> Vec<String>;
    /// The number of the move (or turn) about to be played, counting from 1, for headers.
    fn move_number(&self) -> usize;
    /// A plain-text drawing of the board, for the console.
    fn text_board(&self) -> String;
    /// A short help text: the rules in brief and how to write moves.
    fn help() -> &'static str;

    /// Rebuilds a game from its setup and move list, re-validating every move.
    fn replay(setup: &Setup, moves: &[String]) -> Result<Self, SetupError> {
        let mut game = Self::new(setup)?;
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m)
                .map_err(|e| SetupError(format!("stored move {} `{m}` is refused: {e}", i + 1)))?;
        }
        Ok(game)
    }
}
