//! A clock a test moves from outside the process: with `TABULA_TEST_CLOCK_FILE` naming a file, the session
//! layer's time is the system's plus the whole seconds written in that file (read ten times a second; the clock
//! task is woken when they change, and once it has made a whole pass at the new time the offset is written to
//! the file's `.seen` twin, so the test knows what fell due was settled). The soak test (`tests/it/soak.rs`) runs the real `tabula run` process over
//! simulated days this way, killing it with SIGKILL between them. Not a setting: nothing in a deployment sets it,
//! and without it the clock is the system's.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use crate::session::Sessions;

/// The environment variable that names the offset file.
pub(super) const VARIABLE: &str = "TABULA_TEST_CLOCK_FILE";

/// The system clock moved forward by the offset the file says.
pub(super) struct TestClock {
    path: PathBuf,
    offset: Arc<AtomicI64>,
}

impl TestClock {
    /// The clock of `TABULA_TEST_CLOCK_FILE`, when it is set.
    pub(super) fn from_env() -> Option<TestClock> {
        let path = PathBuf::from(std::env::var_os(VARIABLE).filter(|v| !v.is_empty())?);
        let clock = TestClock { path, offset: Arc::default() };
        clock.read();
        tracing::warn!(file = %clock.path.display(), "the clock is moved by a test's file");
        Some(clock)
    }

    /// Reads the offset; whether it changed.
    fn read(&self) -> bool {
        let Some(offset) =
            std::fs::read_to_string(&self.path).ok().and_then(|t| t.trim().parse::<i64>().ok())
        else {
            return false;
        };
        self.offset.swap(offset, Ordering::SeqCst) != offset
    }

    /// The session layer's clock.
    pub(super) fn clock(&self) -> crate::session::Clock {
        let offset = self.offset.clone();
        Arc::new(move || {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.as_secs() as i64) + offset.load(Ordering::SeqCst)
        })
    }

    /// Follows the file for as long as the process runs, waking the clock task when the time jumps and saying
    /// in the `.seen` file when a whole pass at the new time is over.
    pub(super) fn follow(self, sessions: Arc<Sessions>, passes: Arc<super::tasks::Passes>) {
        tokio::spawn(async move {
            let mut seen = self.path.clone().into_os_string();
            seen.push(".seen");
            loop {
                tokio::time::sleep(Duration::from_millis(100)).await;
                if self.read() {
                    let pass = passes.next();
                    sessions.poke_clocks();
                    pass.await;
                    let offset = self.offset.load(Ordering::SeqCst);
                    if let Err(e) = std::fs::write(&seen, offset.to_string()) {
                        tracing::warn!(error = %e, "could not write the test clock's .seen file");
                    }
                }
            }
        });
    }
}
