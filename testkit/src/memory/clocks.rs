//! [`ClockStore`] in memory.

use std::collections::{BTreeMap, HashMap};

use tabula_session::store::{ClockRow, ClockStore, OfferRow, StoreError};

use super::MemoryStore;

/// The `clocks` and `offers` tables.
#[derive(Debug, Default)]
pub(super) struct Tables {
    pub(super) clocks: BTreeMap<i64, ClockRow>,
    offers: HashMap<i64, OfferRow>,
}

#[async_trait::async_trait]
impl ClockStore for MemoryStore {
    async fn clock(&self, session: i64) -> Result<Option<ClockRow>, StoreError> {
        Ok(self.clocks().clocks.get(&session).cloned())
    }

    async fn put_clock(&self, clock: &ClockRow) -> Result<(), StoreError> {
        self.clocks().clocks.insert(clock.session, clock.clone());
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
        let mut tables = self.clocks();
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
            .clocks()
            .clocks
            .values()
            .filter_map(|c| c.next_at.filter(|&t| t <= now).map(|t| (t, c.session)))
            .collect();
        due.sort_unstable();
        Ok(self.playing(due.into_iter().map(|(_, id)| id)).into_iter().map(|s| (s.id, s.channel)).collect())
    }

    async fn next_wake(&self) -> Result<Option<i64>, StoreError> {
        let wakes: BTreeMap<i64, i64> =
            self.clocks().clocks.values().filter_map(|c| c.next_at.map(|t| (c.session, t))).collect();
        let clock = self.playing(wakes.keys().copied()).iter().map(|s| wakes[&s.id]).min();
        let tournament = self.tournaments().next_wake();
        Ok(clock.into_iter().chain(self.next_archive()).chain(tournament).min())
    }

    async fn put_offer(&self, offer: &OfferRow) -> Result<(), StoreError> {
        let mut tables = self.clocks();
        if tables.offers.contains_key(&offer.session) {
            return Err(StoreError::Conflict);
        }
        tables.offers.insert(offer.session, offer.clone());
        Ok(())
    }

    async fn offer(&self, session: i64) -> Result<Option<OfferRow>, StoreError> {
        Ok(self.clocks().offers.get(&session).cloned())
    }

    async fn clear_offer(&self, session: i64) -> Result<(), StoreError> {
        self.clocks().offers.remove(&session);
        Ok(())
    }
}
