//! `tabula tablut-challenge`: a player for the University of Bologna's yearly Tablut Challenge, which plays Ashton
//! Tablut over TCP against the competition's server. The command line connects and frames the messages (a
//! 4-byte big-endian length, then UTF-8); this module reads and writes them, with no IO of its own.
//!
//! The protocol, as the competition's server speaks it: each message is JSON. The client first sends its name as a JSON string. After every move (and once at the
//! start) the server sends the state, `{"board": [9 rows of 9 "EMPTY" | "WHITE" | "BLACK" | "KING" | "THRONE"],
//! "turn": "WHITE" | "BLACK" | "WHITEWIN" | "BLACKWIN" | "DRAW"}`, and the client whose turn it is answers
//! `{"from": "e4", "to": "f4", "turn": "WHITE"}`. The server's squares name the columns a-i from the left and the
//! rows 1-9 from the top of its board, so its row r is our rank 10 - r (our rank 9 is the top row).
//!
//! The client keeps the whole game: each state the server sends is matched with the legal move that leads to it
//! from the last one (ours, echoed, or the opponent's), so the search knows every position so far and avoids a
//! repetition (which the server scores as a draw, at its second occurrence) when it is better, or seeks one when
//! it is worse. Each move is searched by level 5 for the server's limit less a margin for the network and the
//! process, so the answer is never late.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::ai::Limits;
use crate::games::tablut::{Game, Position, Side, Square, Variant, ai};
use crate::games::{Competition, CompetitionClient, CompetitionOptions, CompetitionStep};

/// The Tablut Challenge, for the command line.
pub(crate) const COMPETITION: Competition = Competition {
    port: |colour| default_port(if colour == "white" { Side::White } else { Side::Black }),
    client: |options| Box::new(Client::new(options)),
};

/// The competition's port for a colour.
pub(crate) fn default_port(colour: Side) -> u16 {
    match colour {
        Side::White => 5800,
        Side::Black => 5801,
    }
}

/// How long to search when the server allows `limit` per move: a tenth less, at least 250 ms less (the network,
/// the process waking, writing the answer, and a busy machine's scheduler: with 100 ms a 1 s answer once took
/// 1.04 s while the test suite loaded both cores), at most 2 s less.
pub(crate) fn search_budget(limit: Duration) -> Duration {
    let margin = (limit / 10).clamp(Duration::from_millis(250), Duration::from_secs(2));
    limit.saturating_sub(margin).max(Duration::from_millis(10))
}

/// A state as the server sends it.
#[derive(Debug, Deserialize)]
struct State {
    board: Vec<Vec<String>>,
    turn: String,
}

/// A move as the server reads it.
#[derive(Debug, Serialize)]
struct Action<'a> {
    from: String,
    to: String,
    turn: &'a str,
}

/// Whose turn a state says it is, or how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    ToMove(Side),
    Won(Side),
    Draw,
}

impl Turn {
    fn read(word: &str) -> Result<Turn, String> {
        Ok(match word {
            "WHITE" => Turn::ToMove(Side::White),
            "BLACK" => Turn::ToMove(Side::Black),
            "WHITEWIN" => Turn::Won(Side::White),
            "BLACKWIN" => Turn::Won(Side::Black),
            "DRAW" => Turn::Draw,
            other => {
                return Err(format!(
                    "the server sent the turn `{other}`, which is not one of WHITE, BLACK, WHITEWIN, BLACKWIN or DRAW"
                ));
            }
        })
    }
}

/// The server's word for a side.
fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "WHITE",
        Side::Black => "BLACK",
    }
}

/// A square in the server's naming: column a-i from the left, row 1-9 from the top.
pub(crate) fn server_square(square: Square) -> String {
    format!("{}{}", char::from(b'a' + square.file()), 9 - square.rank())
}

/// Reads a server board and side to move as an Ashton position.
pub(crate) fn position_from_board(board: &[Vec<String>], to_move: Side) -> Result<Position, String> {
    if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
        return Err("the server sent a board that is not 9 rows of 9 squares".to_string());
    }
    let mut text = String::with_capacity(100);
    for (r, row) in board.iter().enumerate() {
        if r > 0 {
            text.push('/');
        }
        let mut empty = 0;
        for cell in row {
            let piece = match cell.as_str() {
                "EMPTY" | "THRONE" => None,
                "BLACK" => Some('a'),
                "WHITE" => Some('d'),
                "KING" => Some('k'),
                other => {
                    return Err(format!(
                        "the server sent a square `{other}`, which is not EMPTY, WHITE, BLACK, KING or THRONE"
                    ));
                }
            };
            match piece {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    text.push(c);
                }
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
    }
    text.push_str(if to_move == Side::White { " w" } else { " b" });
    Position::parse(&text, Variant::Ashton).map_err(|e| e.to_string())
}

/// The client's game: the moves the server's states show, one after the other.
pub(crate) struct Follower {
    game: Game,
    /// How many times a state could not be reached by one legal move and the game was started afresh from it.
    pub resyncs: u32,
}

impl Default for Follower {
    fn default() -> Self {
        Follower { game: Game::with_variant(Variant::Ashton), resyncs: 0 }
    }
}

impl Follower {
    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Brings the game to `seen`: nothing when it is there already, the one legal move that leads there when there
    /// is one, else a new game from `seen` (its history lost, counted in `resyncs`).
    pub fn follow(&mut self, seen: Position) {
        if *self.game.position() == seen {
            return;
        }
        let current = *self.game.position();
        let step = current.legal_moves().iter().copied().find(|&mv| current.play_unchecked(mv).0 == seen);
        if let Some(mv) = step
            && self.game.apply(mv).is_ok()
        {
            return;
        }
        self.resyncs += 1;
        self.game = Game::from_position(seen);
    }
}

/// The client: the game so far, and what it plays.
pub struct Client {
    colour: Side,
    name: String,
    budget: Duration,
    seed: u64,
    follower: Follower,
    our_moves: u32,
    /// Level 5's player, its transposition table kept from one of our moves to the next.
    thinker: ai::Thinker,
}

impl Client {
    /// A client for `options.colour` (`white` or `black`).
    pub fn new(options: &CompetitionOptions) -> Client {
        Client {
            colour: if options.colour == "white" { Side::White } else { Side::Black },
            name: options.name.clone(),
            budget: search_budget(options.limit),
            seed: options.seed,
            follower: Follower::default(),
            our_moves: 0,
            thinker: ai::Thinker::new(ai::Style::PRUNING),
        }
    }
}

impl CompetitionClient for Client {
    fn greeting(&self) -> String {
        serde_json::to_string(&self.name).expect("a string serializes")
    }

    fn on_message(&mut self, text: &str) -> Result<CompetitionStep, String> {
        let state: State = serde_json::from_str(text)
            .map_err(|e| format!("the server sent a state this client cannot read: {e}"))?;
        let to_move = match Turn::read(&state.turn)? {
            Turn::ToMove(side) => side,
            over => {
                let verdict = match over {
                    Turn::Won(side) if side == self.colour => "won",
                    Turn::Won(_) => "lost",
                    _ => "drew",
                };
                let note = match self.follower.resyncs {
                    0 => String::new(),
                    n => format!(" ({n} states did not follow the one before by a move)"),
                };
                return Ok(CompetitionStep::Over { verdict: format!("{verdict}{note}") });
            }
        };
        self.follower.follow(position_from_board(&state.board, to_move)?);
        if to_move != self.colour {
            return Ok(CompetitionStep::Wait);
        }
        let limits = Limits {
            threads: 1,
            time: self.budget,
            max_depth: None,
            max_nodes: None,
            noise: 0.0,
            seed: self.seed.wrapping_add(u64::from(self.our_moves)),
        };
        let report = self.thinker.think(self.follower.game(), &limits);
        let Some(&mv) = report.moves.first() else {
            return Err(
                "the search found no move in a position the server says is still being played".to_string()
            );
        };
        let action =
            Action { from: server_square(mv.from), to: server_square(mv.to), turn: side_word(to_move) };
        self.our_moves += 1;
        let line = format!(
            "{} {mv} ({}-{}): depth {}, {} nodes, score {}",
            side_word(to_move).to_lowercase(),
            action.from,
            action.to,
            report.depth,
            report.nodes,
            report.score
        );
        Ok(CompetitionStep::Answer {
            message: serde_json::to_string(&action).expect("an action serializes"),
            line,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_of(position: &Position) -> Vec<Vec<String>> {
        (0..9u8)
            .map(|row| {
                (0..9u8)
                    .map(|file| {
                        let sq = Square::from_index(usize::from((8 - row) * 9 + file)).unwrap();
                        let word = if sq == position.king() {
                            "KING"
                        } else if position.attackers() & sq.bit() != 0 {
                            "BLACK"
                        } else if position.defenders() & sq.bit() != 0 {
                            "WHITE"
                        } else if sq == Square::THRONE {
                            "THRONE"
                        } else {
                            "EMPTY"
                        };
                        word.to_string()
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_start_reads_as_ashtons_start_and_squares_count_rows_from_the_top() {
        let start = Position::start(Variant::Ashton);
        assert_eq!(position_from_board(&board_of(&start), Side::White).unwrap(), start);
        // Our e9 is the top row's middle: the server's e1.
        let e9 = Square::from_index(8 * 9 + 4).unwrap();
        assert_eq!(server_square(e9), "e1");
        let a1 = Square::from_index(0).unwrap();
        assert_eq!(server_square(a1), "a9");
    }

    #[test]
    fn the_follower_keeps_every_move_the_states_show() {
        let mut reference = Game::with_variant(Variant::Ashton);
        let mut follower = Follower::default();
        for ply in 0..12 {
            let moves = reference.position().legal_moves();
            let mv = moves[(ply * 7) % moves.len()];
            reference.apply(mv).unwrap();
            let seen = *reference.position();
            follower.follow(seen);
            // A state sent twice (our move echoed, then nothing) changes nothing.
            follower.follow(seen);
        }
        assert_eq!(follower.resyncs, 0);
        assert_eq!(follower.game().moves(), reference.moves());
    }

    #[test]
    fn a_state_out_of_reach_starts_afresh_from_it() {
        let mut follower = Follower::default();
        let far = Position::parse("9/9/9/9/4k4/9/9/9/4a4 b", Variant::Ashton).unwrap();
        follower.follow(far);
        assert_eq!(follower.resyncs, 1);
        assert_eq!(*follower.game().position(), far);
    }

    #[test]
    fn bad_states_are_refused_with_a_sentence() {
        assert!(Turn::read("GREEN").unwrap_err().contains("GREEN"));
        let short = vec![vec!["EMPTY".to_string(); 9]; 8];
        assert!(position_from_board(&short, Side::White).unwrap_err().contains("9 rows"));
        let mut odd = vec![vec!["EMPTY".to_string(); 9]; 9];
        odd[0][0] = "DRAGON".to_string();
        assert!(position_from_board(&odd, Side::White).unwrap_err().contains("DRAGON"));
    }

    #[test]
    fn the_budget_leaves_a_margin() {
        assert_eq!(search_budget(Duration::from_secs(60)), Duration::from_secs(58));
        assert_eq!(search_budget(Duration::from_secs(1)), Duration::from_millis(750));
        assert_eq!(search_budget(Duration::from_secs(3)), Duration::from_millis(2700));
    }
}
