//! What the Texel tuners share: their common command-line settings and weight parsing, their self-play data split
//! into training and held-out games, the mean error over the samples on several threads, and the coordinate
//! descent (each weight in turn a step up or down while the error falls, the steps halved when no weight moves,
//! `rounds` times over).

/// What a descent needs: the weights' names, their first steps, which to fit (all when `None`) and how many rounds.
pub struct Descent<'a, const N: usize> {
    pub names: [&'static str; N],
    pub steps: [i32; N],
    pub only: Option<&'a [String]>,
    pub rounds: u32,
}

impl<const N: usize> Descent<'_, N> {
    /// Descends from `start` on `error`; `each` sees every round's end (its number, the weights and their error).
    /// Returns the best weights found.
    pub fn run(
        &self,
        start: [i32; N],
        error: impl Fn(&[i32; N]) -> f64,
        mut each: impl FnMut(u32, &[i32; N], f64),
    ) -> [i32; N] {
        let mut best = start;
        let mut best_error = error(&best);
        let mut steps = self.steps;
        for round in 0..self.rounds {
            let mut moved = false;
            for (i, name) in self.names.iter().enumerate() {
                if self.only.is_some_and(|only| !only.iter().any(|o| o == name)) {
                    continue;
                }
                for dir in [1, -1] {
                    let mut went = false;
                    loop {
                        let mut candidate = best;
                        candidate[i] += dir * steps[i];
                        let e = error(&candidate);
                        if e >= best_error {
                            break;
                        }
                        (best, best_error, went) = (candidate, e, true);
                    }
                    if went {
                        moved = true;
                        break;
                    }
                }
            }
            each(round, &best, best_error);
            if !moved {
                if steps.iter().all(|&st| st <= 1) {
                    break;
                }
                steps = steps.map(|st| (st / 2).max(1));
            }
        }
        best
    }
}

/// Plays games `0..games` with `play` split over `threads` and returns their samples as (training, held out):
/// one game in ten (`i % 10 == 9`) is held out.
pub fn self_play_data<S: Send>(
    games: u32,
    threads: usize,
    play: impl Fn(u32) -> Vec<S> + Sync,
) -> (Vec<S>, Vec<S>) {
    let play = &play;
    let per_thread: Vec<Vec<(u32, Vec<S>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (0..games).filter(|i| *i as usize % threads == t).map(|i| (i, play(i))).collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a self-play thread")).collect()
    });
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, samples) in per_thread.into_iter().flatten() {
        if i % 10 == 9 { held.extend(samples) } else { train.extend(samples) }
    }
    (train, held)
}

/// The command-line settings both tuners share.
#[derive(clap::Args)]
pub struct Shared {
    /// Setup of the first game; game i plays setup seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads to play and fit on (by default one per core).
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, std::num::NonZero::get))]
    pub threads: usize,
    /// Fit only these weights (names separated by commas).
    #[arg(long, value_delimiter = ',')]
    pub only: Option<Vec<String>>,
}

/// `N` weights written in a line, or `None` for an empty one (the tuner's default weights).
pub fn parse_weights<const N: usize>(text: &str) -> Result<Option<[i32; N]>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let values: Vec<i32> =
        text.split_whitespace().map(str::parse).collect::<Result<_, _>>().map_err(|e| format!("{e}"))?;
    let values: [i32; N] =
        values.try_into().map_err(|v: Vec<i32>| format!("{} weights, not {N}", v.len()))?;
    Ok(Some(values))
}

/// The mean of `f` over `samples`, summed on `threads` threads.
pub fn mean_over<S: Sync>(samples: &[S], threads: usize, f: impl Fn(&S) -> f64 + Sync) -> f64 {
    let chunk = samples.len().div_ceil(threads).max(1);
    let f = &f;
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> =
            samples.chunks(chunk).map(|part| scope.spawn(move || part.iter().map(f).sum::<f64>())).collect();
        handles.into_iter().map(|h| h.join().expect("an error thread")).sum()
    });
    total / samples.len().max(1) as f64
}
