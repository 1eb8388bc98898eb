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
    /// The floods' marks by cell, the last mark used, and their queue.
    marks: Vec<u32>,
    stamp: u32,
    queue: Vec<Hex>,
    /// The empty cell the loop closes from: across the end of tile N's path the walk did not leave by.
    goal: Hex,
    placed: Vec<Placement>,
    used: u64,
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

    /// Whether `tile` turned `rot` on `cell` matches every tile next to it.
    fn fits(&self, cell: Hex, tile: Tile, rot: u8) -> bool {
        Direction::ALL.into_iter().all(|d| match self.get(cell.step(d)) {
            Some((t, r)) => t.edge(r, d.opposite()) == tile.edge(rot, d),
            None => true,
        })
    }

    /// Whether, with a tile just put on `cell`, some tile left still fits the goal (the cell the loop closes
    /// from) with its path of the loop's colour ending at tile N's: checked only when `cell` touches the goal.
    fn goal_fillable(&self, cell: Hex) -> bool {
        let goal = self.goal;
        if self.get(goal).is_some() || !cell.neighbours().contains(&goal) {
            return true;
        }
        let Some(home) = Direction::ALL.into_iter().find(|&d| goal.step(d) == Hex::ORIGIN) else {
            return true;
        };
        self.order.iter().any(|&tile| {
            self.used & (1 << tile.number()) == 0
                && tile.ends(self.colour, 0).is_some_and(|(a, b)| {
                    [a, b].into_iter().any(|end| self.fits(goal, tile, end.steps_cw_to(home)))
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
        let (q0, q1, r0, r1) = (q0 - 1, q1 + 1, r0 - 1, r1 + 1);
        let inside = |h: Hex| (q0..=q1).contains(&h.q) && (r0..=r1).contains(&h.r);
        self.stamp += 2;
        let (outside, enclosed) = (self.stamp, self.stamp + 1);
        // The empty cells the box's frame reaches: the outside.
        self.queue.clear();
        for q in q0..=q1 {
            self.queue.extend([Hex::new(q, r0), Hex::new(q, r1)]);
        }
        for r in r0..=r1 {
            self.queue.extend([Hex::new(q0, r), Hex::new(q1, r)]);
        }
        self.flood(outside, &inside);
        let Some(h) = index(head) else { return false };
        if self.marks[h] == outside {
            // Nothing may be enclosed, and the goal is out there too (or the head itself).
            return self.enclosed_cells(q0..=q1, r0..=r1, outside) == 0;
        }
        // The head is enclosed: its part must hold the goal and every enclosed cell, and fit the tiles left.
        self.queue.clear();
        self.queue.push(head);
        let part = self.flood(enclosed, &inside);
        let goal_in = index(goal).is_some_and(|g| self.marks[g] == enclosed);
        goal_in && part <= left && self.enclosed_cells(q0..=q1, r0..=r1, outside) == part
    }

    /// Marks with `mark` the empty cells inside the box reachable from the queued ones; how many it marked.
    fn flood(&mut self, mark: u32, inside: &dyn Fn(Hex) -> bool) -> usize {
        let mut marked = 0;
        while let Some(h) = self.queue.pop() {
            let Some(i) = index(h) else { continue };
            if !inside(h) || self.grid[i].is_some() || self.marks[i] == mark {
                continue;
            }
            self.marks[i] = mark;
            marked += 1;
            self.queue.extend(h.neighbours());
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
        let left = self.n - self.placed.len();
        // Every tile that fits, each way round; the walk first tries those whose next cell touches the most
        // tiles: a loop that shuts no cell in hugs itself.
        let mut moves: Vec<(usize, Placement, Direction)> = Vec::new();
        for &tile in &self.order {
            if self.used & (1 << tile.number()) != 0 {
                continue;
            }
            let Some((a, b)) = tile.ends(self.colour, 0) else { continue };
            for (inward, outward) in [(a, b), (b, a)] {
                let rot = inward.steps_cw_to(entry);
                if !self.fits(cell, tile, rot) {
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
            let next = cell.step(exit);
            self.put(placement);
            if left == 1 {
                // The last tile: the loop closes on the origin, and no empty cell is shut in anywhere.
                if next == Hex::ORIGIN && !has_hole(&self.placed) {
                    self.counted += 1;
                    if self.found.len() < self.keep {
                        self.found.push(self.placed.clone());
                    }
                }
            } else if self.get(next).is_none()
                // The tiles left after this one go from `next` to the goal, both included.
                && distance(next, self.goal) <= left as i32 - 2
                && !self.shuts_a_cell(cell)
                && self.goal_fillable(cell)
                // Only a tile that touches another besides the one before it can shut a part of the board off.
                && (!self.touches_another(cell, entry) || self.open(next, self.goal, left - 1))
            {
                self.extend(next, exit.opposite());
            }
            self.take_back();
        }
    }
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

/// Starts a walk: tile `n` on the origin, unturned, its loop path left by its first end.
fn start(walk: &mut Walk, n: u8) {
    let Some(first) = Tile::new(n) else { return };
    let Some((a, b)) = first.ends(walk.colour, 0) else { return };
    walk.goal = Hex::ORIGIN.step(b);
    walk.put(Placement { tile: first, cell: Hex::ORIGIN, rot: 0 });
    walk.extend(Hex::ORIGIN.step(a), a.opposite());
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
    let colour = colour(n)?;
    // Restarts with another order of the tiles, each with a budget of nodes on Luby's sequence (1 1 2 1 1 2 4 ...
    // times a unit): a walk that took a bad turn early would otherwise search its whole subtree, and how long a
    // walk takes has a heavy tail.
    for attempt in 1u64.. {
        let budget = UNIT.saturating_mul(luby(attempt));
        // Each seed's restarts are its own orders (seeds next to each other share none).
        let order = order(n, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt);
        let mut walk = Walk::new(n, colour, order, budget, 1, 1);
        start(&mut walk, n);
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
    start(&mut walk, n);
    (walk.nodes < limit).then_some(walk.counted)
}

#[cfg(test)]
mod tests {
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
