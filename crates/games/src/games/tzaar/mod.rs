//! TZAAR (official GIPF-project rules), laid out like Tablut: `board` (points, directions, rays), `pieces` (sides,
//! types, stacks, tables by side and by type), `moves` (the move, its notation, the stack-only move list),
//! `position` (the fast position, move generator, `play` and the end), `notation` (the one-line position),
//! `perft` (turn perft), `setup` ([`Layout`], the one reader of every start). [`Game`], a start plus the moves
//! played, implements [`Engine`] for the session layer.

pub mod ai;
pub(crate) mod board;
pub mod cli;
mod entry;
pub mod eval;
pub mod material;
mod moves;
mod notation;
mod perft;
mod phrases;
mod pick;
pub mod picture;
mod pieces;
pub(crate) mod position;
pub mod proof;
mod setup;
mod view;

use std::fmt::Write as _;

pub use board::{Direction, Point, PointError};
pub use moves::{MAX_MOVES, Move, MoveList, MoveParseError};
pub use notation::{PositionError, STANDARD};
pub use pieces::{ByKind, BySide, Kind, PIECES_PER_SIDE, Side, Stack};
pub use position::{End, IllegalMove, Phase, Position};
pub use setup::{Layout, LayoutError, SPELLINGS, random_start};

use super::{Engine, GameInfo, MoveError, Outcome, Phrase, Played, ReadError, Setup, SetupError};

/// The start position a setup describes: its variant read as a [`Layout`], shuffled with its seed when random.
pub(crate) fn start_position(setup: &Setup) -> Result<Position, SetupError> {
    SetupError::check_seats(<Game as Engine>::INFO, setup.seats)?;
    let layout: Layout = setup.variant.parse().map_err(SetupError::variant::<LayoutError>)?;
    Ok(layout.start(setup.seed))
}

/// Moves with their usefulness scores.
type Ranked = Vec<(Move, i32)>;

/// One move of the game's history, with what it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PastMove {
    pub(crate) mv: Move,
    pub(crate) side: Side,
    /// The turn it belongs to, from 1 (White's opening).
    pub(crate) turn: usize,
    /// The enemy stack a capture took.
    pub(crate) captured: Option<Stack>,
    /// The height of the moving stack after the move.
    pub(crate) height: u8,
}

/// A TZAAR game: its setup, start and the moves played, with the current position.
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    position: Position,
    history: Vec<PastMove>,
    turn: usize,
}

impl Game {
    /// A game starting from any position (the setup records it as the variant, so the game still replays).
    pub fn from_position(position: Position) -> Game {
        let setup = Setup { variant: position.to_string(), seed: 0, seats: 2 };
        Game { setup, position, history: Vec::new(), turn: 1 }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves of the last turn played (or of the turn under way, when only its first move is made).
    pub(crate) fn last_turn(&self) -> &[PastMove] {
        let Some(last) = self.history.last() else { return &[] };
        let n = self.history.iter().rev().take_while(|r| r.turn == last.turn).count();
        &self.history[self.history.len() - n..]
    }

    /// The turn about to be played, from 1.
    pub(crate) fn turn(&self) -> usize {
        self.turn
    }

    /// How the game ended, in the rules' terms.
    pub(crate) fn end(&self) -> Option<End> {
        self.position.end()
    }

    /// Why the game ended, in a few words ("Black has no Tott left"), once it has.
    pub(crate) fn end_phrase(&self) -> Option<String> {
        let end = self.position.end()?;
        Some(match end {
            End::LostType { side, kind } if self.buried_own_last() => {
                format!("{} covered its own last {}", side.title(), kind.name())
            }
            End::LostType { side, kind } => format!("{} has no {} left", side.title(), kind.name()),
            End::CannotCapture { side } => format!("{} cannot capture", side.title()),
        })
    }

    /// Whether the game ended by the loser's own stacking move covering its last piece of a type.
    fn buried_own_last(&self) -> bool {
        let Some(end) = self.position.end() else { return false };
        self.history.last().is_some_and(|r| matches!(r.mv, Move::Stack { .. }) && r.side == end.loser())
    }

    /// Plays one legal move (already checked) and records it.
    fn apply(&mut self, mv: Move) -> Played {
        let before = self.position;
        let side = before.to_move();
        let captured = match mv {
            Move::Capture { to, .. } => before.stack(to),
            _ => None,
        };
        self.position = before.play_unchecked(mv);
        let height = mv.to().and_then(|to| self.position.stack(to)).map_or(0, |s| s.height);
        self.history.push(PastMove { mv, side, turn: self.turn, captured, height });
        if self.position.phase() == Phase::Capture {
            self.turn += 1;
        }
        let mut effect = vec![match (mv, captured) {
            (Move::Capture { .. }, Some(s)) => phrases::captured(s.side, s.kind, s.height),
            (Move::Stack { .. }, _) => phrases::stacked(height),
            _ => phrases::passed(),
        }];
        effect.extend(self.reason());
        Played { notation: mv.to_string(), effect: Phrase::joined(effect, "; "), seat: side.seat() }
    }

    /// How useful a legal move looks, for ordering suggestions: winning captures first, then big and rare
    /// captures; stacking moves that bury your own last type last.
    fn score(&self, mv: Move) -> i32 {
        let pos = &self.position;
        let after = pos.play_unchecked(mv);
        let me = pos.to_move();
        if after.lacks_type(me.opponent()) {
            return 10_000;
        }
        if after.lacks_type(me) {
            return -10_000;
        }
        match mv {
            Move::Capture { from, to } => {
                let (Some(a), Some(t)) = (pos.stack(from), pos.stack(to)) else { return 0 };
                let scarce = 60 / pos.count(me.opponent(), t.kind).max(1) as i32;
                1000 + 40 * t.height as i32 + scarce - i32::from(a.height) * 5
            }
            Move::Stack { from, to } => {
                let (Some(a), Some(t)) = (pos.stack(from), pos.stack(to)) else { return 0 };
                let rare = pos.count(me, t.kind) as i32;
                400 + 10 * (a.height as i32 + t.height as i32) + rare * 5
            }
            Move::Pass => 500,
        }
    }

    /// The legal moves of this phase, best first, grouped by origin (the pass first when allowed).
    fn ranked(&self) -> Vec<(Move, i32)> {
        let mut moves: Vec<(Move, i32)> =
            self.position.legal_moves().iter().map(|&m| (m, self.score(m))).collect();
        moves.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.to_string().cmp(&b.0.to_string())));
        moves
    }
}

impl Engine for Game {
    type Move = Move;
    type Side = Side;
    type MoveParseError = MoveParseError;
    type IllegalMove = IllegalMove;

    const INFO: &'static GameInfo = &entry::INFO;

    fn prompt(&self) -> Option<Phrase> {
        Some(phrases::prompt(self))
    }

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        let start = start_position(setup)?;
        Ok(Game { setup: setup.clone(), position: start, history: Vec::new(), turn: 1 })
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn seat_label(&self, seat: usize) -> String {
        match seat {
            0 => "White".to_string(),
            1 => "Black".to_string(),
            _ => format!("seat {seat}"),
        }
    }

    fn side_to_move(&self) -> Option<Side> {
        self.position.end().is_none().then(|| self.position.to_move())
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        out.extend(self.position.legal_moves().iter().copied());
    }

    fn read_move(&self, text: &str) -> Result<Move, ReadError<MoveParseError, IllegalMove>> {
        let mv: Move = text.parse().map_err(ReadError::Unreadable)?;
        self.position.check(mv).map(|()| mv).map_err(ReadError::Illegal)
    }

    fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.position.check(mv)?;
        Ok(self.apply(mv))
    }

    /// One move, or a whole turn (`E4xD4 F4-F5`): every move is checked before any is kept.
    fn play_text(&mut self, text: &str) -> Result<Vec<Played>, MoveError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.is_empty() {
            return Err(MoveError::Unreadable(phrases::no_move()));
        }
        let mut trial = self.clone();
        let mut played = Vec::new();
        let turn = self.turn;
        for word in words {
            if trial.turn != turn {
                return Err(MoveError::Illegal(phrases::past_turn(text.trim())));
            }
            let mv = trial.read_move(word)?;
            played.push(trial.apply(mv));
        }
        *self = trial;
        Ok(played)
    }

    /// Empty text: the best moves (with `pass` for a second move), grouped by origin. `E4`: the moves from E4;
    /// `E4x` only its captures; a first move and a space (`E4xD4 F`) completes the turn. Case does not matter.
    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        let typed = typed.trim_start();
        if let Some(cut) = typed.rfind(char::is_whitespace) {
            let (first, rest) = (typed[..cut].trim(), typed[cut..].trim());
            let mut trial = self.clone();
            if trial.play_text(first).is_err() || trial.turn != self.turn {
                return Vec::new();
            }
            let prefix: Vec<String> = first
                .split_whitespace()
                .map(|w| w.parse::<Move>().map_or_else(|_| w.to_string(), |m| m.to_string()))
                .collect();
            let prefix = prefix.join(" ");
            return trial.suggest(rest, limit).into_iter().map(|m| format!("{prefix} {m}")).collect();
        }
        let needle = typed.trim().to_ascii_uppercase();
        let matching = self
            .ranked()
            .into_iter()
            .filter(|(m, _)| m.to_string().to_ascii_uppercase().starts_with(&needle));
        if !needle.is_empty() {
            return matching.take(limit).map(|(m, _)| m.to_string()).collect();
        }
        // Nothing typed: the pass (when allowed), then the best moves grouped by origin, origins ordered by their
        // best move.
        let (pass, others): (Ranked, Ranked) = matching.partition(|(m, _)| *m == Move::Pass);
        let mut chosen: Vec<(Move, i32)> = pass.into_iter().chain(others).take(limit).collect();
        let best_of = |p: Option<Point>, list: &[(Move, i32)]| {
            list.iter().filter(|(m, _)| m.from() == p).map(|x| x.1).max().unwrap_or(0)
        };
        let keys: Vec<(bool, i32, Option<Point>, i32)> = chosen
            .iter()
            .map(|&(m, s)| (m != Move::Pass, -best_of(m.from(), &chosen), m.from(), -s))
            .collect();
        let mut order: Vec<usize> = (0..chosen.len()).collect();
        order.sort_by_key(|&i| keys[i]);
        chosen = order.into_iter().map(|i| chosen[i]).collect();
        chosen.into_iter().map(|(m, _)| m.to_string()).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.position.end()?;
        Some(Outcome { winner: Some(end.winner().seat()), reason: self.reason()? })
    }

    fn moves_text(&self) -> Vec<String> {
        self.history.iter().map(|r| r.mv.to_string()).collect()
    }

    fn move_number(&self) -> usize {
        self.turn
    }

    fn text_board(&self) -> String {
        let pos = &self.position;
        let mut out = String::new();
        // Point (x, y) sits at text column 4x on the line of 2y - x, highest first: columns upright, A on the
        // left, row 1 at the bottom; `o` marks the hole.
        for v in (-4..=12).rev() {
            let mut row = String::new();
            for x in 0..9 {
                if (v + x) % 2 != 0 {
                    continue;
                }
                let y = (v + x) / 2;
                let cell = match Point::from_xy(x, y) {
                    None if (x, y) == (4, 4) => "o".to_string(),
                    None => continue,
                    Some(p) => match pos.stack(p) {
                        None => ".".to_string(),
                        Some(s) => {
                            let c = s.kind.letter();
                            let c = if s.side == Side::White { c } else { c.to_ascii_lowercase() };
                            if s.height > 1 { format!("{c}{}", s.height) } else { c.to_string() }
                        }
                    },
                };
                while row.len() < 4 * x as usize {
                    row.push(' ');
                }
                row.push_str(&cell);
            }
            let _ = writeln!(out, "{}", row.trim_end());
        }
        let _ = writeln!(out, "A   B   C   D   E   F   G   H   I");
        let phase = match pos.phase() {
            Phase::Opening => "opening capture",
            Phase::Capture => "capture due",
            Phase::Second => "second move",
        };
        match self.outcome() {
            Some(o) => {
                let _ = write!(out, "Game over: {}", o.reason);
            }
            None => {
                let _ = write!(out, "Turn {}: {} to move ({phase})", self.turn, pos.to_move().title());
            }
        }
        out
    }
}
