//! Tantrix alone: the Discovery puzzle of N tiles (3 ≤ N ≤ 30). The tiles 1..N, all placed, make one closed loop
//! through every tile in the colour printed on the back of tile N; touching edges match; no empty cell is
//! enclosed by the tiles. See `tantrix.md`, "One player".
//!
//! The solver walks the loop: tile N lies on the origin unturned (every solution turned and moved so that it does
//! is the same layout), and from the end of its loop path the walk puts one unused tile after another, each turned
//! so that its path of the loop's colour goes on from where the last one left, every touching edge matching. It
//! prunes a walk that is farther from the origin than it has tiles left to come back with, and one that has shut
//! an empty cell in; a walk that comes back to the origin with every tile placed and no hole is a solution.
//! [`solve`] tries the tiles in a seeded order with restarts (a walk that goes wrong early is abandoned);
//! [`count`] walks every branch.

use std::collections::HashSet;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{Colour, Direction, Hex, Placement, Tile};

mod layout;
mod solo;

pub use layout::{Discovery, DiscoveryError, Verdict};
pub(crate) use solo::SOLO;

/// The sizes a Discovery puzzle comes in.
pub const SIZES: std::ops::RangeInclusive<u8> = 3..=30;

/// The colour of the loop of the puzzle of `n` tiles: the colour on the back of tile `n`.
pub fn colour(n: u8) -> Option<Colour> {
    if !SIZES.contains(&n) {
        return None;
    }
    Tile::new(n)?.back()
}

/// The cells a search may use: a square of axial coordinates around the origin, wide enough for any loop of 30.
const REACH: i32 = 31;
const SIDE: usize = (2 * REACH + 1) as usize;

/// A walk in progress.
struct Walk {
    n: usize,
    colour: Colour,
    /// Each cell's tile and turn, by [`index`].
    grid: Vec<Option<(Tile, u8)>>,
    /// The floods' marks by cell, the last mark used, and their queue (of cells by [`index`]).
    marks: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
    /// The empty cell the loop closes from: across the end of tile N's path the walk did not leave by.
    goal: Hex,
    placed: Vec<Placement>,
    used: u64,
    /// The cell the loop starts from and closes on (tile N's, or a tile the player placed).
    home: Hex,
    /// Tiles placed before the walk (a player's, when asked for a hint), and those of them the walk has passed
    /// through: the loop must pass through every one, as it lies.
    fixed: u64,
    visited: u64,
    /// The tiles, in the order this walk tries them.
    order: Vec<Tile>,
    /// Nodes visited, and the most this walk may visit (restarts); `u64::MAX` for no limit.
    nodes: u64,
    budget: u64,
    /// The solutions kept (at most `keep`), how many were found, and how many to find before stopping.
    found: Vec<Vec<Placement>>,
    keep: usize,
    counted: u64,
    stop_at: u64,
}

/// The six steps to a neighbour, as `(dq, dr)`.
const STEPS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

fn index(h: Hex) -> Option<usize> {
    let (q, r) = (h.q + REACH, h.r + REACH);
    ((0..SIDE as i32).contains(&q) && (0..SIDE as i32).contains(&r)).then(|| r as usize * SIDE + q as usize)
}

fn distance(a: Hex, b: Hex) -> i32 {
    let (dq, dr) = (a.q - b.q, a.r - b.r);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

impl Walk {
    fn new(n: u8, colour: Colour, order: Vec<Tile>, budget: u64, keep: usize, stop_at: u64) -> Walk {
        Walk {
            n: usize::from(n),
            colour,
            grid: vec![None; SIDE * SIDE],
            marks: vec![0; SIDE * SIDE],
            stamp: 0,
            queue: Vec::new(),
            goal: Hex::ORIGIN,
            placed: Vec::with_capacity(usize::from(n)),
            used: 0,
            home: Hex::ORIGIN,
            fixed: 0,
            visited: 0,
            order,
            nodes: 0,
            budget,
            found: Vec::new(),
            keep,
            counted: 0,
            stop_at,
        }
    }

    fn get(&self, h: Hex) -> Option<(Tile, u8)> {
        index(h).and_then(|i| self.grid[i])
    }

    fn put(&mut self, p: Placement) {
        if let Some(i) = index(p.cell) {
            self.grid[i] = Some((p.tile, p.rot));
        }
        self.used |= 1 << p.tile.number();
        self.placed.push(p);
    }

    fn take_back(&mut self) {
        if let Some(p) = self.placed.pop() {
            if let Some(i) = index(p.cell) {
                self.grid[i] = None;
            }
            self.used &= !(1 << p.tile.number());
        }
    }

    /// The colour each neighbour of `cell` shows it (`None` where there is no tile), by [`Direction::ALL`].
    fn sides(&self, cell: Hex) -> [Option<Colour>; 6] {
        Direction::ALL.map(|d| self.get(cell.step(d)).map(|(t, r)| t.edge(r, d.opposite())))
    }

    /// Whether, with a tile just put on `cell`, some tile left still fits the goal (the cell the loop closes
    /// from) with its path of the loop's colour ending at tile N's: checked only when `cell` touches the goal.
    fn goal_fillable(&self, cell: Hex) -> bool {
        let goal = self.goal;
        if self.get(goal).is_some() || !cell.neighbours().contains(&goal) {
            return true;
        }
        let Some(home) = Direction::ALL.into_iter().find(|&d| goal.step(d) == self.home) else {
            return true;
        };
        let sides = self.sides(goal);
        self.order.iter().any(|&tile| {
            self.used & (1 << tile.number()) == 0
                && tile.ends(self.colour, 0).is_some_and(|(a, b)| {
                    [a, b].into_iter().any(|end| fits_sides(sides, tile, end.steps_cw_to(home)))
                })
        })
    }

    /// Whether the tile on `cell` touches a tile besides the one it was entered from (across `entry`).
    fn touches_another(&self, cell: Hex, entry: Direction) -> bool {
        Direction::ALL.into_iter().any(|d| d != entry && self.get(cell.step(d)).is_some())
    }

    /// Whether an empty cell next to `cell` is shut in on all six sides (the quick test before [`Walk::open`]).
    fn shuts_a_cell(&self, cell: Hex) -> bool {
        cell.neighbours()
            .into_iter()
            .any(|e| self.get(e).is_none() && e.neighbours().into_iter().all(|f| self.get(f).is_some()))
    }

    /// Whether the walk, its head on the empty cell `head`, can still close without shutting a cell in: every
    /// empty cell the tiles enclose must be in the head's part, which must hold the cell the loop closes from
    /// (`goal`) and no more cells than the `left` tiles can fill; otherwise some cell stays shut in for good.
    fn open(&mut self, head: Hex, goal: Hex, left: usize) -> bool {
        let (mut q0, mut q1, mut r0, mut r1) = (head.q, head.q, head.r, head.r);
        for p in &self.placed {
            (q0, q1, r0, r1) = (q0.min(p.cell.q), q1.max(p.cell.q), r0.min(p.cell.r), r1.max(p.cell.r));
        }
        // The box a cell around, within the grid.
        let (q0, q1, r0, r1) =
            ((q0 - 1).max(-REACH), (q1 + 1).min(REACH), (r0 - 1).max(-REACH), (r1 + 1).min(REACH));
        let bounds = (q0, q1, r0, r1);
        self.stamp += 2;
        let (outside, enclosed) = (self.stamp, self.stamp + 1);
        // The empty cells the box's frame reaches: the outside.
        self.queue.clear();
        for q in q0..=q1 {
            self.queue.extend([index(Hex::new(q, r0)), index(Hex::new(q, r1))].into_iter().flatten());
        }
        for r in r0..=r1 {
            self.queue.extend([index(Hex::new(q0, r)), index(Hex::new(q1, r))].into_iter().flatten());
        }
        self.flood(outside, bounds);
        let Some(h) = index(head) else { return false };
        if self.marks[h] == outside {
            // Nothing may be enclosed, and the goal is out there too (or the head itself).
            return self.enclosed_cells(q0..=q1, r0..=r1, outside) == 0;
        }
        // The head is enclosed: its part must hold the goal and every enclosed cell, and fit the tiles left.
        self.queue.clear();
        self.queue.push(h);
        let part = self.flood(enclosed, bounds);
        // (A goal under a fixed tile is not checked: the path may come home through more fixed tiles.)
        let goal_in = self.get(goal).is_some() || index(goal).is_some_and(|g| self.marks[g] == enclosed);
        goal_in && part <= left && self.enclosed_cells(q0..=q1, r0..=r1, outside) == part
    }

    /// Marks with `mark` the empty cells inside the box `(q0, q1, r0, r1)` reachable from the queued ones; how
    /// many it marked. (The box lies inside the grid, a cell away from its edge at least.)
    fn flood(&mut self, mark: u32, (q0, q1, r0, r1): (i32, i32, i32, i32)) -> usize {
        let mut marked = 0;
        while let Some(i) = self.queue.pop() {
            if self.grid[i].is_some() || self.marks[i] == mark {
                continue;
            }
            self.marks[i] = mark;
            marked += 1;
            let (q, r) = ((i % SIDE) as i32 - REACH, (i / SIDE) as i32 - REACH);
            for (dq, dr) in STEPS {
                let (nq, nr) = (q + dq, r + dr);
                if nq < q0 || nq > q1 || nr < r0 || nr > r1 {
                    continue;
                }
                let j = (i as isize + dr as isize * SIDE as isize + dq as isize) as usize;
                if self.grid[j].is_none() && self.marks[j] != mark {
                    self.queue.push(j);
                }
            }
        }
        marked
    }

    /// The empty cells of the box that the outside does not reach.
    fn enclosed_cells(
        &self,
        qs: std::ops::RangeInclusive<i32>,
        rs: std::ops::RangeInclusive<i32>,
        outside: u32,
    ) -> usize {
        let mut n = 0;
        for r in rs {
            for q in qs.clone() {
                if let Some(i) = index(Hex::new(q, r)) {
                    n += usize::from(self.grid[i].is_none() && self.marks[i] != outside);
                }
            }
        }
        n
    }

    /// Whether the search should stop: enough solutions, or the node budget spent.
    fn done(&self) -> bool {
        self.counted >= self.stop_at || self.nodes >= self.budget
    }

    /// Goes on from the empty `cell`, entered across its edge `entry`.
    fn extend(&mut self, cell: Hex, entry: Direction) {
        self.nodes += 1;
        // Every tile that fits, each way round; the walk first tries those whose next cell touches the most
        // tiles: a loop that shuts no cell in hugs itself.
        let mut moves: Vec<(usize, Placement, Direction)> = Vec::new();
        let sides = self.sides(cell);
        for &tile in &self.order {
            if self.used & (1 << tile.number()) != 0 {
                continue;
            }
            let Some((a, b)) = tile.ends(self.colour, 0) else { continue };
            for (inward, outward) in [(a, b), (b, a)] {
                let rot = inward.steps_cw_to(entry);
                if !fits_sides(sides, tile, rot) {
                    continue;
                }
                let exit = outward.rotate_cw(rot);
                let next = cell.step(exit);
                let touching = next.neighbours().into_iter().filter(|&h| self.get(h).is_some()).count();
                moves.push((touching, Placement { tile, cell, rot }, exit));
            }
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        for (_, placement, exit) in moves {
            if self.done() {
                return;
            }
            self.put(placement);
            self.go_on(placement.cell, Some(entry), exit);
            self.take_back();
        }
    }

    /// Goes on from the tile on `cell` (entered across `entry`, when the walk put it there), whose path leaves
    /// across `exit`: through the fixed tiles the path runs into, then to the next empty cell (pruned there), or
    /// home (a solution when everything is on the loop).
    fn go_on(&mut self, cell: Hex, entry: Option<Direction>, exit: Direction) {
        let left = self.n - self.placed.len();
        let (mut from, mut exit) = (cell, exit);
        let mut passed = 0u64;
        loop {
            let next = from.step(exit);
            if next == self.home {
                // The loop closes: a solution when every tile is on it and no empty cell is shut in.
                if left == 0 && self.visited | passed == self.fixed && !has_hole(&self.placed) {
                    self.counted += 1;
                    if self.found.len() < self.keep {
                        self.found.push(self.placed.clone());
                    }
                }
                break;
            }
            match self.get(next) {
                None => {
                    self.visited |= passed;
                    let unvisited = (self.fixed & !self.visited).count_ones() as usize;
                    // The tiles left go from `next` to the goal, both included, through the fixed tiles not
                    // passed yet.
                    // Only a tile that touches another besides the one before it can shut a part of the board
                    // off (a fixed tile passed may have).
                    let may_shut = match entry {
                        Some(entry) if passed == 0 => self.touches_another(cell, entry),
                        _ => true,
                    };
                    if left > 0
                        && distance(next, self.goal) < (left + unvisited) as i32
                        && !self.shuts_a_cell(cell)
                        && self.goal_fillable(cell)
                        && (!may_shut || self.open(next, self.goal, left))
                    {
                        self.extend(next, exit.opposite());
                    }
                    self.visited &= !passed;
                    break;
                }
                Some((tile, rot)) => {
                    let bit = 1u64 << tile.number();
                    if self.fixed & !(self.visited | passed) & bit == 0 {
                        // A tile of the walk, or a fixed one passed already: the path would cross itself.
                        break;
                    }
                    let entry = exit.opposite();
                    let Some((a, b)) = tile.ends(self.colour, rot) else { break };
                    let out = if a == entry {
                        b
                    } else if b == entry {
                        a
                    } else {
                        break;
                    };
                    passed |= bit;
                    (from, exit) = (next, out);
                }
            }
        }
    }
}

/// Whether `tile` turned `rot` shows each of `sides` the colour it shows (where there is a tile).
fn fits_sides(sides: [Option<Colour>; 6], tile: Tile, rot: u8) -> bool {
    Direction::ALL.into_iter().zip(sides).all(|(d, side)| side.is_none_or(|c| tile.edge(rot, d) == c))
}

/// Whether the tiles shut in an empty cell: an empty cell inside the layout's box from which no walk over
/// empty cells gets out of it.
fn has_hole(placed: &[Placement]) -> bool {
    let filled: HashSet<Hex> = placed.iter().map(|p| p.cell).collect();
    let (qs, rs) = (placed.iter().map(|p| p.cell.q), placed.iter().map(|p| p.cell.r));
    let (q0, q1) = (qs.clone().min().unwrap_or(0) - 1, qs.max().unwrap_or(0) + 1);
    let (r0, r1) = (rs.clone().min().unwrap_or(0) - 1, rs.max().unwrap_or(0) + 1);
    let inside = |h: Hex| (q0..=q1).contains(&h.q) && (r0..=r1).contains(&h.r);
    let mut outside = HashSet::new();
    let mut queue = vec![Hex::new(q0, r0)];
    while let Some(h) = queue.pop() {
        if !inside(h) || filled.contains(&h) || !outside.insert(h) {
            continue;
        }
        queue.extend(h.neighbours());
    }
    (q0..=q1).any(|q| {
        (r0..=r1).any(|r| {
            let h = Hex::new(q, r);
            !filled.contains(&h) && !outside.contains(&h)
        })
    })
}

/// Starts a walk from `first` (its loop path left by its first end), with the `fixed` tiles already down (which
/// may include `first`).
fn start(walk: &mut Walk, first: Placement, fixed: &[Placement]) {
    let Some((a, b)) = first.tile.ends(walk.colour, first.rot) else { return };
    for &p in fixed {
        walk.put(p);
        walk.fixed |= 1 << p.tile.number();
    }
    if !fixed.contains(&first) {
        walk.put(first);
    }
    // The first tile is where the loop ends, not one it passes through.
    walk.fixed &= !(1 << first.tile.number());
    walk.home = first.cell;
    walk.goal = first.cell.step(b);
    walk.go_on(first.cell, None, a);
}

/// The tiles 1..n but `n` (which starts every walk), in `seed`'s order.
fn order(n: u8, seed: u64) -> Vec<Tile> {
    let mut tiles: Vec<Tile> = (1..n).filter_map(Tile::new).collect();
    if seed != 0 {
        tiles.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    }
    tiles
}

/// One solution of the puzzle of `n` tiles (its placements, tile `n` first on the origin), or `None` when `n` is
/// not a size; `seed` picks which of the solutions (the search's order of the tiles).
pub fn solve(n: u8, seed: u64) -> Option<Vec<Placement>> {
    solve_within(n, seed, u64::MAX)
}

/// Tile `n` on the origin, unturned: where every walk of the solver starts.
fn first(n: u8) -> Option<Placement> {
    Some(Placement { tile: Tile::new(n)?, cell: Hex::ORIGIN, rot: 0 })
}

/// What a hint finds for a layout of the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextTile {
    /// One more tile of a solution that keeps every tile placed as it lies.
    Place(Placement),
    /// No solution keeps the tiles placed as they lie (the whole search was made).
    Impossible,
    /// The search ran out of its budget without finding either.
    Unknown,
}

/// One more tile of a solution of the puzzle of `n` tiles that agrees with the tiles `placed` (each where and as it
/// lies); `None` when `n` is not a size. `limit` bounds the nodes visited in all; `seed` picks among solutions.
pub fn hint(n: u8, placed: &[Placement], seed: u64, limit: u64) -> Option<NextTile> {
    let colour = colour(n)?;
    let Some(&home) = placed.iter().find(|p| p.tile.number() == n).or(placed.first()) else {
        // Nothing placed yet: tile n, on the centre.
        return Some(match solve_within(n, seed, limit) {
            Some(_) => NextTile::Place(first(n)?),
            None => NextTile::Unknown,
        });
    };
    if !consistent(n, placed) {
        return Some(NextTile::Impossible);
    }
    // The loop runs through every tile: none lies farther from another than half of it.
    let reach = i32::from(n) / 2;
    if placed.iter().any(|p| distance(p.cell, home.cell) > reach) {
        return Some(NextTile::Impossible);
    }
    let moved = |p: &Placement, by: Hex| Placement { cell: Hex::new(p.cell.q - by.q, p.cell.r - by.r), ..*p };
    let fixed: Vec<Placement> = placed.iter().map(|p| moved(p, home.cell)).collect();
    let free = |t: &Tile| !placed.iter().any(|p| p.tile == *t);
    let mut spent = 0u64;
    for attempt in 1u64.. {
        let budget = UNIT.saturating_mul(luby(attempt)).min(limit.saturating_sub(spent));
        if budget == 0 {
            return Some(NextTile::Unknown);
        }
        let mut order = order(n + 1, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt);
        order.retain(free);
        let mut walk = Walk::new(n, colour, order, budget, 1, 1);
        start(&mut walk, moved(&home, home.cell), &fixed);
        spent += walk.nodes;
        if let Some(found) = walk.found.pop() {
            let back = Hex::new(-home.cell.q, -home.cell.r);
            return Some(
                found.get(placed.len()).map_or(NextTile::Impossible, |p| NextTile::Place(moved(p, back))),
            );
        }
        if walk.nodes < budget {
            return Some(NextTile::Impossible);
        }
    }
    Some(NextTile::Unknown)
}

/// [`solve`] within `limit` nodes in all.
fn solve_within(n: u8, seed: u64, limit: u64) -> Option<Vec<Placement>> {
    let colour = colour(n)?;
    let mut spent = 0u64;
    // Restarts with another order of the tiles, each with a budget of nodes on Luby's sequence (1 1 2 1 1 2 4 ...
    // times a unit): a walk that took a bad turn early would otherwise search its whole subtree, and how long a
    // walk takes has a heavy tail.
    for attempt in 1u64.. {
        let budget = UNIT.saturating_mul(luby(attempt)).min(limit.saturating_sub(spent));
        if budget == 0 {
            return None;
        }
        // Each seed's restarts are its own orders (seeds next to each other share none).
        let order = order(n, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt);
        let mut walk = Walk::new(n, colour, order, budget, 1, 1);
        start(&mut walk, first(n)?, &[]);
        spent += walk.nodes;
        if let Some(found) = walk.found.pop() {
            return Some(found);
        }
        if walk.nodes < budget {
            // The whole tree was walked: no solution (never for the published sizes).
            return None;
        }
    }
    None
}

/// Whether `placed` are distinct tiles of 1..=n on distinct cells, every touching edge matching.
fn consistent(n: u8, placed: &[Placement]) -> bool {
    let mut tiles = 0u64;
    let mut cells = HashSet::new();
    for p in placed {
        let bit = 1u64 << p.tile.number();
        if p.tile.number() > n || tiles & bit != 0 || !cells.insert(p.cell) {
            return false;
        }
        tiles |= bit;
    }
    placed.iter().all(|p| {
        Direction::ALL.into_iter().all(|d| {
            placed
                .iter()
                .find(|o| o.cell == p.cell.step(d))
                .is_none_or(|o| o.tile.edge(o.rot, d.opposite()) == p.tile.edge(p.rot, d))
        })
    })
}

/// The nodes of a restart's budget per step of Luby's sequence.
const UNIT: u64 = 4000;

/// The `i`th term (from 1) of Luby's sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
fn luby(i: u64) -> u64 {
    let mut k = 1;
    while (1 << k) - 1 < i {
        k += 1;
    }
    if i == (1 << k) - 1 { 1 << (k - 1) } else { luby(i - ((1 << (k - 1)) - 1)) }
}

/// How many distinct solutions the puzzle of `n` tiles has, counting two layouts as the same when one is the
/// other moved and turned as a whole (mirror images are other tiles, so never the same); `None` when `n` is not a
/// size, or when more than `limit` nodes would be visited.
pub fn count(n: u8, limit: u64) -> Option<u64> {
    let colour = colour(n)?;
    let mut walk = Walk::new(n, colour, order(n, 0), limit, 0, u64::MAX);
    start(&mut walk, first(n)?, &[]);
    (walk.nodes < limit).then_some(walk.counted)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    #[test]
    fn the_loops_colours_are_the_backs_of_the_last_tiles() {
        assert_eq!(colour(3), Some(Colour::Yellow));
        assert_eq!(colour(4), Some(Colour::Red));
        assert_eq!(colour(2), None);
        assert_eq!(colour(31), None);
        // Every tile of a puzzle carries its loop's colour.
        for n in SIZES {
            let c = colour(n).unwrap();
            assert!((1..=n).all(|t| Tile::new(t).unwrap().ends(c, 0).is_some()), "puzzle {n}");
        }
    }

    /// Every solution of the puzzle of `n`, tile `n` on the origin unturned.
    pub(super) fn solutions(n: u8) -> Vec<Vec<Placement>> {
        let mut walk = Walk::new(n, colour(n).unwrap(), order(n, 0), u64::MAX, usize::MAX, u64::MAX);
        start(&mut walk, first(n).unwrap(), &[]);
        walk.found
    }

    #[test]
    fn a_hint_is_given_exactly_when_the_tiles_placed_can_be_completed() {
        for n in 4..=7 {
            let all = solutions(n);
            assert_eq!(all.len() as u64, count(n, u64::MAX).unwrap());
            let home = first(n).unwrap();
            // Tile n where every solution has it, and one more tile beside it, every way that matches.
            for t in 1..n {
                let tile = Tile::new(t).unwrap();
                for d in Direction::ALL {
                    for rot in 0..6 {
                        let other = Placement { tile, cell: Hex::ORIGIN.step(d), rot };
                        let placed = [home, other];
                        if !consistent(n, &placed) {
                            assert_eq!(hint(n, &placed, 0, u64::MAX), Some(NextTile::Impossible));
                            continue;
                        }
                        let completable = all.iter().any(|s| s.contains(&other));
                        match hint(n, &placed, 0, u64::MAX).unwrap() {
                            NextTile::Place(p) => {
                                assert!(completable, "{n}: {other:?} cannot be completed, yet {p:?}");
                                assert!(
                                    all.iter().any(|s| s.contains(&other) && s.contains(&p)),
                                    "{n}: {p:?} is in no solution with {other:?}"
                                );
                            }
                            NextTile::Impossible => assert!(!completable, "{n}: {other:?} can be completed"),
                            NextTile::Unknown => panic!("no budget was set"),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn hints_alone_solve_the_puzzle_wherever_it_started() {
        for n in [5, 9, 14, 20] {
            // The first tile somewhere else than the solver's start, turned.
            let mut placed = vec![Placement { tile: Tile::new(1).unwrap(), cell: Hex::new(3, -2), rot: 4 }];
            while placed.len() < usize::from(n) {
                match hint(n, &placed, 7, 50_000_000).unwrap() {
                    NextTile::Place(p) => {
                        assert!(!placed.iter().any(|q| q.tile == p.tile || q.cell == p.cell));
                        placed.push(p);
                        assert!(consistent(n, &placed), "{n}: {placed:?}");
                    }
                    other => panic!("{n}: {other:?} after {placed:?}"),
                }
            }
            assert!(!has_hole(&placed), "{n}");
            let mut board = super::super::Board::new();
            for p in &placed {
                board.put(*p);
            }
            let chain = board.best_chain(colour(n).unwrap());
            assert!(chain.is_loop && chain.cells.len() == usize::from(n), "{n}: {placed:?}");
        }
    }

    #[test]
    fn a_hint_with_nothing_placed_puts_the_last_tile_on_the_centre() {
        assert_eq!(hint(8, &[], 0, u64::MAX), Some(NextTile::Place(first(8).unwrap())));
        assert_eq!(hint(2, &[], 0, u64::MAX), None);
        // Too far apart for any loop of 6.
        let apart =
            [first(6).unwrap(), Placement { tile: Tile::new(1).unwrap(), cell: Hex::new(5, 0), rot: 0 }];
        assert_eq!(hint(6, &apart, 0, u64::MAX), Some(NextTile::Impossible));
    }

    #[test]
    fn a_hole_is_seen() {
        // Six tiles around an empty cell.
        let ring: Vec<Placement> = Direction::ALL
            .into_iter()
            .zip(1..)
            .map(|(d, t)| Placement { tile: Tile::new(t).unwrap(), cell: Hex::ORIGIN.step(d), rot: 0 })
            .collect();
        assert!(has_hole(&ring));
        assert!(!has_hole(&ring[..5]));
    }
}
