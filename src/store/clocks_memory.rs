//! [`ClockStore`] in memory, with the SQLite store's contract.

use std::collections::{BTreeMap, HashMap};

use super::clocks::{ClockRecord, ClockStore, OfferRecord};
use super::{MemoryStore, PlayerRecord, SessionState, StoreError};

/// The memory store's clock tables.
#[derive(Debug, Default)]
pub(super) struct ClockTables {
    clocks: BTreeMap<i64, ClockRecord>,
    offers: HashMap<i64, OfferRecord>,
    notify: HashMap<u64, bool>,
    /// Thread channel → its archive time, if scheduled.
    threads: HashMap<u64, Option<i64>>,
}

impl MemoryStore {
    fn playing(&self, session: i64) -> bool {
        self.lock().get(&session).is_some_and(|s| s.state == SessionState::Playing)
    }
}

impl ClockStore for MemoryStore {
    async fn clock(&self, session: i64) -> Result<Option<ClockRecord>, StoreError> {
        Ok(self.tables().clocks.get(&session).cloned())
    }

    async fn put_clock(&self, clock: &ClockRecord) -> Result<(), StoreError> {
        self.tables().clocks.insert(clock.session, clock.clone());
        Ok(())
    }

    async fn mark_reminded(
        &self,
        session: i64,
        ply: usize,
        from: u8,
        to: u8,
        next_at: Option<i64>,
    ) -> Result<(), StoreError> {
        let mut tables = self.tables();
        let clock = tables
            .clocks
            .get_mut(&session)
            .filter(|c| c.ply == ply && c.reminded == from)
            .ok_or(StoreError::Conflict)?;
        clock.reminded = to;
        clock.next_at = next_at;
        Ok(())
    }

    async fn due_clocks(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        let mut due: Vec<(i64, i64)> = self
            .tables()
            .clocks
            .values()
            .filter_map(|c| c.next_at.filter(|&t| t <= now).map(|t| (t, c.session)))
            .collect();
        due.sort_unstable();
        let sessions = self.lock();
        Ok(due
            .into_iter()
            .filter_map(|(_, id)| sessions.get(&id).filter(|s| s.state == SessionState::Playing))
            .map(|s| (s.id, s.channel))
            .collect())
    }

    async fn next_wake(&self) -> Result<Option<i64>, StoreError> {
        let candidates: Vec<(i64, i64)> =
            self.tables().clocks.values().filter_map(|c| c.next_at.map(|t| (t, c.session))).collect();
        let clock = candidates.into_iter().filter(|(_, id)| self.playing(*id)).map(|(t, _)| t).min();
        let archive = self.tables().threads.values().filter_map(|a| *a).min();
        Ok(clock.into_iter().chain(archive).min())
    }

    async fn put_offer(&self, offer: &OfferRecord) -> Result<(), StoreError> {
        let mut tables = self.tables();
        if tables.offers.contains_key(&offer.session) {
            return Err(StoreError::Conflict);
        }
        tables.offers.insert(offer.session, offer.clone());
        Ok(())
    }

    async fn offer(&self, session: i64) -> Result<Option<OfferRecord>, StoreError> {
        Ok(self.tables().offers.get(&session).cloned())
    }

    async fn clear_offer(&self, session: i64) -> Result<(), StoreError> {
        self.tables().offers.remove(&session);
        Ok(())
    }

    async fn set_notify_dm(&self, user: u64, dm: bool) -> Result<(), StoreError> {
        self.tables().notify.insert(user, dm);
        Ok(())
    }

    async fn notify_dm(&self, user: u64) -> Result<bool, StoreError> {
        Ok(self.tables().notify.get(&user).copied().unwrap_or(false))
    }

    async fn add_thread(&self, channel: u64, parent: u64) -> Result<(), StoreError> {
        self.tables().threads.entry(channel).or_insert(None);
        self.settings().parents.entry(channel).or_insert(parent);
        Ok(())
    }

    async fn schedule_archive(&self, channel: u64, at: i64) -> Result<(), StoreError> {
        if let Some(slot) = self.tables().threads.get_mut(&channel) {
            *slot = Some(at);
        }
        Ok(())
    }

    async fn due_archives(&self, now: i64) -> Result<Vec<u64>, StoreError> {
        let mut due: Vec<(i64, u64)> = self
            .tables()
            .threads
            .iter()
            .filter_map(|(&c, a)| a.filter(|&t| t <= now).map(|t| (t, c)))
            .collect();
        due.sort_unstable();
        Ok(due.into_iter().map(|(_, c)| c).collect())
    }

    async fn archived(&self, channel: u64) -> Result<(), StoreError> {
        if let Some(slot) = self.tables().threads.get_mut(&channel) {
            *slot = None;
        }
        Ok(())
    }

    async fn set_players(&self, id: i64, players: &[PlayerRecord], _now: i64) -> Result<(), StoreError> {
        let mut sessions = self.lock();
        let session =
            sessions.get_mut(&id).filter(|s| s.state == SessionState::Playing).ok_or(StoreError::Conflict)?;
        session.players = players.to_vec();
        Ok(())
    }

    async fn truncate_moves(
        &self,
        id: i64,
        version: usize,
        keep: usize,
        _now: i64,
    ) -> Result<(), StoreError> {
        let mut sessions = self.lock();
        let session = sessions
            .get_mut(&id)
            .filter(|s| s.state == SessionState::Playing && s.moves.len() == version && keep <= version)
            .ok_or(StoreError::Conflict)?;
        session.moves.truncate(keep);
        Ok(())
    }
}
