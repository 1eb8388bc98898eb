//! A store wrapper that injects faults: it fails a chosen write and can slow every write down, so the session
//! layer's failure paths (a write refused, a write that takes long) can be tested.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::{
    GameResult, HistoryPage, Leaderboard, NewSession, PlayerRecord, RatingRow, SessionRecord, SessionState,
    Store, StoreError,
};
use crate::games::GameKind;

/// Wraps a store; reads pass through, writes may be delayed or refused.
#[derive(Debug, Default)]
pub struct FaultyStore<S> {
    inner: S,
    /// Writes seen so far.
    writes: AtomicU64,
    /// The write number (1-based, counted over the wrapper's life) that fails; 0 for none.
    fail_at: AtomicU64,
    delay: Mutex<Duration>,
}

impl<S: Store> FaultyStore<S> {
    pub fn new(inner: S) -> Self {
        FaultyStore {
            inner,
            writes: AtomicU64::new(0),
            fail_at: AtomicU64::new(0),
            delay: Mutex::new(Duration::ZERO),
        }
    }

    /// The wrapped store, to look behind the faults.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// Makes the `n`th write from now fail (1 = the next one), without reaching the wrapped store.
    pub fn fail_nth_write(&self, n: u64) {
        let seen = self.writes.load(Ordering::SeqCst);
        self.fail_at.store(seen + n.max(1), Ordering::SeqCst);
    }

    /// Delays every write by `delay` before it reaches the wrapped store.
    pub fn delay_writes(&self, delay: Duration) {
        *self.delay.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = delay;
    }

    /// How many writes were attempted.
    pub fn writes(&self) -> u64 {
        self.writes.load(Ordering::SeqCst)
    }

    /// Counts a write, waits the delay, and says whether it must fail.
    pub(super) async fn write(&self, what: &str) -> Result<(), StoreError> {
        let n = self.writes.fetch_add(1, Ordering::SeqCst) + 1;
        let delay = *self.delay.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        if self.fail_at.load(Ordering::SeqCst) == n {
            return Err(StoreError::Unavailable(format!("injected fault on write {n} ({what})")));
        }
        Ok(())
    }
}

impl<S: Store> Store for FaultyStore<S> {
    async fn open_session(&self, channel: u64) -> Result<Option<SessionRecord>, StoreError> {
        self.inner.open_session(channel).await
    }

    async fn open_sessions(&self) -> Result<Vec<SessionRecord>, StoreError> {
        self.inner.open_sessions().await
    }

    async fn session(&self, id: i64) -> Result<Option<SessionRecord>, StoreError> {
        self.inner.session(id).await
    }

    async fn create(&self, session: &NewSession) -> Result<i64, StoreError> {
        self.write("create").await?;
        self.inner.create(session).await
    }

    async fn accept(
        &self,
        id: i64,
        players: &[PlayerRecord],
        start: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write("accept").await?;
        self.inner.accept(id, players, start, now).await
    }

    async fn set_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        self.write("set_message").await?;
        self.inner.set_message(id, message).await
    }

    async fn due_challenges(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        self.inner.due_challenges(now).await
    }

    async fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        result: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write("transition").await?;
        self.inner.transition(id, from, to, result, now).await
    }

    async fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write("append_moves").await?;
        self.inner.append_moves(id, version, moves, finished, now).await
    }

    async fn record_result(&self, result: &GameResult) -> Result<(), StoreError> {
        self.write("record_result").await?;
        self.inner.record_result(result).await
    }

    async fn ratings_of(&self, user: u64, guild: Option<u64>) -> Result<Vec<RatingRow>, StoreError> {
        self.inner.ratings_of(user, guild).await
    }

    async fn history(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> Result<HistoryPage, StoreError> {
        self.inner.history(user, guild, game, page, per_page).await
    }

    async fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        user: u64,
        top: usize,
    ) -> Result<Leaderboard, StoreError> {
        self.inner.leaderboard(game, guild, user, top).await
    }

    async fn rebuild_ratings(&self) -> Result<usize, StoreError> {
        self.write("rebuild_ratings").await?;
        self.inner.rebuild_ratings().await
    }

    /// Claims pass through: they hold no game data, and a refused claim only delays the computer's turn.
    async fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        self.inner.claim_turn(id, version, owner, now, until).await
    }

    async fn close(&self) {
        self.inner.close().await;
    }
}
