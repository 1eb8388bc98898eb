//! [`MemberStore`] in memory, over the other groups' tables.

use tabula_session::store::{Forgotten, MemberData, MemberStore, StoreError};

use super::MemoryStore;

#[async_trait::async_trait]
impl MemberStore for MemoryStore {
    async fn member_data(&self, user: u64) -> Result<MemberData, StoreError> {
        let mut names = Vec::new();
        let mut sessions = 0;
        for session in self.sessions().sessions.values() {
            let mine: Vec<String> =
                session.players.iter().filter(|p| p.id == user).map(|p| p.name.clone()).collect();
            sessions += usize::from(!mine.is_empty());
            names.extend(mine);
        }
        let (finished, ratings, rated_names) = self.ratings().member(user);
        let (tournaments, entrant_names) = self.tournaments().member(user);
        let (puzzles, solver_names) = self.puzzles().member(user);
        let ratings = ratings + usize::from(self.puzzles().rated(user));
        names.extend(rated_names);
        names.extend(entrant_names);
        names.extend(solver_names);
        names.sort();
        names.dedup();
        let notify_dm = self.settings().notify_of(user);
        let shares_games = self.puzzles().shares(user);
        let digest_hour = self.settings().digest_of(user);
        Ok(MemberData {
            sessions,
            finished,
            ratings,
            tournaments,
            puzzles,
            notify_dm,
            digest_hour,
            shares_games,
            names,
        })
    }

    async fn forget_member(&self, user: u64, label: &str) -> Result<usize, StoreError> {
        let relabelled = self.relabel_member(user, label).await?;
        let mut log = self.forgotten();
        let seq = log.last().map_or(1, |f| f.seq + 1);
        log.push(Forgotten { seq, user, label: label.to_string() });
        Ok(relabelled)
    }

    async fn forgotten_after(&self, seq: i64) -> Result<Vec<Forgotten>, StoreError> {
        Ok(self.forgotten().iter().filter(|f| f.seq > seq).cloned().collect())
    }

    async fn relabel_member(&self, user: u64, label: &str) -> Result<usize, StoreError> {
        let mut relabelled = 0;
        for session in self.sessions().sessions.values_mut() {
            let mut mine = session.players.iter_mut().filter(|p| p.id == user).peekable();
            relabelled += usize::from(mine.peek().is_some());
            for player in mine {
                player.name = label.to_string();
            }
        }
        self.ratings().forget(user, label);
        self.tournaments().forget(user, label);
        self.puzzles().forget(user, label);
        self.settings().forget(user);
        Ok(relabelled)
    }
}
