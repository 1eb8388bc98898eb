//! Where pictures are drawn: a fixed set of threads, one per core, fed from one queue.
//!
//! Drawing is pure CPU work, so more threads than cores draw no faster; and each drawing thread keeps its
//! reused buffers (a board picture is 2 to 3 MB, see `canvas::POOLED`) and its caches. On tokio's blocking pool,
//! which grows a thread for every picture asked for while the others are busy (60 channels moving at once: 60
//! threads), those buffers multiplied with the threads and the allocator's arenas with them: the soak's process
//! grew to over 500 MB. On a fixed set of threads they are held once per core.

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, OnceLock, mpsc};

type Job = Box<dyn FnOnce() + Send>;

/// The queue of the drawing threads, started on first use; `None` when no thread could be started.
fn queue() -> Option<&'static mpsc::Sender<Job>> {
    static QUEUE: OnceLock<Option<mpsc::Sender<Job>>> = OnceLock::new();
    QUEUE
        .get_or_init(|| {
            let (sender, receiver) = mpsc::channel::<Job>();
            let receiver = Arc::new(Mutex::new(receiver));
            let threads = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
            let started = (0..threads)
                .filter(|i| {
                    let receiver = receiver.clone();
                    std::thread::Builder::new()
                        .name(format!("tabula-draw-{i}"))
                        .spawn(move || work(&receiver))
                        .map_err(|e| tracing::error!(error = %e, "cannot start a drawing thread"))
                        .is_ok()
                })
                .count();
            (started > 0).then_some(sender)
        })
        .as_ref()
}

/// A drawing thread: takes the next job until the queue is gone.
fn work(receiver: &Mutex<mpsc::Receiver<Job>>) {
    loop {
        let next = match receiver.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        match next {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// Runs `draw` on a drawing thread and waits for it without holding up the async runtime; `None` if it
/// panicked. Where no drawing thread could be started, it runs on tokio's blocking pool instead.
pub async fn drawn<T: Send + 'static>(draw: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let Some(queue) = queue() else {
        return tokio::task::spawn_blocking(draw).await.ok();
    };
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let result = std::panic::catch_unwind(AssertUnwindSafe(draw)).ok();
        let _ = answer.send(result);
    });
    queue.send(job).ok()?;
    answered.await.ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn pictures_are_drawn_on_a_few_threads_that_survive_a_panic() {
        let names: Vec<String> = futures_util::future::join_all(
            (0..64).map(|_| drawn(|| std::thread::current().name().unwrap_or_default().to_string())),
        )
        .await
        .into_iter()
        .map(Option::unwrap)
        .collect();
        let threads: std::collections::HashSet<&String> = names.iter().collect();
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        assert!(threads.len() <= cores, "{threads:?}");
        assert!(threads.iter().all(|t| t.starts_with("tabula-draw-")), "{threads:?}");
        assert_eq!(drawn(|| -> u8 { panic!("a drawing that fails") }).await, None);
        assert_eq!(drawn(|| 7).await, Some(7), "the threads outlive a panic");
    }
}
