//! A store in memory: the same contract as the SQL stores, without a disk, lost when the value is dropped. One
//! file per group of tables, as in the library's `store` module.

use std::sync::{Mutex, MutexGuard, PoisonError};

use tabula_session::store::{SessionRow, Store};

mod clocks;
mod members;
mod puzzles;
mod ratings;
mod sessions;
mod settings;
mod tournaments;

/// Every table in maps, each group behind its own lock (a method takes one lock at a time).
#[derive(Debug, Default)]
pub struct MemoryStore {
    sessions: Mutex<sessions::Tables>,
    clocks: Mutex<clocks::Tables>,
    ratings: Mutex<ratings::Tables>,
    settings: Mutex<settings::Tables>,
    tournaments: Mutex<tournaments::Tables>,
    puzzles: Mutex<puzzles::Tables>,
    /// The log of forgotten members.
    forgotten: Mutex<Vec<tabula_session::store::Forgotten>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl MemoryStore {
    pub fn new() -> Self {
        MemoryStore::default()
    }

    /// Every session ever stored, open or closed, in the order they were created.
    pub fn all(&self) -> Vec<SessionRow> {
        self.sessions().sessions.values().cloned().collect()
    }

    fn sessions(&self) -> MutexGuard<'_, sessions::Tables> {
        lock(&self.sessions)
    }

    fn clocks(&self) -> MutexGuard<'_, clocks::Tables> {
        lock(&self.clocks)
    }

    fn ratings(&self) -> MutexGuard<'_, ratings::Tables> {
        lock(&self.ratings)
    }

    fn settings(&self) -> MutexGuard<'_, settings::Tables> {
        lock(&self.settings)
    }

    fn forgotten(&self) -> MutexGuard<'_, Vec<tabula_session::store::Forgotten>> {
        lock(&self.forgotten)
    }

    fn tournaments(&self) -> MutexGuard<'_, tournaments::Tables> {
        lock(&self.tournaments)
    }

    fn puzzles(&self) -> MutexGuard<'_, puzzles::Tables> {
        lock(&self.puzzles)
    }

    /// The sessions being played, among `ids` (for the clocks, which belong to games being played).
    fn playing(&self, ids: impl IntoIterator<Item = i64>) -> Vec<SessionRow> {
        let tables = self.sessions();
        ids.into_iter()
            .filter_map(|id| tables.sessions.get(&id))
            .filter(|s| s.state == tabula_session::store::SessionState::Playing)
            .cloned()
            .collect()
    }
}

#[async_trait::async_trait]
impl Store for MemoryStore {}

impl tabula_session::store::IntoShared for MemoryStore {
    fn into_shared(self) -> tabula_session::store::SharedStore {
        std::sync::Arc::new(self)
    }
}
