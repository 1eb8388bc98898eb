//! Turn perft: counting the sequences of whole turns, with bulk counting of the last move, and its divide.

use super::board::{Direction, first_hit, points};
use super::moves::{Move, MoveList};
use super::pieces::Side;
use super::position::{Phase, Position};

impl Position {
    /// Turn perft: the number of sequences of `depth` whole turns from here. White's opening is one capture; a
    /// later turn is a capture and a second move (pass included); a turn whose first capture ends the game is one
    /// sequence; from a position in its second move, the rest of the turn counts as the first turn.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.lacks_type(Side::White) || self.lacks_type(Side::Black) {
            return 0;
        }
        match self.phase() {
            Phase::Opening => {
                let mut list = MoveList::new(Move::Pass);
                self.gen_captures(&mut list);
                if depth == 1 {
                    return list.len() as u64;
                }
                list.iter().map(|&m| self.play_unchecked(m).perft(depth - 1)).sum()
            }
            Phase::Capture => self.perft_turn(depth),
            Phase::Second => self.perft_second(depth),
        }
    }

    /// Perft from the start of a turn (a capture is due).
    fn perft_turn(&self, depth: u32) -> u64 {
        let mut list = MoveList::new(Move::Pass);
        self.gen_captures(&mut list);
        let opponent = self.to_move().opponent();
        let mut total = 0;
        for &c in list.iter() {
            let p1 = self.play_unchecked(c);
            if p1.lacks_type(opponent) {
                total += u64::from(depth == 1);
            } else if depth == 1 {
                total += p1.count_second();
            } else {
                total += p1.perft_second(depth);
            }
        }
        total
    }

    /// Perft from a second move: each second move ends the turn.
    fn perft_second(&self, depth: u32) -> u64 {
        if depth == 1 {
            return self.count_second();
        }
        let mut list = MoveList::new(Move::Pass);
        self.gen_second(&mut list);
        let mut total = 0;
        for &m in list.iter() {
            let p2 = self.play_unchecked(m);
            if !(p2.lacks_type(Side::White) || p2.lacks_type(Side::Black)) {
                total += p2.perft_turn(depth - 1);
            }
        }
        total
    }

    /// Each whole turn from here (as in [`Position::perft`]) with the number of sequences of `depth - 1` further
    /// turns after it; `depth` must be at least 1.
    pub(crate) fn perft_divide(&self, depth: u32) -> Vec<(Vec<Move>, u64)> {
        let mut out = Vec::new();
        if depth == 0 || self.end().is_some() {
            return out;
        }
        let mut list = MoveList::new(Move::Pass);
        self.pseudo_moves(&mut list);
        for &m in list.iter() {
            let p1 = self.play_unchecked(m);
            if self.phase() != Phase::Capture || p1.end().is_some() {
                out.push((vec![m], p1.perft(depth - 1)));
                continue;
            }
            let mut second = MoveList::new(Move::Pass);
            p1.gen_second(&mut second);
            for &m2 in second.iter() {
                out.push((vec![m, m2], p1.play_unchecked(m2).perft(depth - 1)));
            }
        }
        out
    }

    /// The number of second moves (pass included) without listing them: the bulk count of perft's last move.
    #[inline]
    fn count_second(&self) -> u64 {
        let me = self.colour[self.to_move()];
        let occ = self.occupied();
        let mut n = 1;
        for from in points(me) {
            let h = self.height[from.index()];
            for d in Direction::ALL {
                if let Some(to) = first_hit(from, d, occ) {
                    n += u64::from(me & to.bit() != 0 || self.height[to.index()] <= h);
                }
            }
        }
        n
    }
}
