//! The Swiss system in the spirit of FIDE's Dutch rules, solved as one maximum-weight matching over every pair
//! of the players still in (and, for an odd number, a bye), as lichess pairs its Swiss events. Each pair's weight
//! stacks the rules in order of importance, each worth more than everything below it summed over the whole round,
//! so the matching honours them one after the other and never dead-ends the way a greedy scan can:
//!
//! 1. everyone is paired (at most one bye, for an odd number): every pair weighs at least 1, so a maximum
//!    matching of the complete graph leaves no one out;
//! 2. no two players meet twice, and no one gets a second bye, while that can be avoided;
//! 3. no pairing of two players who must both take the same side (the sides' difference would pass 2, or
//!    someone would play a side three times in a row);
//! 4. players meet their own score group, floaters as few and as near as possible; the bye goes to the lowest;
//! 5. as many players as possible get the side they lean to;
//! 6. within a score group, the higher half against the lower half (1 against 1 + n/2, and so on).

use integer_blossom::max_weight_matching;

use super::{Event, MoveOrder, Pairing, Past, Round};

/// Pairs the next round of a Swiss tournament among the entrants not withdrawn. Sides are seat order: seat 0
/// plays first.
pub fn pair(event: &Event) -> Round {
    let pasts = event.pasts();
    let mut players = event.active();
    // Rank: points, then rating, then number (sign-up order).
    players.sort_by(|&a, &b| {
        pasts[b]
            .points
            .cmp(&pasts[a].points)
            .then(event.entrants[b].rating.total_cmp(&event.entrants[a].rating))
            .then(a.cmp(&b))
    });
    if players.len() < 2 {
        return Round { pairings: Vec::new(), byes: players };
    }
    let ranked: Vec<Ranked> = rank(&players, &pasts);
    let with_bye = players.len() % 2 == 1;
    let n = players.len() + usize::from(with_bye);
    let weights = Weights::new(&ranked, n / 2);
    let mates = in_brackets(&ranked, &weights, with_bye).unwrap_or_else(|| {
        let everyone: Vec<usize> = (0..ranked.len()).collect();
        match_among(&everyone, &ranked, &weights, with_bye.then_some(Weights::bye as Extra)).0
    });
    let mut round = Round::default();
    let mut board = 0;
    for i in 0..players.len() {
        match mates[i] {
            Some(j) if j == players.len() => round.byes.push(players[i]),
            Some(j) if j > i => {
                let first_is_i = first_side_to_higher(&ranked[i], &ranked[j], board);
                board += 1;
                let (a, b) = if first_is_i { (i, j) } else { (j, i) };
                round.pairings.push(Pairing { seats: vec![players[a], players[b]] });
            }
            Some(_) => {}
            // A complete graph with an even number of vertices always has a perfect matching; should the solver
            // leave someone out all the same, they get a bye rather than no game.
            None => round.byes.push(players[i]),
        }
    }
    round
}

/// Brackets smaller than this are not split off: a bracket is whole score groups of at least this many players.
const BRACKET: usize = 100;

/// Pairs bracket by bracket, as the Dutch rules do: whole score groups of at least [`BRACKET`] players, top
/// down, the one left over of an odd bracket floating down into the next, the bye from the last. The matching
/// is cubic in its players, so brackets make a big field far faster. `None` when there is one bracket only, or
/// when a bracket could pair only by a rematch, a second bye or a side rule broken: the whole field is then
/// paired at once, where such a pair is made only when no pairing of everyone avoids it.
fn in_brackets(ranked: &[Ranked], weights: &Weights, with_bye: bool) -> Option<Vec<Option<usize>>> {
    let mut brackets: Vec<std::ops::Range<usize>> = Vec::new();
    let mut start = 0;
    while start < ranked.len() {
        let mut end = start;
        while end < ranked.len()
            && (end - start < BRACKET || ranked[end].past.points == ranked[end - 1].past.points)
        {
            end += 1;
        }
        brackets.push(start..end);
        start = end;
    }
    // A short last bracket joins the one before.
    if brackets.len() > 1 && brackets.last().is_some_and(|b| b.len() < BRACKET) {
        let last = brackets.pop()?;
        brackets.last_mut()?.end = last.end;
    }
    if brackets.len() < 2 {
        return None;
    }
    let mut mates = vec![None; ranked.len()];
    let mut floating: Vec<usize> = Vec::new();
    let count = brackets.len();
    for (k, bracket) in brackets.into_iter().enumerate() {
        let last = k + 1 == count;
        let members: Vec<usize> = floating.drain(..).chain(bracket).collect();
        // The last bracket may give the bye; an odd one before it sends one player down, chosen as a bye would
        // be (the lowest), who meets the next bracket.
        let extra: Option<Extra> = if last {
            with_bye.then_some(Weights::bye as Extra)
        } else {
            (members.len() % 2 == 1).then_some(Weights::float as Extra)
        };
        let (found, clean) = match_among(&members, ranked, weights, extra);
        if !clean {
            return None;
        }
        for &i in &members {
            match found[i] {
                Some(m) if m == ranked.len() && !last => floating.push(i),
                Some(m) => mates[i] = Some(m),
                None => return None,
            }
        }
    }
    Some(mates)
}

/// The weight of pairing a player with the extra place of a matching: the bye, or floating down.
type Extra = fn(&Weights, &Ranked) -> i128;

/// The maximum-weight matching among `members` (indices into `ranked`, in rank order), with an extra place
/// weighed by `extra` (the bye, or floating down): each one's mate by index into `ranked` (`ranked.len()` for the
/// extra place), and whether every pair made is clean (no rematch, no second bye, no side rule broken).
fn match_among(
    members: &[usize],
    ranked: &[Ranked],
    weights: &Weights,
    extra: Option<Extra>,
) -> (Vec<Option<usize>>, bool) {
    let n = members.len() + usize::from(extra.is_some());
    let mut matrix = vec![0_i128; n * n];
    for (i, &a) in members.iter().enumerate() {
        for (j, &b) in members.iter().enumerate().skip(i + 1) {
            matrix[i * n + j] = weights.pair(&ranked[a], &ranked[b]);
        }
        if let Some(extra) = extra {
            matrix[i * n + n - 1] = extra(weights, &ranked[a]);
        }
    }
    let found = solve(&matrix, n);
    let mut mates = vec![None; ranked.len()];
    let mut clean = true;
    for (i, mate) in found.into_iter().enumerate().take(members.len()) {
        let Some(j) = mate else { continue };
        let (lo, hi) = (i.min(j), i.max(j));
        clean &= weights.clean(matrix[lo * n + hi]);
        mates[members[i]] = Some(if j == members.len() { ranked.len() } else { members[j] });
    }
    (mates, clean)
}

/// The maximum-weight matching of the stacked weights, in 64-bit integers when they fit (twice as fast: the
/// solver's edge table halves), else in 128. Every weight is at least 1 on a complete graph, so the matching is
/// perfect: if two were left out, pairing them would weigh more.
fn solve(matrix: &[i128], n: usize) -> Vec<Option<usize>> {
    let narrow = matrix.iter().all(|&w| w < i128::from(i64::MAX / 64));
    if narrow {
        let narrowed: Vec<i64> = matrix.iter().map(|&w| w as i64).collect();
        max_weight_matching(&narrowed, n)
    } else {
        max_weight_matching(matrix, n)
    }
}

/// A player as the weights see it.
struct Ranked<'a> {
    entrant: usize,
    past: &'a Past,
    /// Index within the score group and the group's size.
    in_group: usize,
    group_size: usize,
    preference: Preference,
}

fn rank<'a>(players: &[usize], pasts: &'a [Past]) -> Vec<Ranked<'a>> {
    let mut ranked = Vec::with_capacity(players.len());
    let mut start = 0;
    while start < players.len() {
        let points = pasts[players[start]].points;
        let end =
            (start..players.len()).find(|&i| pasts[players[i]].points != points).unwrap_or(players.len());
        for (in_group, rank) in (start..end).enumerate() {
            let past = &pasts[players[rank]];
            ranked.push(Ranked {
                entrant: players[rank],
                past,
                in_group,
                group_size: end - start,
                preference: preference(past),
            });
        }
        start = end;
    }
    ranked
}

/// How much a player wants a side, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    None,
    /// Alternate from the last game.
    Mild,
    /// The sides are one apart: even them.
    Strong,
    /// The sides are two apart, or the last two games were on the same side: this side or a broken rule.
    Absolute,
}

#[derive(Clone, Copy, Debug)]
struct Preference {
    strength: Strength,
    side: MoveOrder,
    balance: i32,
}

fn preference(past: &Past) -> Preference {
    let balance = past.side_balance();
    let last = past.sides.last().copied();
    let twice = past.sides.len() >= 2 && past.sides[past.sides.len() - 2] == past.sides[past.sides.len() - 1];
    let toward = if balance > 0 { MoveOrder::Second } else { MoveOrder::First };
    let (strength, side) = match (balance.abs(), last) {
        (_, None) => (Strength::None, MoveOrder::First),
        (b, _) if b >= 2 => (Strength::Absolute, toward),
        (_, Some(l)) if twice => (Strength::Absolute, l.other()),
        (1, _) => (Strength::Strong, toward),
        (_, Some(l)) => (Strength::Mild, l.other()),
    };
    Preference { strength, side, balance }
}

/// Whether the higher-ranked `a` takes the first side against `b`: the stronger preference wins, then the
/// greater imbalance, then the higher rank; with no history, the top boards alternate.
fn first_side_to_higher(a: &Ranked, b: &Ranked, board: usize) -> bool {
    let (pa, pb) = (a.preference, b.preference);
    if pa.strength == Strength::None && pb.strength == Strength::None {
        return board % 2 == 0;
    }
    if pa.side != pb.side || pb.strength == Strength::None {
        return if pa.strength == Strength::None {
            pb.side == MoveOrder::Second
        } else {
            pa.side == MoveOrder::First
        };
    }
    if pa.strength == Strength::None {
        return pb.side == MoveOrder::Second;
    }
    // Both want the same side: who needs it more gets it.
    let a_wins = (pa.strength, pa.balance.abs()) >= (pb.strength, pb.balance.abs());
    if a_wins { pa.side == MoveOrder::First } else { pb.side == MoveOrder::Second }
}

/// The stacked weights of one round.
struct Weights {
    /// The score spread plus one: the score level's room.
    spread: i128,
    /// The lowest points of a player still in.
    bottom: u32,
    /// The room of the within-group level.
    fold_room: i128,
    /// The multiplier of each level above the fold, lowest first: side leaning, score, sides' rules, no rematch.
    multipliers: [i128; 4],
}

impl Weights {
    fn new(ranked: &[Ranked], edges: usize) -> Weights {
        let top = ranked.first().map_or(0, |r| r.past.points);
        let bottom = ranked.last().map_or(0, |r| r.past.points);
        let spread = i128::from(top - bottom) + 1;
        let fold_room = 2 * ranked.iter().map(|r| r.group_size).max().unwrap_or(1) as i128 + 2;
        let maxima = [2, spread * spread, 1, 1];
        let edges = edges as i128;
        let mut multipliers = [0; 4];
        let mut below = fold_room;
        for (level, max) in maxima.into_iter().enumerate() {
            multipliers[level] = edges * below + 1;
            below += max * multipliers[level];
        }
        Weights { spread, bottom, fold_room, multipliers }
    }

    /// Whether a pair of this weight breaks none of the rules above the score: no rematch (or second bye), no
    /// side rule broken. Each level weighs more than everything below it, so the weight says it.
    fn clean(&self, weight: i128) -> bool {
        let [_, _, sides_m, fresh_m] = self.multipliers;
        weight > fresh_m + sides_m
    }

    /// One pair's weight: at least 1, so that every pair is an edge.
    fn stack(&self, fresh: bool, sides_ok: bool, score: i128, leaning: i128, fold: i128) -> i128 {
        let [lean_m, score_m, sides_m, fresh_m] = self.multipliers;
        1 + i128::from(fresh) * fresh_m
            + i128::from(sides_ok) * sides_m
            + score * score_m
            + leaning * lean_m
            + fold.clamp(0, self.fold_room)
    }

    /// `a` ranks above `b`.
    fn pair(&self, a: &Ranked, b: &Ranked) -> i128 {
        let fresh = !a.past.met(b.entrant);
        let (pa, pb) = (a.preference, b.preference);
        let clash = |at: Strength| pa.side == pb.side && pa.strength >= at && pb.strength >= at;
        let sides_ok = !clash(Strength::Absolute);
        let leaning = if clash(Strength::Strong) {
            0
        } else if clash(Strength::Mild) {
            1
        } else {
            2
        };
        let diff = i128::from(a.past.points.abs_diff(b.past.points));
        let score = self.spread * self.spread - diff * diff;
        let fold = if a.past.points == b.past.points {
            // 1 against 1 + n/2: the distance of the two within the group, against half the group.
            let half = (a.group_size / 2) as i128;
            let distance = (b.in_group - a.in_group) as i128;
            self.fold_room - 2 * (distance - half).abs()
        } else {
            // A floater: the lowest of the higher group against the highest of the lower one.
            self.fold_room - (a.group_size - 1 - a.in_group) as i128 - b.in_group as i128
        };
        self.stack(fresh, sides_ok, score, leaning, fold)
    }

    fn bye(&self, a: &Ranked) -> i128 {
        self.lowest(a, a.past.byes == 0)
    }

    /// Floating down out of a bracket: weighed as a bye, which any player may take again.
    fn float(&self, a: &Ranked) -> i128 {
        self.lowest(a, true)
    }

    /// A place that goes to the lowest player: the bye, or the floater of a bracket.
    fn lowest(&self, a: &Ranked, fresh: bool) -> i128 {
        // The bye as a player one point below the lowest: it floats to the bottom group, to its lowest ranked.
        let diff = i128::from(a.past.points - self.bottom) + 1;
        let score = self.spread * self.spread - diff * diff;
        let fold = self.fold_room - (a.group_size - 1 - a.in_group) as i128;
        self.stack(fresh, true, score.max(0), 2, fold)
    }
}
