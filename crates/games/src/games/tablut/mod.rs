//! Tablut, the Sámi game of the tafl family: 16 attackers (Black) try to capture the king, whom 8 defenders
//! (White) help to reach the edge of the 9x9 board.
//!
//! [`Position`] is the fast core (bitboards, a `Copy` value, all-or-nothing [`Position::play`], perft);
//! [`Game`] adds the history (for repetition draws and the picture) and implements [`Engine`] for the bot.
//! The rules are data: [`Ruleset`], one value per [`Variant`].

pub mod ai;
mod board;
pub mod challenge;
pub mod cli;
mod entry;
mod notation;
mod outcome;
mod phrases;
mod pick;
pub mod picture;
mod position;
mod rules;
mod view;

use std::fmt::Write as _;

pub use board::{Bitboard, Direction, EDGE, RAYS, SIZE, Square, SquareError, reach, squares};
pub use notation::{MoveParseError, MoveText};
pub use outcome::{End, IllegalMove, Verdict};
pub use position::{MAX_MOVES, Move, MoveList, Position, PositionError, START};
pub use rules::{
    ASHTON, BySide, Hostility, KingCapture, LINNAEUS, OccupiedThrone, Repetition, Ruleset, SEED, Side,
    UnknownVariant, Variant,
};

use super::{Describe, Engine, GameInfo, MoveError, Outcome, Played, ReadError, Setup, SetupError};

impl Position {
    /// Turns a move as written into a legal move here, checking any captures the writer listed.
    pub(crate) fn resolve(&self, text: &MoveText) -> Result<Move, IllegalMove> {
        let mv = text.mv();
        self.check(mv)?;
        if let Some(claimed) = text.captures {
            let actual = self.play_unchecked(mv).1;
            if claimed != actual {
                return Err(IllegalMove::WrongCaptures { mv, actual });
            }
        }
        Ok(mv)
    }
}

/// A game: its start, the moves played, every position so far (for the repetition rule), the last move and
/// what it captured (for the picture), and the result once it is over.
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    records: Vec<String>,
    history: Vec<Position>,
    last_captures: Bitboard,
    result: Option<Verdict>,
}

impl Game {
    /// A game from the start position of `variant`.
    pub fn with_variant(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A game from any position (for the command line); its setup names only the variant.
    pub fn from_position(position: Position) -> Game {
        let setup = Setup { variant: position.variant().name().to_string(), seed: 0, seats: 2 };
        Game {
            setup,
            start: position,
            position,
            moves: Vec::new(),
            records: Vec::new(),
            history: vec![position],
            last_captures: 0,
            result: position.result(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub(crate) fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub(crate) fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    pub(crate) fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// The soldiers the last move captured.
    pub fn last_captures(&self) -> Bitboard {
        self.last_captures
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<Verdict> {
        self.result
    }

    /// The side to move (also after the end, the side that would move).
    pub(crate) fn next_side(&self) -> Side {
        self.position.to_move()
    }

    /// Plays a move: all or nothing. Returns the soldiers it captured ([`Engine::play`] says it as a phrase).
    pub fn apply(&mut self, mv: Move) -> Result<Bitboard, IllegalMove> {
        if let Some(result) = self.result {
            return Err(IllegalMove::GameOver(result));
        }
        self.position.check(mv)?;
        let (next, captured) = self.position.play_unchecked(mv);
        self.position = next;
        self.moves.push(mv);
        self.records.push(MoveText::record(mv, captured).to_string());
        self.history.push(next);
        self.last_captures = captured;
        self.result = next.board_result().or_else(|| {
            let rule = next.rules().repetition;
            let seen = self.history.iter().filter(|p| **p == next).count();
            let counted = seen - usize::from(!rule.start_counts && self.history[0] == next);
            (counted >= usize::from(rule.draws_at))
                .then_some(Verdict { winner: None, end: End::Repetition(seen as u8) })
        });
        if self.result.is_none() && next.count_moves() == 0 {
            let stuck = next.to_move();
            self.result = Some(Verdict { winner: Some(stuck.opponent()), end: End::NoMoves(stuck) });
        }
        Ok(captured)
    }

    /// Reads a move as text and plays it: the move as recorded and what it captured.
    pub fn play_notation(&mut self, text: &str) -> Result<(Move, Bitboard), MoveError> {
        let written: MoveText =
            text.parse().map_err(|e: MoveParseError| MoveError::Unreadable(e.describe()))?;
        if let Some(result) = self.result {
            return Err(MoveError::Illegal(IllegalMove::GameOver(result).describe()));
        }
        let mv = self.position.resolve(&written).map_err(|e| MoveError::Illegal(e.describe()))?;
        let captured = self.apply(mv).map_err(|e| MoveError::Illegal(e.describe()))?;
        Ok((mv, captured))
    }
}

impl Engine for Game {
    type Move = Move;
    type Side = Side;
    type MoveParseError = MoveParseError;
    type IllegalMove = IllegalMove;

    const INFO: &'static GameInfo = &entry::INFO;
    const DRAW_BY_AGREEMENT: bool = true;
    const SHUFFLES: bool = false;

    /// Reads the setup's variant: a ruleset's name (`ashton`), a position in notation (any text with a `/`, under
    /// the seed rules), or both as `ruleset:position`.
    fn new(setup: &Setup) -> Result<Self, SetupError> {
        SetupError::check_seats(Self::INFO, setup.seats)?;
        let text = setup.variant.trim();
        let (name, board) = match text.split_once(':') {
            Some((name, board)) if board.contains('/') => (name, Some(board)),
            _ if text.contains('/') => ("", Some(text)),
            _ => (text, None),
        };
        let variant: Variant = name.parse().map_err(SetupError::variant::<UnknownVariant>)?;
        let start = match board {
            Some(board) => Position::parse(board, variant).map_err(SetupError::variant::<PositionError>)?,
            None => Position::start(variant),
        };
        let mut game = Game::from_position(start);
        game.setup = setup.clone();
        Ok(game)
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn seat_label(&self, seat: usize) -> String {
        Side::from_seat(seat).map_or_else(|| format!("seat {seat}"), |s| s.label().to_string())
    }

    fn side_to_move(&self) -> Option<Side> {
        self.result.is_none().then(|| self.position.to_move())
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.result.is_none() {
            out.extend_from_slice(&self.position.legal_moves());
        }
    }

    fn read_move(&self, text: &str) -> Result<Move, ReadError<MoveParseError, IllegalMove>> {
        let written: MoveText = text.parse().map_err(ReadError::Unreadable)?;
        if let Some(result) = self.result {
            return Err(ReadError::Illegal(IllegalMove::GameOver(result)));
        }
        self.position.resolve(&written).map_err(ReadError::Illegal)
    }

    fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        let seat = self.position.to_move().seat();
        let captured = self.apply(mv)?;
        let notation = self.records.last().cloned().unwrap_or_default();
        Ok(Played { notation, effect: phrases::effect(captured, self.result.map(|r| r.end)), seat })
    }

    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        if self.result.is_some() {
            return Vec::new();
        }
        let typed: String =
            typed.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_ascii_lowercase()).collect();
        let bare = typed.replace('-', "");
        let pos = &self.position;
        let mut ranked: Vec<(u8, Move)> = pos
            .legal_moves()
            .iter()
            .filter(|mv| {
                let text = mv.to_string();
                text.starts_with(&typed) || text.replace('-', "").starts_with(&bare)
            })
            .map(|&mv| {
                let (next, captured) = pos.play_unchecked(mv);
                let rank = if next.board_result().is_some() {
                    0
                } else if captured != 0 {
                    1
                } else if mv.from == pos.king() {
                    2
                } else {
                    3
                };
                (rank, mv)
            })
            .collect();
        ranked.sort_by_key(|&(rank, _)| rank);
        ranked.into_iter().take(limit).map(|(_, mv)| mv.to_string()).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result.map(|r| Outcome { winner: r.winner.map(Side::seat), reason: r.reason_phrase() })
    }

    fn moves_text(&self) -> Vec<String> {
        self.records.clone()
    }

    fn move_number(&self) -> usize {
        self.moves.len() + 1
    }

    fn text_board(&self) -> String {
        let pos = &self.position;
        let mut out = String::new();
        for rank in (0..SIZE).rev() {
            let _ = write!(out, "{} ", rank + 1);
            for file in 0..SIZE {
                let sq = Square::new(file, rank).expect("on the board");
                let c = if sq == pos.king() {
                    'K'
                } else if pos.attackers() & sq.bit() != 0 {
                    'a'
                } else if pos.defenders() & sq.bit() != 0 {
                    'd'
                } else if sq == Square::THRONE {
                    '+'
                } else if pos.rules().all_camps() & sq.bit() != 0 {
                    '#'
                } else {
                    '.'
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h i\n");
        let rules = pos.rules();
        let differences = rules.differences();
        if !differences.is_empty() {
            let _ = writeln!(out, "{} rules: {}.", rules.title, differences.join("; "));
        }
        match self.result {
            Some(r) => {
                let _ = writeln!(out, "Game over: {r}.");
            }
            None => {
                let _ = writeln!(out, "{} to move.", pos.to_move().label());
            }
        }
        out
    }
}
