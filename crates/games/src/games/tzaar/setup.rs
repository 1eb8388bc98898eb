//! How a TZAAR game starts: [`Layout`], the one reader of every spelling of a start, shared by the bot's setups
//! and the command line, and the seeded random shuffle.

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::board::POINTS;
use super::notation::PositionError;
use super::pieces::{Kind, Side};
use super::position::Position;

/// The spellings of a start, as the help texts show them.
macro_rules! spellings {
    () => {
        "`random` (the default, also for an empty setup: the 60 pieces shuffled, the shuffle's seed kept \
         with the game), `random:SEED` (one chosen shuffle, e.g. `random:42`), `standard` (the fixed start \
         of the rules), or a position in notation (e.g. \
         `ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w o`)."
    };
}

/// The accepted spellings of a start, for help texts.
pub const SPELLINGS: &str = spellings!();

/// The longest excerpt of unreadable text an error repeats.
const ECHO: usize = 40;

/// A start layout. Every spelling reads into one ([`FromStr`]: case does not matter for the words, and the empty
/// text is the default, `random`) and prints back as it reads ([`Display`](fmt::Display)), so a stored setup
/// replays the same game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// `random`: the 60 pieces shuffled with the game's seed ([`random_start`]). The default: it is the official
    /// game, and games stored with an empty setup are random games.
    #[default]
    Random,
    /// `random:SEED`: shuffled with this seed, whatever the game's own.
    Seeded(u64),
    /// `standard`: the fixed start of the rules, [`Position::standard`].
    Standard,
    /// Any position, in notation.
    Position(Position),
}

impl Layout {
    /// The start position, with `seed` for a `random` layout.
    pub fn start(self, seed: u64) -> Position {
        match self {
            Layout::Random => random_start(seed),
            Layout::Seeded(seed) => random_start(seed),
            Layout::Standard => Position::standard(),
            Layout::Position(position) => position,
        }
    }
}

/// Why a text is not a TZAAR start. Each message says what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    #[error("there is no TZAAR variant `{0}`: choose random (the default) or standard")]
    Unknown(String),
    #[error(
        "the seed in `{0}` is not a whole number from 0 to {max}: write random:SEED, e.g. random:42",
        max = u64::MAX
    )]
    Seed(String),
    #[error("{0}")]
    Position(PositionError),
}

/// At most [`ECHO`] characters of `text`, with an ellipsis when it was cut.
fn excerpt(text: &str) -> String {
    crate::text::cut(text, ECHO + 1)
}

impl FromStr for Layout {
    type Err = LayoutError;

    /// Reads `random` (or nothing), `random:SEED`, `standard` or a position (any text with a `/`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.contains('/') {
            return text.parse().map(Layout::Position).map_err(LayoutError::Position);
        }
        let word = text.to_ascii_lowercase();
        match word.as_str() {
            "" | "random" => Ok(Layout::Random),
            "standard" => Ok(Layout::Standard),
            _ => match word.strip_prefix("random:") {
                Some(seed) => {
                    seed.trim().parse().map(Layout::Seeded).map_err(|_| LayoutError::Seed(excerpt(text)))
                }
                None => Err(LayoutError::Unknown(excerpt(text))),
            },
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Layout::Random => f.write_str("random"),
            Layout::Seeded(seed) => write!(f, "random:{seed}"),
            Layout::Standard => f.write_str("standard"),
            Layout::Position(position) => write!(f, "{position}"),
        }
    }
}

/// The random start for `seed`: the 60 pieces shuffled over the 60 points with a ChaCha8 generator, so the same
/// seed always gives the same board.
pub fn random_start(seed: u64) -> Position {
    let mut pieces = [(Side::White, Kind::Tott); POINTS];
    let mut i = 0;
    for side in Side::BOTH {
        for kind in Kind::ALL {
            for _ in 0..kind.count() {
                pieces[i] = (side, kind);
                i += 1;
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Fisher-Yates with a multiply-shift draw: written out so the board never depends on a library's shuffle.
    for i in (1..pieces.len()).rev() {
        let j = ((u128::from(rng.next_u64()) * (i as u128 + 1)) >> 64) as usize;
        pieces.swap(i, j);
    }
    Position::from_pieces(&pieces)
}
