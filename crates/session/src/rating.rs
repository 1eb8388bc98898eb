//! Ratings: where each player of a finished game placed, and the new ratings that follow, with the `skillratings`
//! crate's Glicko-2 (two players) and Weng-Lin (several players) — no hand-written rating maths here. Pure: the
//! store keeps the numbers, the session layer decides which games count.

use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::games::RatingSystem;

/// Glicko-2 ratings stay provisional (shown with `?`) while the deviation is above this (lichess's threshold).
pub(crate) const GLICKO_PROVISIONAL: f64 = 110.0;

/// Weng-Lin ratings are shown on the Glicko scale: the mean times this (the start, 25, shows as 1500).
pub(crate) const WENG_LIN_SCALE: f64 = 60.0;

/// Weng-Lin ratings stay provisional while the uncertainty is above half its start (25/6, shown as 250).
pub(crate) const WENG_LIN_PROVISIONAL: f64 = 25.0 / 6.0;

/// Each player must have made at least this many moves for a game to be rated.
pub(crate) const MIN_MOVES_EACH: usize = 2;

/// A player's rating in one game: Glicko-2's rating, deviation and volatility, or Weng-Lin's mean and
/// uncertainty (volatility unused).
#[derive(Clone, Copy, Debug, PartialEq)]
#[expect(clippy::struct_field_names, reason = "a rating's `rating` is what Glicko-2 and players call it")]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub(crate) volatility: f64,
}

impl Rating {
    /// Where every player starts: 1500 for Glicko-2, Weng-Lin's 25 (shown 1500).
    pub(crate) fn initial(system: RatingSystem) -> Rating {
        match system {
            RatingSystem::Glicko2 => {
                let r = Glicko2Rating::new();
                Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
            }
            RatingSystem::WengLin { .. } => {
                let r = WengLinRating::new();
                Rating { rating: r.rating, deviation: r.uncertainty, volatility: 0.0 }
            }
        }
    }

    /// The number players read, on the Glicko scale.
    pub(crate) fn shown(self, system: RatingSystem) -> f64 {
        match system {
            RatingSystem::Glicko2 => self.rating,
            RatingSystem::WengLin { .. } => self.rating * WENG_LIN_SCALE,
        }
    }

    /// Whether the rating is still uncertain (too few games): it is shown with a `?`.
    pub(crate) fn provisional(self, system: RatingSystem) -> bool {
        match system {
            RatingSystem::Glicko2 => self.deviation > GLICKO_PROVISIONAL,
            RatingSystem::WengLin { .. } => self.deviation > WENG_LIN_PROVISIONAL,
        }
    }

    /// "1523", or "1523?" while provisional.
    pub fn label(self, system: RatingSystem) -> String {
        let mark = if self.provisional(system) { "?" } else { "" };
        format!("{:.0}{mark}", self.shown(system))
    }
}

/// Places from scores, highest first: 1 plus the number of players who scored more (ties share a place); the
/// games count their own (see `Engine::places`), the tests check the rule with it.
#[cfg(test)]
pub(crate) fn places_from_scores(scores: &[u32]) -> Vec<usize> {
    scores.iter().map(|s| 1 + scores.iter().filter(|o| *o > s).count()).collect()
}

/// The places of a finished game, by one rule for every ending. The seats that stayed to the end come first,
/// in the order of `by_rules` (the places the game's rules give as it stands: see
/// [`crate::games::AnyGame::places`]) among themselves. Below them come the seats that were left (a resignation,
/// a loss on time): `left[seat]` is the order in which it was left (1 for the first to leave), and a later leaver
/// ranks above an earlier one, who gave up sooner; seats left at the same step share a place. A game with nobody
/// left to play on (every seat left) is therefore won by the last to leave.
pub(crate) fn standing(by_rules: &[usize], left: &[Option<u32>]) -> Vec<usize> {
    let seats = left.len();
    let rule = |s: usize| by_rules.get(s).copied().unwrap_or(1);
    let stayed: Vec<usize> = (0..seats).filter(|&s| left[s].is_none()).collect();
    let mut places = vec![0; seats];
    for &s in &stayed {
        places[s] = 1 + stayed.iter().filter(|&&o| rule(o) < rule(s)).count();
    }
    for s in 0..seats {
        if let Some(order) = left[s] {
            let later = left.iter().filter(|o| o.is_some_and(|o| o > order)).count();
            places[s] = stayed.len() + later + 1;
        }
    }
    places
}

/// The seats that share the first of `places` (all of them in a draw).
pub(crate) fn first_places(places: &[usize]) -> Vec<usize> {
    let best = places.iter().copied().min().unwrap_or(1);
    (0..places.len()).filter(|&s| places[s] == best).collect()
}

/// How a game went for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Score {
    /// First, alone.
    Win,
    /// First, shared with someone.
    Draw,
    Loss,
}

/// How the game went for `seat`, from everyone's places.
pub(crate) fn score_of(places: &[usize], seat: usize) -> Score {
    let mine = places[seat];
    let best = places.iter().copied().min().unwrap_or(1);
    if mine > best {
        Score::Loss
    } else if places.iter().filter(|&&p| p == mine).count() > 1 {
        Score::Draw
    } else {
        Score::Win
    }
}

/// The new ratings of players (in seat order) after a game in which they took `places`. Glicko-2 rates games of
/// exactly two players; other sizes leave the ratings as they were.
pub(crate) fn update(system: RatingSystem, before: &[Rating], places: &[usize]) -> Vec<Rating> {
    assert_eq!(before.len(), places.len(), "one place per player");
    match system {
        RatingSystem::Glicko2 => {
            let ([a, b], [pa, pb]) = (before, places) else { return before.to_vec() };
            let glicko = |r: &Rating| Glicko2Rating::from((r.rating, r.deviation, r.volatility));
            let outcome = match pa.cmp(pb) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
            };
            let (a, b) = glicko2(&glicko(a), &glicko(b), &outcome, &Glicko2Config::new());
            [a, b]
                .iter()
                .map(|r| Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility })
                .collect()
        }
        RatingSystem::WengLin { beta } => {
            let teams: Vec<[WengLinRating; 1]> = before
                .iter()
                .map(|r| [WengLinRating { rating: r.rating, uncertainty: r.deviation }])
                .collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
                teams.iter().zip(places).map(|(t, &p)| (&t[..], MultiTeamOutcome::new(p))).collect();
            let config = WengLinConfig { beta, ..WengLinConfig::new() };
            weng_lin_multi_team(&ranked, &config)
                .iter()
                .map(|team| Rating {
                    rating: team[0].rating,
                    deviation: team[0].uncertainty,
                    volatility: 0.0,
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WL: RatingSystem = RatingSystem::WengLin { beta: 25.0 / 3.0 };

    #[test]
    fn places_share_ties() {
        assert_eq!(places_from_scores(&[7, 9, 7, 2]), vec![2, 1, 2, 4]);
        assert_eq!(standing(&places_from_scores(&[7, 9, 8]), &[None, Some(1), None]), vec![2, 3, 1]);
        assert_eq!(standing(&[1, 1], &[Some(1), None]), vec![2, 1]);
        assert_eq!(standing(&[1, 1], &[None, None]), vec![1, 1]);
        assert_eq!(score_of(&[1, 1, 3], 0), Score::Draw);
        assert_eq!(score_of(&[1, 2, 3], 0), Score::Win);
        assert_eq!(score_of(&[1, 2, 3], 2), Score::Loss);
    }

    /// Who left ranks below who stayed, whatever the rules say; the last to leave above the first.
    #[test]
    fn leavers_rank_below_stayers_latest_first() {
        // Red (seat 0) left first and its computer made the best chain: still last.
        assert_eq!(standing(&[1, 3, 2], &[Some(1), None, None]), vec![3, 2, 1]);
        assert_eq!(standing(&[1, 2], &[Some(1), None]), vec![2, 1]);
        // Everyone left: the last to leave first.
        assert_eq!(standing(&[1, 1, 1], &[Some(1), Some(2), Some(3)]), vec![3, 2, 1]);
        // A seat the computer held from the start stays.
        assert_eq!(standing(&[2, 1, 2], &[Some(2), None, Some(1)]), vec![2, 1, 3]);
        assert_eq!(first_places(&[1, 2, 1]), vec![0, 2]);
    }

    #[test]
    fn glicko_moves_the_winner_up_and_stays_provisional_at_first() {
        let start = Rating::initial(RatingSystem::Glicko2);
        let after = update(RatingSystem::Glicko2, &[start, start], &[1, 2]);
        assert!(after[0].rating > 1600.0 && after[1].rating < 1400.0, "{after:?}");
        assert!(after[0].provisional(RatingSystem::Glicko2));
        assert!(after[0].label(RatingSystem::Glicko2).ends_with('?'));
    }

    #[test]
    fn weng_lin_orders_by_place_and_ties_move_together() {
        let start = Rating::initial(WL);
        assert_eq!(start.label(WL), "1500?");
        let after = update(WL, &[start; 4], &[2, 1, 2, 4]);
        assert!(after[1].rating > after[0].rating && after[0].rating > after[3].rating, "{after:?}");
        assert!((after[0].rating - after[2].rating).abs() < 1e-9);
        // A larger beta (more luck) moves ratings less.
        let skill = update(RatingSystem::WengLin { beta: 25.0 / 6.0 }, &[start; 2], &[1, 2]);
        let luck = update(WL, &[start; 2], &[1, 2]);
        assert!(skill[0].rating > luck[0].rating);
    }
}
