//! Tournaments' pure core: who plays whom in each round, and the standings. No IO, no clock, no game rules: a
//! tournament here is its entrants (by number, 0 first, with a rating) and what happened in the rounds so far
//! (games with their points, byes, withdrawals). The session layer stores those facts and asks this module for the
//! next round and the table.
//!
//! - [`swiss`]: the Swiss system in the spirit of FIDE's Dutch rules, solved as one maximum-weight matching.
//! - [`round_robin`]: everyone meets everyone once, by the circle method, with sides balanced.
//! - [`knockout`]: a bracket seeded by rating, byes to the top seeds.
//! - [`tables`]: tables of three or four by standing, for games of more than two (Tantrix).
//! - [`standings`]: points and the tie-breaks (Buchholz, Sonneborn-Berger, head-to-head, total score).
//!
//! Points are counted in half points (`2` a win, `1` a draw), so that no float decides a standing.

pub mod knockout;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod tables;

pub use standings::{Standing, TieBreak, standings};

/// A win's points, in half points; a draw is half of it.
pub const WIN: u32 = 2;

/// What a format may be, as organisers name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Swiss,
    RoundRobin,
    Knockout,
}

impl Format {
    /// Every format, in the order the command offers them.
    pub const ALL: [Format; 3] = [Format::Swiss, Format::RoundRobin, Format::Knockout];

    /// The name organisers type and the store keeps.
    pub fn name(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round-robin",
            Format::Knockout => "knockout",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Which side of a two-player game an entrant played: `First` moves first (seat 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveOrder {
    First,
    Second,
}

impl MoveOrder {
    #[must_use]
    pub fn other(self) -> MoveOrder {
        match self {
            MoveOrder::First => MoveOrder::Second,
            MoveOrder::Second => MoveOrder::First,
        }
    }
}

/// One entrant: its number is its index in [`Event::entrants`].
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The rating the entrant had at sign-up (seeding and the order within a score group).
    pub rating: f64,
    /// Out of later rounds (left or withdrawn); the games so far stay.
    pub withdrawn: bool,
}

/// One finished (or decided) game of a round: the entrants by seat (seat 0 first) and each one's points.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundGame {
    pub round: u32,
    pub seats: Vec<usize>,
    /// Half points per seat: a win 2, a draw 1; at a table of more, 2 for each one finished ahead of, 1 per tie.
    pub points: Vec<u32>,
    /// The game's own scores per seat, where the game has them (Tantrix): the last tie-break.
    pub scores: Option<Vec<i64>>,
    /// Whether the game was played over the board: a forfeit (not started, or a player absent) counts for the
    /// points but not for sides.
    pub over_the_board: bool,
}

/// What happened so far: the entrants, the games decided and the byes given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Event {
    pub entrants: Vec<Entrant>,
    pub games: Vec<RoundGame>,
    /// `(round, entrant)`: a bye scores as a win.
    pub byes: Vec<(u32, usize)>,
}

/// One pairing (or table) of a round: the entrants by seat, seat 0 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub seats: Vec<usize>,
}

/// One round's pairings and the entrants who sit it out with a bye (a win).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    pub byes: Vec<usize>,
}

/// What the pairing rules know of one entrant after the rounds so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Past {
    pub points: u32,
    /// Every entrant met, once per game.
    pub opponents: Vec<usize>,
    /// The sides played over the board, in order (mini-matches and tables leave none).
    pub sides: Vec<MoveOrder>,
    pub byes: u32,
}

impl Past {
    /// Games with the first side minus games with the second.
    pub(crate) fn side_balance(&self) -> i32 {
        self.sides.iter().map(|s| if *s == MoveOrder::First { 1 } else { -1 }).sum()
    }

    pub(crate) fn met(&self, other: usize) -> bool {
        self.opponents.contains(&other)
    }
}

impl Event {
    /// Each entrant's past, by number.
    pub(crate) fn pasts(&self) -> Vec<Past> {
        let mut pasts = vec![Past::default(); self.entrants.len()];
        for game in &self.games {
            for (seat, &who) in game.seats.iter().enumerate() {
                let past = &mut pasts[who];
                past.points += game.points.get(seat).copied().unwrap_or(0);
                past.opponents.extend(game.seats.iter().copied().filter(|&o| o != who));
                if game.over_the_board && game.seats.len() == 2 && !is_mini_match_half(self, game) {
                    past.sides.push(if seat == 0 { MoveOrder::First } else { MoveOrder::Second });
                }
            }
        }
        for &(_, who) in &self.byes {
            pasts[who].points += WIN;
            pasts[who].byes += 1;
        }
        pasts
    }

    /// The entrants still playing, by number.
    pub fn active(&self) -> Vec<usize> {
        (0..self.entrants.len()).filter(|&i| !self.entrants[i].withdrawn).collect()
    }
}

/// Whether a game is one half of a mini-match (the same two entrants met twice in its round, sides swapped):
/// such a pairing leaves the sides balanced, so neither half counts for them.
fn is_mini_match_half(event: &Event, game: &RoundGame) -> bool {
    event
        .games
        .iter()
        .filter(|g| g.round == game.round && g.seats.len() == 2)
        .filter(|g| g.seats[0] == game.seats[1] && g.seats[1] == game.seats[0])
        .count()
        > 0
}
