//! The registry: one line per game (in `games/mod.rs`) names its folder's module and generates
//! [`GameKind`](super::GameKind) and [`AnyGame`](super::AnyGame) over every game, so that nothing else names a game.
//!
//! A game plugs in through [`Entry`]: its rules ([`Engine`]) plus its [`Picture`], its computer [`Player`] and its
//! [`CommandLine`] start, each written in a file of the game's own folder. [`AnyGame`](super::AnyGame) and
//! [`GameKind`](super::GameKind) reach them through one dispatch, the `match` of `each_game!` and `each_kind!`
//! (generated here): a new method of the rules trait is written in the trait, then in one line of `games/any.rs`.
//!
//! # Adding a game
//! A fourth game, say Hex, takes exactly:
//! 1. a folder `crates/games/src/games/hex/` with a `Game` type implementing [`Engine`] (in `mod.rs`, with its
//!    [`GameInfo`](super::GameInfo) in `entry.rs`), [`Picture`] (`picture.rs`), [`Player`] (`ai.rs` or `ai/`) and
//!    [`CommandLine`] (`cli.rs`), and its tests (the shared contract of `tests/it/contract.rs` covers it at once);
//! 2. in `crates/games/src/games/mod.rs`, its module declaration `pub mod hex;` (declared as any module is, so that rustfmt
//!    formats the folder) and one line `Hex => hex,` in the `games!` list;
//! 3. optionally, data for its tests under `tests/data/hex/`.
//!
//! Slash commands, the console, `/help` and `tabula --help` list it from that line. The test
//! `registry::adding_a_game_touches_only_its_folder` (in `tests/it/registry.rs`) checks that no other source file
//! names a game.

use std::time::Duration;

use image::RgbaImage;

use super::{Engine, Setup};
use crate::ai::{LevelTable, Limits, Report};
use crate::i18n::Lang;

/// Where the command line starts a game: `--position` in the game's notation, or the start of `--variant`, and
/// for games whose position line does not say whose turn it is, `--colour`; `seed` deals what a position hides.
#[derive(Clone, Copy, Debug, Default)]
pub struct CliPosition<'a> {
    pub position: Option<&'a str>,
    pub variant: Option<&'a str>,
    pub colour: Option<&'a str>,
    pub seed: u64,
}

/// A game's own error inside a [`CliError`] (a position's, a variant's, a move's), kept as its typed value.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;

/// Why the command line cannot start a game or do a command on it as asked; its `Display` is the one sentence
/// `tabula` prints on stderr (with exit status 2).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// `--position` is not a position in the game's notation.
    #[error("{0}")]
    Position(Cause),
    /// `--variant` names no ruleset, layout or seating the game accepts.
    #[error("{0}")]
    Variant(Cause),
    /// `--position` and `--variant` both say where a game starts, which only one of them may.
    #[error("--position and --variant both say where a {game} game starts: give one of them")]
    PositionAndVariant { game: &'static str },
    /// The game has no start position: the command needs `--position`.
    #[error("{game} has no start position: give one with --position")]
    NoStart { game: &'static str },
    /// The game's position line does not say whose turn it is: the command needs `--colour`.
    #[error("a {game} position does not say whose hand it is: name its colour with --colour {letters}")]
    NoColour { game: &'static str, letters: &'static str },
    /// `--colour` names no colour of the game.
    #[error("`{given}` is not a colour: use --colour {letters}")]
    NotAColour { given: String, letters: &'static str },
    /// `--colour` for a game whose positions say whose turn it is.
    #[error("--colour is for {takes}; {game} says whose turn it is in its position")]
    NoColourHere { game: &'static str, takes: String },
    /// The position and options do not make a game (a seat count, a hand that cannot be dealt).
    #[error("{0}")]
    Setup(#[from] super::SetupError),
    /// The moves to play first (`render --moves`) cannot be read.
    #[error("{0}")]
    Unreadable(Cause),
    /// A move to play first (`render --moves`) cannot be read or is not legal: `ply` counts from 1.
    #[error("illegal {ply} {text}: {why}")]
    Illegal { ply: usize, text: String, why: Cause },
    /// A placement to make first on a position line (`render --moves` for a game drawn without a whole game)
    /// is not legal there: `ply` counts from 1.
    #[error("move {ply} `{text}` is illegal: {why}")]
    Placement { ply: usize, text: String, why: Cause },
    /// The command is not one this game offers, and why.
    #[error("{command} is not available for {game}: {why}")]
    Unavailable { command: &'static str, game: &'static str, why: &'static str },
    /// A puzzle the game has, asked for in a way it cannot be: what to ask instead.
    #[error("{0}")]
    Puzzle(String),
    /// A search gave up (a count too large to finish): what was not done.
    #[error("{0}")]
    GaveUp(String),
}

/// What `tabula perft` prints: with `--divide`, each first move and its count; and the total.
pub type Perft = (Vec<(String, u64)>, u64);

/// What `tabula perft --divide` prints from each first move (or turn) and its count: those, and their total (1 at
/// depth 0, the position itself).
pub fn divided(depth: u32, lines: Vec<(String, u64)>) -> Perft {
    let total = if depth == 0 { 1 } else { lines.iter().map(|l| l.1).sum() };
    (lines, total)
}

/// What `tabula score` prints: each colour (or side) and its score.
pub type Scores = Vec<(String, u32)>;

/// Everything a game brings besides its rules: how it is drawn ([`Picture`], in the game's `picture.rs`), how the
/// computer plays it ([`Player`], in its `ai.rs`) and its command-line work ([`CommandLine`], in its `cli.rs`).
pub trait Entry:
    Engine
    + Picture
    + Player
    + CommandLine
    + super::pick::Picker
    + super::board_view::WebView
    + super::tactic::Tactics
{
}

impl<
    G: Engine
        + Picture
        + Player
        + CommandLine
        + super::pick::Picker
        + super::board_view::WebView
        + super::tactic::Tactics,
> Entry for G
{
}

/// The line a text board starts with when its game `ended` though its moves did not end it (empty otherwise).
pub(crate) fn ended_line(ended: Option<&str>) -> String {
    ended.map_or_else(String::new, |ended| format!("{ended}\n"))
}

/// A game's picture.
pub trait Picture: Engine {
    /// The board picture, with the players' names in seat order and its words in `lang` (names, notation and
    /// coordinates are drawn as they are).
    fn render(&self, names: &[String], lang: Lang) -> RgbaImage {
        self.render_ended(names, lang, None)
    }

    /// [`render`](Picture::render), for a game that `ended` (a line in `lang`: "alice resigned · bob wins") ended
    /// though its moves did not end it (a resignation, a loss on time, an agreed draw, an abort): the header says
    /// so instead of whose turn it is.
    fn render_ended(&self, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage;

    /// The game's fixed palette: every picture of it (the stills, the replays) is encoded in these colours.
    fn palette() -> &'static crate::render::Palette;

    /// The board drawn as text for the console, its words in `lang`; like [`render_ended`](Picture::render_ended),
    /// it says how the game `ended` where it would say whose turn it is. By default the engine's own
    /// [`Engine::text_board`] (which the command line prints in English) under the `ended` line.
    fn text_picture(&self, names: &[String], lang: Lang, ended: Option<&str>) -> String {
        let _ = (names, lang);
        ended_line(ended) + &self.text_board()
    }

    /// The frames of an animated replay from this position: this picture, then the picture after each of `moves`
    /// (one stored move each), all of one size and layout so that a frame differs from the one before only where
    /// the game changed; each is handed to `frame` as soon as it is drawn. The last frame's header says how the
    /// game `ended` where it is given (see [`render_ended`](Picture::render_ended)). By default each frame is
    /// [`render`](Picture::render); a game whose picture changes size or scale as it goes overrides it.
    fn replay_frames(
        &self,
        moves: &[String],
        (names, ended): (&[String], Option<&str>),
        lang: Lang,
        frame: &mut dyn FnMut(RgbaImage),
    ) -> Result<(), super::MoveError> {
        let mut game = self.clone();
        let last = |game: &Self, at_end: bool| match ended.filter(|_| at_end) {
            Some(ended) => game.render_ended(names, lang, Some(ended)),
            None => game.render(names, lang),
        };
        frame(last(&game, moves.is_empty()));
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m)?;
            frame(last(&game, i + 1 == moves.len()));
        }
        Ok(())
    }
}

/// A game's computer player.
pub trait Player: Engine {
    /// Random plies at the start of an AI-against-AI game, so that seeds give different games where the start
    /// position is always the same.
    const ARENA_OPENING_PLIES: usize = 0;

    /// The computer player's five levels.
    const LEVELS: &'static LevelTable;

    /// The AI's limits at `level` (1 to 5) with `top` the time budget of level 5.
    fn limits(level: u8, top: Duration, seed: u64) -> Limits {
        Self::LEVELS.limits(level, top, seed)
    }

    /// The AI's choice for the side to move: one move, or the moves that complete the turn.
    fn think(&self, limits: &Limits) -> Report<Self::Move>;

    /// A one-ply greedy player's choice, ties broken by `seed`.
    fn greedy(&self, seed: u64) -> Vec<String>;

    /// The choice of the player as it was before the game's latest change of evaluation or search, kept so that
    /// the arena can measure one against the other (`tabula match --b baseline5`); the same as [`Player::think`] for
    /// a game whose player has not changed.
    fn think_baseline(&self, limits: &Limits) -> Report<Self::Move> {
        self.think(limits)
    }
}

/// A game's command-line work: where the command line starts ([`cli_game`](CommandLine::cli_game)), and perft and
/// scores where the game offers them. Listing moves, replaying a line and drawing a position are the command
/// line's own (`src/cli/`), over the rules trait.
pub trait CommandLine: Engine + Picture {
    /// Whether `--colour` means something for this game's positions (the hand a position line shows).
    const CLI_COLOUR: bool = false;

    /// The game the command line starts from: at the position given, or at the start of the variant.
    fn cli_game(at: &CliPosition<'_>) -> Result<Self, CliError>;

    /// The legal moves at a position, for a game that lists them without a whole game (a Tantrix position line
    /// needs no `--colour` for them); `None` lists them from [`cli_game`](CommandLine::cli_game).
    fn cli_position_moves(_at: &CliPosition<'_>) -> Option<Result<Vec<String>, CliError>> {
        None
    }

    /// The picture of a position after `moves`, for a game that draws it without a whole game; `None` draws it
    /// from [`cli_game`](CommandLine::cli_game).
    fn cli_position_render(_at: &CliPosition<'_>, _moves: &[String]) -> Option<Result<RgbaImage, CliError>> {
        None
    }

    /// Perft to `depth`, with `divide` each first move and its count; and the total (`tabula perft`).
    fn cli_perft(_at: &CliPosition<'_>, _depth: u32, _divide: bool) -> Result<Perft, CliError> {
        Err(CliError::Unavailable {
            command: "perft",
            game: Self::INFO.name,
            why: "`tabula moves` lists a position's moves instead",
        })
    }

    /// Whether `tabula replay` can replay this game's records, or why not.
    fn cli_replay_check() -> Result<(), CliError> {
        Ok(())
    }

    /// The game's client for a competition's server, if it has one (`tabula tablut-challenge`).
    fn cli_competition() -> Option<Competition> {
        None
    }

    /// A puzzle for one player solved (`tabula solve GAME PUZZLE SIZE`): the lines to print, one solution as a
    /// position line or with `count` the number of solutions; `seed` picks which solution.
    fn cli_solve(_puzzle: &str, _size: u8, _count: bool, _seed: u64) -> Result<Vec<String>, CliError> {
        Err(CliError::Unavailable {
            command: "solve",
            game: Self::INFO.name,
            why: "it has no puzzles for one player",
        })
    }

    /// Each colour's score in a position (`tabula score`), for games that count scores.
    fn cli_score(_at: &CliPosition<'_>) -> Result<Scores, CliError> {
        Err(CliError::Unavailable {
            command: "score",
            game: Self::INFO.name,
            why: "it has no scores to count",
        })
    }
}

/// Generates `GameKind`, the `AnyGame` enum and the one dispatch over them: the macros `each_game!` (over a
/// game) and `each_kind!` (over a kind, naming the game's type), which every method of [`AnyGame`](super::AnyGame)
/// and [`GameKind`](super::GameKind) that depends on the game is written with, each in one line.
macro_rules! games {
    ($($(#[$meta:meta])* $kind:ident => $folder:ident,)+) => {
        registry::games!(@with ($) $($(#[$meta])* $kind => $folder,)+);
    };
    // `$d` is a `$` for the macros this one defines.
    (@with ($d:tt) $($(#[$meta:meta])* $kind:ident => $folder:ident,)+) => {
        /// The games Tabula plays.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum GameKind {
            $($(#[$meta])* $kind,)+
        }

        impl GameKind {
            /// Every game, in the registry's order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$kind,)+];
        }

        /// A game of any kind, as the session layer holds it.
        #[derive(Clone)]
        pub enum AnyGame {
            $($kind($folder::Game),)+
        }

        impl AnyGame {
            /// The kind of game.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$kind(_) => GameKind::$kind,)+
                }
            }

            /// The computer's choice for the side to move, its moves typed (see [`Player::think`]).
            pub fn think(&self, limits: &Limits) -> Report<AnyMove> {
                match self {
                    $(AnyGame::$kind(g) => Player::think(g, limits).map(AnyMove::$kind),)+
                }
            }

            /// The choice of the game's baseline player (see [`Player::think_baseline`]).
            pub fn think_baseline(&self, limits: &Limits) -> Report<AnyMove> {
                match self {
                    $(AnyGame::$kind(g) => Player::think_baseline(g, limits).map(AnyMove::$kind),)+
                }
            }

            /// Plays a typed move (one the computer chose): all or nothing, as [`Engine::play`].
            pub fn play_move(&mut self, mv: AnyMove) -> Result<Played, MoveError> {
                match (self, mv) {
                    $((AnyGame::$kind(g), AnyMove::$kind(m)) => {
                        Engine::play(g, m).map_err(|e| MoveError::Illegal(e.describe()))
                    })+
                    #[allow(unreachable_patterns, reason = "reachable with more than one game")]
                    (game, mv) => Err(MoveError::Illegal(
                        Phrase::new("move-other-game", format!("{mv} is a move of another game"))
                            .str("move", &mv.to_string())
                            .str("game", game.kind().title()),
                    )),
                }
            }
        }

        /// A move of any game, typed as its game's: what the computer's search chose, played as it is.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum AnyMove {
            $($kind(<$folder::Game as Engine>::Move),)+
        }

        impl std::fmt::Display for AnyMove {
            /// The move in its game's notation.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(AnyMove::$kind(m) => m.fmt(f),)+
                }
            }
        }

        /// `each_game!(any, g => body)`: `body` with `g` bound to the game inside `any` (an `AnyGame`, by
        /// reference or by mutable reference), whatever its kind.
        macro_rules! each_game {
            ($d any:expr, $d g:ident => $d body:expr) => {
                match $d any {
                    $($crate::games::AnyGame::$kind($d g) => $d body,)+
                }
            };
        }

        /// `each_kind!(kind, G => body)`: `body` with `G` the game type of `kind` (a `GameKind`), which
        /// implements [`Entry`](crate::games::Entry).
        #[macro_export]
        macro_rules! each_kind {
            ($d kind:expr, $d g:ident => $d body:expr) => {
                match $d kind {
                    $($crate::games::GameKind::$kind => {
                        type $d g = $crate::games::$folder::Game;
                        $d body
                    })+
                }
            };
        }

        pub(crate) use {each_game, each_kind};

        $(
            impl From<$folder::Game> for AnyGame {
                fn from(game: $folder::Game) -> AnyGame {
                    AnyGame::$kind(game)
                }
            }
        )+
    };
}

pub(crate) use games;

/// The pictures a game's [palette](crate::render::Palette) is built from: for each of `setups` and a few seeds,
/// seeded random games drawn at their start, along the way and at their end (with and without the clock's
/// caption, and as a game that ended by resignation), so that the palette holds every colour and edge shade its
/// pictures show. Deterministic: the same pictures, hence the same palette, in every process. Their colours are
/// counted as each is drawn, so that only one is held at a time.
pub(crate) fn palette_samples<G: Engine + Picture>(setups: &[Setup]) -> crate::render::ColourCounts {
    let names = ["Attacking Alice".to_string(), "Defending Bob".to_string()];
    let mut out = crate::render::ColourCounts::default();
    let mut moves = Vec::new();
    for (i, setup) in setups.iter().enumerate() {
        for seed in 1..=if i == 0 { 2 } else { 1 } {
            let Ok(mut game) = G::new(&Setup { seed, ..setup.clone() }) else { continue };
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut ply = 0;
            out.add(&game.render(&names, Lang::En));
            loop {
                game.legal_moves(&mut moves);
                if moves.is_empty() || ply == 300 {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if game.play(moves[(state % moves.len() as u64) as usize]).is_err() {
                    break;
                }
                ply += 1;
                if ply == 20 || ply == 60 {
                    out.add(&crate::render::with_caption(
                        &game.render(&names, Lang::En),
                        "Attacking Alice to move, 2 d 4 h left",
                    ));
                }
            }
            out.add(&game.render(&names, Lang::En));
            if seed == 1 {
                out.add(&game.render_ended(&names, Lang::En, Some("Attacking Alice resigned")));
            }
        }
    }
    out
}

/// A game's client for a competition's server, where programs play one colour each over TCP: the command line
/// connects, frames each message (a 4-byte big-endian length, then UTF-8), times the answers and prints them;
/// the game's [`CompetitionClient`] reads the server's messages and writes its own.
pub struct Competition {
    /// The server's port for a colour (as `--colour` names it), when `--port` is not given.
    pub port: fn(colour: &str) -> u16,
    /// A client playing the colour of `options`.
    pub client: fn(options: &CompetitionOptions) -> Box<dyn CompetitionClient>,
}

/// What the command line asks a competition's client for.
#[derive(Clone, Debug)]
pub struct CompetitionOptions {
    /// The colour to play, as `--colour` names it.
    pub colour: String,
    /// The server's time limit per move.
    pub limit: Duration,
    /// The name the client gives the server.
    pub name: String,
    /// The search's seed.
    pub seed: u64,
}

/// A competition's client, one message at a time (no IO: the command line does it).
pub trait CompetitionClient {
    /// The first message, sent as soon as the connection is made.
    fn greeting(&self) -> String;

    /// Reads a message of the server's and says what to do.
    fn on_message(&mut self, text: &str) -> Result<CompetitionStep, String>;
}

/// What a competition's client does after a message of the server's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompetitionStep {
    /// Nothing: it is the other colour's turn.
    Wait,
    /// Send `message`; `line` says what was played and how it was found.
    Answer { message: String, line: String },
    /// The game is over; `verdict` says how it ended for us (`won`, `lost`, `drew`, with any note).
    Over { verdict: String },
}

impl super::AnyGame {
    /// Draws the game (the players' names in seat order, its words in `lang`; with the line that says how it
    /// `ended` when its moves did not end it) with a caption band under it when there is one (the clock, already
    /// in `lang`), and encodes it as an indexed PNG in the game's palette: the picture the bot posts after a move.
    pub fn board_png(
        &self,
        names: &[String],
        lang: Lang,
        ended: Option<&str>,
        caption: Option<&str>,
    ) -> Vec<u8> {
        let picture = self.render_ended(names, lang, ended);
        let png = crate::render::png_with_caption(&picture, caption, self.palette());
        crate::render::canvas::recycle(picture);
        png
    }
}
