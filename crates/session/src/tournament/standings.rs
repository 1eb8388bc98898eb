//! The table after any round: points first, then the format's tie-breaks, then the rating at sign-up.

use super::{Event, Format, Past};

/// A tie-break, as FIDE's regulations name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The sum of the opponents' points.
    Buchholz,
    /// The sum of the points of the opponents beaten, and half of those drawn with.
    SonnebornBerger,
    /// The points scored in games among the entrants tied on points.
    HeadToHead,
    /// The sum of the games' own scores (Tantrix).
    TotalScore,
}

impl TieBreak {
    /// The tie-breaks of a format, in order; `tables` for a game of more than two, ranked by its total score.
    pub fn of(format: Format, tables: bool) -> &'static [TieBreak] {
        if tables {
            return &[TieBreak::TotalScore, TieBreak::Buchholz];
        }
        match format {
            Format::Swiss => &[TieBreak::Buchholz, TieBreak::SonnebornBerger],
            Format::RoundRobin => &[TieBreak::SonnebornBerger, TieBreak::HeadToHead],
            Format::Knockout => &[TieBreak::Buchholz],
        }
    }
}

/// One line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub entrant: usize,
    /// 1 first; entrants equal on points and every tie-break share a place.
    pub place: usize,
    /// Half points.
    pub points: u32,
    /// The values of the tie-breaks asked for, in their order. Buchholz and head-to-head are in half points,
    /// Sonneborn-Berger in quarter points, the total score as the games count it.
    pub tie_breaks: Vec<i64>,
    pub games: u32,
    pub withdrawn: bool,
}

/// The standings of every entrant (withdrawn ones too, with the points they made).
pub fn standings(event: &Event, tie_breaks: &[TieBreak]) -> Vec<Standing> {
    let pasts = event.pasts();
    let mut table: Vec<Standing> = (0..event.entrants.len())
        .map(|e| Standing {
            entrant: e,
            place: 0,
            points: pasts[e].points,
            tie_breaks: tie_breaks.iter().map(|&t| value(event, &pasts, e, t)).collect(),
            games: event.games.iter().filter(|g| g.seats.contains(&e)).count() as u32,
            withdrawn: event.entrants[e].withdrawn,
        })
        .collect();
    table.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then_with(|| b.tie_breaks.cmp(&a.tie_breaks))
            .then(event.entrants[b.entrant].rating.total_cmp(&event.entrants[a.entrant].rating))
            .then(a.entrant.cmp(&b.entrant))
    });
    for i in 0..table.len() {
        let shared =
            i > 0 && table[i - 1].points == table[i].points && table[i - 1].tie_breaks == table[i].tie_breaks;
        table[i].place = if shared { table[i - 1].place } else { i + 1 };
    }
    table
}

fn value(event: &Event, pasts: &[Past], who: usize, tie_break: TieBreak) -> i64 {
    let games = event.games.iter().filter_map(|g| Some((g, g.seats.iter().position(|&s| s == who)?)));
    match tie_break {
        TieBreak::Buchholz => pasts[who].opponents.iter().map(|&o| i64::from(pasts[o].points)).sum(),
        TieBreak::SonnebornBerger => games
            .flat_map(|(g, seat)| {
                let own = i64::from(g.points[seat]);
                g.seats.iter().filter(|&&o| o != who).map(move |&o| own * i64::from(pasts[o].points))
            })
            .sum(),
        TieBreak::HeadToHead => {
            let points = pasts[who].points;
            games
                .filter(|(g, _)| g.seats.iter().all(|&o| pasts[o].points == points))
                .map(|(g, seat)| i64::from(g.points[seat]))
                .sum()
        }
        TieBreak::TotalScore => {
            games.filter_map(|(g, seat)| g.scores.as_ref().and_then(|s| s.get(seat)).copied()).sum()
        }
    }
}
