//! An exact endgame: a proof-number search over single moves. TZAAR has no draws and no repeated positions (every
//! turn takes a stack), so every position is a win or a loss; when few stacks remain, the proof-number search can
//! settle which within a node budget, growing the tree where the proof is cheapest instead of to a fixed depth.
//!
//! The tree holds moves only (a node's position is replayed from the root on the way down), so a node costs a few
//! bytes. OR nodes are those where the side to prove a win for moves (both moves of its turn), AND nodes the
//! others'. The result is a proven win (with a winning move), a proven loss, or nothing proven within the budget.

use std::time::Instant;

use super::{Move, Position, Side};

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

#[derive(Clone, Copy, Debug)]
struct PnNode {
    /// The move that leads here from the parent (unused at the root).
    mv: Move,
    parent: u32,
    /// The first child's index (children are contiguous), valid when `len` > 0.
    first: u32,
    /// The number of children; 0 for a leaf not yet expanded and for a finished position.
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
    let us = root.to_move();
    if let Some(end) = root.end() {
        let proven = if end.winner() == us { Proven::Unknown } else { Proven::Loss };
        return Proof { proven, nodes: 0 };
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
        let mut pos = *root;
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
            pos = pos.play_unchecked(tree[at].mv);
        }
        expand(&mut tree, at, &pos, us);
        // Back up to the root.
        let mut node = at;
        loop {
            let (pn, dn) = (tree[node].pn, tree[node].dn);
            update(&mut tree, node);
            // Nothing changes further up once a node's numbers stay the same.
            if node != at && (pn, dn) == (tree[node].pn, tree[node].dn) {
                break;
            }
            if node == 0 {
                break;
            }
            node = tree[node].parent as usize;
        }
    }
    let proven = if tree[0].pn == 0 {
        let first = tree[0].first as usize;
        let children = &tree[first..first + tree[0].len as usize];
        // An immediate win first (a finished child has no children), else any proven one.
        let win = children
            .iter()
            .filter(|c| c.pn == 0)
            .min_by_key(|c| u32::from(c.len != 0))
            .map_or(Move::Pass, |c| c.mv);
        Proven::Win(win)
    } else if tree[0].dn == 0 {
        Proven::Loss
    } else {
        Proven::Unknown
    };
    Proof { proven, nodes: tree.len() as u64 }
}

/// Gives the leaf `at` (position `pos`, not over) its children, each finished one already proven or disproven.
fn expand(tree: &mut Vec<PnNode>, at: usize, pos: &Position, us: Side) {
    let first = tree.len() as u32;
    for &m in pos.moves_unchecked().iter() {
        let child = pos.play_unchecked(m);
        let (pn, dn) = match child.end() {
            Some(end) => finished(end.winner(), us),
            None => (1, 1),
        };
        let or = child.to_move() == us;
        tree.push(PnNode { mv: m, parent: at as u32, first: 0, len: 0, pn, dn, or });
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

    #[test]
    fn agrees_with_exhaustive_search_on_small_endgames() {
        let mut rng = Noise::new(11);
        let (mut wins, mut losses) = (0, 0);
        for _ in 0..60 {
            let stacks = 8 + rng.below(3);
            let p = random_endgame(&mut rng, stacks);
            let mut memo = HashMap::new();
            let truth = solve(&p, &mut memo);
            let proof = prove(&p, 2_000_000, far());
            match proof.proven {
                Proven::Win(m) => {
                    assert!(truth, "{p} proven won but lost");
                    // The winning move leads to a won position.
                    let child = p.play_unchecked(m);
                    let child_wins = solve(&child, &mut memo);
                    assert!(if child.to_move() == p.to_move() { child_wins } else { !child_wins }, "{p} {m}");
                    wins += 1;
                }
                Proven::Loss => {
                    assert!(!truth, "{p} proven lost but won");
                    losses += 1;
                }
                Proven::Unknown => panic!("{p} not settled in {} nodes", proof.nodes),
            }
        }
        // Random endgames are mostly won for the side to move; both results must occur.
        assert!(wins > 5 && losses >= 1, "{wins} wins, {losses} losses");
    }
}
