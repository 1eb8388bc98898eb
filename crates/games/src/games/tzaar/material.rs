//! The evaluation TZAAR's AI played with before the security evaluation ([`super::eval`]): the counts of each
//! type (scarce types weigh most), stack heights, which stacks the other side can take, and the captures each side
//! has. Kept so that the arena can pit the old player against the new one (`tabula match tzaar --a 5 --b
//! baseline5`).

use crate::ai::search::WIN;
use crate::games::tzaar::board::{first_hit, points};
use crate::games::tzaar::{Direction, Kind, Position, Side};

/// Evaluation weights.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// The value of having `n` stacks of a type on top (index `n`, capped); the steps shrink as `n` grows, so
    /// losing a scarce type's stack costs most.
    pub(crate) type_value: [i32; 16],
    /// Per piece under the top of a stack (tall stacks are safe and strong).
    pub(crate) height: i32,
    /// Share (in 1/16) of the value of the best enemy stack the side to move can take next.
    pub(crate) threat_mover: i32,
    /// Share (in 1/16) of the value of the best stack of the side to move the other side could take.
    pub(crate) threat_other: i32,
    /// Per capture a side has (mobility; without one at the start of a turn a side loses).
    pub(crate) capture: i32,
}

/// The material evaluation's weights.
pub(crate) const WEIGHTS: Weights = Weights {
    type_value: [0, 1000, 1600, 2000, 2280, 2480, 2630, 2750, 2850, 2930, 3000, 3060, 3110, 3150, 3185, 3215],
    height: 60,
    threat_mover: 12,
    threat_other: 10,
    capture: 15,
};

/// The material evaluation from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let w = &WEIGHTS;
    let me = pos.to_move();
    let stats = [side_stats(pos, me, w), side_stats(pos, me.opponent(), w)];
    let mut score = stats[0].material - stats[1].material;
    score += w.capture * (stats[0].captures - stats[1].captures);
    score += w.threat_mover * stats[0].best_target / 16;
    score -= w.threat_other * stats[1].best_target / 16;
    score
}

/// What the evaluation counts for one side.
struct SideStats {
    material: i32,
    /// The captures the side has now.
    captures: i32,
    /// The value of the best enemy stack it can take.
    best_target: i32,
}

/// The type value of `side` with `n` stacks of a type.
#[inline]
fn type_value(w: &Weights, n: u32) -> i32 {
    w.type_value[(n as usize).min(15)]
}

fn side_stats(pos: &Position, side: Side, w: &Weights) -> SideStats {
    let me = pos.stacks_of(side);
    let them = pos.stacks_of(side.opponent());
    let occ = me | them;
    let kinds = [pos.kinds(Kind::Tzaar), pos.kinds(Kind::Tzarra), pos.kinds(Kind::Tott)];
    let mut material = 0;
    let mut loss = [0; 3];
    for (i, &k) in kinds.iter().enumerate() {
        let n = (me & k).count_ones();
        material += type_value(w, n);
        // What the other side loses when one of its stacks of this type is taken.
        let m = (them & k).count_ones();
        loss[i] = if m <= 1 { WIN / 2 } else { type_value(w, m) - type_value(w, m - 1) };
    }
    let mut captures = 0;
    let mut best_target = 0;
    for from in points(me) {
        let h = pos.height(from);
        material += w.height * i32::from(h - 1);
        for d in Direction::ALL {
            if let Some(to) = first_hit(from, d, occ)
                && them & to.bit() != 0
            {
                let th = pos.height(to);
                if th <= h {
                    captures += 1;
                    let b = to.bit();
                    let k = usize::from(kinds[1] & b != 0) + 2 * usize::from(kinds[2] & b != 0);
                    let value = loss[k] + w.height * i32::from(th - 1);
                    best_target = best_target.max(value);
                }
            }
        }
    }
    SideStats { material, captures, best_target: best_target.min(5_000) }
}
