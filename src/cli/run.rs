//! Running the engine and picture commands that the command line parsed: reading the input, choosing the
//! game, printing the answer, and the exit status.

use super::*;

/// How an engine command ended: the process exit status and the sentence for stderr, if any.
#[derive(Debug, PartialEq, Eq)]
pub struct Exit {
    pub status: u8,
    pub message: String,
}

impl Exit {
    pub(super) fn usage(message: impl Into<String>) -> Self {
        Exit { status: 2, message: message.into() }
    }
}

impl From<CliError> for Exit {
    fn from(e: CliError) -> Self {
        match e {
            // Not a usage error: the command was right, the search could not finish.
            CliError::GaveUp(message) => Exit { status: 1, message },
            e => Exit::usage(e.to_string()),
        }
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
        | Command::Check { .. }
        | Command::ForgetUser { .. } => {
            Err(Exit::usage("this command is run by the binary itself, not as an engine command"))
        }
        Command::Match { game, a, b, games, seed, paired, top_ms, each, variant, threads } => {
            let budget =
                Budget { top: std::time::Duration::from_millis(*top_ms), threads: *threads as usize };
            let schedule = Schedule { games: *games, seed: *seed, paired: *paired };
            run_match((*game, variant.as_deref().unwrap_or("")), (*a, *b), schedule, budget, *each, out)
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
        Command::Solve { game, puzzle, size, count, seed } => {
            let lines = each_kind!(*game, G => G::cli_solve(puzzle, *size, *count, *seed))?;
            for line in lines {
                writeln!(out, "{line}").map_err(|e| Exit::usage(format!("cannot write the output: {e}")))?;
            }
            Ok(())
        }
        Command::Tactics { game, games, seed, budget, top_ms } => {
            let spec = tabula_games::games::tactic::Generator {
                game: *game,
                seed: *seed,
                games: *games,
                budget: *budget,
                top: std::time::Duration::from_millis(*top_ms),
            };
            let started = std::time::Instant::now();
            let mut failed = None;
            let found = tabula_games::games::tactic::generate(&spec, |t| {
                let line = serde_json::to_string(t).unwrap_or_default();
                if let Err(e) = writeln!(out, "{line}") {
                    failed.get_or_insert(e);
                }
            });
            if let Some(e) = failed {
                return Err(Exit::usage(format!("cannot write the output: {e}")));
            }
            let minutes = started.elapsed().as_secs_f64() / 60.0;
            // How hard they are: the share a level-3 player solves.
            let level3 = found.iter().filter(|t| tabula_games::games::tactic::solves(t, 3, spec.top)).count();
            eprintln!(
                "{} tactics from {games} games in {:.1} s ({:.1} a minute); level 3 solves {level3} of them",
                found.len(),
                minutes * 60.0,
                found.len() as f64 / minutes.max(1e-9)
            );
            Ok(())
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
        Command::Bestmove { level, time_ms, colour, seed, threads, .. } => {
            let threads = threads.map_or_else(crate::ai::cores::total, |n| n as usize);
            let position = CliPosition { colour: colour.as_deref(), seed: *seed, ..at.position() };
            let game = engine::game::<G>(&position)?;
            bestmove(&game, (*level, *time_ms), *seed, threads, out)
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
        | Command::Check { .. }
        | Command::ForgetUser { .. }
        | Command::Match { .. }
        | Command::Solve { .. }
        | Command::Tactics { .. }
        | Command::TablutChallenge { .. } => Err(Exit::usage("this command works on no position")),
    }
}

/// `tabula match`: A against B, alternating who starts, and A's tally.
fn run_match(
    (game, variant): (GameKind, &str),
    (a, b): (Contender, Contender),
    schedule: Schedule,
    budget: Budget,
    each: bool,
    out: &mut impl Write,
) -> Result<(), Exit> {
    let io = |e: std::io::Error| Exit::usage(format!("cannot write the output: {e}"));
    let top_ms = budget.top.as_millis();
    let mut clock = SearchTimes::default();
    let rules = if variant.is_empty() { String::new() } else { format!(" ({variant})") };
    let Schedule { games, seed, paired } = schedule;
    let pairs = if paired { ", paired" } else { "" };
    writeln!(
        out,
        "{}{rules} match, {games} games, A = {a}, B = {b}, seed {seed}{pairs}, level-5 budget {top_ms} ms",
        game.title()
    )
    .map_err(io)?;
    let mut written = Ok(());
    let tally = play_match((game, variant), (a, b), schedule, budget, &mut clock, |result| {
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
    (level, time_ms): (Option<u8>, Option<u64>),
    seed: u64,
    threads: usize,
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
    let report = game.think(&Limits { threads, ..limits });
    let secs = report.elapsed.as_secs_f64().max(1e-9);
    writeln!(out, "{}", report.moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
        .map_err(io)?;
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
pub(super) fn game_line(line: &str) -> Option<&str> {
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
