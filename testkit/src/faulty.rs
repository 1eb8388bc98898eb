//! A store wrapper that injects faults: it fails a chosen write and can slow every write down, so the session
//! layer's failure paths (a write refused, a write that takes long) can be tested.
//!
//! Reads pass through, and so does the bookkeeping the session layer never fails a command over (it logs, and
//! the next turn repairs it): a turn's clock, a reminder marked, an archive scheduled or done, a claim on the
//! computer's turn. Every other write is one a command stands on: it counts, may be delayed, and can be made to
//! fail without reaching the wrapped store. In read-only mode ([`FaultyStore::set_writable`]) every write fails,
//! the bookkeeping too, as on a full or write-protected disk.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tabula_games::games::GameKind;
use tabula_session::store::{
    AttemptRow, AttemptUpdate, DailyPost, DailyServer, Fastest, NewAttempt, PuzzleRating, PuzzleStore,
    TacticRating, TacticRow,
};
use tabula_session::store::{
    ClockRow, ClockStore, Ending, GameResult, HistoryPage, Leaderboard, NewSession, OfferRow, PlayerRow,
    RatingRow, RatingStore, ServerSettings, SessionRow, SessionState, SessionStore, SettingsStore, Store,
    StoreError,
};
use tabula_session::store::{
    EntrantRow, NewTournament, TournamentGameRow, TournamentRow, TournamentState, TournamentStore,
};
use tabula_session::store::{MemberData, MemberStore};

/// Wraps a store; reads pass through, writes may be delayed or refused.
#[derive(Debug, Default)]
pub struct FaultyStore<S> {
    inner: S,
    /// Writes seen so far.
    writes: AtomicU64,
    /// The write number (1-based, counted over the wrapper's life) that fails; 0 for none.
    fail_at: AtomicU64,
    delay: Mutex<Duration>,
    /// Every write fails, the bookkeeping too, while set: a disk that is full or read-only, where a real one
    /// cannot be made ([`FaultyStore::set_writable`]).
    read_only: std::sync::atomic::AtomicBool,
}

impl<S: Store> FaultyStore<S> {
    pub fn new(inner: S) -> Self {
        FaultyStore {
            inner,
            writes: AtomicU64::new(0),
            fail_at: AtomicU64::new(0),
            delay: Mutex::new(Duration::ZERO),
            read_only: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Makes every write fail (`false`: as a full or read-only disk does, reads still working) or succeed again.
    pub fn set_writable(&self, writable: bool) {
        self.read_only.store(!writable, Ordering::SeqCst);
    }

    /// Fails while the store is not writable, as SQLite does on a full disk.
    fn writable(&self) -> Result<(), StoreError> {
        if self.read_only.load(Ordering::SeqCst) {
            return Err(StoreError::Unavailable("database or disk is full (injected)".to_string()));
        }
        Ok(())
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
        *self.delay.lock().unwrap_or_else(PoisonError::into_inner) = delay;
    }

    /// How many writes were attempted.
    pub fn writes(&self) -> u64 {
        self.writes.load(Ordering::SeqCst)
    }

    /// Counts a write, waits the delay, and says whether it must fail.
    async fn write(&self, what: &str) -> Result<(), StoreError> {
        self.writable()?;
        let n = self.writes.fetch_add(1, Ordering::SeqCst) + 1;
        let delay = *self.delay.lock().unwrap_or_else(PoisonError::into_inner);
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        if self.fail_at.load(Ordering::SeqCst) == n {
            return Err(StoreError::Unavailable(format!("injected fault on write {n} ({what})")));
        }
        Ok(())
    }
}

impl<S: Store> tabula_session::store::IntoShared for FaultyStore<S> {
    fn into_shared(self) -> tabula_session::store::SharedStore {
        std::sync::Arc::new(self)
    }
}

#[async_trait::async_trait]
impl<S: Store> Store for FaultyStore<S> {
    async fn close(&self) {
        self.inner.close().await;
    }
}

#[async_trait::async_trait]
impl<S: Store> SessionStore for FaultyStore<S> {
    async fn open_session(&self, channel: u64) -> Result<Option<SessionRow>, StoreError> {
        self.inner.open_session(channel).await
    }

    async fn session(&self, id: i64) -> Result<Option<SessionRow>, StoreError> {
        self.inner.session(id).await
    }

    async fn open_sessions(&self) -> Result<Vec<SessionRow>, StoreError> {
        self.inner.open_sessions().await
    }

    async fn open_sessions_of(&self, user: u64) -> Result<Vec<SessionRow>, StoreError> {
        self.inner.open_sessions_of(user).await
    }

    async fn create(&self, session: &NewSession) -> Result<i64, StoreError> {
        self.write("create").await?;
        self.inner.create(session).await
    }

    async fn accept(&self, id: i64, players: &[PlayerRow], start: bool, now: i64) -> Result<(), StoreError> {
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
        ending: Option<&Ending>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write("transition").await?;
        self.inner.transition(id, from, to, ending, now).await
    }

    async fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&Ending>,
        now: i64,
        clock: Option<&ClockRow>,
    ) -> Result<(), StoreError> {
        self.write("append_moves").await?;
        self.inner.append_moves(id, version, moves, finished, now, clock).await
    }

    async fn truncate_moves(&self, id: i64, version: usize, keep: usize, now: i64) -> Result<(), StoreError> {
        self.write("truncate_moves").await?;
        self.inner.truncate_moves(id, version, keep, now).await
    }

    async fn set_players(&self, id: i64, players: &[PlayerRow], now: i64) -> Result<(), StoreError> {
        self.write("set_players").await?;
        self.inner.set_players(id, players, now).await
    }

    async fn mark_hinted(&self, id: i64) -> Result<bool, StoreError> {
        self.write("mark_hinted").await?;
        self.inner.mark_hinted(id).await
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
        self.writable()?;
        self.inner.claim_turn(id, version, owner, now, until).await
    }
}

/// Offers count; a turn's clock and its reminders pass through.
#[async_trait::async_trait]
impl<S: Store> ClockStore for FaultyStore<S> {
    async fn clock(&self, session: i64) -> Result<Option<ClockRow>, StoreError> {
        self.inner.clock(session).await
    }

    async fn put_clock(&self, clock: &ClockRow) -> Result<(), StoreError> {
        self.writable()?;
        self.inner.put_clock(clock).await
    }

    async fn mark_reminded(
        &self,
        session: i64,
        ply: usize,
        from: u8,
        to: u8,
        next_at: Option<i64>,
    ) -> Result<(), StoreError> {
        self.writable()?;
        self.inner.mark_reminded(session, ply, from, to, next_at).await
    }

    async fn due_clocks(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        self.inner.due_clocks(now).await
    }

    async fn next_wake(&self) -> Result<Option<i64>, StoreError> {
        self.inner.next_wake().await
    }

    async fn put_offer(&self, offer: &OfferRow) -> Result<(), StoreError> {
        self.write("put_offer").await?;
        self.inner.put_offer(offer).await
    }

    async fn offer(&self, session: i64) -> Result<Option<OfferRow>, StoreError> {
        self.inner.offer(session).await
    }

    async fn clear_offer(&self, session: i64) -> Result<(), StoreError> {
        self.write("clear_offer").await?;
        self.inner.clear_offer(session).await
    }
}

#[async_trait::async_trait]
impl<S: Store> RatingStore for FaultyStore<S> {
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
}

/// Settings, threads and preferences count; an archive scheduled or done passes through.
#[async_trait::async_trait]
impl<S: Store> SettingsStore for FaultyStore<S> {
    async fn server_settings(&self, guild: u64) -> Result<ServerSettings, StoreError> {
        self.inner.server_settings(guild).await
    }

    async fn put_server_settings(
        &self,
        guild: u64,
        settings: &ServerSettings,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write("put_server_settings").await?;
        self.inner.put_server_settings(guild, settings, now).await
    }

    async fn add_thread(&self, channel: u64, parent: u64) -> Result<(), StoreError> {
        self.write("add_thread").await?;
        self.inner.add_thread(channel, parent).await
    }

    async fn thread_parent(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        self.inner.thread_parent(channel).await
    }

    async fn schedule_archive(&self, channel: u64, at: i64) -> Result<(), StoreError> {
        self.writable()?;
        self.inner.schedule_archive(channel, at).await
    }

    async fn due_archives(&self, now: i64) -> Result<Vec<u64>, StoreError> {
        self.inner.due_archives(now).await
    }

    async fn archived(&self, channel: u64) -> Result<(), StoreError> {
        self.writable()?;
        self.inner.archived(channel).await
    }

    async fn set_notify_dm(&self, user: u64, dm: bool) -> Result<(), StoreError> {
        self.write("set_notify_dm").await?;
        self.inner.set_notify_dm(user, dm).await
    }

    async fn notify_dm(&self, user: u64) -> Result<bool, StoreError> {
        self.inner.notify_dm(user).await
    }

    async fn set_digest(&self, user: u64, hour: Option<u8>, lang: &str, now: i64) -> Result<(), StoreError> {
        self.write("set_digest").await?;
        self.inner.set_digest(user, hour, lang, now).await
    }

    async fn digests(&self) -> Result<Vec<tabula_session::store::DigestRow>, StoreError> {
        self.inner.digests().await
    }

    async fn claim_digest(&self, user: u64, day: i64) -> Result<bool, StoreError> {
        self.write("claim_digest").await?;
        self.inner.claim_digest(user, day).await
    }
}

#[async_trait::async_trait]
impl<S: Store> MemberStore for FaultyStore<S> {
    async fn member_data(&self, user: u64) -> Result<MemberData, StoreError> {
        self.inner.member_data(user).await
    }

    async fn forget_member(&self, user: u64, label: &str) -> Result<usize, StoreError> {
        self.write("forget_member").await?;
        self.inner.forget_member(user, label).await
    }

    async fn relabel_member(&self, user: u64, label: &str) -> Result<usize, StoreError> {
        self.write("relabel_member").await?;
        self.inner.relabel_member(user, label).await
    }

    async fn forgotten_after(&self, seq: i64) -> Result<Vec<tabula_session::store::Forgotten>, StoreError> {
        self.inner.forgotten_after(seq).await
    }
}

#[async_trait::async_trait]
impl<S: Store> PuzzleStore for FaultyStore<S> {
    async fn start_attempt(&self, new: &NewAttempt) -> Result<i64, StoreError> {
        self.write("start_attempt").await?;
        self.inner.start_attempt(new).await
    }

    async fn attempt(&self, id: i64) -> Result<Option<AttemptRow>, StoreError> {
        self.inner.attempt(id).await
    }

    async fn open_attempt(&self, user: u64) -> Result<Option<AttemptRow>, StoreError> {
        self.inner.open_attempt(user).await
    }

    async fn update_attempt(&self, update: &AttemptUpdate) -> Result<(), StoreError> {
        self.write("update_attempt").await?;
        self.inner.update_attempt(update).await
    }

    async fn fastest(
        &self,
        guild: Option<u64>,
        kind: &str,
        spec: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Fastest>, StoreError> {
        self.inner.fastest(guild, kind, spec, limit).await
    }

    async fn finished_attempts(
        &self,
        guild: u64,
        kind: &str,
        spec: &str,
        since: i64,
    ) -> Result<Vec<Fastest>, StoreError> {
        self.inner.finished_attempts(guild, kind, spec, since).await
    }

    async fn attempts_at(&self, user: u64, kind: &str, spec: &str) -> Result<u32, StoreError> {
        self.inner.attempts_at(user, kind, spec).await
    }

    async fn daily_servers(&self) -> Result<Vec<DailyServer>, StoreError> {
        self.inner.daily_servers().await
    }

    async fn claim_daily(&self, post: &DailyPost) -> Result<bool, StoreError> {
        self.write("claim_daily").await?;
        self.inner.claim_daily(post).await
    }

    async fn daily_before(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError> {
        self.inner.daily_before(guild, day).await
    }

    async fn daily_post(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError> {
        self.inner.daily_post(guild, day).await
    }

    async fn add_tactics(&self, tactics: &[TacticRow]) -> Result<usize, StoreError> {
        self.writable()?;
        self.inner.add_tactics(tactics).await
    }

    async fn tactic(&self, key: &str) -> Result<Option<TacticRow>, StoreError> {
        self.inner.tactic(key).await
    }

    async fn next_tactic(
        &self,
        user: u64,
        game: Option<&str>,
        rating: f64,
    ) -> Result<Option<TacticRow>, StoreError> {
        self.inner.next_tactic(user, game, rating).await
    }

    async fn tactic_count(&self) -> Result<u64, StoreError> {
        self.inner.tactic_count().await
    }

    async fn puzzle_rating(&self, user: u64) -> Result<Option<PuzzleRating>, StoreError> {
        self.inner.puzzle_rating(user).await
    }

    async fn set_shares_games(&self, user: u64, shares: bool, now: i64) -> Result<(), StoreError> {
        self.write("set_shares_games").await?;
        self.inner.set_shares_games(user, shares, now).await
    }

    async fn shares_games(&self, user: u64) -> Result<bool, StoreError> {
        self.inner.shares_games(user).await
    }

    async fn finish_tactic(
        &self,
        update: &AttemptUpdate,
        player: &PuzzleRating,
        tactic: Option<&TacticRating>,
    ) -> Result<(), StoreError> {
        self.write("finish_tactic").await?;
        self.inner.finish_tactic(update, player, tactic).await
    }
}

#[async_trait::async_trait]
impl<S: Store> TournamentStore for FaultyStore<S> {
    async fn create_tournament(&self, t: &NewTournament) -> Result<i64, StoreError> {
        self.write("create_tournament").await?;
        self.inner.create_tournament(t).await
    }

    async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        self.inner.tournament(id).await
    }

    async fn open_tournaments(&self, guild: u64) -> Result<Vec<TournamentRow>, StoreError> {
        self.inner.open_tournaments(guild).await
    }

    async fn last_finished_tournament(&self, guild: u64) -> Result<Option<TournamentRow>, StoreError> {
        self.inner.last_finished_tournament(guild).await
    }

    async fn due_tournaments(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        self.inner.due_tournaments(now).await
    }

    async fn set_tournament_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        self.writable()?;
        self.inner.set_tournament_message(id, message).await
    }

    async fn join_tournament(&self, id: i64, entrant: &EntrantRow) -> Result<(), StoreError> {
        self.write("join_tournament").await?;
        self.inner.join_tournament(id, entrant).await
    }

    async fn open_check_in(&self, id: i64) -> Result<bool, StoreError> {
        self.write("open_check_in").await?;
        self.inner.open_check_in(id).await
    }

    async fn check_in(&self, id: i64, user: u64) -> Result<(), StoreError> {
        self.write("check_in").await?;
        self.inner.check_in(id, user).await
    }

    async fn leave_tournament(&self, id: i64, user: u64) -> Result<(), StoreError> {
        self.write("leave_tournament").await?;
        self.inner.leave_tournament(id, user).await
    }

    async fn withdraw_entrant(&self, id: i64, user: u64) -> Result<(), StoreError> {
        self.write("withdraw_entrant").await?;
        self.inner.withdraw_entrant(id, user).await
    }

    async fn entrants(&self, id: i64) -> Result<Vec<EntrantRow>, StoreError> {
        self.inner.entrants(id).await
    }

    async fn claim_round(&self, id: i64, round: u32, due: Option<i64>) -> Result<bool, StoreError> {
        self.write("claim_round").await?;
        self.inner.claim_round(id, round, due).await
    }

    async fn set_tournament_state(
        &self,
        id: i64,
        from: TournamentState,
        to: TournamentState,
    ) -> Result<(), StoreError> {
        self.write("set_tournament_state").await?;
        self.inner.set_tournament_state(id, from, to).await
    }

    async fn add_tournament_game(&self, game: &TournamentGameRow) -> Result<(), StoreError> {
        self.write("add_tournament_game").await?;
        self.inner.add_tournament_game(game).await
    }

    async fn set_tournament_game_session(
        &self,
        tournament: i64,
        round: u32,
        board: u32,
        session: i64,
    ) -> Result<(), StoreError> {
        self.write("set_tournament_game_session").await?;
        self.inner.set_tournament_game_session(tournament, round, board, session).await
    }

    async fn settle_tournament_game(&self, game: &TournamentGameRow) -> Result<(), StoreError> {
        self.write("settle_tournament_game").await?;
        self.inner.settle_tournament_game(game).await
    }

    async fn tournament_games(&self, id: i64) -> Result<Vec<TournamentGameRow>, StoreError> {
        self.inner.tournament_games(id).await
    }

    async fn tournament_game_of(&self, session: i64) -> Result<Option<TournamentGameRow>, StoreError> {
        self.inner.tournament_game_of(session).await
    }
}
