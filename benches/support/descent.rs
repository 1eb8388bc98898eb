//! The coordinate descent the Texel tuners share: each weight in turn a step up or down while the error falls,
//! the steps halved when no weight moves, `rounds` times over.

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
