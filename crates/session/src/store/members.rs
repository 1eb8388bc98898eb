//! What the store keeps about one member, across its tables, for `/privacy`, and forgetting it (`/privacy
//! forget`, `tabula forget-user`): the member's preferences go, and their name in every session, finished game,
//! rating and tournament entry becomes a neutral label. Ids, moves, results and ratings stay as they are, so the
//! other players' games, records and ratings are unchanged (a rebuild of the ratings gives the same numbers).

use super::StoreError;

/// What the store keeps about one member.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemberData {
    /// Challenges and games they are a player of (open or closed).
    pub sessions: usize,
    /// Of them, finished games in their history.
    pub finished: usize,
    /// Rating rows (one per game and board: a server's, the one across servers; and the puzzle rating).
    pub ratings: usize,
    /// Tournaments they signed up for.
    pub tournaments: usize,
    /// Puzzles they started (each attempt).
    pub puzzles: usize,
    /// Whether they asked for reminders by direct message (`/notify`), if they ever said.
    pub notify_dm: Option<bool>,
    /// The hour (UTC) of their daily digest (`/notify digest:on`), if they asked for one.
    pub digest_hour: Option<u8>,
    /// Whether they let tactics be made from their finished games (`/privacy tactics:true`).
    pub shares_games: bool,
    /// The names stored for them, each once, in no particular order.
    pub names: Vec<String>,
}

impl MemberData {
    /// Whether nothing at all is kept.
    pub fn is_empty(&self) -> bool {
        self.sessions == 0
            && self.finished == 0
            && self.ratings == 0
            && self.tournaments == 0
            && self.puzzles == 0
            && self.notify_dm.is_none()
            && self.digest_hour.is_none()
            && !self.shares_games
    }
}

/// A member's data across the tables.
#[async_trait::async_trait]
pub trait MemberStore: Send + Sync {
    /// What is stored about `user`.
    async fn member_data(&self, user: u64) -> Result<MemberData, StoreError>;

    /// Forgets `user`: removes their preferences and writes `label` for their name everywhere, and logs it
    /// among the [`Forgotten`], in one transaction; how many sessions were relabelled.
    async fn forget_member(&self, user: u64, label: &str) -> Result<usize, StoreError>;

    /// Writes `label` for `user`'s name everywhere again (and removes their preferences), without logging it:
    /// for a process that held the old name in memory while another forgot it, and may have written it back.
    async fn relabel_member(&self, user: u64, label: &str) -> Result<usize, StoreError>;

    /// The forgets logged after `seq`, oldest first.
    async fn forgotten_after(&self, seq: i64) -> Result<Vec<Forgotten>, StoreError>;
}

/// One forget, as logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forgotten {
    /// Its place in the log: later forgets have larger numbers.
    pub seq: i64,
    pub user: u64,
    pub label: String,
}

/// A neutral label for a forgotten member: the same in every language, naming no one, different for each
/// forgotten member (so that two in one game stay apart).
pub fn neutral_label() -> String {
    format!("player-{:06x}", rand::random::<u32>() & 0x00ff_ffff)
}
