//! Waiting for what no event announces: another process (Postgres starting, a child `tabula` listening or
//! stopping, chromedriver) or a state read over HTTP (`/readyz`, `/metrics`). The probe is asked again at growing
//! intervals, 5 ms at first and at most 100 ms apart, until it answers or the deadline passes, which fails the
//! test with what it waited for. This is the one place the tests pause between looks; everything the bot and the
//! fakes can announce is waited for as an event instead.

use std::future::Future;
use std::time::{Duration, Instant};

/// The pause before the next look: doubling from 5 ms, at most 100 ms.
fn next_pause(pause: Duration) -> Duration {
    (pause * 2).min(Duration::from_millis(100))
}

/// Waits until `probe` gives `Some`, at most `deadline`; `what` names the condition in the failure.
pub async fn until<T, F, Fut>(what: &str, deadline: Duration, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let start = Instant::now();
    let mut pause = Duration::from_millis(5);
    loop {
        if let Some(found) = probe().await {
            return found;
        }
        assert!(start.elapsed() < deadline, "waited {deadline:?} for {what}");
        tokio::time::sleep(pause).await;
        pause = next_pause(pause);
    }
}

/// [`until`] for a thread outside the runtime (a fixture's `Drop`, a blocking start).
pub fn until_blocking<T>(what: &str, deadline: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    let mut pause = Duration::from_millis(5);
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(start.elapsed() < deadline, "waited {deadline:?} for {what}");
        std::thread::sleep(pause);
        pause = next_pause(pause);
    }
}
