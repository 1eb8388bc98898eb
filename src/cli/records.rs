//! `tabula replay` over game records (the format `/game` attaches, see [`crate::record`]) and `--gif`: the
//! animated replay of a record, or of the first game line of a file of moves.

use std::io::Write;
use std::path::Path;

use super::{Exit, Input, game_line};
use crate::games::{AnyGame, GameKind};
use crate::record::animate::{animate, animate_game};
use crate::record::{Record, RecordError, Replayed};

/// The records of a file, split where a tag line follows moves, each with the line of the file it starts on
/// (from 1).
fn split(text: &str) -> Vec<(usize, String)> {
    let mut records: Vec<(usize, String)> = Vec::new();
    let mut in_moves = false;
    for (n, line) in text.lines().enumerate() {
        let tag = line.trim_start().starts_with('[');
        if tag && (in_moves || records.is_empty()) {
            records.push((n + 1, String::new()));
            in_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            in_moves = true;
        }
        if let Some((_, current)) = records.last_mut() {
            current.push_str(line);
            current.push('\n');
        }
    }
    records
}

/// The number of legal moves before each move of a replayed record (`--counts`).
fn counts_of(replayed: &Replayed, moves: &[String]) -> Result<Vec<usize>, Exit> {
    let mut game = AnyGame::new(replayed.kind, &replayed.setup).map_err(|e| Exit::usage(e.to_string()))?;
    let mut counts = Vec::with_capacity(moves.len());
    for m in moves {
        counts.push(game.legal_moves_text().len());
        game.play_text(m).map_err(|e| Exit::usage(e.to_string()))?;
    }
    Ok(counts)
}

fn write_gif(bytes: &[u8], path: &Path, out: &mut impl Write) -> Result<(), Exit> {
    std::fs::write(path, bytes).map_err(|e| Exit::usage(format!("cannot write {}: {e}", path.display())))?;
    writeln!(out, "{}", path.display()).map_err(|e| Exit::usage(format!("cannot write the output: {e}")))
}

/// Replays every record of `text` (games of `game`), printing each one's result (with `counts`, then the number
/// of legal moves before each move), or `illegal <ply> <move>: …` with the line of `input` that holds the move,
/// or the mismatch of its stated result; with `gif`, draws the (single) record's replay there.
pub(super) fn replay_records(
    game: GameKind,
    text: &str,
    input: &Input<'_>,
    counts: bool,
    gif: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), Exit> {
    let io = |e: std::io::Error| Exit::usage(format!("cannot write the output: {e}"));
    let records = split(text);
    if gif.is_some() && records.len() != 1 {
        return Err(Exit::usage(format!(
            "--gif draws one game, and the file holds {} records",
            records.len()
        )));
    }
    let mut refused = false;
    for (n, (first_line, text)) in records.iter().enumerate() {
        let usage = |e: RecordError| Exit::usage(format!("record {}: {e}", n + 1));
        let record = Record::parse(text).map_err(usage)?;
        let (kind, _) = record.setup().map_err(usage)?;
        if kind != game {
            return Err(Exit::usage(format!(
                "record {} is a game of {}, not {}: run `tabula replay {} FILE`",
                n + 1,
                kind.title(),
                game.title(),
                kind.name()
            )));
        }
        match record.replay() {
            Ok(replayed) if counts => {
                let numbers = super::engine::numbers(&counts_of(&replayed, &record.moves)?);
                writeln!(out, "{}{numbers}", replayed.result).map_err(io)?;
            }
            Ok(replayed) => writeln!(out, "{}", replayed.result).map_err(io)?,
            Err(RecordError::Illegal { ply, text: move_text, why }) => {
                refused = true;
                let lines = Record::move_lines(text).map_err(usage)?;
                let line = first_line + lines.get(ply - 1).copied().unwrap_or(1) - 1;
                let refusal = super::engine::Refused { ply, text: move_text, why };
                writeln!(out, "{}", input.refused(line, &refusal)).map_err(io)?;
            }
            Err(e @ RecordError::Result { .. }) => {
                refused = true;
                writeln!(out, "{e} (record {} at line {first_line} of {})", n + 1, input.name).map_err(io)?;
            }
            Err(e) => return Err(usage(e)),
        }
        if let Some(path) = gif.filter(|_| !refused) {
            let ended = record.tag("Termination").filter(|t| *t != "unterminated");
            let replay = animate(&record, usize::MAX, crate::i18n::Lang::En, ended)
                .map_err(|e| Exit::usage(e.to_string()))?;
            write_gif(&replay.bytes, path, out)?;
        }
    }
    if refused { Err(Exit { status: 1, message: String::new() }) } else { Ok(()) }
}

/// `--gif` for a file of moves: the replay of its first game line, from `--position` or the start.
pub(super) fn line_gif(start: &AnyGame, text: &str, path: &Path, out: &mut impl Write) -> Result<(), Exit> {
    let Some(line) = text.lines().find_map(game_line) else {
        return Err(Exit::usage("--gif needs a game: the file holds no line of moves"));
    };
    let moves: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    match animate_game(start, &moves, (&[], None), usize::MAX, crate::i18n::Lang::En) {
        Ok(replay) => write_gif(&replay.bytes, path, out),
        Err(e) => {
            writeln!(out, "{e}").map_err(|e| Exit::usage(format!("cannot write the output: {e}")))?;
            Err(Exit { status: 1, message: String::new() })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_split_into_records() {
        let text = "[Game \"A\"]\n[Id \"1\"]\n\n1. a b\n\n[Game \"A\"]\n\n1. c\n";
        let records = split(text);
        assert_eq!(records.len(), 2);
        assert_eq!((records[0].0, records[1].0), (1, 6), "the lines they start on");
        assert!(records[1].1.starts_with("[Game \"A\"]\n\n1. c"));
    }
}
