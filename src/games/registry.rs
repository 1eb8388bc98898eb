//! The registry: one line per game (in `games/mod.rs`) names its folder's module and generates
//! [`GameKind`](super::GameKind) and [`AnyGame`](super::AnyGame) over every game, so that nothing else names a game.
//!
//! A game plugs in through [`Entry`]: its rules ([`Engine`]) plus its [`Picture`], its computer [`Player`] and its
//! [`CommandLine`] work, each written in a file of the game's own folder.
//!
//! # Adding a game
//! A fourth game, say Hex, takes exactly:
//! 1. a folder `src/games/hex/` with a `Game` type implementing [`Engine`] (with its
//!    [`GameInfo`](super::GameInfo)), [`Picture`] (`picture.rs`), [`Player`] (`ai.rs`) and [`CommandLine`]
//!    (`cli.rs`), and its tests;
//! 2. in `src/games/mod.rs`, its module declaration `pub mod hex;` (declared as any module is, so that rustfmt
//!    formats the folder) and one line `Hex => hex,` in the `games!` list;
//! 3. optionally, data for its tests under `tests/data/hex/`.
//!
//! Slash commands, the console, `/help` and `tabula --help` list it from that line. The test
//! `registry::adding_a_game_touches_only_its_folder` (in `tests/it/registry.rs`) checks that no other source file
//! names a game.

use std::time::Duration;

use image::RgbaImage;

use super::Engine;
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

/// What `tabula perft` prints: with `--divide`, each first move and its count; and the total.
pub type Perft = (Vec<(String, u64)>, u64);

/// What `tabula score` prints: each colour (or side) and its score.
pub type Scores = Vec<(String, u32)>;

/// Everything a game brings besides its rules: how it is drawn ([`Picture`], in the game's `picture.rs`), how the
/// computer plays it ([`Player`], in its `ai.rs`) and its command-line work ([`CommandLine`], in its `cli.rs`).
pub trait Entry: Engine + Picture + Player + CommandLine {}

impl<G: Engine + Picture + Player + CommandLine> Entry for G {}

/// A game's picture.
pub trait Picture: Engine {
    /// The board picture, with the players' names in seat order and its words in `lang` (names, notation and
    /// coordinates are drawn as they are).
    fn render(&self, names: &[String], lang: Lang) -> RgbaImage;

    /// The board drawn as text for the console, its words in `lang` (by default the engine's own
    /// [`Engine::text_board`], which the command line prints in English).
    fn text_picture(&self, names: &[String], lang: Lang) -> String {
        let _ = (names, lang);
        self.text_board()
    }

    /// The frames of an animated replay from this position: this picture, then the picture after each of `moves`
    /// (one stored move each), all of one size and layout so that a frame differs from the one before only where
    /// the game changed; each is handed to `frame` as soon as it is drawn. By default each frame is
    /// [`render`](Picture::render); a game whose picture changes size or scale as it goes overrides it.
    fn replay_frames(
        &self,
        moves: &[String],
        names: &[String],
        lang: Lang,
        frame: &mut dyn FnMut(RgbaImage),
    ) -> Result<(), super::MoveError> {
        let mut game = self.clone();
        frame(game.render(names, lang));
        for m in moves {
            game.play_text(m)?;
            frame(game.render(names, lang));
        }
        Ok(())
    }
}

/// A game's computer player.
pub trait Player {
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
    fn think(&self, limits: &Limits) -> Report;

    /// A one-ply greedy player's choice, ties broken by `seed`.
    fn greedy(&self, seed: u64) -> Vec<String>;

    /// The choice of the player as it was before the game's latest change of evaluation, kept so that the arena
    /// can measure one against the other (`tabula match --b classic5`); the same as [`Player::think`] for a game
    /// whose player has not changed.
    fn think_classic(&self, limits: &Limits) -> Report {
        self.think(limits)
    }
}

/// A game's command-line work, built on its [`Engine`]: a game names where the command line starts
/// ([`cli_game`](CommandLine::cli_game)); listing moves, replaying a line and drawing a position come from the rules
/// trait; perft and scores are the game's own, or say that it does not offer them.
pub trait CommandLine: Engine + Picture {
    /// Whether `--colour` means something for this game's positions (the hand a position line shows).
    const CLI_COLOUR: bool = false;

    /// The game the command line starts from: at the position given, or at the start of the variant.
    fn cli_game(at: &CliPosition<'_>) -> Result<Self, String>;

    /// The legal moves of a position, in notation (`tabula moves`).
    fn cli_moves(at: &CliPosition<'_>) -> Result<Vec<String>, String> {
        Self::cli_game(at).map(|game| game.legal_moves_text())
    }

    /// The picture of a position after `moves` (each entry one move, or several separated by spaces), the last
    /// one marked (`tabula render`), its words in English.
    fn cli_render(at: &CliPosition<'_>, moves: &[String]) -> Result<RgbaImage, String> {
        let mut game = Self::cli_game(at)?;
        for (i, word) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
            game.play_text(word).map_err(|e| format!("illegal {} {word}: {e}", i + 1))?;
        }
        Ok(game.render(&[], Lang::En))
    }

    /// Perft to `depth`, with `divide` each first move and its count; and the total (`tabula perft`).
    fn cli_perft(_at: &CliPosition<'_>, _depth: u32, _divide: bool) -> Result<Perft, String> {
        Err(format!(
            "perft is not available for {}; `tabula moves {} --position P` lists the moves",
            Self::INFO.name,
            Self::INFO.name
        ))
    }

    /// Whether `tabula replay` can replay this game's records, or why not.
    fn cli_replay_check() -> Result<(), String> {
        Ok(())
    }

    /// Replays one game line (moves separated by spaces): the [result](Engine::result_notation), and with
    /// `counts` the number of legal moves before each move; or the sentence `illegal <ply> <move>: <reason>` as
    /// the error.
    fn cli_replay_line(at: &CliPosition<'_>, line: &str, counts: bool) -> Result<String, String> {
        let mut game = Self::cli_game(at)?;
        let mut before = Vec::new();
        let mut legal = Vec::new();
        for (i, word) in line.split_whitespace().enumerate() {
            if counts {
                game.legal_moves(&mut legal);
                before.push(legal.len());
            }
            let illegal = |why: String| format!("illegal {} {word}: {why}", i + 1);
            let mv = game.read_move(word).map_err(|e| illegal(e.to_string()))?;
            game.play(mv).map_err(|e| illegal(e.to_string()))?;
        }
        let mut out = game.result_notation();
        for n in before {
            out.push(' ');
            out.push_str(&n.to_string());
        }
        Ok(out)
    }

    /// Each colour's score in a position (`tabula score`), for games that count scores.
    fn cli_score(_at: &CliPosition<'_>) -> Result<Scores, String> {
        Err(format!("`score` is not available for {}: it has no scores to count", Self::INFO.name))
    }
}

/// Generates `GameKind`, the `AnyGame` enum and the dispatch over them.
macro_rules! games {
    ($($(#[$meta:meta])* $kind:ident => $folder:ident,)+) => {
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

            /// The game behind the enum, for the methods that do not depend on its type.
            pub(crate) fn entry(&self) -> &dyn any::Dyn {
                match self {
                    $(AnyGame::$kind(g) => g,)+
                }
            }

            pub(crate) fn entry_mut(&mut self) -> &mut dyn any::Dyn {
                match self {
                    $(AnyGame::$kind(g) => g,)+
                }
            }

        }

        impl GameKind {
            /// The game type's metadata, constructors and command-line work.
            pub(crate) fn functions(self) -> any::Functions {
                use any::HasFunctions as _;
                match self {
                    $(GameKind::$kind => $folder::Game::FUNCTIONS,)+
                }
            }
        }

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

/// The metadata of `kind`.
pub(super) fn info(kind: super::GameKind) -> &'static super::GameInfo {
    kind.functions().info
}
