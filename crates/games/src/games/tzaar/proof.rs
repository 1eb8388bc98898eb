//! An exact endgame: a proof-number search over single moves. TZAAR has no draws and no repeated positions (every
//! turn takes a stack), so every position is a win or a loss; when few stacks remain, the proof-number search can
//! settle which within a node budget, growing the tree where the proof is cheapest instead of to a fixed depth.
//!
//! The tree holds moves only (a node's position is replayed from the root on the way down, its Zobrist hash kept
//! up to date on the way), so a node costs a few bytes. OR nodes are those where the side to prove a win for moves
//! (both moves of its turn), AND nodes the others'. The result is a proven win (with a winning move), a proven
//! loss, or nothing proven within the budget.
//!
//! What a search settles outlives it: [`prove_keeping`] writes every position it settled into a [`Known`] table
//! (the player's is [`known`], shared by every game and thread, since a proven result is a fact about a position),
//! and reads it back at its root and at every leaf it makes. So a proof found for a turn's first move answers its
//! second at once, the next turns start from what was proven, and a search that ran out of budget still leaves
//! the subtrees it settled for the next one.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::ai::{Eval, TzaarNode};
use super::{Move, Position, Side};
use crate::ai::search::Node;

/// Larger than any proof or disproof number the search builds.
const INF: u32 = 1 << 30;

/// What the search settled about the root, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// The side to move wins by playing this move first.
    Win(Move),
    /// The side to move loses whatever it does.
    Loss,
    /// The budget ran out first.
    Unknown,
}

/// The result of a search, with the tree nodes it made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    pub proven: Proven,
    pub nodes: u64,
}

/// A settled position, for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fact {
    /// It wins with the move at this index of its move list (in the engine's order).
    Win(u8),
    Loss,
}

/// A table of settled positions, keyed by their Zobrist hash, safe to share between threads: each slot is one
/// atomic word (48 bits of the hash, a mark, the result and a move's index), so a reader never sees half an entry.
pub struct Known {
    slots: Box<[AtomicU64]>,
    mask: usize,
}

const PRESENT: u64 = 1 << 15;
const WINS: u64 = 1 << 14;
const KEY: u64 = !0xffff;

impl Known {
    /// An empty table of `2^bits` slots (8 bytes each).
    pub fn new(bits: u32) -> Known {
        let size = 1usize << bits.clamp(4, 26);
        Known { slots: (0..size).map(|_| AtomicU64::new(0)).collect(), mask: size - 1 }
    }

    fn get(&self, hash: u64) -> Option<Fact> {
        let w = self.slots[hash as usize & self.mask].load(Ordering::Relaxed);
        if w & PRESENT == 0 || w & KEY != hash & KEY {
            return None;
        }
        Some(if w & WINS != 0 { Fact::Win((w & 0xff) as u8) } else { Fact::Loss })
    }

    fn put(&self, hash: u64, fact: Fact) {
        let data = match fact {
            Fact::Win(i) => WINS | u64::from(i),
            Fact::Loss => 0,
        };
        self.slots[hash as usize & self.mask].store(hash & KEY | PRESENT | data, Ordering::Relaxed);
    }
}

/// The player's table of settled positions: 2^20 slots (8 MiB), made on first use.
pub fn known() -> &'static Known {
    static KNOWN: OnceLock<Known> = OnceLock::new();
    KNOWN.get_or_init(|| Known::new(20))
}

#[derive(Clone, Copy, Debug)]
struct PnNode {
    /// The move that leads here from the parent (unused at the root).
    mv: Move,
    parent: u32,
    /// The first child's index (children are contiguous), valid when `len` > 0.
    first: u32,
    /// The number of children; 0 for a leaf not yet expanded and for a settled position.
    len: u32,
    pn: u32,
    dn: u32,
    /// Whether the side to prove a win for moves here.
    or: bool,
}

/// The proof and disproof numbers of a finished position (`winner` won), for a win of `us`.
fn finished(winner: Side, us: Side) -> (u32, u32) {
    if winner == us { (0, INF) } else { (INF, 0) }
}

/// Proves or disproves a win for the side to move at `root`, making at most `max_nodes` tree nodes and stopping
/// at `deadline`. `root` must not be over.
pub fn prove(root: &Position, max_nodes: usize, deadline: Instant) -> Proof {
    search(root, max_nodes, deadline, None)
}

/// [`prove`], starting from what `known` holds and adding to it every position the search settles.
pub(crate) fn prove_keeping(root: &Position, max_nodes: usize, deadline: Instant, known: &Known) -> Proof {
    search(root, max_nodes, deadline, Some(known))
}

fn search(root: &Position, max_nodes: usize, deadline: Instant, known: Option<&Known>) -> Proof {
    let us = root.to_move();
    if let Some(end) = root.end() {
        let proven = if end.winner() == us { Proven::Unknown } else { Proven::Loss };
        return Proof { proven, nodes: 0 };
    }
    let start = TzaarNode::with_eval(*root, Eval::Material);
    if let Some(fact) = known.and_then(|k| k.get(start.hash())) {
        let proven = match fact {
            Fact::Win(i) => {
                root.moves_unchecked().get(usize::from(i)).map_or(Proven::Unknown, |&m| Proven::Win(m))
            }
            Fact::Loss => Proven::Loss,
        };
        if proven != Proven::Unknown {
            return Proof { proven, nodes: 0 };
        }
    }
    let mut tree = Vec::with_capacity(max_nodes.min(1 << 20) + 1);
    tree.push(PnNode { mv: Move::Pass, parent: 0, first: 0, len: 0, pn: 1, dn: 1, or: true });
    let mut expansions = 0u32;
    while tree[0].pn != 0 && tree[0].dn != 0 && tree.len() < max_nodes {
        expansions += 1;
        if expansions % 256 == 0 && Instant::now() >= deadline {
            break;
        }
        // Down to the most-proving leaf.
        let mut at = 0usize;
        let mut node = start;
        while tree[at].len > 0 {
            let or = tree[at].or;
            let first = tree[at].first as usize;
            let children = &tree[first..first + tree[at].len as usize];
            let pick = if or {
                (0..children.len()).min_by_key(|&i| children[i].pn)
            } else {
                (0..children.len()).min_by_key(|&i| children[i].dn)
            };
            at = first + pick.unwrap_or(0);
            node = node.play(tree[at].mv);
        }
        expand(&mut tree, at, &node, us, known);
        // Back up to the root.
        let mut i = at;
        loop {
            let (pn, dn) = (tree[i].pn, tree[i].dn);
            update(&mut tree, i);
            // Nothing changes further up once a node's numbers stay the same.
            if i != at && (pn, dn) == (tree[i].pn, tree[i].dn) {
                break;
            }
            if i == 0 {
                break;
            }
            i = tree[i].parent as usize;
        }
    }
    if let Some(known) = known {
        keep(&tree, &start, known);
    }
    let proven = if tree[0].pn == 0 {
        Proven::Win(tree[first_settled(&tree, 0, true)].mv)
    } else if tree[0].dn == 0 {
        Proven::Loss
    } else {
        Proven::Unknown
    };
    Proof { proven, nodes: tree.len() as u64 }
}

/// The index of the first child of the expanded node `at` that is a proven win (`win`) or a proven loss for us,
/// a finished position first (so that a win is taken at once).
fn first_settled(tree: &[PnNode], at: usize, win: bool) -> usize {
    let first = tree[at].first as usize;
    let settled = |c: &PnNode| if win { c.pn == 0 } else { c.dn == 0 };
    (first..first + tree[at].len as usize)
        .filter(|&i| settled(&tree[i]))
        .min_by_key(|&i| u32::from(tree[i].len != 0))
        .unwrap_or(first)
}

/// Writes every expanded, settled node of `tree` (rooted at `root`) into `known`, for its own side to move: the
/// deepest first and the root last, so that where two share a slot, the one nearer the root stays.
fn keep(tree: &[PnNode], root: &TzaarNode<'_>, known: &Known) {
    let mut level = vec![(0usize, *root)];
    let mut facts = Vec::new();
    while !level.is_empty() {
        let mut next = Vec::new();
        for (at, node) in level {
            let n = tree[at];
            if n.pn == 0 || n.dn == 0 {
                let mover_wins = (n.pn == 0) == n.or;
                let fact = if mover_wins {
                    // The mover's winning child: proven for us when we move, disproven when they do.
                    Fact::Win((first_settled(tree, at, n.or) - n.first as usize) as u8)
                } else {
                    Fact::Loss
                };
                facts.push((node.hash(), fact));
            }
            let first = n.first as usize;
            for (i, child) in tree.iter().enumerate().skip(first).take(n.len as usize) {
                if child.len > 0 {
                    next.push((i, node.play(child.mv)));
                }
            }
        }
        level = next;
    }
    for (hash, fact) in facts.into_iter().rev() {
        known.put(hash, fact);
    }
}

/// Gives the leaf `at` (`node`, not over) its children, each finished or known one already settled.
fn expand(tree: &mut Vec<PnNode>, at: usize, node: &TzaarNode<'_>, us: Side, known: Option<&Known>) {
    let first = tree.len() as u32;
    for &m in node.pos.moves_unchecked().iter() {
        let child = node.play(m);
        let mover = child.pos.to_move();
        let (pn, dn) = match child.pos.end() {
            Some(end) => finished(end.winner(), us),
            None => match known.and_then(|k| k.get(child.hash())) {
                Some(Fact::Win(_)) => finished(mover, us),
                Some(Fact::Loss) => finished(mover.opponent(), us),
                None => (1, 1),
            },
        };
        tree.push(PnNode { mv: m, parent: at as u32, first: 0, len: 0, pn, dn, or: mover == us });
    }
    tree[at].first = first;
    tree[at].len = tree.len() as u32 - first;
}

/// Recomputes an expanded node's numbers from its children's.
fn update(tree: &mut [PnNode], node: usize) {
    let n = tree[node];
    if n.len == 0 {
        return;
    }
    let first = n.first as usize;
    let children = &tree[first..first + n.len as usize];
    let sum = |f: fn(&PnNode) -> u32| children.iter().fold(0u32, |s, c| s.saturating_add(f(c)).min(INF));
    let (pn, dn) = if n.or {
        (children.iter().map(|c| c.pn).min().unwrap_or(INF), sum(|c| c.dn))
    } else {
        (sum(|c| c.pn), children.iter().map(|c| c.dn).min().unwrap_or(INF))
    };
    tree[node].pn = pn;
    tree[node].dn = dn;
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::time::Duration;

    use super::*;
    use crate::ai::search::Noise;
    use crate::games::tzaar::board::POINTS;
    use crate::games::tzaar::{Kind, Phase, Point, Stack};

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    /// Whether the side to move wins, by exhaustive search (memoised).
    fn solve(pos: &Position, memo: &mut HashMap<Position, bool>) -> bool {
        if let Some(end) = pos.end() {
            return end.winner() == pos.to_move();
        }
        if let Some(&w) = memo.get(pos) {
            return w;
        }
        let win = pos.moves_unchecked().iter().any(|&m| {
            let child = pos.play_unchecked(m);
            let child_wins = solve(&child, memo);
            if child.to_move() == pos.to_move() { child_wins } else { !child_wins }
        });
        memo.insert(*pos, win);
        win
    }

    #[test]
    fn takes_the_last_of_a_type_at_once() {
        // White's Tzaar on A1 takes Black's only Tzaar on A2.
        let p = pos("Zz.../....../......./......../......../......../......./....../AT.at w c");
        let proof = prove(&p, 10_000, far());
        assert_eq!(proof.proven, Proven::Win("A1xA2".parse().unwrap()));
    }

    #[test]
    fn wins_with_both_moves_of_a_turn() {
        // A1xA2 then A2xA3 takes both of Black's Tzarras; Black's tall Tzaar and Tott are out of reach.
        let p = pos("Taa../....../......./......../......../......../......./....../ZA.z2t2 w c");
        let proof = prove(&p, 10_000, far());
        assert_eq!(proof.proven, Proven::Win("A1xA2".parse().unwrap()));
        let second = p.play_unchecked("A1xA2".parse().unwrap());
        assert_eq!(second.phase(), Phase::Second);
        assert_eq!(prove(&second, 10_000, far()).proven, Proven::Win("A2xA3".parse().unwrap()));
    }

    #[test]
    fn a_lost_position_is_disproven() {
        // White's only capture is I1xI2; whatever its second move, Black's Tott of height 2 then takes White's
        // only Tzaar on A1.
        let p = pos("Zt2.../....../......./......../......../......../......./....../Tta2z2A w c");
        let mut memo = HashMap::new();
        assert!(!solve(&p, &mut memo));
        assert_eq!(prove(&p, 10_000, far()).proven, Proven::Loss);
    }

    /// A random position of `stacks` stacks (both sides holding every type), White to start a turn.
    fn random_endgame(rng: &mut Noise, stacks: usize) -> Position {
        loop {
            let mut p = Position::empty(Side::White, Phase::Capture);
            let mut free: Vec<usize> = (0..POINTS).collect();
            for i in 0..stacks {
                let at = free.swap_remove(rng.below(free.len()));
                let side = if i % 2 == 0 { Side::White } else { Side::Black };
                let kind = if i < 6 { Kind::ALL[i / 2] } else { Kind::ALL[rng.below(3)] };
                let height = 1 + rng.below(3) as u8;
                p.put(Point::from_index(at).unwrap(), Stack { side, kind, height });
            }
            if p.end().is_none() {
                return p;
            }
        }
    }

    /// Checks `proof` of `p` against exhaustive search: settled, right, and a proven win's move leads to a won
    /// position. Returns whether it is a win.
    fn agrees_with_exhaustive_search(p: &Position, proof: &Proof) -> bool {
        let mut memo = HashMap::new();
        let truth = solve(p, &mut memo);
        match proof.proven {
            Proven::Win(m) => {
                assert!(truth, "{p} proven won but lost");
                let child = p.play_unchecked(m);
                let child_wins = solve(&child, &mut memo);
                assert!(if child.to_move() == p.to_move() { child_wins } else { !child_wins }, "{p} {m}");
                true
            }
            Proven::Loss => {
                assert!(!truth, "{p} proven lost but won");
                false
            }
            Proven::Unknown => panic!("{p} not settled in {} nodes", proof.nodes),
        }
    }

    #[test]
    fn agrees_with_exhaustive_search_on_small_endgames() {
        let mut rng = Noise::new(11);
        let (mut wins, mut losses) = (0, 0);
        for _ in 0..60 {
            let stacks = 8 + rng.below(3);
            let p = random_endgame(&mut rng, stacks);
            if agrees_with_exhaustive_search(&p, &prove(&p, 2_000_000, far())) {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        // Random endgames are mostly won for the side to move; both results must occur.
        assert!(wins > 5 && losses >= 1, "{wins} wins, {losses} losses");
    }

    #[test]
    fn a_kept_table_gives_the_same_answers_and_answers_again_at_once() {
        let known = Known::new(16);
        let mut rng = Noise::new(29);
        for _ in 0..40 {
            let stacks = 8 + rng.below(3);
            let p = random_endgame(&mut rng, stacks);
            // A small budget first, so that some searches stop unsettled and leave only their settled subtrees.
            let first = prove_keeping(&p, 300, far(), &known);
            let proof = prove_keeping(&p, 2_000_000, far(), &known);
            agrees_with_exhaustive_search(&p, &proof);
            if first.proven != Proven::Unknown {
                assert_eq!(first.proven, proof.proven, "{p}");
            }
            // Settled once, it is answered from the table, and so is the position its winning move leads to.
            let again = prove_keeping(&p, 2_000_000, far(), &known);
            assert_eq!((again.proven, again.nodes), (proof.proven, 0), "{p}");
            if let Proven::Win(m) = proof.proven {
                let child = p.play_unchecked(m);
                if child.end().is_none() {
                    let next = prove_keeping(&child, 2_000_000, far(), &known);
                    assert_eq!(next.nodes, 0, "{child}");
                    let expected = if child.to_move() == p.to_move() { "win" } else { "loss" };
                    let got = if matches!(next.proven, Proven::Win(_)) { "win" } else { "loss" };
                    assert_eq!(got, expected, "{child}");
                }
            }
        }
    }
}
