//! [`PuzzleStore`] in memory.

use std::collections::BTreeMap;

use tabula_session::store::{
    AttemptRow, AttemptUpdate, Fastest, NewAttempt, PuzzleStore, StoreError, best_of_each,
};

use super::MemoryStore;

/// The `puzzle_attempts` table.
#[derive(Debug, Default)]
pub(super) struct Tables {
    attempts: BTreeMap<i64, AttemptRow>,
}

impl Tables {
    /// How many attempts `user` made, and the names stored with them.
    pub(super) fn member(&self, user: u64) -> (usize, Vec<String>) {
        let mine: Vec<&AttemptRow> = self.attempts.values().filter(|a| a.user == user).collect();
        (mine.len(), mine.iter().map(|a| a.name.clone()).collect())
    }

    pub(super) fn forget(&mut self, user: u64, label: &str) {
        for a in self.attempts.values_mut().filter(|a| a.user == user) {
            a.name = label.to_string();
        }
    }
}

#[async_trait::async_trait]
impl PuzzleStore for MemoryStore {
    async fn start_attempt(&self, new: &NewAttempt) -> Result<i64, StoreError> {
        let mut tables = self.puzzles();
        for a in tables.attempts.values_mut().filter(|a| a.user == new.user) {
            a.open = false;
        }
        let id = tables.attempts.keys().next_back().map_or(1, |k| k + 1);
        let row = AttemptRow {
            id,
            user: new.user,
            name: new.name.clone(),
            guild: new.guild,
            kind: new.kind.clone(),
            spec: new.spec.clone(),
            state: new.state.clone(),
            actions: 0,
            hints: 0,
            started_at: new.now,
            solved_at: None,
            score: None,
            open: true,
        };
        tables.attempts.insert(id, row);
        Ok(id)
    }

    async fn attempt(&self, id: i64) -> Result<Option<AttemptRow>, StoreError> {
        Ok(self.puzzles().attempts.get(&id).cloned())
    }

    async fn open_attempt(&self, user: u64) -> Result<Option<AttemptRow>, StoreError> {
        Ok(self.puzzles().attempts.values().rev().find(|a| a.user == user && a.open).cloned())
    }

    async fn update_attempt(&self, u: &AttemptUpdate) -> Result<(), StoreError> {
        let mut tables = self.puzzles();
        let a = tables
            .attempts
            .get_mut(&u.id)
            .filter(|a| a.open && a.actions == u.from_actions)
            .ok_or(StoreError::Conflict)?;
        a.state.clone_from(&u.state);
        a.actions = u.actions;
        a.hints = u.hints;
        a.solved_at = u.solved_at;
        a.score = u.score;
        a.open = u.solved_at.is_none();
        Ok(())
    }

    async fn fastest(
        &self,
        guild: Option<u64>,
        kind: &str,
        spec: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Fastest>, StoreError> {
        let tables = self.puzzles();
        let mut solves: Vec<Fastest> = tables
            .attempts
            .values()
            .filter(|a| a.guild == guild && a.kind == kind && a.hints == 0)
            .filter(|a| spec.is_none_or(|s| a.spec == s))
            .filter_map(|a| {
                let solved_at = a.solved_at?;
                Some(Fastest {
                    user: a.user,
                    name: a.name.clone(),
                    spec: a.spec.clone(),
                    score: a.score,
                    seconds: solved_at - a.started_at,
                    actions: a.actions,
                    solved_at,
                })
            })
            .collect();
        solves.sort_by_key(|f| (std::cmp::Reverse(f.score.unwrap_or(0)), f.seconds, f.actions, f.solved_at));
        Ok(best_of_each(solves, limit))
    }
}
