//! [`SessionStore`] in memory.

use std::collections::BTreeMap;

use tabula_session::store::{
    ClockRow, Ending, NewSession, PlayerRow, SessionRow, SessionState, SessionStore, StoreError,
};

use super::MemoryStore;

/// The `sessions` and `moves` tables, and the claims on the computer's turns.
#[derive(Debug, Default)]
pub(super) struct Tables {
    pub(super) sessions: BTreeMap<i64, SessionRow>,
    /// Session id → the claimed version, its owner and when the claim lapses.
    claims: BTreeMap<i64, (usize, u64, i64)>,
}

impl Tables {
    /// Session `id` when `keep` holds for it, or a conflict (the write lost a race).
    fn session_if(
        &mut self,
        id: i64,
        keep: impl FnOnce(&SessionRow) -> bool,
    ) -> Result<&mut SessionRow, StoreError> {
        self.sessions.get_mut(&id).filter(|s| keep(s)).ok_or(StoreError::Conflict)
    }
}

#[async_trait::async_trait]
impl SessionStore for MemoryStore {
    async fn open_session(&self, channel: u64) -> Result<Option<SessionRow>, StoreError> {
        Ok(self.sessions().sessions.values().find(|s| s.channel == channel && s.state.is_open()).cloned())
    }

    async fn session(&self, id: i64) -> Result<Option<SessionRow>, StoreError> {
        Ok(self.sessions().sessions.get(&id).cloned())
    }

    async fn open_sessions(&self) -> Result<Vec<SessionRow>, StoreError> {
        Ok(self.sessions().sessions.values().filter(|s| s.state.is_open()).cloned().collect())
    }

    async fn open_sessions_of(&self, user: u64) -> Result<Vec<SessionRow>, StoreError> {
        Ok(self
            .sessions()
            .sessions
            .values()
            .filter(|s| s.state.is_open() && s.players.iter().any(|p| p.id == user && !p.abandoned))
            .cloned()
            .collect())
    }

    async fn create(&self, new: &NewSession) -> Result<i64, StoreError> {
        let mut tables = self.sessions();
        if tables.sessions.values().any(|s| s.channel == new.channel && s.state.is_open()) {
            return Err(StoreError::Conflict);
        }
        let id = tables.sessions.keys().next_back().map_or(1, |last| last + 1);
        let record = SessionRow {
            id,
            channel: new.channel,
            guild: new.guild,
            game: new.game,
            setup: new.setup.clone(),
            players: new.players.clone(),
            challenger: new.challenger,
            state: new.state,
            moves: Vec::new(),
            ending: None,
            created_at: new.now,
            expires_at: new.expires_at,
            message: None,
            rated: new.rated,
            hinted: false,
        };
        tables.sessions.insert(id, record);
        Ok(id)
    }

    async fn accept(&self, id: i64, players: &[PlayerRow], start: bool, _now: i64) -> Result<(), StoreError> {
        let mut tables = self.sessions();
        let session = tables.session_if(id, |s| s.state == SessionState::Challenge)?;
        session.players = players.to_vec();
        if start {
            session.state = SessionState::Playing;
        }
        Ok(())
    }

    async fn set_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        if let Some(session) = self.sessions().sessions.get_mut(&id) {
            session.message = Some(message);
        }
        Ok(())
    }

    async fn due_challenges(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        let tables = self.sessions();
        let mut due: Vec<&SessionRow> = tables
            .sessions
            .values()
            .filter(|s| s.state == SessionState::Challenge && s.expires_at <= now)
            .collect();
        due.sort_by_key(|s| s.expires_at);
        Ok(due.into_iter().map(|s| (s.id, s.channel)).collect())
    }

    async fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        ending: Option<&Ending>,
        _now: i64,
    ) -> Result<(), StoreError> {
        let mut tables = self.sessions();
        let session = tables.session_if(id, |s| s.state == from)?;
        session.state = to;
        if let Some(ending) = ending {
            session.ending = Some(ending.clone());
        }
        Ok(())
    }

    async fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&Ending>,
        _now: i64,
        clock: Option<&ClockRow>,
    ) -> Result<(), StoreError> {
        let mut tables = self.sessions();
        let session =
            tables.session_if(id, |s| s.state == SessionState::Playing && s.moves.len() == version)?;
        session.moves.extend(moves.iter().map(|(_, m)| m.clone()));
        if let Some(ending) = finished {
            session.state = SessionState::Finished;
            session.ending = Some(ending.clone());
        } else {
            session.ending = None;
        }
        drop(tables);
        if let Some(clock) = clock {
            self.clocks().clocks.insert(clock.session, clock.clone());
        }
        Ok(())
    }

    async fn truncate_moves(
        &self,
        id: i64,
        version: usize,
        keep: usize,
        _now: i64,
    ) -> Result<(), StoreError> {
        let mut tables = self.sessions();
        let session = tables.session_if(id, |s| {
            s.state == SessionState::Playing && s.moves.len() == version && keep <= version
        })?;
        session.moves.truncate(keep);
        Ok(())
    }

    async fn set_players(&self, id: i64, players: &[PlayerRow], _now: i64) -> Result<(), StoreError> {
        let mut tables = self.sessions();
        tables.session_if(id, |s| s.state == SessionState::Playing)?.players = players.to_vec();
        Ok(())
    }

    async fn mark_hinted(&self, id: i64) -> Result<bool, StoreError> {
        let mut tables = self.sessions();
        let record = tables.session_if(id, |_| true)?;
        let first = !record.hinted;
        record.hinted = true;
        record.rated = false;
        Ok(first)
    }

    async fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let mut tables = self.sessions();
        let playing = tables
            .sessions
            .get(&id)
            .is_some_and(|s| s.state == SessionState::Playing && s.moves.len() == version);
        let held = tables.claims.get(&id).is_some_and(|&(v, by, u)| v == version && u > now && by != owner);
        if !playing || held {
            return Ok(false);
        }
        tables.claims.insert(id, (version, owner, until));
        Ok(true)
    }
}
