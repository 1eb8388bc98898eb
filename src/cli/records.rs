//! `tabula replay` over game records (the format `/game` attaches, see [`crate::record`]) and `--gif`: the
//! animated replay of a record, or of the first game line of a file of moves.

use std::io::Write;
use std::path::Path;

use super::{Exit, game_line};
use crate::games::{AnyGame, GameKind};
use crate::record::animate::{animate, animate_game};
use crate::record::{Record, RecordError};

/// The records of a file, split where a tag line follows moves.
fn split(text: &str) -> Vec<String> {
    let mut records: Vec<String> = Vec::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && (in_moves || records.is_empty()) {
            records.push(String::new());
            in_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            in_moves = true;
        }
        if let Some(current) = records.last_mut() {
            current.push_str(line);
            current.push('\n');
        }
    }
    records
}

fn write_gif(bytes: &[u8], path: &Path, out: &mut impl Write) -> Result<(), Exit> {
    std::fs::write(path, bytes).map_err(|e| Exit::usage(format!("cannot write {}: {e}", path.display())))?;
    writeln!(out, "{}", path.display()).map_err(|e| Exit::usage(format!("cannot write the output: {e}")))
}

/// Replays every record of `text` (games of `game`), printing each one's result, or `illegal <ply> <move>: …` /
/// the mismatch of its stated result; with `gif`, draws the (single) record's replay there.
pub(super) fn replay_records(
    game: GameKind,
    text: &str,
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
    for (n, text) in records.iter().enumerate() {
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
            Ok(replayed) => writeln!(out, "{}", replayed.result).map_err(io)?,
            Err(e @ (RecordError::Illegal { .. } | RecordError::Result { .. })) => {
                refused = true;
                writeln!(out, "{e}").map_err(io)?;
            }
            Err(e) => return Err(usage(e)),
        }
        if let Some(path) = gif.filter(|_| !refused) {
            let replay = animate(&record, usize::MAX, crate::i18n::Lang::En)
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
    match animate_game(start, &moves, &[], usize::MAX, crate::i18n::Lang::En) {
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
        assert!(records[1].starts_with("[Game \"A\"]\n\n1. c"));
    }
}
