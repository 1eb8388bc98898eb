//! The rules engines, and one enum over them that the session layer drives.
//!
//! Each game module has its own fast position type and move generator; its `Game` type (a start plus the moves
//! played) implements [`Engine`], the small platform-neutral surface the bot needs: play a move given as text,
//! list and suggest legal moves, tell whose turn it is and how the game ended, and persist itself as notation.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ai::{Limits, Report};

mod any;
pub(crate) mod hex;
mod info;
mod movelist;
pub mod pick;
mod registry;
mod side;
pub mod solo;
pub mod tactic;

pub mod board_view;

// The games' folders; each is also one line of the registry below.
pub mod tablut;
pub mod tantrix;
pub mod tzaar;

pub use crate::i18n::{Describe, Phrase, PhraseArg};
pub use info::{EvalWords, GameInfo, RatingSystem, VariantInfo};
pub use movelist::MoveArray;
pub use registry::{
    Cause, CliError, CliPosition, CommandLine, Competition, CompetitionClient, CompetitionOptions,
    CompetitionStep, Entry, Perft, Picture, Player, Scores, divided,
};

pub use side::{BySide, GameSide, Seat, WhiteOrBlack};

registry::games! {
    // One line per game: the enum variant, then the game's own folder (`crates/games/src/games/<folder>/`), whose `Game` type
    // implements [`Entry`]. The bot, the console and the command line learn the game from this line.
    Tablut => tablut,
    Tzaar => tzaar,
    Tantrix => tantrix,
}

impl GameKind {
    /// The lowercase name used in commands and notation.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The name as a player reads it.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// How many players the game takes.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        self.info().seats.clone()
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a game name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called `{0}`: choose {list}", list = game_list())]
pub struct UnknownGame(pub String);

fn game_list() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim();
        GameKind::ALL
            .iter()
            .copied()
            .find(|g| g.name().eq_ignore_ascii_case(wanted) || g.title().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownGame(wanted.to_string()))
    }
}

/// Why a move given as text was refused: one sentence a player can act on, as a [`Phrase`] (its `Display` is the
/// engine's English).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the game's notation.
    #[error("{0}")]
    Unreadable(Phrase),
    /// The text is a move, but not a legal one here.
    #[error("{0}")]
    Illegal(Phrase),
}

impl Describe for MoveError {
    fn describe(&self) -> Phrase {
        match self {
            MoveError::Unreadable(p) | MoveError::Illegal(p) => p.clone(),
        }
    }
}

/// Why a setup or a stored record could not be turned into a game.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The game is not played by that many players.
    #[error("{game} is played by {players}, not {given}", players = seats_text(*.min, *.max))]
    Seats { game: &'static str, min: usize, max: usize, given: usize },
    /// The variant (a ruleset, a layout, the colours...) is not one the game accepts: the game's own typed error
    /// says why.
    #[error("{0}")]
    Variant(Phrase),
    /// A stored move is refused when the record is replayed.
    #[error("stored move {ply} `{text}` is refused: {why}")]
    Replay { ply: usize, text: String, why: MoveError },
}

impl SetupError {
    /// The error for a setup of `given` players when the game's [`GameInfo`] says otherwise.
    pub(crate) fn check_seats(info: &GameInfo, given: usize) -> Result<(), SetupError> {
        if info.seats.contains(&given) {
            Ok(())
        } else {
            Err(SetupError::Seats {
                game: info.title,
                min: *info.seats.start(),
                max: *info.seats.end(),
                given,
            })
        }
    }

    /// A game's own error for a variant it does not accept (taken by value, for `map_err(SetupError::variant)`).
    #[allow(clippy::needless_pass_by_value)]
    pub(crate) fn variant<E: Describe>(e: E) -> SetupError {
        SetupError::Variant(e.describe())
    }
}

fn seats_text(min: usize, max: usize) -> String {
    if min == max { format!("{min} players") } else { format!("{min} to {max} players") }
}

impl Describe for SetupError {
    fn describe(&self) -> Phrase {
        match self {
            SetupError::Seats { game, min, max, given } if min == max => {
                Phrase::new("setup-seats", self.to_string())
                    .str("game", game)
                    .number("count", *min)
                    .number("given", *given)
            }
            SetupError::Seats { game, min, max, given } => Phrase::new("setup-seats-range", self.to_string())
                .str("game", game)
                .number("min", *min)
                .number("max", *max)
                .number("given", *given),
            SetupError::Variant(why) => why.clone(),
            SetupError::Replay { ply, text, why } => Phrase::new("setup-replay", self.to_string())
                .str("ply", ply)
                .code("move", text)
                .phrase("why", why.describe()),
        }
    }
}

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
    /// A short phrase on what it did beyond moving ("captured d3 and f3"), if anything.
    pub effect: Option<Phrase>,
    /// The seat that made it.
    pub seat: usize,
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in a few words ("the king escaped to a1").
    pub reason: Phrase,
}

/// Why a move written as text was not played, typed: the text is not a move, or it is one but illegal here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError<P, I> {
    #[error("{0}")]
    Unreadable(P),
    #[error("{0}")]
    Illegal(I),
}

impl<P: Describe, I: Describe> From<ReadError<P, I>> for MoveError {
    fn from(e: ReadError<P, I>) -> Self {
        match e {
            ReadError::Unreadable(e) => MoveError::Unreadable(e.describe()),
            ReadError::Illegal(e) => MoveError::Illegal(e.describe()),
        }
    }
}

/// The rules of a game, the one trait every engine implements: typed moves, sides and errors, legal moves into
/// a reusable buffer, a `play` that is all or nothing and says why a move is illegal, whose turn it is and how the
/// game ended; then the text forms the bot and the console use, most of them provided from the typed ones.
pub trait Engine: Clone + Send + Sync + Sized + 'static {
    /// One move (for TZAAR one single move; a turn is one or two of them); `Display` writes its notation.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// Who moves.
    type Side: GameSide;
    /// Why a text is not a move; its [`Phrase`] says it in the reader's language.
    type MoveParseError: std::error::Error + Describe + Send + Sync + 'static;
    /// Why a move is not legal here; its [`Phrase`] says it in the reader's language.
    type IllegalMove: std::error::Error + Describe + Send + Sync + 'static;

    /// A new game from its setup.
    fn new(setup: &Setup) -> Result<Self, SetupError>;
    /// The setup it was started from.
    fn setup(&self) -> &Setup;
    /// How the game calls seat `seat` (a side or a colour), e.g. "Black (attackers)".
    fn seat_label(&self, seat: usize) -> String;
    /// The side to move, or `None` when the game is over.
    fn side_to_move(&self) -> Option<Self::Side>;
    /// Replaces `out`'s contents with the legal moves (none when the game is over).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Reads one move as written, in this position: unreadable, or read but illegal (and why).
    fn read_move(&self, text: &str)
    -> Result<Self::Move, ReadError<Self::MoveParseError, Self::IllegalMove>>;
    /// Plays a move for the side to move: all or nothing.
    fn play(&mut self, mv: Self::Move) -> Result<Played, Self::IllegalMove>;

    /// The seat to move, or `None` when the game is over.
    fn to_move(&self) -> Option<usize> {
        self.side_to_move().map(GameSide::seat)
    }
    /// Reads and plays one move (or, where the game allows, a whole turn) for the seat to move: all or nothing.
    fn play_text(&mut self, text: &str) -> Result<Vec<Played>, MoveError> {
        let mv = self.read_move(text.trim())?;
        let played = self.play(mv).map_err(|e| MoveError::Illegal(e.describe()))?;
        Ok(vec![played])
    }
    /// Every legal move of the current position, in notation.
    fn legal_moves_text(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.iter().map(ToString::to_string).collect()
    }
    /// Up to `limit` legal moves matching what a player has typed so far, the most useful first.
    fn suggest(&self, typed: &str, limit: usize) -> Vec<String>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The result as a record writes it: who placed first by their [`seat_name`](Engine::seat_name) (seats
    /// sharing the first place joined by `=`, `red=yellow`), `draw` when everyone shares it, or `*` while the game
    /// goes on.
    fn result_notation(&self) -> String {
        if self.outcome().is_none() {
            return "*".to_string();
        }
        let places = self.places();
        let best = places.iter().copied().min().unwrap_or(1);
        let first: Vec<String> =
            (0..places.len()).filter(|&s| places[s] == best).map(|s| self.seat_name(s)).collect();
        if first.len() == places.len() && first.len() > 1 { "draw".to_string() } else { first.join("=") }
    }
    /// The word a record writes for seat `seat` in its result: its side's [`name`](GameSide::name) by default.
    fn seat_name(&self, seat: usize) -> String {
        Self::Side::from_seat(seat).map_or_else(|| format!("seat {seat}"), |s| s.name().into_owned())
    }
    /// The seats' places by the rules as the game stands (1 is first; equal places are shared): a finished
    /// game's result, and for one stopped before its end (a resignation) whatever its rules rank by then. By
    /// default the winner first and the others second, or everyone first.
    fn places(&self) -> Vec<usize> {
        let seats = self.setup().seats;
        match self.outcome() {
            Some(Outcome { winner: Some(w), .. }) => (0..seats).map(|s| if s == w { 1 } else { 2 }).collect(),
            _ => vec![1; seats],
        }
    }
    /// The moves played so far, in notation, in order.
    fn moves_text(&self) -> Vec<String>;
    /// The number of the move (or turn) about to be played, counting from 1, for headers.
    fn move_number(&self) -> usize;
    /// A plain-text drawing of the board, for the console.
    fn text_board(&self) -> String;
    /// What the game says about itself: names, seats, variants, examples of moves, where its rules are.
    const INFO: &'static GameInfo;

    /// What the player to move must do now, when the game asks more than "your move" (TZAAR's phases, Tantrix's
    /// forced spaces).
    fn prompt(&self) -> Option<Phrase> {
        None
    }

    /// Each seat's score, for games that count scores (ratings place the players by them); `None` for games
    /// decided by a winner alone.
    fn scores(&self) -> Option<Vec<u32>> {
        None
    }

    /// Whether the players may agree to a draw (`/draw`); games without draws say no.
    const DRAW_BY_AGREEMENT: bool = false;

    /// Whether a setup's seed can change how the game starts (a shuffle): records keep it only then.
    const SHUFFLES: bool = true;

    /// The seats of a rematch: `order[new_seat]` is the old seat that sits there. By default everyone moves one
    /// seat on (two players swap sides; more players rotate the seat order).
    fn rematch_order(seats: usize) -> Vec<usize> {
        (0..seats).map(|s| (s + 1) % seats.max(1)).collect()
    }

    /// Rebuilds a game from its setup and move list, re-validating every move.
    fn replay(setup: &Setup, moves: &[String]) -> Result<Self, SetupError> {
        let mut game = Self::new(setup)?;
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m).map_err(|why| SetupError::Replay { ply: i + 1, text: m.clone(), why })?;
        }
        Ok(game)
    }
}
