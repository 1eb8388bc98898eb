//! The `tabula` command line: running the bot or the console, and the engine and picture commands of `cli.md`.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::ai::arena::{Clock, Player, play_match};
use crate::ai::{Limits, think};
use crate::games::{AnyGame, GameKind};

pub mod tablut;
pub mod tantrix;
pub mod tzaar;

/// Tablut, TZAAR and Tantrix for Discord, with their engines and pictures on the command line.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about, propagate_version = true, after_help = tzaar::HELP)]
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
    },
    /// Lists the legal moves, one per line, then `N moves`.
    Moves {
        game: GameKind,
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        variant: Option<String>,
    },
    /// Counts move sequences of a given depth (turns for TZAAR).
    Perft {
        game: GameKind,
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        variant: Option<String>,
        /// Prints each first move with its count.
        #[arg(long)]
        divide: bool,
        depth: u32,
    },
    /// Replays games, one per line of FILE (`-` for standard input), and prints each result.
    Replay {
        game: GameKind,
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        variant: Option<String>,
        /// Also prints the number of legal moves before each move.
        #[arg(long)]
        counts: bool,
        file: String,
    },
    /// Draws a position (after the moves, the last one highlighted) to a PNG file.
    Render {
        game: GameKind,
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        variant: Option<String>,
        /// Moves to play first, separated by spaces.
        #[arg(long)]
        moves: Option<String>,
        #[arg(short = 'o', long)]
        output: PathBuf,
    },
    /// Asks the AI for a move and prints it, then the search figures.
    Bestmove {
        game: GameKind,
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        variant: Option<String>,
        /// Strength 1 to 5 (default 5).
        #[arg(long, conflicts_with = "time_ms")]
        level: Option<u8>,
        /// Think for this many milliseconds, at full strength.
        #[arg(long)]
        time_ms: Option<u64>,
        /// Tantrix: the colour (R, B, Y or G) whose hand the position line gives, which is to move.
        #[arg(long)]
        colour: Option<String>,
        /// Seed of the search's sampling (and, for Tantrix, of the unseen hands it deals).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Plays AI against AI (a level 1-5, `random` or `greedy`) and prints A's wins, draws and losses.
    Match {
        game: GameKind,
        #[arg(long)]
        a: Player,
        #[arg(long)]
        b: Player,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The time budget per move of level 5, in milliseconds (lower levels use less).
        #[arg(long, default_value_t = 2000)]
        top_ms: u64,
        /// Also prints a line for each game as it ends: its seed, A's seat, the result and why.
        #[arg(long)]
        each: bool,
    },
    /// Prints each colour's best chain score (Tantrix).
    Score {
        game: GameKind,
        #[arg(long)]
        position: String,
    },
}

/// How an engine command ended: the process exit status and the sentence for stderr, if any.
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    pub status: u8,
    pub message: String,
}

impl Failure {
    fn usage(message: impl Into<String>) -> Self {
        Failure { status: 2, message: message.into() }
    }
}

/// Runs one of the engine and picture commands, writing its output to `out`.
pub fn run_engine_command(command: &Command, out: &mut impl Write) -> Result<(), Failure> {
    let io = |e: std::io::Error| Failure::usage(format!("cannot write the output: {e}"));
    match command {
        Command::Run { .. } | Command::Local { .. } => {
            Err(Failure::usage("this command is run by the binary itself, not as an engine command"))
        }
        Command::Moves { game, position, variant } => {
            let moves = match game {
                GameKind::Tablut => tablut::moves(position.as_deref(), variant.as_deref()),
                GameKind::Tzaar => tzaar::moves(position.as_deref(), variant.as_deref()),
                GameKind::Tantrix => tantrix::moves(required(position.as_deref())?),
            }
            .map_err(Failure::usage)?;
            for m in &moves {
                writeln!(out, "{m}").map_err(io)?;
            }
            writeln!(out, "{} moves", moves.len()).map_err(io)
        }
        Command::Perft { game, position, variant, divide, depth } => {
            let (lines, total) = match game {
                GameKind::Tablut => tablut::perft(position.as_deref(), variant.as_deref(), *depth, *divide),
                GameKind::Tzaar => tzaar::perft(position.as_deref(), variant.as_deref(), *depth, *divide),
                GameKind::Tantrix => return Err(Failure::usage(
                    "perft is for tablut and tzaar; for tantrix, `tabula moves tantrix --position P` lists the moves",
                )),
            }
            .map_err(Failure::usage)?;
            for (m, n) in &lines {
                writeln!(out, "{m} {n}").map_err(io)?;
            }
            writeln!(out, "{total}").map_err(io)
        }
        Command::Replay { game, position, variant, counts, file } => {
            let reader: Box<dyn BufRead> = if file == "-" {
                Box::new(std::io::BufReader::new(std::io::stdin()))
            } else {
                let f = std::fs::File::open(file)
                    .map_err(|e| Failure::usage(format!("cannot open {file}: {e}")))?;
                Box::new(std::io::BufReader::new(f))
            };
            let mut any_illegal = false;
            for line in reader.lines() {
                let line = line.map_err(|e| Failure::usage(format!("cannot read {file}: {e}")))?;
                let Some(moves) = game_line(&line) else { continue };
                let printed = match game {
                    GameKind::Tablut => {
                        tablut::replay_line(position.as_deref(), variant.as_deref(), moves, *counts)
                    }
                    GameKind::Tzaar => {
                        tzaar::replay_line(position.as_deref(), variant.as_deref(), moves, *counts)
                    }
                    GameKind::Tantrix => {
                        return Err(Failure::usage(
                            "replay is for tablut and tzaar: a Tantrix game depends on its hidden bag",
                        ));
                    }
                };
                let text = printed.unwrap_or_else(|illegal| {
                    any_illegal = true;
                    illegal
                });
                writeln!(out, "{text}").map_err(io)?;
            }
            if any_illegal { Err(Failure { status: 1, message: String::new() }) } else { Ok(()) }
        }
        Command::Render { game, position, variant, moves, output } => {
            let moves: Vec<String> =
                moves.as_deref().unwrap_or("").split_whitespace().map(str::to_string).collect();
            let img = match game {
                GameKind::Tablut => tablut::render(position.as_deref(), variant.as_deref(), &moves),
                GameKind::Tzaar => tzaar::render(position.as_deref(), variant.as_deref(), &moves),
                GameKind::Tantrix => tantrix::render(required(position.as_deref())?, &moves),
            }
            .map_err(Failure::usage)?;
            std::fs::write(output, crate::render::encode_png(&img))
                .map_err(|e| Failure::usage(format!("cannot write {}: {e}", output.display())))?;
            writeln!(out, "{}", output.display()).map_err(io)
        }
        Command::Bestmove { game, position, variant, level, time_ms, colour, seed } => {
            let any =
                analysis_game(*game, position.as_deref(), variant.as_deref(), colour.as_deref(), *seed)?;
            bestmove(&any, *level, *time_ms, *seed, out)
        }
        Command::Match { game, a, b, games, seed, top_ms, each } => {
            run_match(*game, (*a, *b), *games, *seed, *top_ms, *each, out)
        }
        Command::Score { game: GameKind::Tantrix, position } => {
            for (colour, score) in tantrix::score(position).map_err(Failure::usage)? {
                writeln!(out, "{colour} {score}").map_err(io)?;
            }
            Ok(())
        }
        Command::Score { game, .. } => {
            Err(Failure::usage(format!("`score` is for tantrix; {} has no chain scores", game.name())))
        }
    }
}

/// `tabula match`: A against B, alternating who starts, and A's tally.
fn run_match(
    game: GameKind,
    (a, b): (Player, Player),
    games: u32,
    seed: u64,
    top_ms: u64,
    each: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let io = |e: std::io::Error| Failure::usage(format!("cannot write the output: {e}"));
    let top = std::time::Duration::from_millis(top_ms);
    let mut clock = Clock::default();
    writeln!(
        out,
        "{} match, {games} games, A = {a}, B = {b}, seed {seed}, level-5 budget {top_ms} ms",
        game.title()
    )
    .map_err(io)?;
    let mut written = Ok(());
    let tally = play_match(game, (a, b), games, seed, top, &mut clock, |result| {
        if each && written.is_ok() {
            written = writeln!(out, "{result}").and_then(|()| out.flush());
        }
    })
    .map_err(Failure::usage)?;
    written.map_err(io)?;
    writeln!(out, "{tally}").map_err(io)?;
    if clock.searches > 0 {
        writeln!(out, "{clock}").map_err(io)?;
    }
    Ok(())
}

/// The game `bestmove` thinks about: the position given (Tantrix also needs the colour to move), or the start.
fn analysis_game(
    game: GameKind,
    position: Option<&str>,
    variant: Option<&str>,
    colour: Option<&str>,
    seed: u64,
) -> Result<AnyGame, Failure> {
    if colour.is_some() && game != GameKind::Tantrix {
        return Err(Failure::usage(format!(
            "--colour is for tantrix; {} says whose turn it is in its position",
            game.name()
        )));
    }
    Ok(match game {
        GameKind::Tablut => AnyGame::Tablut(tablut::game(position, variant).map_err(Failure::usage)?),
        GameKind::Tzaar => AnyGame::Tzaar(tzaar::game(position, variant).map_err(Failure::usage)?),
        GameKind::Tantrix => AnyGame::Tantrix(
            tantrix::game(required(position)?, colour, variant, seed).map_err(Failure::usage)?,
        ),
    })
}

/// `tabula bestmove`: the AI's choice in a position, then its search figures.
fn bestmove(
    any: &AnyGame,
    level: Option<u8>,
    time_ms: Option<u64>,
    seed: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let io = |e: std::io::Error| Failure::usage(format!("cannot write the output: {e}"));
    let game = any.kind();
    if any.to_move().is_none() {
        return Err(Failure::usage("the game is over in that position: there is no move to find"));
    }
    let limits = match (level, time_ms) {
        (_, Some(ms)) => Limits::time(std::time::Duration::from_millis(ms), seed),
        (level, None) => {
            let level = level.unwrap_or(5);
            if !crate::ai::LEVELS.contains(&level) {
                return Err(Failure::usage(format!("there is no level {level}: use 1 to 5")));
            }
            Limits::level(game, level, std::time::Duration::from_secs(2), seed)
        }
    };
    let report = think(any, &limits);
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

/// The position a game without a start position (Tantrix) must be given.
fn required(position: Option<&str>) -> Result<&str, Failure> {
    position.ok_or_else(|| Failure::usage("tantrix has no start position: give one with --position"))
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
