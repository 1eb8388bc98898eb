//! The Join and Leave buttons under a tournament's announcement.

use crate::store::Store;

use super::super::Reply;
use super::{Context, Failure, Run};

/// Signs the presser up for tournament `tournament`, or takes them off it (out of later rounds once it runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentSignup {
    pub tournament: i64,
    pub join: bool,
}

impl Run for TournamentSignup {
    const LOCKS_CHANNEL: bool = false;
    const BUTTONS: &'static [&'static str] = &["tjoin", "tleave"];

    /// Reads `tjoin:<channel>:<tournament>` (or `tleave:…`).
    fn from_button(action: &str, words: &[&str]) -> Option<Self> {
        let [tournament] = words else { return None };
        Some(TournamentSignup { tournament: tournament.parse().ok()?, join: action == "tjoin" })
    }

    async fn run<S: Store>(self, cx: Context<'_, S>) -> Result<Reply, Failure> {
        if self.join {
            cx.sessions.join_tournament(cx.actor, self.tournament).await
        } else {
            cx.sessions.leave_tournament(cx.actor, self.tournament).await
        }
    }
}
