//! [`TournamentStore`] in memory.

use std::collections::BTreeMap;

use tabula_session::store::{
    CHECK_IN_SECONDS, EntrantRow, NewTournament, StoreError, TournamentGameRow, TournamentRow,
    TournamentState, TournamentStore,
};

use super::MemoryStore;

/// The `tournaments`, `tournament_entrants` and `tournament_games` tables.
#[derive(Debug, Default)]
pub(super) struct Tables {
    tournaments: BTreeMap<i64, TournamentRow>,
    entrants: BTreeMap<i64, Vec<EntrantRow>>,
    /// By (tournament, round, board).
    games: BTreeMap<(i64, u32, u32), TournamentGameRow>,
}

fn changed(done: bool) -> Result<(), StoreError> {
    if done { Ok(()) } else { Err(StoreError::Conflict) }
}

#[async_trait::async_trait]
impl TournamentStore for MemoryStore {
    async fn create_tournament(&self, t: &NewTournament) -> Result<i64, StoreError> {
        let mut tables = self.tournaments();
        let id = tables.tournaments.keys().next_back().map_or(1, |last| last + 1);
        let row = TournamentRow {
            id,
            settings: t.clone(),
            state: TournamentState::Signup,
            round: 0,
            round_due: None,
            message: None,
            check_in_open: false,
        };
        tables.tournaments.insert(id, row);
        Ok(id)
    }

    async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        Ok(self.tournaments().tournaments.get(&id).cloned())
    }

    async fn open_tournaments(&self, guild: u64) -> Result<Vec<TournamentRow>, StoreError> {
        let open = [TournamentState::Signup, TournamentState::Running, TournamentState::Paused];
        Ok(self
            .tournaments()
            .tournaments
            .values()
            .filter(|t| t.settings.guild == guild && open.contains(&t.state))
            .cloned()
            .collect())
    }

    async fn last_finished_tournament(&self, guild: u64) -> Result<Option<TournamentRow>, StoreError> {
        Ok(self
            .tournaments()
            .tournaments
            .values()
            .filter(|t| t.settings.guild == guild && t.state == TournamentState::Finished)
            .max_by_key(|t| t.id)
            .cloned())
    }

    async fn due_tournaments(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        Ok(self
            .tournaments()
            .tournaments
            .values()
            .filter(|t| match t.state {
                TournamentState::Signup => {
                    let check_in_due = t.settings.check_in && !t.check_in_open;
                    t.settings.starts_at <= now
                        || (check_in_due && t.settings.starts_at <= now + CHECK_IN_SECONDS)
                }
                TournamentState::Running => true,
                _ => false,
            })
            .map(|t| t.id)
            .collect())
    }

    async fn set_tournament_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        if let Some(t) = self.tournaments().tournaments.get_mut(&id) {
            t.message = Some(message);
        }
        Ok(())
    }

    async fn join_tournament(&self, id: i64, entrant: &EntrantRow) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let list = tables.entrants.entry(id).or_default();
        changed(!list.iter().any(|e| e.user == entrant.user))?;
        list.push(entrant.clone());
        list.sort_by_key(|e| (e.joined_at, e.user));
        Ok(())
    }

    async fn open_check_in(&self, id: i64) -> Result<bool, StoreError> {
        let mut tables = self.tournaments();
        let t = tables.tournaments.get_mut(&id);
        let t = t.filter(|t| t.state == TournamentState::Signup && t.settings.check_in && !t.check_in_open);
        Ok(t.map(|t| t.check_in_open = true).is_some())
    }

    async fn check_in(&self, id: i64, user: u64) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let entrant =
            tables.entrants.entry(id).or_default().iter_mut().find(|e| e.user == user && !e.checked_in);
        changed(entrant.map(|e| e.checked_in = true).is_some())
    }

    async fn leave_tournament(&self, id: i64, user: u64) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let list = tables.entrants.entry(id).or_default();
        let before = list.len();
        list.retain(|e| e.user != user);
        changed(list.len() < before)
    }

    async fn withdraw_entrant(&self, id: i64, user: u64) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let entrant =
            tables.entrants.entry(id).or_default().iter_mut().find(|e| e.user == user && !e.withdrawn);
        changed(entrant.map(|e| e.withdrawn = true).is_some())
    }

    async fn entrants(&self, id: i64) -> Result<Vec<EntrantRow>, StoreError> {
        Ok(self.tournaments().entrants.get(&id).cloned().unwrap_or_default())
    }

    async fn claim_round(&self, id: i64, round: u32, due: Option<i64>) -> Result<bool, StoreError> {
        let mut tables = self.tournaments();
        let Some(t) = tables.tournaments.get_mut(&id) else { return Ok(false) };
        let open = matches!(t.state, TournamentState::Signup | TournamentState::Running);
        if !open || t.round + 1 != round {
            return Ok(false);
        }
        t.round = round;
        t.round_due = due;
        t.state = TournamentState::Running;
        Ok(true)
    }

    async fn set_tournament_state(
        &self,
        id: i64,
        from: TournamentState,
        to: TournamentState,
    ) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let t = tables.tournaments.get_mut(&id).filter(|t| t.state == from);
        changed(t.map(|t| t.state = to).is_some())
    }

    async fn add_tournament_game(&self, game: &TournamentGameRow) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let key = (game.tournament, game.round, game.board);
        changed(!tables.games.contains_key(&key))?;
        tables.games.insert(key, game.clone());
        Ok(())
    }

    async fn set_tournament_game_session(
        &self,
        tournament: i64,
        round: u32,
        board: u32,
        session: i64,
    ) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let stored = tables.games.get_mut(&(tournament, round, board)).filter(|g| g.session.is_none());
        changed(stored.map(|g| g.session = Some(session)).is_some())
    }

    async fn settle_tournament_game(&self, game: &TournamentGameRow) -> Result<(), StoreError> {
        let mut tables = self.tournaments();
        let key = (game.tournament, game.round, game.board);
        let stored = tables.games.get_mut(&key).filter(|g| g.points.is_none());
        changed(
            stored
                .map(|g| {
                    g.points.clone_from(&game.points);
                    g.scores.clone_from(&game.scores);
                    g.over_the_board = game.over_the_board;
                })
                .is_some(),
        )
    }

    async fn tournament_games(&self, id: i64) -> Result<Vec<TournamentGameRow>, StoreError> {
        Ok(self.tournaments().games.range((id, 0, 0)..(id + 1, 0, 0)).map(|(_, g)| g.clone()).collect())
    }

    async fn tournament_game_of(&self, session: i64) -> Result<Option<TournamentGameRow>, StoreError> {
        Ok(self.tournaments().games.values().find(|g| g.session == Some(session)).cloned())
    }
}

impl Tables {
    /// The earliest time a tournament has work (for `next_wake`): check-in to open, a start, a round's end.
    pub(super) fn next_wake(&self) -> Option<i64> {
        self.tournaments
            .values()
            .filter_map(|t| match t.state {
                TournamentState::Signup if t.settings.check_in && !t.check_in_open => {
                    Some(t.settings.starts_at - CHECK_IN_SECONDS)
                }
                TournamentState::Signup => Some(t.settings.starts_at),
                TournamentState::Running => t.round_due,
                _ => None,
            })
            .min()
    }

    /// `user`'s tournament entries, and the names they hold.
    pub(super) fn member(&self, user: u64) -> (usize, Vec<String>) {
        let mine: Vec<&EntrantRow> = self.entrants.values().flatten().filter(|e| e.user == user).collect();
        (mine.len(), mine.iter().map(|e| e.name.clone()).collect())
    }

    pub(super) fn forget(&mut self, user: u64, label: &str) {
        for entrant in self.entrants.values_mut().flatten().filter(|e| e.user == user) {
            entrant.name = label.to_string();
        }
    }
}
