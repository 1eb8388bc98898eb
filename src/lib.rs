//! Tabula: Tablut, TZAAR and Tantrix for Discord.
//!
//! The bot is three crates, one per layer, and the compiler keeps them pointing one way: a crate uses only the
//! crates below it.
//!
//! - `tabula-games` (`crates/games`): the pure rules engines, each with its picture and computer player, over the
//!   leaves that know no game (the drawing toolkit, the generic search, the translations).
//! - `tabula-session` (`crates/session`): game records, ratings, the stores, tournaments' pairings and the
//!   platform-neutral session layer (commands, turns, clocks, offers), whose replies are structure.
//! - `tabula` (this crate): the adapters (`discord`, `local`, `web`, `cli`), the configuration and the binary.
//!
//! This crate names the layers below by their modules (`tabula::games`, `tabula::session`...), so that its
//! tests, benchmarks and tools see one library.
//!
//! # Layers
//!
//! Within each crate the modules form a ladder too: each uses only modules of its own layer or below, never one
//! above, so a leaf can be read (and reused) without the rest. `tests/it/layers.rs` reads this table and checks
//! every `crate::` path of each crate's `src/` against it; a new module gets its line here.
//!
//! ```text
//! layer 0: text i18n render ai             tabula-games' leaves, which know no game: text helpers,
//!                                          translations and phrases, the drawing toolkit, the generic search
//! layer 1: games                           the rules engines, each with its picture, player and command line
//! layer 2: metrics                         tabula-session's leaf: the operator's metrics
//! layer 3: record rating store tournament  game records, ratings, persistence, tournaments' pairings
//! layer 4: session                         commands, turns, clocks, offers, platform-neutral
//! layer 5: discord local cli config web    this crate: the adapters (web: the live board in the browser), and
//!                                          the config
//! ```
//!
//! # Words
//!
//! One idea, one name, in every game and layer. A public type's name is defined once, except the words marked
//! "each game's own", which each game's folder defines for itself (`tests/it/names.rs` checks):
//!
//! | word | what it means |
//! |------|---------------|
//! | `Engine` | a game's rules: its typed moves, `play` (all or nothing), whose turn, how it ended |
//! | `Position`, `Game` | a game's fast, `Copy` board state (move generation, perft); `Game` adds the setup and history (each game's own) |
//! | `Move`, `MoveList` | one move of a game, small and `Copy`; its `Display` is its notation; a `MoveList` holds a position's legal moves on the stack (a `MoveArray` of the game's size) (each game's own) |
//! | `Side` | who moves in a two-player game (each game's own; the `GameSide` trait gives its seat, `WhiteOrBlack` its colour); a `Seat` is a place at the table, 0 first; a `Colour` is a Tantrix seat's; a tournament's `MoveOrder` is first or second |
//! | `Setup` | how a game starts (variant, shuffle seed, seats): a game is its setup and its moves |
//! | `MoveParseError`, `PositionError` | a text that is not a move, or not a position, in the game's notation (each game's own) |
//! | `IllegalMove` | a move that is read but not legal here, and why (each game's own) |
//! | `MoveError` | either of the two, as a [`games::Phrase`], for any game |
//! | `Outcome` | how a finished game ended, for any game: the winning seat and the reason |
//! | `Verdict`, `End` | Tablut's own outcome: the winning side and its `End`; an `End` is how a game's rules end it (each game's own) |
//! | `Phrase` | a sentence as data: a message key, its arguments and its English (`Describe` makes one) |
//! | `Direction` | a direction on a board: one of four on Tablut's squares, one of six on a hex grid (each game's own) |
//! | `Limits` | how hard the AI thinks: time, depth, nodes, noise, seed; `Report` is what it found |
//! | `Style`, `Weights` | how a game's AI plays (its search and evaluation) and its evaluation's weights; a style is named by what it does (`PRUNING`, `LEARNT`), the one a match measures against is the game's baseline (each game's own) |
//! | `Contender` | who plays a seat in an AI-against-AI match (a level, a baseline level, random, greedy); `MatchGame` is one game of it |
//! | `SearchTimes` | how long a match's searches took (the search's own deadline is a `Limits` time) |
//! | `GameResult` | a finished game as the store keeps it, for history and ratings |
//! | `Record` | a game record: the tags and moves `/game` attaches and `tabula replay` reads (`record`), nothing else |
//! | `…Row` | what a store table keeps of one thing: `SessionRow` (its players are `PlayerRow`s), `ClockRow`, `OfferRow` |
//! | `HistoryEntry` | one finished game in a member's `/history`; a `PlayerPlace` is one of its players and their place (a TZAAR game's own past moves are `PastMove`s) |
//! | `CliError` | why a game's command-line hook cannot start a game or do a command as asked (one sentence) |
//! | `Ending` | how a closed game ended, stored as data (`store::Ending`): an `EndKind` (the rules, a resignation, a loss on time, the last to leave, an agreed draw, an abort, an organiser's result, a round's time), the seats concerned, and the places; never a sentence: `session::endings` makes every view's words from it |
//! | `places` | where each seat of a finished game ranks (1 first, equal places shared), by one rule for every ending: `rating::standing` |
//! | `abandoned` | a seat left (resigned, or out of time) in a game of more than two: the computer plays it on, and it ranks below who stayed |
//! | `Exit` | how a command-line engine command ended: the exit status and the message |

pub mod cli;
pub mod config;
pub mod discord;
pub mod local;
pub mod web;

use tabula_games::text;
pub use tabula_games::{ai, games, i18n, render};
use tabula_session::t;
pub use tabula_session::{metrics, record, session, store, tournament};
