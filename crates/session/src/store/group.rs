//! Group commit: concurrent writes of one kind share one transaction, hence one flush to disk, while each caller
//! still returns only after its own write is committed.
//!
//! The first caller to find the writer free becomes the batch's leader: it takes every write queued so far (its
//! own among them), runs them in one transaction (a write whose version check fails changes nothing and fails
//! alone; any other error fails the whole batch), commits, and hands every caller its own result. Callers that
//! queued while a batch was being written wait for their answer or for the writer, whichever comes first, and
//! lead the next batch in the second case. Nothing runs in the background: with one caller at a time, a write is
//! its own batch, as before.
//!
//! SQLite has one writer and flushes at each commit, so grouping is what makes concurrent moves fast there
//! (`cargo bench -p tabula-bench --bench sessions`: 1,325 moves per second before, 2,272 after; 4,400 once each move's turn
//! clock joined its moves' transaction instead of committing alone). Postgres writes on several
//! connections at once and was slower grouped (1,730 per second alone, 1,367 grouped), so it does not group.

use std::future::Future;
use std::sync::Mutex;

use tokio::sync::oneshot;

use super::StoreError;

/// Where a queued write's result goes.
type Answer = oneshot::Sender<Result<(), StoreError>>;

/// The writes of one kind waiting for a transaction, and the writer they take turns on.
pub(super) struct GroupCommit<T> {
    /// Whether writes are grouped at all: Postgres commits concurrent transactions in parallel on its own
    /// connections (and groups their flushes itself), so there each write runs alone, as it comes.
    grouped: bool,
    queue: Mutex<Vec<(T, Answer)>>,
    writer: tokio::sync::Mutex<()>,
}

impl<T> Default for GroupCommit<T> {
    fn default() -> Self {
        GroupCommit { grouped: true, queue: Mutex::new(Vec::new()), writer: tokio::sync::Mutex::new(()) }
    }
}

impl<T> GroupCommit<T> {
    /// Each write in a transaction of its own, at once (see [`GroupCommit::grouped`]).
    pub(super) fn ungrouped() -> Self {
        GroupCommit { grouped: false, ..GroupCommit::default() }
    }
}

impl<T> std::fmt::Debug for GroupCommit<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupCommit").finish_non_exhaustive()
    }
}

impl<T: Send> GroupCommit<T> {
    /// Queues `write` and returns its result once the transaction that holds it is committed (or failed).
    /// `run` writes a batch in one transaction: the result of each write in order, or the error that stopped the
    /// whole transaction (then every write of the batch fails with it, and none is stored).
    pub(super) async fn submit<F, Fut>(&self, write: T, run: F) -> Result<(), StoreError>
    where
        F: FnOnce(Vec<T>) -> Fut,
        Fut: Future<Output = Result<Vec<Result<(), StoreError>>, StoreError>>,
    {
        if !self.grouped {
            return match run(vec![write]).await {
                Ok(mut results) if results.len() == 1 => results.remove(0),
                Ok(_) => Err(StoreError::Corrupt("a batch answered the wrong count".into())),
                Err(e) => Err(e),
            };
        }
        let (answer, mut answered) = oneshot::channel();
        self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((write, answer));
        // Wait for the answer or for the writer, whichever comes first: a batch's callers are woken by their
        // answers all at once, rather than one after another as each takes the writer only to find its answer.
        let _writer = tokio::select! {
            biased;
            result = &mut answered => {
                return result.unwrap_or_else(|_| Err(StoreError::Unavailable("the write was interrupted".into())));
            }
            writer = self.writer.lock() => writer,
        };
        match answered.try_recv() {
            Ok(result) => return result,
            // A leader took the write and was cancelled before it answered: whether its transaction was committed
            // is not known here, so the caller is told the store did not confirm it.
            Err(oneshot::error::TryRecvError::Closed) => {
                return Err(StoreError::Unavailable("the write was interrupted".into()));
            }
            Err(oneshot::error::TryRecvError::Empty) => {}
        }
        let batch =
            std::mem::take(&mut *self.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        let (writes, answers): (Vec<T>, Vec<_>) = batch.into_iter().unzip();
        let count = writes.len();
        match run(writes).await {
            Ok(results) if results.len() == count => {
                for (answer, result) in answers.into_iter().zip(results) {
                    let _ = answer.send(result);
                }
            }
            Ok(_) => {
                for answer in answers {
                    let _ = answer.send(Err(StoreError::Corrupt("a batch answered the wrong count".into())));
                }
            }
            Err(e) => {
                let text = e.to_string();
                for answer in answers {
                    let _ = answer.send(Err(StoreError::Unavailable(text.clone())));
                }
            }
        }
        answered.await.unwrap_or_else(|_| Err(StoreError::Unavailable("the write was interrupted".into())))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_writes_share_batches_and_each_gets_its_own_result() {
        let group = Arc::new(GroupCommit::<usize>::default());
        let batches = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..200)
            .map(|n| {
                let (group, batches) = (group.clone(), batches.clone());
                tokio::spawn(async move {
                    group
                        .submit(n, |writes| async move {
                            batches.fetch_add(1, Ordering::SeqCst);
                            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
                            Ok(writes
                                .into_iter()
                                .map(|w| if w % 7 == 0 { Err(StoreError::Conflict) } else { Ok(()) })
                                .collect())
                        })
                        .await
                })
            })
            .collect();
        for (n, task) in tasks.into_iter().enumerate() {
            let result = task.await.unwrap();
            assert_eq!(result.is_err(), n % 7 == 0, "write {n}: {result:?}");
        }
        let batches = batches.load(Ordering::SeqCst);
        assert!(batches < 200, "200 concurrent writes took {batches} transactions");
    }

    #[tokio::test]
    async fn a_failed_transaction_fails_every_write_in_it() {
        let group = GroupCommit::<u8>::default();
        let result = group.submit(1, |_| async { Err(StoreError::Corrupt("disk full".into())) }).await;
        assert!(
            matches!(result, Err(StoreError::Unavailable(ref t)) if t.contains("disk full")),
            "{result:?}"
        );
    }
}
