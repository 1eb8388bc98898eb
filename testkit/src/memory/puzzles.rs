//! [`PuzzleStore`] in memory.

use std::collections::BTreeMap;

use tabula_session::store::{
    AttemptRow, AttemptUpdate, DailyPost, DailyServer, Fastest, NewAttempt, PuzzleRating, PuzzleStore,
    StoreError, TACTIC_KIND, TacticRating, TacticRow, best_of_each,
};

use super::MemoryStore;

/// The `puzzle_attempts`, `tactics` and `puzzle_ratings` tables.
#[derive(Debug, Default)]
pub(super) struct Tables {
    attempts: BTreeMap<i64, AttemptRow>,
    tactics: BTreeMap<String, TacticRow>,
    ratings: BTreeMap<u64, PuzzleRating>,
    sources: std::collections::BTreeSet<u64>,
    /// Daily posts by server and day.
    daily: BTreeMap<(u64, i64), DailyPost>,
}

impl Tables {
    /// How many attempts `user` made, and the names stored with them.
    pub(super) fn member(&self, user: u64) -> (usize, Vec<String>) {
        let mine: Vec<&AttemptRow> = self.attempts.values().filter(|a| a.user == user).collect();
        (mine.len(), mine.iter().map(|a| a.name.clone()).collect())
    }

    /// Whether `user` has a puzzle rating.
    pub(super) fn rated(&self, user: u64) -> bool {
        self.ratings.contains_key(&user)
    }

    /// `update_attempt`'s write, checked on the version it names.
    fn update(&mut self, u: &AttemptUpdate) -> Result<(), StoreError> {
        let a = self
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

    /// Whether `user` lets tactics be made from their games.
    pub(super) fn shares(&self, user: u64) -> bool {
        self.sources.contains(&user)
    }

    pub(super) fn forget(&mut self, user: u64, label: &str) {
        self.sources.remove(&user);
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
        self.puzzles().update(u)
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
            .filter_map(Fastest::of)
            .collect();
        solves.sort_by_key(Fastest::rank);
        Ok(best_of_each(solves, limit))
    }

    async fn finished_attempts(
        &self,
        guild: u64,
        kind: &str,
        spec: &str,
        since: i64,
    ) -> Result<Vec<Fastest>, StoreError> {
        let tables = self.puzzles();
        let mut done: Vec<Fastest> = tables
            .attempts
            .values()
            .filter(|a| a.guild == Some(guild) && a.kind == kind && a.spec == spec && a.started_at >= since)
            .filter_map(Fastest::of)
            .collect();
        done.sort_by_key(Fastest::rank);
        Ok(done)
    }

    async fn attempts_at(&self, user: u64, kind: &str, spec: &str) -> Result<u32, StoreError> {
        let tables = self.puzzles();
        Ok(tables.attempts.values().filter(|a| a.user == user && a.kind == kind && a.spec == spec).count()
            as u32)
    }

    async fn daily_servers(&self) -> Result<Vec<DailyServer>, StoreError> {
        let servers = self.settings().daily();
        let tables = self.puzzles();
        Ok(servers
            .into_iter()
            .filter_map(|(guild, s)| {
                Some(DailyServer {
                    guild,
                    channel: s.daily_channel?,
                    hour: s.daily_hour,
                    since: s.daily_since,
                    last_day: tables.daily.keys().filter(|(g, _)| *g == guild).map(|(_, d)| *d).max(),
                })
            })
            .collect())
    }

    async fn claim_daily(&self, post: &DailyPost) -> Result<bool, StoreError> {
        let mut tables = self.puzzles();
        if tables.daily.contains_key(&(post.guild, post.day)) {
            return Ok(false);
        }
        tables.daily.insert((post.guild, post.day), post.clone());
        Ok(true)
    }

    async fn daily_before(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError> {
        Ok(self.puzzles().daily.range((guild, i64::MIN)..(guild, day)).next_back().map(|(_, p)| p.clone()))
    }

    async fn daily_post(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError> {
        Ok(self.puzzles().daily.get(&(guild, day)).cloned())
    }

    async fn add_tactics(&self, tactics: &[TacticRow]) -> Result<usize, StoreError> {
        let mut tables = self.puzzles();
        let mut added = 0;
        for t in tactics {
            if !tables.tactics.contains_key(&t.key) {
                tables.tactics.insert(t.key.clone(), t.clone());
                added += 1;
            }
        }
        Ok(added)
    }

    async fn tactic(&self, key: &str) -> Result<Option<TacticRow>, StoreError> {
        Ok(self.puzzles().tactics.get(key).cloned())
    }

    async fn next_tactic(
        &self,
        user: u64,
        game: Option<&str>,
        rating: f64,
    ) -> Result<Option<TacticRow>, StoreError> {
        let tables = self.puzzles();
        let tried: std::collections::HashSet<&str> = tables
            .attempts
            .values()
            .filter(|a| a.user == user && a.kind == TACTIC_KIND)
            .map(|a| a.spec.as_str())
            .collect();
        let nearest = tables
            .tactics
            .values()
            .filter(|t| game.is_none_or(|g| t.game == g) && !tried.contains(t.key.as_str()))
            .min_by(|a, b| {
                (a.rating - rating).abs().total_cmp(&(b.rating - rating).abs()).then(a.key.cmp(&b.key))
            });
        Ok(nearest.cloned())
    }

    async fn tactic_count(&self) -> Result<u64, StoreError> {
        Ok(self.puzzles().tactics.len() as u64)
    }

    async fn puzzle_rating(&self, user: u64) -> Result<Option<PuzzleRating>, StoreError> {
        Ok(self.puzzles().ratings.get(&user).cloned())
    }

    async fn set_shares_games(&self, user: u64, shares: bool, _now: i64) -> Result<(), StoreError> {
        let mut tables = self.puzzles();
        if shares {
            tables.sources.insert(user);
        } else {
            tables.sources.remove(&user);
        }
        Ok(())
    }

    async fn shares_games(&self, user: u64) -> Result<bool, StoreError> {
        Ok(self.puzzles().shares(user))
    }

    async fn finish_tactic(
        &self,
        update: &AttemptUpdate,
        player: &PuzzleRating,
        tactic: Option<&TacticRating>,
    ) -> Result<(), StoreError> {
        let mut tables = self.puzzles();
        tables.update(update)?;
        tables.ratings.insert(player.user, player.clone());
        if let Some(t) = tactic
            && let Some(row) = tables.tactics.get_mut(&t.key)
        {
            row.rating = t.rating;
            row.deviation = t.deviation;
            row.volatility = t.volatility;
            row.plays += 1;
        }
        Ok(())
    }
}
