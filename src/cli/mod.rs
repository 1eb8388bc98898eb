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
use crate::games::{
    AnyGame, CliError, CliPosition, CommandLine as _, CompetitionOptions, Entry, GameKind, each_kind,
};
use crate::i18n::Lang;
use arena::{Contender, SearchTimes, play_match};

mod arena;
mod competition;
pub mod engine;
mod records;

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
    /// Postgres, use `pg_dump` (docs/deploy.md).
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
    /// the bot first. With Postgres, use `pg_restore` (docs/deploy.md).
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
    },
    /// Plays AI against AI and prints A's wins, draws and losses with a 95% interval.
    ///
    /// Example: `tabula match tzaar --a 5 --b greedy --games 100 --top-ms 100`.
    Match {
        #[arg(value_parser = game_parser(), long_help = game_help())]
        game: GameKind,
        /// Player A: a level `1` to `5`, `random` (a uniformly random legal move), `greedy` (the best immediate
        /// gain) or `classic1` to `classic5` (a level as it played before its game's latest change of evaluation),
        /// e.g. `--a 5`.
        #[arg(long, value_name = "PLAYER")]
        a: Contender,
        /// Player B, like A, e.g. `--b greedy`. A and B swap seats from game to game.
        #[arg(long, value_name = "PLAYER")]
        b: Contender,
        /// How many games to play, e.g. `--games 100`.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Seed of the first game; game i uses seed + i, e.g. `--seed 1`.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The time budget per move of level 5, in milliseconds (lower levels use less), e.g. `--top-ms 500`.
        #[arg(long, default_value_t = 2000, value_name = "MS")]
        top_ms: u64,
        /// Also prints a line for each game as it ends: its seed, A's seat, the result and why.
        #[arg(long)]
        each: bool,
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

/// How an engine command ended: the process exit status and the sentence for stderr, if any.
#[derive(Debug, PartialEq, Eq)]
pub struct Exit {
    pub status: u8,
    pub message: String,
}

impl Exit {
    fn usage(message: impl Into<String>) -> Self {
        Exit { status: 2, message: message.into() }
    }
}

impl From<CliError> for Exit {
    fn from(e: CliError) -> Self {
        Exit::usage(e.to_string())
    }
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

/// Runs one of the engine and picture commands, writing its output to `out`.
pub fn run_engine_command(command: &Command, out: &mut impl Write) -> Result<(), Exit> {
    match command {
        Command::Run { .. }
        | Command::Local { .. }
        | Command::Ratings { .. }
        | Command::Serve { .. }
        | Command::Backup { .. }
        | Command::Restore { .. }
        | Command::ForgetUser { .. } => {
            Err(Exit::usage("this command is run by the binary itself, not as an engine command"))
        }
        Command::Match { game, a, b, games, seed, top_ms, each, variant } => {
            run_match((*game, variant.as_deref().unwrap_or("")), (*a, *b), *games, *seed, *top_ms, *each, out)
        }
        Command::TablutChallenge { colour, seconds, host, port, name, seed } => {
            let Some(competition) =
                GameKind::ALL.iter().find_map(|&kind| each_kind!(kind, G => G::cli_competition()))
            else {
                return Err(Exit::usage("no game here has a competition client"));
            };
            let options = CompetitionOptions {
                colour: colour.clone(),
                limit: *seconds,
                name: name.clone(),
                seed: *seed,
            };
            let to = competition::Connection {
                host,
                port: port.unwrap_or_else(|| (competition.port)(colour)),
                colour,
                limit: *seconds,
            };
            competition::play(&to, (competition.client)(&options).as_mut(), out)
                .map_err(|message| Exit { status: 1, message })
        }
        Command::Moves { at }
        | Command::Perft { at, .. }
        | Command::Replay { at, .. }
        | Command::Render { at, .. }
        | Command::Bestmove { at, .. }
        | Command::Score { at } => each_kind!(at.game, G => run_at::<G>(command, at, out)),
    }
}

/// Runs a command on a position of the game `G` (`at.game`).
fn run_at<G: Entry + Into<AnyGame>>(command: &Command, at: &At, out: &mut impl Write) -> Result<(), Exit> {
    let io = |e: std::io::Error| Exit::usage(format!("cannot write the output: {e}"));
    match command {
        Command::Moves { .. } => {
            let moves = engine::moves::<G>(&at.position()).map_err(Exit::usage)?;
            for m in &moves {
                writeln!(out, "{m}").map_err(io)?;
            }
            writeln!(out, "{} moves", moves.len()).map_err(io)
        }
        Command::Perft { divide, depth, .. } => {
            let (lines, total) = G::cli_perft(&at.position(), *depth, *divide)?;
            for (m, n) in &lines {
                writeln!(out, "{m} {n}").map_err(io)?;
            }
            writeln!(out, "{total}").map_err(io)
        }
        Command::Replay { counts, file, gif, .. } => {
            let input = Input::of(file);
            let text = input.read().map_err(|e| Exit::usage(format!("cannot read {}: {e}", input.name)))?;
            if crate::record::Record::looks_like(&text) {
                return records::replay_records(at.game, &text, &input, *counts, gif.as_deref(), out);
            }
            G::cli_replay_check().map_err(Exit::from)?;
            let start: G = engine::game(&at.position())?;
            if let Some(path) = gif {
                return records::line_gif(&start.into(), &text, path, out);
            }
            let mut any_illegal = false;
            for (n, line) in text.lines().enumerate() {
                let Some(moves) = game_line(line) else { continue };
                let text = engine::replay_moves(&start, moves, *counts).unwrap_or_else(|refused| {
                    any_illegal = true;
                    input.refused(n + 1, &refused)
                });
                writeln!(out, "{text}").map_err(io)?;
            }
            if any_illegal { Err(Exit { status: 1, message: String::new() }) } else { Ok(()) }
        }
        Command::Render { moves, output, repeat, .. } => {
            let moves: Vec<String> =
                moves.as_deref().unwrap_or("").split_whitespace().map(str::to_string).collect();
            let draw = || {
                engine::render::<G>(&at.position(), &moves)
                    .map(|img| crate::render::encode_indexed(&img, G::palette()))
                    .map_err(Exit::usage)
            };
            let png = draw()?;
            std::fs::write(output, &png)
                .map_err(|e| Exit::usage(format!("cannot write {}: {e}", output.display())))?;
            writeln!(out, "{}", output.display()).map_err(io)?;
            if let Some(times) = repeat {
                let mut each: Vec<std::time::Duration> = (0..*times)
                    .map(|_| {
                        let started = std::time::Instant::now();
                        draw().map(|png| {
                            std::hint::black_box(png);
                            started.elapsed()
                        })
                    })
                    .collect::<Result<_, _>>()?;
                each.sort_unstable();
                let median = each[each.len() / 2].as_secs_f64() * 1000.0;
                writeln!(
                    out,
                    "{times} pictures, median {median:.2} ms per picture (drawn and encoded), {} bytes",
                    png.len()
                )
                .map_err(io)?;
            }
            Ok(())
        }
        Command::Bestmove { level, time_ms, colour, seed, .. } => {
            let position = CliPosition { colour: colour.as_deref(), seed: *seed, ..at.position() };
            let game = engine::game::<G>(&position)?;
            bestmove(&game, *level, *time_ms, *seed, out)
        }
        Command::Score { .. } => {
            for (colour, score) in G::cli_score(&at.position())? {
                writeln!(out, "{colour} {score}").map_err(io)?;
            }
            Ok(())
        }
        Command::Run { .. }
        | Command::Local { .. }
        | Command::Ratings { .. }
        | Command::Serve { .. }
        | Command::Backup { .. }
        | Command::Restore { .. }
        | Command::ForgetUser { .. }
        | Command::Match { .. }
        | Command::TablutChallenge { .. } => Err(Exit::usage("this command works on no position")),
    }
}

/// `tabula match`: A against B, alternating who starts, and A's tally.
fn run_match(
    (game, variant): (GameKind, &str),
    (a, b): (Contender, Contender),
    games: u32,
    seed: u64,
    top_ms: u64,
    each: bool,
    out: &mut impl Write,
) -> Result<(), Exit> {
    let io = |e: std::io::Error| Exit::usage(format!("cannot write the output: {e}"));
    let top = std::time::Duration::from_millis(top_ms);
    let mut clock = SearchTimes::default();
    let rules = if variant.is_empty() { String::new() } else { format!(" ({variant})") };
    writeln!(
        out,
        "{}{rules} match, {games} games, A = {a}, B = {b}, seed {seed}, level-5 budget {top_ms} ms",
        game.title()
    )
    .map_err(io)?;
    let mut written = Ok(());
    let tally = play_match((game, variant), (a, b), games, seed, top, &mut clock, |result| {
        if each && written.is_ok() {
            written = writeln!(out, "{result}").and_then(|()| out.flush());
        }
    })
    .map_err(Exit::usage)?;
    written.map_err(io)?;
    writeln!(out, "{tally}").map_err(io)?;
    if clock.searches > 0 {
        writeln!(out, "{clock}").map_err(io)?;
    }
    Ok(())
}

/// `tabula bestmove`: the AI's choice in a position, then its search figures.
fn bestmove<G: Entry>(
    game: &G,
    level: Option<u8>,
    time_ms: Option<u64>,
    seed: u64,
    out: &mut impl Write,
) -> Result<(), Exit> {
    let io = |e: std::io::Error| Exit::usage(format!("cannot write the output: {e}"));
    if game.to_move().is_none() {
        return Err(Exit::usage("the game is over in that position: there is no move to find"));
    }
    let limits = match (level, time_ms) {
        (_, Some(ms)) => Limits::time(std::time::Duration::from_millis(ms), seed),
        (level, None) => {
            let level = level.unwrap_or(5);
            if !crate::ai::LEVELS.contains(&level) {
                return Err(Exit::usage(format!("there is no level {level}: use 1 to 5")));
            }
            G::limits(level, std::time::Duration::from_secs(2), seed)
        }
    };
    let report = game.think(&limits);
    let secs = report.elapsed.as_secs_f64().max(1e-9);
    writeln!(out, "{}", report.moves.join(" ")).map_err(io)?;
    writeln!(
        out,
        "depth {} nodes {} score {} time {:.0} ms ({:.0} nodes/s)",
        report.depth,
        report.nodes,
        report.score,
        secs * 1e3,
        report.nodes as f64 / secs
    )
    .map_err(io)
}

/// The moves of one line of a game file: blank lines and `#` comments are skipped, and in the reference
/// format (`result<TAB>moves<TAB>counts`) the moves are the second field.
fn game_line(line: &str) -> Option<&str> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let mut fields = line.split('\t');
    match (fields.next(), fields.next()) {
        (Some(_), Some(moves)) => Some(moves.trim()),
        _ => Some(trimmed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_lines_accept_plain_and_reference_formats() {
        assert_eq!(game_line("e8-d8 e4-h4"), Some("e8-d8 e4-h4"));
        assert_eq!(game_line("white\te8-d8 e4-h4\t80 50"), Some("e8-d8 e4-h4"));
        assert_eq!(game_line("# comment"), None);
        assert_eq!(game_line("   "), None);
    }
}
