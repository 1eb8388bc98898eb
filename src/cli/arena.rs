//! Matches between players (AI levels, a random mover, a greedy one-ply player), for `tabula match` and tuning.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::ai::{LEVELS, Limits};
use crate::games::{AnyGame, GameKind, Outcome, Phrase, Setup};

/// Who plays a seat in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contender {
    /// The AI at a level, 1..=5.
    Level(u8),
    /// The AI at a level as it played before its game's latest change of evaluation or search (`baseline5`; the
    /// same as the level for a game whose player has not changed).
    Baseline(u8),
    /// A uniformly random legal mover.
    Random,
    /// The best immediate material or score, one ply deep.
    Greedy,
}

impl FromStr for Contender {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Contender::Random),
            "greedy" => Ok(Contender::Greedy),
            other => {
                let (baseline, level) = match other.strip_prefix("baseline") {
                    Some(level) => (true, level),
                    None => (false, other),
                };
                match level.parse::<u8>() {
                    Ok(n) if LEVELS.contains(&n) && baseline => Ok(Contender::Baseline(n)),
                    Ok(n) if LEVELS.contains(&n) => Ok(Contender::Level(n)),
                    _ => Err(format!(
                        "`{s}` is not a player: use a level 1 to 5, `baseline1` to `baseline5`, `random` or `greedy`"
                    )),
                }
            }
        }
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contender::Level(n) => write!(f, "level {n}"),
            Contender::Baseline(n) => write!(f, "baseline level {n}"),
            Contender::Random => f.write_str("random"),
            Contender::Greedy => f.write_str("greedy"),
        }
    }
}

/// What each search of a level may spend: level 5's time (the lower levels' are shares of it) and the threads
/// it may run on (while no other search uses the cores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    pub(crate) top: Duration,
    pub(crate) threads: usize,
}

/// A longest game before a match calls it a draw (no game of ours gets near it in normal play).
const MAX_PLIES: usize = 2000;

/// Plays the seat to move's choice, all its moves; a level's search is timed into `clock`.
fn choose(
    game: &AnyGame,
    player: Contender,
    budget: Budget,
    rng: &mut ChaCha8Rng,
    clock: &mut SearchTimes,
) -> Vec<String> {
    let seed = rand::RngExt::random::<u64>(rng);
    match player {
        Contender::Random => {
            let legal = game.legal_moves_text();
            legal.choose(rng).cloned().into_iter().collect()
        }
        Contender::Greedy => game.greedy(seed),
        Contender::Level(n) | Contender::Baseline(n) => {
            let limits = Limits { threads: budget.threads, ..game.kind().limits(n, budget.top, seed) };
            let report = if matches!(player, Contender::Baseline(_)) {
                game.think_baseline(&limits)
            } else {
                game.think(&limits)
            };
            clock.record(report.elapsed, limits.time);
            report.moves.iter().map(ToString::to_string).collect()
        }
    }
}

/// How long the levels' searches took in a match: a level's strength is its node budget, and only a search cut
/// short by the time cap plays differently on a busy machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SearchTimes {
    pub(crate) searches: u32,
    pub(crate) slowest: Duration,
    /// Searches the time cap ended before the node budget did.
    pub(crate) time_capped: u32,
}

impl SearchTimes {
    /// Counts a search that took `elapsed` under the time cap `cap` (a search stops once the cap is reached).
    fn record(&mut self, elapsed: Duration, cap: Duration) {
        self.searches += 1;
        self.slowest = self.slowest.max(elapsed);
        if elapsed >= cap {
            self.time_capped += 1;
        }
    }
}

impl fmt::Display for SearchTimes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Level searches: {}, the slowest {} ms, {} ended by the time cap before their node budget",
            self.searches,
            self.slowest.as_millis(),
            self.time_capped
        )
    }
}

/// Plays one game of `kind` under `variant` (empty for the default) with `players[seat]` in each seat; returns
/// how it ended (a game that reaches [`MAX_PLIES`] is a draw).
pub(crate) fn play_game(
    (kind, variant): (GameKind, &str),
    players: &[Contender],
    seed: u64,
    budget: Budget,
    clock: &mut SearchTimes,
) -> Result<Outcome, String> {
    let setup = Setup { variant: variant.to_string(), seed, seats: players.len() };
    let mut game = AnyGame::new(kind, &setup).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut plies = 0;
    while let Some(seat) = game.to_move() {
        if plies >= MAX_PLIES {
            return Ok(Outcome {
                winner: None,
                reason: Phrase::as_written(format!("no result after {MAX_PLIES} plies")),
            });
        }
        let player = if plies < kind.arena_opening_plies() { Contender::Random } else { players[seat] };
        let moves = choose(&game, player, budget, &mut rng, clock);
        if moves.is_empty() {
            return Err(format!("{player} found no move in a game that is not over"));
        }
        for m in &moves {
            game.play_text(m).map_err(|e| format!("{player} chose `{m}`, which was refused: {e}"))?;
        }
        plies += moves.len();
    }
    game.outcome().ok_or_else(|| "the game stopped without a result".to_string())
}

/// The tally of a match, from player A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) wins: u32,
    pub(crate) draws: u32,
    pub(crate) losses: u32,
}

impl Tally {
    pub(crate) fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score share: a win counts 1, a draw 1/2.
    pub(crate) fn score(&self) -> f64 {
        if self.games() == 0 {
            0.0
        } else {
            (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
        }
    }

    /// The 95% Wilson score interval of A's score share.
    pub(crate) fn interval(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let z = 1.96_f64;
        let p = self.score();
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.interval();
        write!(
            f,
            "A: {} wins, {} draws, {} losses in {} games; score {:.1}% (95% interval {:.1}%-{:.1}%)",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            100.0 * self.score(),
            100.0 * lo,
            100.0 * hi
        )
    }
}

/// One game of a match, as it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MatchGame {
    /// The game's number in the match, from 1.
    pub(crate) number: u32,
    /// The seed it was set up and played from.
    pub(crate) seed: u64,
    /// A's seat (0 moves first).
    pub(crate) a_seat: usize,
    /// Whether A won (`None` for a draw).
    pub(crate) a_won: Option<bool>,
    /// Why it ended, as the game says it.
    pub(crate) reason: String,
}

impl fmt::Display for MatchGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = match self.a_won {
            Some(true) => "A won",
            Some(false) => "A lost",
            None => "drawn",
        };
        let seat = if self.a_seat == 0 { "first" } else { "second" };
        write!(f, "Game {} (seed {}, A moved {seat}): {result}, {}", self.number, self.seed, self.reason)
    }
}

/// Which games a match plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Schedule {
    pub(crate) games: u32,
    /// The seed of the first game.
    pub(crate) seed: u64,
    /// Whether the games go in pairs from the same seed (the same setup, bag or opening), seats swapped.
    pub(crate) paired: bool,
}

impl Schedule {
    /// The seed of game `i` (from 0): `seed + i`, or `seed + i / 2` when paired.
    pub(crate) fn seed_of(self, i: u32) -> u64 {
        self.seed.wrapping_add(u64::from(if self.paired { i / 2 } else { i }))
    }
}

/// Plays the scheduled two-player games of A against B (under `variant`, empty for the default), alternating who
/// moves first, game i (from 0) from [`Schedule::seed_of`] with A in seat `i mod 2`; `each` sees every game as it
/// ends. The levels' searches are timed into `clock`.
pub(crate) fn play_match(
    (kind, variant): (GameKind, &str),
    (a, b): (Contender, Contender),
    schedule: Schedule,
    budget: Budget,
    clock: &mut SearchTimes,
    mut each: impl FnMut(&MatchGame),
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for i in 0..schedule.games {
        let a_seat = (i % 2) as usize;
        let players = if a_seat == 0 { [a, b] } else { [b, a] };
        let game_seed = schedule.seed_of(i);
        let outcome = play_game((kind, variant), &players, game_seed, budget, clock)?;
        let a_won = outcome.winner.map(|w| w == a_seat);
        match a_won {
            Some(true) => tally.wins += 1,
            Some(false) => tally.losses += 1,
            None => tally.draws += 1,
        }
        each(&MatchGame {
            number: i + 1,
            seed: game_seed,
            a_seat,
            a_won,
            reason: outcome.reason.to_string(),
        });
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse() {
        assert_eq!("3".parse::<Contender>(), Ok(Contender::Level(3)));
        assert_eq!("Random".parse::<Contender>(), Ok(Contender::Random));
        assert_eq!("greedy".parse::<Contender>(), Ok(Contender::Greedy));
        assert_eq!("baseline5".parse::<Contender>(), Ok(Contender::Baseline(5)));
        assert!("baseline6".parse::<Contender>().is_err());
        assert!("6".parse::<Contender>().is_err());
        assert!("best".parse::<Contender>().is_err());
    }

    #[test]
    fn paired_games_share_a_seed_with_the_seats_swapped() {
        let paired = Schedule { games: 6, seed: 10, paired: true };
        assert_eq!((0..6).map(|i| paired.seed_of(i)).collect::<Vec<_>>(), [10, 10, 11, 11, 12, 12]);
        let single = Schedule { paired: false, ..paired };
        assert_eq!((0..4).map(|i| single.seed_of(i)).collect::<Vec<_>>(), [10, 11, 12, 13]);
    }

    #[test]
    fn wilson_interval_brackets_the_score() {
        let t = Tally { wins: 99, draws: 0, losses: 1 };
        let (lo, hi) = t.interval();
        assert!(lo > 0.94 && lo < 0.99 && hi > 0.99 && hi <= 1.0, "{lo} {hi}");
        let even = Tally { wins: 50, draws: 0, losses: 50 };
        let (lo, hi) = even.interval();
        assert!((lo - 0.404).abs() < 0.01 && (hi - 0.596).abs() < 0.01, "{lo} {hi}");
    }
}
