//! [`RatingStore`] in memory: results in the order they were recorded, and the library's [`Ledger`] for the
//! ratings made from them (the SQL stores' rebuild uses the same one).

use tabula_games::games::GameKind;
use tabula_session::store::{
    ALL_SERVERS, GameResult, HistoryEntry, HistoryPage, Leaderboard, Ledger, RatingRow, RatingStore,
    StoreError,
};

use super::MemoryStore;

/// The `results` and `game_players` tables (one [`GameResult`] each), and `ratings` and `rating_history`.
#[derive(Debug, Default)]
pub(super) struct Tables {
    results: Vec<GameResult>,
    ledger: Ledger,
}

#[async_trait::async_trait]
impl RatingStore for MemoryStore {
    async fn record_result(&self, result: &GameResult) -> Result<(), StoreError> {
        let mut tables = self.ratings();
        if tables.results.iter().any(|r| r.session == result.session) {
            return Err(StoreError::Conflict);
        }
        if result.rated {
            tables.ledger.apply(result);
        }
        tables.results.push(result.clone());
        Ok(())
    }

    async fn ratings_of(&self, user: u64, guild: Option<u64>) -> Result<Vec<RatingRow>, StoreError> {
        Ok(self.ratings().ledger.ratings_of(user, guild))
    }

    async fn history(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> Result<HistoryPage, StoreError> {
        let tables = self.ratings();
        let board = guild.unwrap_or(ALL_SERVERS);
        let mine: Vec<&GameResult> = tables
            .results
            .iter()
            .rev()
            .filter(|r| r.guild.unwrap_or(ALL_SERVERS) == board && game.is_none_or(|g| g == r.game))
            .filter(|r| r.players.iter().any(|p| p.user == user))
            .collect();
        let entries = mine
            .iter()
            .skip(page.saturating_mul(per_page))
            .take(per_page)
            .map(|&r| HistoryEntry::from(r.clone()))
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
        Ok(self.ratings().ledger.leaderboard(game, guild, user, top))
    }

    async fn rebuild_ratings(&self) -> Result<usize, StoreError> {
        let mut tables = self.ratings();
        let tables = &mut *tables;
        tables.ledger = Ledger::default();
        let mut rated = 0;
        for result in tables.results.iter().filter(|r| r.rated) {
            tables.ledger.apply(result);
            rated += 1;
        }
        Ok(rated)
    }
}

impl Tables {
    /// `user`'s finished games and rating rows, and the names they hold.
    pub(super) fn member(&self, user: u64) -> (usize, usize, Vec<String>) {
        let mine = self.results.iter().flat_map(|r| &r.players).filter(|p| p.user == user);
        let mut names: Vec<String> = mine.clone().map(|p| p.name.clone()).collect();
        let rows = self.ledger.rows_of(user);
        names.extend(rows.iter().map(|r| r.name.clone()));
        (mine.count(), rows.len(), names)
    }

    pub(super) fn forget(&mut self, user: u64, label: &str) {
        for player in self.results.iter_mut().flat_map(|r| &mut r.players).filter(|p| p.user == user) {
            player.name = label.to_string();
        }
        self.ledger.rename(user, label);
    }
}
