//! The `tabula` command line: running the bot or the console, and the engine and picture commands of `cli.md`.
//!
//! The commands know no game by name: [`engine`] does the work over the rules trait for any game (each game's
//! [`crate::games::CommandLine`] says where a command starts), and the help texts (games, positions, variants)
//! come from each game's [`crate::games::GameInfo`].

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
use clap::{Args, Parser, Subcommand};

use crate::ai::Limits;
use crate::games::{AnyGame, CliError, CliPosition, CommandLine as _, CompetitionOptions, Entry, GameKind};
use crate::i18n::Lang;
use arena::{Budget, Contender, Schedule, SearchTimes, play_match};
use tabula_games::each_kind;

mod arena;
mod competition;
pub mod engine;
mod entry;
mod records;
mod run;

pub use entry::main;
use run::game_line;
pub use run::{Exit, run_engine_command};

/// Tablut, TZAAR and Tantrix for Discord, with their engines and pictures on the command line.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about, propagate_version = true, after_help = games_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Runs the Discord bot (the default).
    Run {
        /// Config file (default: config.toml when it exists).
        #[arg(long)]
        config: Option<PathBuf>,
        /// The gateway shards this process runs, FIRST-LAST, e.g. `0-3` (with `--shard-total`); by default all of
        /// Discord's recommended count.
        #[arg(long, requires = "shard_total")]
        shards: Option<String>,
        /// How many shards all processes run together, e.g. `8`.
        #[arg(long, requires = "shards")]
        shard_total: Option<u32>,
    },
    /// Receives interactions over HTTP (Discord's Interactions Endpoint URL) instead of the gateway; any number
    /// of instances can share one Postgres database behind a load balancer.
    ///
    /// Example: `tabula serve --listen 127.0.0.1:8080`.
    Serve {
        /// Config file (default: config.toml when it exists); it must set `public_key`.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The address to listen on, e.g. `127.0.0.1:8080`; interactions are POSTed to `/interactions` (or `/`),
        /// and `/healthz` answers the load balancer.
        #[arg(long)]
        listen: std::net::SocketAddr,
    },
    /// An interactive console that plays the role of a Discord channel.
    Local {
        /// Config file (default: config.toml when it exists).
        #[arg(long)]
        config: Option<PathBuf>,
        /// `SQLite` file for the console's games (default: `local_database` of the config).
        #[arg(long)]
        database: Option<PathBuf>,
        /// Folder for the board pictures (default: `picture_dir` of the config).
        #[arg(long)]
        pictures: Option<PathBuf>,
        /// Serve the live board in the browser on this address (`127.0.0.1:8090`; default: `web_listen` of the
        /// config); `/press` on a game's Play in browser button prints a player's link.
        #[arg(long)]
        web: Option<std::net::SocketAddr>,
        /// The language of every answer, private and public: `en`, `pt-BR` or `cs` (`@name /lang <code>` sets
        /// one member's own).
        /// A language Tabula does not speak (`de`) is answered in English, which the console says once.
        #[arg(long, default_value = "en", value_parser = console_lang)]
        lang: ConsoleLang,
    },
    /// Ratings kept in the database: `--rebuild` recomputes every rating from the recorded results of finished
    /// games, in the order they were recorded (the same numbers as the updates made after each game).
    Ratings {
        /// Config file (default: config.toml when it exists).
        #[arg(long)]
        config: Option<PathBuf>,
        /// `SQLite` file (default: `database` of the config).
        #[arg(long)]
        database: Option<PathBuf>,
        /// Recompute every rating from the game history.
        #[arg(long)]
        rebuild: bool,
    },
    /// Copies the live SQLite database into FILE, consistently, while the bot runs (`VACUUM INTO`); with
    /// Postgres, use `pg_dump` (docs/operators.md).
    Backup {
        /// The new file to write (it must not exist).
        file: PathBuf,
        /// Config file (default: config.toml when it exists).
        #[arg(long)]
        config: Option<PathBuf>,
        /// `SQLite` file (default: `database` of the config).
        #[arg(long)]
        database: Option<PathBuf>,
    },
    /// Replaces the SQLite database with the backup FILE, after checking that every game in it replays; stop
    /// the bot first. With Postgres, use `pg_restore` (docs/operators.md).
    Restore {
        /// The backup to restore.
        file: PathBuf,
        /// Config file (default: config.toml when it exists).
        #[arg(long)]
        config: Option<PathBuf>,
        /// `SQLite` file to replace (default: `database` of the config).
        #[arg(long)]
        database: Option<PathBuf>,
    },
    /// Replays every stored game of a database (a `SQLite` file or a Postgres URL) and says whether all replay:
    /// the check `restore` makes of a SQLite backup, for a Postgres dump restored into a scratch database before
    /// it replaces the live one (docs/operators.md). Exits with 1 at the first game that does not replay.
    Check {
        /// Config file (default: config.toml when it exists).
        #[arg(long)]
        config: Option<PathBuf>,
        /// `SQLite` file or Postgres URL (default: `database` of the config).
        #[arg(long)]
        database: Option<PathBuf>,
    },
    /// Forgets a member, as `/privacy forget` does: removes their preferences and replaces their name in every
    /// game, record, history, rating and tournament with a neutral label (the games stay, for the others).
    ForgetUser {
        /// The member's Discord user id.
        id: u64,
        /// Config file (default: config.toml when it exists).
        #[arg(long)]
        config: Option<PathBuf>,
        /// `SQLite` file or Postgres URL (default: `database` of the config).
        #[arg(long)]
        database: Option<PathBuf>,
    },
    /// Lists the legal moves, one per line, then `N moves`.
    ///
    /// Example: `tabula moves tablut`.
    Moves {
        #[command(flatten)]
        at: At,
    },
    /// Counts move sequences of a given depth (turns where a turn has several moves).
    ///
    /// Example: `tabula perft tablut 4` prints 19913864.
    Perft {
        #[command(flatten)]
        at: At,
        /// Prints each first move (or turn) with its count, then the total.
        #[arg(long)]
        divide: bool,
        /// How many moves (or turns) deep to count, e.g. `3`.
        depth: u32,
    },
    /// Replays games, one per line of FILE (`-` for standard input), and prints each result.
    ///
    /// Example: `tabula replay tablut games.txt --counts`.
    Replay {
        #[command(flatten)]
        at: At,
        /// Also prints the number of legal moves before each move.
        #[arg(long)]
        counts: bool,
        /// Also draws the game's animated replay to this GIF file (the file's one record, or its first line).
        #[arg(long, value_name = "GIF")]
        gif: Option<PathBuf>,
        /// A file of games, one a line: the moves separated by spaces (or `result<TAB>moves<TAB>counts`); or game
        /// records as `/game` attaches them (`[Game "…"]` tags, then the moves); `-` reads standard input.
        file: String,
    },
    /// Draws a position (after the moves, the last one highlighted) to a PNG file.
    ///
    /// Example: `tabula render tablut --moves "e8-d8 e4-h4" -o board.png`.
    Render {
        #[command(flatten)]
        at: At,
        /// Moves to play first, separated by spaces, e.g. `--moves "e8-d8 e4-h4"`.
        #[arg(long, value_name = "MOVES")]
        moves: Option<String>,
        /// The PNG file to write, e.g. `-o board.png`.
        #[arg(short = 'o', long, value_name = "FILE")]
        output: PathBuf,
        /// Draws and encodes the picture this many times and prints the median time per picture, e.g.
        /// `--repeat 100`.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        repeat: Option<u32>,
    },
    /// Asks the AI for a move and prints it, then the search figures.
    ///
    /// Example: `tabula bestmove tablut --level 5`.
    Bestmove {
        #[command(flatten)]
        at: At,
        /// Strength 1 (gentle) to 5 (strongest, the default), e.g. `--level 3`.
        #[arg(long, conflicts_with = "time_ms")]
        level: Option<u8>,
        /// Think for this many milliseconds at full strength instead of a level, e.g. `--time-ms 500`.
        #[arg(long, value_name = "MS")]
        time_ms: Option<u64>,
        /// For games whose position line does not say whose turn it is: the colour whose hand the position shows,
        /// which is to move, e.g. `--colour R`.
        #[arg(long)]
        colour: Option<String>,
        /// Seed of the search's sampling (and of any hidden hands it deals), e.g. `--seed 7`.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The most threads the search may use (Tablut and TZAAR), by default one per core, e.g. `--threads 1`.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: Option<u32>,
    },
    /// Plays AI against AI and prints A's wins, draws and losses with a 95% interval.
    ///
    /// Example: `tabula match tzaar --a 5 --b greedy --games 100 --top-ms 100`.
    Match {
        #[arg(value_parser = game_parser(), long_help = game_help())]
        game: GameKind,
        /// Player A: a level `1` to `5`, `random` (a uniformly random legal move), `greedy` (the best immediate
        /// gain) or `baseline1` to `baseline5` (a level as it played before its game's latest change of evaluation
        /// or search), e.g. `--a 5`.
        #[arg(long, value_name = "PLAYER")]
        a: Contender,
        /// Player B, like A, e.g. `--b greedy`. A and B swap seats from game to game.
        #[arg(long, value_name = "PLAYER")]
        b: Contender,
        /// How many games to play (at least 1), e.g. `--games 100`.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
        games: u32,
        /// Seed of the first game; game i uses seed + i, e.g. `--seed 1`.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plays the games in pairs from the same seed, seats swapped: games 2k and 2k+1 (from 0) use seed + k, so
        /// both players get the same setup (the same bag in Tantrix, the same opening in Tablut).
        #[arg(long)]
        paired: bool,
        /// The time budget per move of level 5, in milliseconds (lower levels use less), e.g. `--top-ms 500`.
        #[arg(long, default_value_t = 2000, value_name = "MS")]
        top_ms: u64,
        /// Also prints a line for each game as it ends: its seed, A's seat, the result and why.
        #[arg(long)]
        each: bool,
        /// The most threads each search may use (Tablut and TZAAR), e.g. `--threads 2`. With more than one, the
        /// games depend on the machine's timing and are no longer replayed exactly from their seeds.
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        #[arg(long, value_name = "VARIANT", long_help = variant_help())]
        variant: Option<String>,
    },
    /// Plays Ashton Tablut in the University of Bologna's Tablut Challenge: connects to the competition's server,
    /// plays one colour with level 5 within the server's time per move, and prints each move and the result.
    ///
    /// Example: `tabula tablut-challenge --colour white --seconds 60 --host 192.168.1.10`.
    TablutChallenge {
        /// The colour to play: `white` (the defenders, who move first; port 5800) or `black` (port 5801).
        #[arg(long, value_parser = ["white", "black"])]
        colour: String,
        /// The server's time limit per move in seconds, e.g. `--seconds 60` (decimals allowed); each answer is
        /// sent a margin before it.
        #[arg(long, value_parser = challenge_seconds)]
        seconds: std::time::Duration,
        /// The server's host name or address.
        #[arg(long, default_value = "localhost")]
        host: String,
        /// The server's port, if not the competition's (5800 for White, 5801 for Black).
        #[arg(long)]
        port: Option<u16>,
        /// The player's name sent to the server.
        #[arg(long, default_value = "Tabula")]
        name: String,
        /// Seed of the search's sampling.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Prints each colour's score in a position, for games that count scores.
    ///
    /// Example: `tabula score tantrix --position "53@0,0:2 9@1,-1:0 | 11 | 39"`.
    Score {
        #[command(flatten)]
        at: At,
    },
    /// Solves a puzzle for one player and prints a solution as a position line (which `tabula render
    /// --position` draws).
    ///
    /// Example: `tabula solve tantrix discovery 20` (the Discovery puzzle of 20 tiles).
    Solve {
        /// The game (Tantrix has the Discovery puzzle).
        #[arg(value_parser = game_parser(), long_help = game_help())]
        game: GameKind,
        /// The puzzle: Tantrix's `discovery`.
        puzzle: String,
        /// The puzzle's size (Discovery: 3 to 30 tiles).
        size: u8,
        /// Counts the solutions instead (layouts moved or turned as a whole count once), when the search can.
        #[arg(long)]
        count: bool,
        /// Which solution: the search's order of the tiles.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Generates tactics from seeded self-play at level 5: positions where exactly one move (for TZAAR one whole
    /// turn) wins or saves the game by force, proven by exhaustive search, each rated by which levels solve it.
    /// Prints one tactic per line as JSON (the form `assets/tactics.jsonl` keeps), and a summary on stderr.
    ///
    /// Example: `tabula tactics tablut --games 4 --seed 7`.
    Tactics {
        #[arg(value_parser = game_parser(), long_help = game_help())]
        game: GameKind,
        /// Self-play games to look through.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// The seed of the self-play (the same seed finds the same tactics).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Nodes the exhaustive search may visit at each position.
        #[arg(long, default_value_t = 200_000)]
        budget: u64,
        /// Level 5's time per move in self-play, in milliseconds (it sets every level's node budget).
        #[arg(long, default_value_t = 100)]
        top_ms: u64,
    },
}

/// The console's `--lang`: a shipped language, or English in place of a language Tabula does not speak, with
/// the note saying so that the console prints once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsoleLang {
    pub lang: Lang,
    pub note: Option<String>,
}

/// Reads `--lang`: a shipped language or a locale of one (`cs-CZ`); any other language code (`de`, `es-ES`) is
/// answered in English; what is no language code at all (`klingon`, `english`) is refused.
fn console_lang(code: &str) -> Result<ConsoleLang, String> {
    if let Ok(lang) = code.parse::<Lang>() {
        return Ok(ConsoleLang { lang, note: None });
    }
    let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
    let tag = code.trim().replace('_', "-").parse::<unic_langid::LanguageIdentifier>();
    // A language subtag of two or three letters is an ISO 639 code: a real language, just not one of ours.
    if tag.is_ok_and(|tag| tag.language.as_str().len() <= 3 && !tag.language.is_empty()) {
        let note = format!(
            "there is no translation for `{code}`, so the console answers in English (translations: {})",
            codes.join(", ")
        );
        return Ok(ConsoleLang { lang: Lang::En, note: Some(note) });
    }
    Err(format!("`{code}` is not a language code: choose {}", codes.join(", ")))
}

/// Reads `--seconds`: a time limit per move of more than 0 and at most an hour.
fn challenge_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds, like `60` or `1.5`"))?;
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(format!("the time per move must be more than 0 and at most 3600 seconds, not {text}"));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// The game and the position an engine command works on.
#[derive(Debug, Args)]
pub struct At {
    #[arg(value_parser = game_parser(), long_help = game_help())]
    pub(crate) game: GameKind,
    /// A position in the game's notation instead of the start (see the long help, `--help`).
    #[arg(long, value_name = "POSITION", long_help = position_help())]
    pub(crate) position: Option<String>,
    /// A ruleset or start layout, where the game has several (see the long help, `--help`).
    #[arg(long, value_name = "VARIANT", long_help = variant_help())]
    pub(crate) variant: Option<String>,
}

impl At {
    fn position(&self) -> CliPosition<'_> {
        CliPosition {
            position: self.position.as_deref(),
            variant: self.variant.as_deref(),
            colour: None,
            seed: 0,
        }
    }
}

/// Reads a game name, listing the games (with their summaries) in `--help`.
fn game_parser() -> impl clap::builder::TypedValueParser<Value = GameKind> {
    let values = GameKind::ALL.iter().map(|g| PossibleValue::new(g.name()).help(g.info().summary));
    PossibleValuesParser::new(values).map(|name| name.parse::<GameKind>().expect("one of the listed games"))
}

fn game_help() -> String {
    "The game, by name (see the list below).".to_string()
}

/// The games, their variants and their positions, after the general help.
fn games_help() -> String {
    let mut help = "Games:".to_string();
    for g in GameKind::ALL {
        let info = g.info();
        let _ = write!(help, "\n  {} ({}): {}", info.name, info.seats_text(), info.summary);
        let variants: Vec<String> =
            info.variants.iter().map(|v| format!("`{}` ({})", v.name, v.summary)).collect();
        if !variants.is_empty() {
            let _ = write!(help, "\n    --variant: {}", variants.join(", "));
        }
        if !info.variant_syntax.is_empty() {
            let _ = write!(help, "\n    --variant also takes {}", info.variant_syntax);
        }
        let _ = write!(help, "\n    --position: {}", info.position_syntax);
    }
    help
}

/// `--position`'s long help: each game's notation.
fn position_help() -> String {
    let mut help = "A position in the game's notation instead of its start. Put it in quotes.".to_string();
    for g in GameKind::ALL {
        let _ = write!(help, "\n- {}: {}", g.name(), g.info().position_syntax);
    }
    help
}

/// `--variant`'s long help: each game's variants and what else the option accepts.
fn variant_help() -> String {
    let mut help = "A ruleset or start layout; empty means the first listed.".to_string();
    for g in GameKind::ALL {
        let info = g.info();
        let mut options: Vec<String> =
            info.variants.iter().map(|v| format!("`{}` ({})", v.name, v.summary)).collect();
        if !info.variant_syntax.is_empty() {
            options.push(info.variant_syntax.to_string());
        }
        if !options.is_empty() {
            let _ = write!(help, "\n- {}: {}", g.name(), options.join("; "));
        }
    }
    help
}

/// Where `tabula replay` reads its games: a file, or standard input for `-`; its name says which in the lines
/// that point into it.
pub(crate) struct Input<'a> {
    path: Option<&'a str>,
    name: String,
}

impl<'a> Input<'a> {
    fn of(file: &'a str) -> Self {
        if file == "-" {
            Input { path: None, name: "standard input".to_string() }
        } else {
            Input { path: Some(file), name: file.to_string() }
        }
    }

    fn read(&self) -> std::io::Result<String> {
        match self.path {
            Some(path) => std::fs::read_to_string(path),
            None => std::io::read_to_string(std::io::stdin()),
        }
    }

    /// What `replay` prints for a game that does not replay: `illegal <ply> <move>: <reason>`, then the line of
    /// the source that holds the move.
    fn refused(&self, line: usize, refused: &engine::Refused) -> String {
        format!("{refused} (line {line} of {})", self.name)
    }
}
