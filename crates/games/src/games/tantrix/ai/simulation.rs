//! A game being searched: the board and every hand, the bag in a sampled order, and the turn, with placements
//! made and undone in place (the evaluation of a node allocates nothing).

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::eval::{ChainFeatures, ChainInfo, Held, bit};
use crate::games::Engine;
use crate::games::tantrix::{Board, Colour, Game, Placement, Position, Step, Tile};

/// A saved point of a simulation to rewind to.
#[derive(Clone, Copy)]
pub(super) struct Mark {
    history: usize,
    seat: usize,
    step: Step,
    pub(super) turns: u32,
    over: bool,
}

/// What a placement changed, to undo it.
#[derive(Clone, Copy)]
struct Undo {
    p: Placement,
    seat: usize,
    step: Step,
    hand_pos: usize,
    drew: bool,
    skipped: bool,
}

/// A game being searched: the board (in a position whose hand is set before each generation), every hand, the
/// bag in a sampled order, and the turn.
pub(super) struct Sim {
    pub(super) pos: Position,
    hands: Vec<Vec<Tile>>,
    pub(super) colours: Vec<Colour>,
    pub(super) seat: usize,
    step: Step,
    /// Turns ended since the search began.
    pub(super) turns: u32,
    pub(super) over: bool,
    pub(super) bag: Vec<Tile>,
    /// Whether placements draw from the sampled bag; if not, the hand just gets shorter (no luck assumed).
    pub(super) sampling: bool,
    /// Draws not made while not sampling (the bag's count still goes down).
    skipped: usize,
    pub(super) unplaced: u64,
    history: Vec<Undo>,
    pub(super) chains: Vec<ChainInfo>,
    pub(super) features: Vec<ChainFeatures>,
}

impl Sim {
    pub fn new(game: &Game) -> Sim {
        let seat = game.to_move().unwrap_or(0);
        let mut pos = game.position().clone();
        let hands = game.hands().to_vec();
        let mut unplaced = 0u64;
        for t in Tile::all() {
            unplaced |= bit(t);
        }
        for p in game.board().placements() {
            unplaced &= !bit(p.tile);
        }
        let mut held = 0u64;
        for h in &hands {
            for &t in h {
                held |= bit(t);
            }
        }
        // The unseen tiles are exactly the bag, since every hand is visible.
        let bag: Vec<Tile> = Tile::all().filter(|&t| unplaced & !held & bit(t) != 0).collect();
        pos.set_bag(bag.len().min(56) as u8);
        Sim {
            pos,
            hands,
            colours: game.colours().to_vec(),
            seat,
            step: if game.free_move_made() { Step::ForcedOnly } else { Step::Any },
            turns: 0,
            over: game.to_move().is_none(),
            bag,
            sampling: false,
            skipped: 0,
            unplaced,
            history: Vec::with_capacity(32),
            chains: Vec::with_capacity(32),
            features: Vec::with_capacity(32),
        }
    }

    /// The tiles off the board as `seat` sees them.
    pub(super) fn held(&self, seat: usize) -> Held {
        let bits = |hand: &Vec<Tile>| hand.iter().fold(0, |bits, &t| bits | bit(t));
        let mut others = 0;
        for (s, hand) in self.hands.iter().enumerate() {
            if s != seat {
                others |= bits(hand);
            }
        }
        Held { unplaced: self.unplaced, own: bits(&self.hands[seat]), others, seats: self.hands.len() as i32 }
    }

    pub(super) fn board(&self) -> &Board {
        self.pos.board()
    }

    /// Puts the bag in a random order (the sampled draws); only before any placement of the search.
    pub(super) fn shuffle_bag(&mut self, rng: &mut ChaCha8Rng) {
        self.bag.sort_unstable();
        self.bag.shuffle(rng);
    }

    pub(super) fn mark(&self) -> Mark {
        Mark {
            history: self.history.len(),
            seat: self.seat,
            step: self.step,
            turns: self.turns,
            over: self.over,
        }
    }

    pub(super) fn rewind(&mut self, m: Mark) {
        while self.history.len() > m.history {
            self.undo();
        }
        self.seat = m.seat;
        self.step = m.step;
        self.turns = m.turns;
        self.over = m.over;
    }

    /// Plays a generated placement for the seat to move, drawing from the sampled bag.
    pub(super) fn apply(&mut self, p: Placement) {
        let forced = !self.board().is_empty() && self.board().neighbour_count(p.cell) >= 3;
        let hand = &mut self.hands[self.seat];
        let hand_pos = hand.iter().position(|&t| t == p.tile).unwrap_or(usize::MAX);
        if hand_pos < hand.len() {
            hand.remove(hand_pos);
        }
        let drew = if self.sampling
            && let Some(t) = self.bag.pop()
        {
            hand.push(t);
            true
        } else {
            false
        };
        let skipped = !drew && self.bag.len() > self.skipped;
        if skipped {
            self.skipped += 1;
        }
        self.pos.put_unchecked(p);
        self.pos.set_bag(self.bag.len().saturating_sub(self.skipped) as u8);
        self.unplaced &= !bit(p.tile);
        self.history.push(Undo { p, seat: self.seat, step: self.step, hand_pos, drew, skipped });
        if !forced {
            self.step = Step::ForcedOnly;
        }
    }

    fn undo(&mut self) {
        let Some(u) = self.history.pop() else { return };
        self.pos.take_back();
        let hand = &mut self.hands[u.seat];
        if u.drew {
            if let Some(t) = hand.pop() {
                self.bag.push(t);
            }
        } else if u.skipped {
            self.skipped -= 1;
        }
        if u.hand_pos <= hand.len() {
            hand.insert(u.hand_pos, u.p.tile);
        }
        self.pos.set_bag(self.bag.len().saturating_sub(self.skipped) as u8);
        self.unplaced |= bit(u.p.tile);
        self.seat = u.seat;
        self.step = u.step;
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        let n = self.hands.len();
        match (1..=n).map(|i| (self.seat + i) % n).find(|&s| !self.hands[s].is_empty()) {
            Some(next) => {
                self.seat = next;
                self.step = Step::Any;
            }
            None => self.over = true,
        }
    }

    /// Moves the turn on as the game does until a seat has placements to make; fills `out` with them, or returns
    /// false when the game is over.
    pub(super) fn next_moves(&mut self, out: &mut Vec<Placement>) -> bool {
        out.clear();
        loop {
            if self.over || self.board().len() >= usize::from(Tile::COUNT) {
                self.over = true;
                return false;
            }
            if self.hands[self.seat].is_empty()
                || (self.step == Step::ForcedOnly && !self.board().has_forced_space())
            {
                self.end_turn();
                continue;
            }
            self.pos.set_hand(&self.hands[self.seat]);
            self.pos.moves_into(self.step, out);
            if !out.is_empty() {
                return true;
            }
            if self.step == Step::ForcedOnly {
                self.end_turn();
            } else {
                // Tiles but no legal free move: the game ends drawn.
                self.over = true;
                return false;
            }
        }
    }
}
