//! The TZAAR evaluation, built on *security*: a type is secure for a side when its tallest stack of that type is
//! taller than every enemy stack, so that no enemy stack can take it. Around that: the stacks of each type (the
//! scarce ones weigh most), the heights (a stack of two or three in every type), the lead of each type's tallest
//! stack over the enemy's tallest, the captures each side has (a side without one at the start of its turn has
//! lost), the best stack each side could take next, and the tempo of the two-move turn.
//!
//! The weights are data ([`Weights`]): [`TUNED`] came from self-play (see `docs/tuning-tzaar.md` and the tuner,
//! `tools/tune_tzaar.rs`).

use super::board::{Bits, Direction, first_hit, points};
use super::{Kind, Phase, Position, Side};

/// Declares [`Weights`] with its fields in one list, and with them [`COUNT`], [`Weights::NAMES`] and the array
/// forms the tuner uses, so that a new weight is written once.
macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// The evaluation's weights (score units: the first stack of a type is worth about 1000).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[$doc])* pub(crate) $name: i32,)*
        }

        /// The number of weights, in [`Weights::NAMES`] order.
        pub const COUNT: usize = Weights::NAMES.len();

        impl Weights {
            /// The weights' names, in the order of [`Weights::to_array`].
            pub const NAMES: [&'static str; [$(stringify!($name)),*].len()] = [$(stringify!($name)),*];

            /// The weights as an array (for the tuner).
            pub fn to_array(&self) -> [i32; COUNT] {
                [$(self.$name),*]
            }

            /// The weights from an array in [`Weights::NAMES`] order.
            pub fn from_array(a: [i32; COUNT]) -> Weights {
                let [$($name),*] = a;
                Weights { $($name),* }
            }
        }
    };
}

weights! {
    /// Scale (percent) of the value of the stacks of each type (see [`TYPE_VALUE`]).
    material,
    /// Per secure type.
    secure,
    /// Once more when all three types are secure.
    all_secure,
    /// Per type whose tallest stack is at least two high.
    tall2,
    /// Per type whose tallest stack is at least three high.
    tall3,
    /// Per step (at most three) by which a type's tallest stack is taller (or shorter) than the enemy's tallest.
    lead,
    /// Per piece under the top of a stack.
    height,
    /// Per enemy stack the side can capture (up to ten).
    targets,
    /// Penalty for a side with a single enemy stack in reach (twice that with none).
    starved,
    /// Share (in 1/16) of the value of the best enemy stack the side to move can take.
    threat_mover,
    /// Share (in 1/16) of the value of the best stack of the side to move that the other side can take.
    threat_other,
    /// For the side to move at the start of its turn (two moves to come).
    tempo,
    /// Per type with at most two stacks, all of which the enemy can take: once for two stacks, twice for one;
    /// doubled when the enemy moves next.
    exposed,
    /// Per stack of the side that can capture something (up to ten).
    attackers,
    /// Like `targets`, scaled by the endgame share (see [`endgame_share`]): captures decide the end.
    targets_end,
    /// Like `attackers`, scaled by the endgame share.
    attackers_end,
    /// Like `starved`, scaled by the endgame share.
    starved_end,
    /// Per stack on the board of the side (of any type).
    stacks,
    /// Like `tempo`, scaled by the endgame share.
    tempo_end,
}

/// The hand-set starting point of the tuning.
pub const START: Weights = Weights {
    material: 100,
    secure: 600,
    all_secure: 2500,
    tall2: 150,
    tall3: 150,
    lead: 60,
    height: 40,
    targets: 20,
    starved: 300,
    threat_mover: 12,
    threat_other: 10,
    tempo: 100,
    exposed: 400,
    attackers: 0,
    targets_end: 0,
    attackers_end: 0,
    starved_end: 0,
    stacks: 0,
    tempo_end: 0,
};

/// The weights level 1 to 5 play with, tuned by self-play from [`START`] (see `docs/tuning-tzaar.md`).
pub const TUNED: Weights = Weights { tall3: 225, lead: 100, targets: 30, ..START };

/// The weights of levels 2 to 5, learnt from the outcomes of self-play games (see `docs/tuning-tzaar.md` and the
/// tuner, `tools/texel_tzaar.rs`).
pub const LEARNT: Weights = Weights {
    material: 40,
    secure: 1200,
    all_secure: 44900,
    tall2: 1275,
    tall3: 1050,
    lead: 60,
    height: 240,
    targets: 1020,
    starved: 3000,
    threat_mover: 52,
    threat_other: 2,
    tempo: 625,
    exposed: 1200,
    attackers: 300,
    targets_end: -160,
    attackers_end: 660,
    starved_end: -900,
    stacks: 300,
    tempo_end: 450,
};

/// The value of having `n` stacks of a type on top (index `n`, capped): the steps shrink as `n` grows, so losing
/// a scarce type's stack costs most.
pub(crate) const TYPE_VALUE: [i32; 16] =
    [0, 1000, 1600, 2000, 2280, 2480, 2630, 2750, 2850, 2930, 3000, 3060, 3110, 3150, 3185, 3215];

/// The value the evaluation gives the loss of a side's last stack of a type (far below a forced win).
const LAST_STACK: i32 = 20_000;

/// What the evaluation counts for one side.
#[derive(Clone, Copy, Debug, Default)]
struct View {
    /// Stacks with each type on top.
    count: [u32; 3],
    /// The tallest stack of each type (0 without one).
    tallest: [u8; 3],
    /// The tallest stack of any type.
    tallest_all: u8,
    /// Pieces under the tops of the stacks.
    under: i32,
    /// The enemy stacks the side can capture.
    targets: Bits,
    /// The value of the best of them.
    best_target: i32,
    /// The side's stacks that can capture something.
    attackers: i32,
    /// The side's stacks.
    stacks: i32,
}

#[inline]
fn type_value(n: u32) -> i32 {
    TYPE_VALUE[(n as usize).min(15)]
}

/// The kind on top of `b` (a one-bit set holding a stack), as an index.
#[inline]
fn kind_index(pos: &Position, b: Bits) -> usize {
    usize::from(pos.kinds(Kind::Tzarra) & b != 0) + 2 * usize::from(pos.kinds(Kind::Tott) & b != 0)
}

fn census(pos: &Position, side: Side) -> View {
    let mine = pos.stacks_of(side);
    let mut v = View::default();
    for (i, k) in Kind::ALL.into_iter().enumerate() {
        let set = mine & pos.kinds(k);
        v.count[i] = set.count_ones();
        for p in points(set) {
            let h = pos.height(p);
            v.tallest[i] = v.tallest[i].max(h);
            v.under += i32::from(h) - 1;
        }
    }
    v.tallest_all = v.tallest.into_iter().max().unwrap_or(0);
    v.stacks = mine.count_ones() as i32;
    v
}

/// Fills in `v`'s targets and the value of its best one, against `enemy`.
fn reach(pos: &Position, side: Side, v: &mut View, enemy: &View, w: &Weights) {
    let mine = pos.stacks_of(side);
    let theirs = pos.stacks_of(side.opponent());
    let occ = mine | theirs;
    let mut loss = [0; 3];
    for (i, l) in loss.iter_mut().enumerate() {
        let m = enemy.count[i];
        *l = if m <= 1 { LAST_STACK } else { w.material * (type_value(m) - type_value(m - 1)) / 100 };
    }
    let mut targets = 0;
    let mut best = 0;
    let mut attackers = 0;
    for from in points(mine) {
        let h = pos.height(from);
        let mut attacks = false;
        for d in Direction::ALL {
            if let Some(to) = first_hit(from, d, occ)
                && theirs & to.bit() != 0
                && pos.height(to) <= h
            {
                attacks = true;
                if targets & to.bit() == 0 {
                    let th = pos.height(to);
                    targets |= to.bit();
                    let k = kind_index(pos, to.bit());
                    // Taking the enemy's tallest of a type can end that type's security.
                    let mut value = loss[k] + w.height * i32::from(th - 1);
                    if th == enemy.tallest[k] && th > v.tallest_all {
                        value += w.secure;
                    }
                    best = best.max(value);
                }
            }
        }
        attackers += i32::from(attacks);
    }
    v.attackers = attackers;
    v.targets = targets;
    v.best_target = best;
}

/// The penalty of `side` (whose view is `v`) for its scarce types that `enemy` can take, with `factor` 2 when the
/// enemy moves next.
fn exposure(pos: &Position, side: Side, v: &View, enemy: &View, w: &Weights, factor: i32) -> i32 {
    let mine = pos.stacks_of(side) & enemy.targets;
    let mut p = 0;
    for (i, k) in Kind::ALL.into_iter().enumerate() {
        let c = v.count[i];
        if c <= 2 && (mine & pos.kinds(k)).count_ones() >= c {
            p += w.exposed * (3 - c as i32);
        }
    }
    p * factor
}

/// How far the game is into its end, in 64ths: 0 with all 60 stacks on the board, 64 with 12 or fewer.
pub(crate) fn endgame_share(stacks: u32) -> i32 {
    ((60 - stacks.min(60) as i32).min(48) * 64) / 48
}

/// One side's share of the score, against `enemy`, `end` (in 64ths) into the endgame.
fn side_score(v: &View, enemy: &View, w: &Weights, end: i32) -> i32 {
    let mut s = 0;
    let mut secure = 0;
    for i in 0..3 {
        s += w.material * type_value(v.count[i]) / 100;
        let t = v.tallest[i];
        if t > enemy.tallest_all {
            secure += 1;
        }
        s += w.tall2 * i32::from(t >= 2) + w.tall3 * i32::from(t >= 3);
        s += w.lead * (i32::from(t) - i32::from(enemy.tallest_all)).clamp(-3, 3);
    }
    s += w.secure * secure + if secure == 3 { w.all_secure } else { 0 };
    s += w.height * v.under;
    let targets = v.targets.count_ones() as i32;
    s += w.targets * targets.min(10);
    s -= w.starved * (2 - targets).max(0);
    s += w.attackers * v.attackers.min(10);
    s += w.stacks * v.stacks;
    s += (end
        * (w.targets_end * targets.min(10) + w.attackers_end * v.attackers.min(10)
            - w.starved_end * (2 - targets).max(0)))
        / 64;
    s
}

/// The evaluation with weights `w`, from the view of the side to move. The position must not be over by a lost
/// type (the search asks `decided` first).
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let me = pos.to_move();
    let mut a = census(pos, me);
    let mut b = census(pos, me.opponent());
    reach(pos, me, &mut a, &b, w);
    reach(pos, me.opponent(), &mut b, &a, w);
    let end = endgame_share((a.stacks + b.stacks) as u32);
    let mut s = side_score(&a, &b, w, end) - side_score(&b, &a, w, end);
    s += w.threat_mover * a.best_target.min(5_000) / 16;
    s -= w.threat_other * b.best_target.min(5_000) / 16;
    s -= exposure(pos, me, &a, &b, w, 1);
    s += exposure(pos, me.opponent(), &b, &a, w, 2);
    if pos.phase() != Phase::Second {
        s += w.tempo + end * w.tempo_end / 64;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn weights_round_trip_through_arrays() {
        assert_eq!(Weights::from_array(START.to_array()), START);
        assert_eq!(Weights::NAMES.len(), COUNT);
    }

    /// The same position with the colours swapped (and the other side to move).
    fn swapped(text: &str) -> Position {
        let (board, rest) = text.split_once(' ').unwrap();
        let board: String = board
            .chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect();
        let rest =
            if rest.starts_with('w') { rest.replacen('w', "b", 1) } else { rest.replacen('b', "w", 1) };
        pos(&format!("{board} {rest}"))
    }

    #[test]
    fn the_score_does_not_depend_on_the_colours() {
        for text in [
            "T3t.../....../..A..../..z...../......../....Z.../..a..../....../T.... w c",
            "T3t.../....../..A..../..z...../......../....Z.../..a..../....../T.... b s",
            "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w c",
        ] {
            assert_eq!(evaluate(&pos(text), &START), evaluate(&swapped(text), &START), "{text}");
        }
    }

    #[test]
    fn a_secure_type_is_worth_more_than_an_exposed_one() {
        // The same material; White's Tott is three high (taller than any black stack) in the first, one high in
        // the second.
        let secure = pos("T3t.../....../..A..../..z...../......../....Z.../..a..../....../..... b c");
        let exposed = pos("Tt.../....../..A..../..z...../......../....Z.../..a..../....../..... b c");
        assert!(evaluate(&secure, &START) < evaluate(&exposed, &START) - START.secure / 2);
    }
}
