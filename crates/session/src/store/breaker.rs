//! A circuit breaker for a database that stopped answering. While Postgres is away, every statement waits the
//! pool's whole acquire timeout before it fails; a command that reads twice (its server's settings, then its
//! channel's game) would wait twice and answer after Discord's 3 s. After one statement found the database
//! unreachable, the breaker fails the others at once for a moment ([`OPEN_FOR`]); then the next statement tries
//! the database again.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::StoreError;

/// How long statements fail at once after one found the database unreachable.
pub(crate) const OPEN_FOR: Duration = Duration::from_secs(1);

/// What the breaker says while it is open.
pub(crate) const OPEN: &str = "the database did not answer a moment ago";

/// Whether the database was found unreachable a moment ago.
#[derive(Debug)]
pub(crate) struct Breaker {
    /// The clock's start: `open_until` counts milliseconds from it.
    start: Instant,
    /// Until when statements fail at once, in milliseconds from `start` (0: closed).
    open_until: AtomicU64,
}

impl Default for Breaker {
    fn default() -> Self {
        Breaker { start: Instant::now(), open_until: AtomicU64::new(0) }
    }
}

impl Breaker {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Runs one store call: at once refused while the breaker is open; otherwise run, and the breaker opens when
    /// it found the database unreachable.
    pub(crate) async fn call<T>(
        &self,
        work: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        if self.now() < self.open_until.load(Ordering::Relaxed) {
            return Err(StoreError::Unavailable(OPEN.into()));
        }
        let done = work.await;
        if let Err(e) = &done
            && unreachable(e)
        {
            let until = self.now() + OPEN_FOR.as_millis() as u64;
            self.open_until.fetch_max(until, Ordering::Relaxed);
        }
        done
    }
}

/// Whether an error says the database could not be reached (rather than that it refused one statement).
fn unreachable(error: &StoreError) -> bool {
    matches!(error, StoreError::Database(sqlx::Error::PoolTimedOut | sqlx::Error::Io(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_unreachable_call_refuses_the_next_at_once() {
        let breaker = Breaker::default();
        let ran = std::sync::atomic::AtomicUsize::new(0);
        let call = || async {
            ran.fetch_add(1, Ordering::SeqCst);
            Err::<(), _>(StoreError::Database(sqlx::Error::PoolTimedOut))
        };
        assert!(matches!(breaker.call(call()).await, Err(StoreError::Database(_))));
        let refused = breaker.call(call()).await;
        assert!(matches!(refused, Err(StoreError::Unavailable(ref t)) if t == OPEN), "{refused:?}");
        assert_eq!(ran.load(Ordering::SeqCst), 1, "the second call did not reach the database");
        // A statement the database refused is not an outage.
        let other = Breaker::default();
        let conflict = other.call(async { Err::<(), _>(StoreError::Conflict) }).await;
        assert!(matches!(conflict, Err(StoreError::Conflict)));
        assert!(other.call(async { Ok(()) }).await.is_ok(), "the breaker stays closed");
    }
}
