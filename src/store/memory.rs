//! A store in memory: the same contract as the SQLite store, without a disk, for tests and the console's
//! throw-away games.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::ratings::{Ledger, board};
use super::{
    GameResult, HistoryEntry, HistoryPage, Leaderboard, NewSession, PlayerRecord, RatingRow, SessionRecord,
    SessionState, Store, StoreError,
};
use crate::games::GameKind;

/// Sessions in a map, lost when the value is dropped.
#[derive(Debug, Default)]
pub struct MemoryStore {
    sessions: Mutex<BTreeMap<i64, SessionRecord>>,
    /// Finished games' results in the order they were recorded, and the ratings made from them.
    results: Mutex<(Vec<GameResult>, Ledger)>,
    clocks: Mutex<super::clocks_memory::ClockTables>,
    settings: Mutex<super::settings::SettingsTables>,
    /// Claims on the computer's turns: session id to (version, until).
    claims: Mutex<BTreeMap<i64, (usize, u64, i64)>>,
}

impl MemoryStore {
    pub fn new() -> Self {
        MemoryStore::default()
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, BTreeMap<i64, SessionRecord>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn results(&self) -> MutexGuard<'_, (Vec<GameResult>, Ledger)> {
        self.results.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn tables(&self) -> MutexGuard<'_, super::clocks_memory::ClockTables> {
        self.clocks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn settings(&self) -> MutexGuard<'_, super::settings::SettingsTables> {
        self.settings.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every session ever stored, open or closed, for tests.
    pub fn all(&self) -> Vec<SessionRecord> {
        self.lock().values().cloned().collect()
    }
}

/// The open session `id`, or a conflict.
fn open_mut(sessions: &mut BTreeMap<i64, SessionRecord>, id: i64) -> Result<&mut SessionRecord, StoreError> {
    sessions.get_mut(&id).filter(|s| s.state.is_open()).ok_or(StoreError::Conflict)
}

impl Store for MemoryStore {
    async fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let playing = self
            .lock()
            .get(&id)
            .is_some_and(|s| s.state == SessionState::Playing && s.moves.len() == version);
        let mut claims = self.claims.lock().unwrap_or_else(PoisonError::into_inner);
        let held = claims.get(&id).is_some_and(|&(v, by, u)| v == version && u > now && by != owner);
        if !playing || held {
            return Ok(false);
        }
        claims.insert(id, (version, owner, until));
        Ok(true)
    }

    async fn open_session(&self, channel: u64) -> Result<Option<SessionRecord>, StoreError> {
        Ok(self.lock().values().find(|s| s.channel == channel && s.state.is_open()).cloned())
    }

    async fn session(&self, id: i64) -> Result<Option<SessionRecord>, StoreError> {
        Ok(self.lock().get(&id).cloned())
    }

    async fn open_sessions(&self) -> Result<Vec<SessionRecord>, StoreError> {
        Ok(self.lock().values().filter(|s| s.state.is_open()).cloned().collect())
    }

    async fn create(&self, new: &NewSession) -> Result<i64, StoreError> {
        let mut sessions = self.lock();
        if sessions.values().any(|s| s.channel == new.channel && s.state.is_open()) {
            return Err(StoreError::Conflict);
        }
        let id = sessions.keys().next_back().map_or(1, |last| last + 1);
        sessions.insert(
            id,
            SessionRecord {
                id,
                channel: new.channel,
                guild: new.guild,
                game: new.game,
                setup: new.setup.clone(),
                players: new.players.clone(),
                challenger: new.challenger,
                state: new.state,
                moves: Vec::new(),
                result: None,
                created_at: new.now,
                expires_at: new.expires_at,
                message: None,
                rated: new.rated,
            },
        );
        Ok(id)
    }

    async fn accept(
        &self,
        id: i64,
        players: &[PlayerRecord],
        start: bool,
        _now: i64,
    ) -> Result<(), StoreError> {
        let mut sessions = self.lock();
        let session = open_mut(&mut sessions, id)?;
        if session.state != SessionState::Challenge {
            return Err(StoreError::Conflict);
        }
        session.players = players.to_vec();
        if start {
            session.state = SessionState::Playing;
        }
        Ok(())
    }

    async fn set_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        if let Some(session) = self.lock().get_mut(&id) {
            session.message = Some(message);
        }
        Ok(())
    }

    async fn due_challenges(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        let sessions = self.lock();
        let mut due: Vec<&SessionRecord> =
            sessions.values().filter(|s| s.state == SessionState::Challenge && s.expires_at <= now).collect();
        due.sort_by_key(|s| s.expires_at);
        Ok(due.into_iter().map(|s| (s.id, s.channel)).collect())
    }

    async fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        result: Option<&str>,
        _now: i64,
    ) -> Result<(), StoreError> {
        let mut sessions = self.lock();
        let session = sessions.get_mut(&id).filter(|s| s.state == from).ok_or(StoreError::Conflict)?;
        session.state = to;
        if let Some(result) = result {
            session.result = Some(result.to_string());
        }
        Ok(())
    }

    async fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&str>,
        _now: i64,
    ) -> Result<(), StoreError> {
        let mut sessions = self.lock();
        let session = open_mut(&mut sessions, id)?;
        if session.state != SessionState::Playing || session.moves.len() != version {
            return Err(StoreError::Conflict);
        }
        session.moves.extend(moves.iter().map(|(_, m)| m.clone()));
        if let Some(result) = finished {
            session.state = SessionState::Finished;
            session.result = Some(result.to_string());
        } else {
            session.result = None;
        }
        Ok(())
    }

    async fn record_result(&self, result: &GameResult) -> Result<(), StoreError> {
        let mut guard = self.results();
        let (results, ledger) = &mut *guard;
        if results.iter().any(|r| r.session == result.session) {
            return Err(StoreError::Conflict);
        }
        if result.rated {
            ledger.apply(result);
        }
        results.push(result.clone());
        Ok(())
    }

    async fn ratings_of(&self, user: u64, guild: Option<u64>) -> Result<Vec<RatingRow>, StoreError> {
        Ok(self.results().1.ratings_of(user, guild))
    }

    async fn history(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> Result<HistoryPage, StoreError> {
        let guard = self.results();
        let guild = board(guild);
        let mine: Vec<&GameResult> = guard
            .0
            .iter()
            .rev()
            .filter(|r| r.guild.unwrap_or(0) == guild && game.is_none_or(|g| g == r.game))
            .filter(|r| r.players.iter().any(|p| p.user == user))
            .collect();
        let entries = mine
            .iter()
            .skip(page.saturating_mul(per_page))
            .take(per_page)
            .map(|r| HistoryEntry {
                session: r.session,
                game: r.game,
                rated: r.rated,
                ended_at: r.ended_at,
                players: r.players.clone(),
            })
            .collect();
        Ok(HistoryPage { entries, total: mine.len() })
    }

    async fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        user: u64,
        top: usize,
    ) -> Result<Leaderboard, StoreError> {
        Ok(self.results().1.leaderboard(game, guild, user, top))
    }

    async fn rebuild_ratings(&self) -> Result<usize, StoreError> {
        let mut guard = self.results();
        let (results, ledger) = &mut *guard;
        *ledger = Ledger::default();
        let mut rated = 0;
        for result in results.iter().filter(|r| r.rated) {
            ledger.apply(result);
            rated += 1;
        }
        Ok(rated)
    }
}
