//! Game records: the PGN-like text `/game` attaches and `tabula replay` reads back, made from a game's setup and
//! stored moves (never stored twice), and the animated replay drawn from them ([`animate`]).
//!
//! ```text
//! [Game "Tablut"]
//! [Id "1042"]
//! [Variant "seed"]
//! [Date "2026.11.30"]
//! [Black "alice"]
//! [White "bob"]
//! [Seed "7"]
//! [Result "white"]
//! [Termination "the king escaped to a1"]
//!
//! 1. e8-d8
//! 2. e4-h4
//! ```
//!
//! Tag values are quoted with `\"` and `\\` escaped. One tag per seat, named by the first word of the game's own
//! [label](crate::games::AnyGame::seat_label) for it (a side or a colour), in seat order; `Variant` when the game
//! has one; `Seats` only for games whose number of players varies; `Seed` only for games that shuffle (older
//! records may carry one for any game: it is read and ignored); `Abandoned`, the seats that were left (resigned or
//! ran out of time in a game of more than two, played on by the computer), by their tags in the order they were
//! left. The moves follow a blank line, one line per move number of the game (a TZAAR turn's moves share a line);
//! move numbers (`12.`) and `{comments}` are skipped when reading.
//!
//! `Result` names who placed first, by the seat's [name](AnyGame::seat_name) (`white`, `red`); seats that share the first
//! place are joined by `=` (`red=yellow`); `draw` when everyone shares it, `*` for a game with no result (in play
//! or aborted). The places follow one rule for every ending (see [`crate::rating::standing`]), so a record's
//! result is the ratings' and `/history`'s. (Older records named a Tantrix seat by its number, `1`, and are read.)

use std::fmt::Write as _;

use crate::games::{AnyGame, GameKind, Setup, SetupError};

pub mod animate;

/// A game record: its tags in order, then its moves in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

/// A record's tags in order: (name, value).
type Tags = Vec<(String, String)>;

/// Why a record cannot be read or does not replay.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("line {line}: {why}")]
    Syntax { line: usize, why: String },
    #[error("the record has no `{0}` tag")]
    Missing(&'static str),
    #[error("the `{tag}` tag `{value}` is not {what}")]
    Tag { tag: &'static str, value: String, what: &'static str },
    #[error("the record's game does not start: {0}")]
    Setup(SetupError),
    /// The moves do not replay: `illegal <ply> <move>: <reason>`, like `tabula replay`.
    #[error("illegal {ply} {text}: {why}")]
    Illegal { ply: usize, text: String, why: String },
    #[error("the record says `{said}`, but its moves end in `{got}`")]
    Result { said: String, got: String },
}

/// Everything a record is made from: the stored game and how it ended.
#[derive(Clone, Debug)]
pub struct Source<'a> {
    pub id: i64,
    pub kind: GameKind,
    pub setup: &'a Setup,
    /// The players' names, in seat order.
    pub names: &'a [String],
    pub moves: &'a [String],
    /// When the game was created, in seconds since the Unix epoch.
    pub created_at: i64,
    /// How the game ended, in words (the `Termination` tag), once it has; made by the session layer from the
    /// stored ending in the reader's language, and never read back.
    pub termination: Option<String>,
    /// The players' places once the game is finished (as the session recorded them): the `Result` tag.
    pub places: Option<&'a [usize]>,
    /// The seats that were left, in the order they were left.
    pub left: Vec<usize>,
}

/// The replayed game of a record, with what its tags say.
pub struct Replayed {
    pub kind: GameKind,
    pub setup: Setup,
    pub names: Vec<String>,
    /// The game after every move.
    pub game: AnyGame,
    /// The `Result` tag.
    pub result: String,
}

/// The date `seconds` (since the Unix epoch) falls on, as `YYYY.MM.DD` (UTC).
pub(crate) fn date(seconds: i64) -> String {
    let (year, month, day) = crate::text::civil(seconds.div_euclid(86_400));
    format!("{year:04}.{month:02}.{day:02}")
}

/// The tags every record may carry besides its seats.
const STANDARD: [&str; 11] = [
    "Event",
    "Game",
    "Id",
    "Variant",
    "Date",
    "Round",
    "Seats",
    "Seed",
    "Abandoned",
    "Result",
    "Termination",
];

/// The tag naming seat `seat`: the first word of the game's label for it, or `Seat<n>`.
fn seat_tag(game: &AnyGame, seat: usize) -> String {
    let label = game.seat_label(seat);
    let word: String =
        label.split_whitespace().next().unwrap_or_default().chars().filter(|c| c.is_alphanumeric()).collect();
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => format!("Seat{}", seat + 1),
    }
}

/// The seat tags of a game, in seat order, made unique.
fn seat_tags(game: &AnyGame, seats: usize) -> Vec<String> {
    let mut tags: Vec<String> = (0..seats).map(|s| seat_tag(game, s)).collect();
    for s in 0..seats {
        if tags[..s].contains(&tags[s]) || STANDARD.contains(&tags[s].as_str()) {
            tags[s] = format!("Seat{}", s + 1);
        }
    }
    tags
}

/// The `Result` of a game whose players took `places`: the first place's seats by their
/// [names](AnyGame::seat_name), joined by `=`, or `draw` when everyone shares it.
fn result_of(game: &AnyGame, places: &[usize]) -> String {
    let first = crate::rating::first_places(places);
    if first.len() == places.len() && places.len() > 1 {
        return "draw".to_string();
    }
    let words: Vec<String> = first.iter().map(|&s| game.seat_name(s)).collect();
    words.join("=")
}

impl Record {
    /// Names the event the game was played in (`[Event "…"]` first) and its round (`[Round "2"]` after the date),
    /// as a tournament's games carry them.
    pub(crate) fn set_event(&mut self, event: &str, round: u32) {
        self.tags.retain(|(k, _)| k != "Event" && k != "Round");
        self.tags.insert(0, ("Event".to_string(), event.to_string()));
        let after = self.tags.iter().position(|(k, _)| k == "Date").map_or(self.tags.len(), |i| i + 1);
        self.tags.insert(after, ("Round".to_string(), round.to_string()));
    }

    /// The record of a stored game; its moves are replayed to find the result and re-validated.
    pub fn of(source: &Source<'_>) -> Result<Record, SetupError> {
        let game = AnyGame::replay(source.kind, source.setup, source.moves)?;
        let info = source.kind.info();
        let variant = if source.setup.variant.is_empty() {
            info.default_variant().map_or("", |v| v.name).to_string()
        } else {
            source.setup.variant.clone()
        };
        let mut tags = vec![
            ("Game".to_string(), source.kind.title().to_string()),
            ("Id".to_string(), source.id.to_string()),
        ];
        if !variant.is_empty() {
            tags.push(("Variant".to_string(), variant));
        }
        tags.push(("Date".to_string(), date(source.created_at)));
        let seat_tags = seat_tags(&game, source.names.len());
        for (tag, name) in seat_tags.iter().zip(source.names) {
            tags.push((tag.clone(), name.clone()));
        }
        if info.seats.start() != info.seats.end() {
            tags.push(("Seats".to_string(), source.setup.seats.to_string()));
        }
        if source.kind.shuffles() {
            tags.push(("Seed".to_string(), source.setup.seed.to_string()));
        }
        if !source.left.is_empty() {
            let left: Vec<&str> =
                source.left.iter().filter_map(|&s| seat_tags.get(s)).map(String::as_str).collect();
            tags.push(("Abandoned".to_string(), left.join(" ")));
        }
        // Who placed first is the stored places' (the session's, for every ending); a game with none (in play,
        // aborted) has no result.
        let result = match source.places.filter(|p| p.len() == seat_tags.len()) {
            Some(places) => result_of(&game, places),
            // Moves that end the game say its places themselves (with the seats that were left below).
            None if game.outcome().is_some() => {
                let mut left = vec![None; seat_tags.len()];
                for (n, &s) in source.left.iter().enumerate() {
                    if let Some(l) = left.get_mut(s) {
                        *l = Some(n as u32 + 1);
                    }
                }
                result_of(&game, &crate::rating::standing(&game.places(), &left))
            }
            None => "*".to_string(),
        };
        let termination = source.termination.clone().unwrap_or_else(|| "unterminated".to_string());
        tags.push(("Result".to_string(), result));
        tags.push(("Termination".to_string(), termination));
        Ok(Record { tags, moves: source.moves.to_vec() })
    }

    /// The value of tag `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Whether `text` looks like a record (its first non-blank line is a tag) rather than a line of moves.
    pub fn looks_like(text: &str) -> bool {
        text.lines().find(|l| !l.trim().is_empty()).is_some_and(|l| l.trim_start().starts_with('['))
    }

    /// The record as text: tags, a blank line, then the moves, one line per move number of the game.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
            let _ = writeln!(out, "[{key} \"{value}\"]");
        }
        out.push('\n');
        let numbers = self.move_numbers();
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            if i == 0 || numbers.get(i) != numbers.get(i - 1) {
                if !line.is_empty() {
                    let _ = writeln!(out, "{line}");
                }
                line = format!("{}.", numbers.get(i).copied().unwrap_or(i + 1));
            }
            line.push(' ');
            line.push_str(m);
        }
        if !line.is_empty() {
            let _ = writeln!(out, "{line}");
        }
        out
    }

    /// The game's move number before each move (by ply when the record does not replay).
    fn move_numbers(&self) -> Vec<usize> {
        let fallback = || (1..=self.moves.len()).collect();
        let Ok((kind, setup)) = self.setup() else { return fallback() };
        let Ok(mut game) = AnyGame::new(kind, &setup) else { return fallback() };
        let mut numbers = Vec::with_capacity(self.moves.len());
        for m in &self.moves {
            numbers.push(game.move_number());
            if game.play_text(m).is_err() {
                return fallback();
            }
        }
        numbers
    }

    /// Reads a record written by [`Record::write`] (or by hand in the same format).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let (tags, moves) = Self::read(text)?;
        Ok(Record { tags, moves: moves.into_iter().map(|(_, m)| m).collect() })
    }

    /// The line of `text` (from 1) that holds each move of the record it is, in order, so that a refused move
    /// can be pointed at.
    pub fn move_lines(text: &str) -> Result<Vec<usize>, RecordError> {
        Ok(Self::read(text)?.1.into_iter().map(|(line, _)| line).collect())
    }

    /// The tags of a record's text, and its moves each with its line (from 1).
    fn read(text: &str) -> Result<(Tags, Vec<(usize, String)>), RecordError> {
        let mut tags = Vec::new();
        let mut moves = Vec::new();
        let mut in_comment = false;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let syntax = |why: &str| RecordError::Syntax { line: i + 1, why: why.to_string() };
            if !in_comment && moves.is_empty() && line.starts_with('[') {
                let inner = line
                    .strip_prefix('[')
                    .and_then(|l| l.strip_suffix(']'))
                    .ok_or_else(|| syntax("a tag ends with `]`"))?;
                let (key, value) =
                    inner.split_once(' ').ok_or_else(|| syntax("a tag is `[Name \"value\"]`"))?;
                let value = value.trim();
                let quoted = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| syntax("a tag's value is in double quotes"))?;
                tags.push((key.to_string(), unescape(quoted)));
                continue;
            }
            for word in line.split_whitespace() {
                if in_comment || word.starts_with('{') {
                    in_comment = !word.ends_with('}');
                } else if word.starts_with(';') {
                    break;
                } else if !is_move_number(word) {
                    moves.push((i + 1, word.to_string()));
                }
            }
        }
        if tags.is_empty() {
            return Err(RecordError::Syntax {
                line: 1,
                why: "a record starts with its tags, like `[Game \"…\"]`".into(),
            });
        }
        Ok((tags, moves))
    }

    /// The game and setup the tags describe.
    pub fn setup(&self) -> Result<(GameKind, Setup), RecordError> {
        let game = self.tag("Game").ok_or(RecordError::Missing("Game"))?;
        let kind: GameKind = game.parse().map_err(|_| RecordError::Tag {
            tag: "Game",
            value: game.into(),
            what: "a game Tabula plays",
        })?;
        let seed = match self.tag("Seed") {
            None => 0,
            Some(s) => {
                s.parse().map_err(|_| RecordError::Tag { tag: "Seed", value: s.into(), what: "a number" })?
            }
        };
        let seats = match self.tag("Seats") {
            None => *kind.seats().start(),
            Some(s) => s.parse().map_err(|_| RecordError::Tag {
                tag: "Seats",
                value: s.into(),
                what: "a number of players",
            })?,
        };
        let variant = self.tag("Variant").unwrap_or_default().to_string();
        Ok((kind, Setup { variant, seed, seats }))
    }

    /// Replays the record move by move and checks that its moves end in its `Result`: a game the moves finish
    /// must say how; a game they leave open may carry a result of its own (a resignation) or `*`.
    pub fn replay(&self) -> Result<Replayed, RecordError> {
        let (kind, setup) = self.setup()?;
        let mut game = AnyGame::new(kind, &setup).map_err(RecordError::Setup)?;
        let names = seat_tags(&game, setup.seats)
            .iter()
            .map(|t| self.tag(t).unwrap_or_default().to_string())
            .collect();
        for (i, m) in self.moves.iter().enumerate() {
            game.play_text(m).map_err(|why| RecordError::Illegal {
                ply: i + 1,
                text: m.clone(),
                why: why.to_string(),
            })?;
        }
        let said = self.tag("Result").ok_or(RecordError::Missing("Result"))?.to_string();
        let tags = seat_tags(&game, setup.seats);
        let left = self.abandoned(&tags)?;
        if game.outcome().is_some() {
            // The moves ended the game: its places follow from them (and from who left), and so its result.
            let places = crate::rating::standing(&game.places(), &left);
            let expected = result_of(&game, &places);
            if said != expected && !older_result(&said, &expected, &game) {
                return Err(RecordError::Result { said, got: expected });
            }
        } else if !(said == "*" || said == "draw" || is_first_places(&said, &game)) {
            return Err(RecordError::Tag {
                tag: "Result",
                value: said,
                what: "seats of the game (joined by `=`), `draw` or `*`",
            });
        }
        Ok(Replayed { kind, setup, names, game, result: said })
    }
}

impl Record {
    /// The order in which each seat was left, from the `Abandoned` tag (`None` for a seat that stayed).
    fn abandoned(&self, tags: &[String]) -> Result<Vec<Option<u32>>, RecordError> {
        let mut left = vec![None; tags.len()];
        for (n, word) in self.tag("Abandoned").unwrap_or_default().split_whitespace().enumerate() {
            let seat = tags.iter().position(|t| t == word).ok_or_else(|| RecordError::Tag {
                tag: "Abandoned",
                value: word.to_string(),
                what: "a seat of the game",
            })?;
            left[seat] = Some(n as u32 + 1);
        }
        Ok(left)
    }
}

/// Whether `said` names seats of the game as a `Result` does (`red=yellow`), or as older records did.
fn is_first_places(said: &str, game: &AnyGame) -> bool {
    let seats = game.setup().seats;
    let named = |w: &str| (0..seats).any(|s| game.seat_name(s) == w);
    said.split('=').all(named) || said.parse::<usize>().is_ok_and(|n| (1..=seats).contains(&n))
}

/// Whether `said` is how older records wrote the result `expected`: a Tantrix seat by its number (`1` for the
/// first), a shared first place as `draw`.
fn older_result(said: &str, expected: &str, game: &AnyGame) -> bool {
    let by_number = said.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).map(|s| game.seat_name(s));
    by_number.as_deref() == Some(expected) || (said == "draw" && expected.contains('='))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out
}

/// `12.` or `12...`: a move number, not a move.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_days() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(951_782_400), "2000.02.29");
        assert_eq!(date(1_796_083_200 - 1), "2026.11.30");
    }

    #[test]
    fn tags_and_moves_read_back() {
        let record = Record {
            tags: vec![("Game".into(), "X".into()), ("White".into(), "a \"quoted\" \\ name".into())],
            moves: vec!["a1-a2".into(), "b1-b2".into()],
        };
        let text = record.write();
        assert!(text.contains(r#"[White "a \"quoted\" \\ name"]"#), "{text}");
        assert_eq!(Record::parse(&text).unwrap(), record);
        let by_hand = "[Game \"X\"]\n\n1. a1-a2 {a comment} 1... b1-b2 ; the rest of the line\n";
        assert_eq!(Record::parse(by_hand).unwrap().moves, ["a1-a2", "b1-b2"]);
        assert!(Record::looks_like("\n  [Game \"X\"]"));
        assert!(!Record::looks_like("e8-d8 e4-h4"));
        assert!(matches!(Record::parse("[Game X]"), Err(RecordError::Syntax { line: 1, .. })));
    }
}
