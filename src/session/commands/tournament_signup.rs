//! The Join, Leave and Check in buttons under a tournament's announcement.

use crate::store::Store;

use super::super::Reply;
use super::{Context, Failure, Run};

/// What a sign-up button asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signup {
    Join,
    /// Off the list before the start; out of later rounds once it runs.
    Leave,
    /// Present, in the last minutes before the start of a tournament with check-in.
    CheckIn,
}

/// Signs the presser up for tournament `tournament`, takes them off it, or checks them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentSignup {
    pub tournament: i64,
    pub action: Signup,
}

impl Run for TournamentSignup {
    const LOCKS_CHANNEL: bool = false;
    const BUTTONS: &'static [&'static str] = &["tjoin", "tleave", "tcheck"];

    /// Reads `tjoin:<channel>:<tournament>` (or `tleave:…`, `tcheck:…`).
    fn from_button(action: &str, words: &[&str]) -> Option<Self> {
        let [tournament] = words else { return None };
        let action = match action {
            "tjoin" => Signup::Join,
            "tleave" => Signup::Leave,
            _ => Signup::CheckIn,
        };
        Some(TournamentSignup { tournament: tournament.parse().ok()?, action })
    }

    async fn run<S: Store>(self, cx: Context<'_, S>) -> Result<Reply, Failure> {
        let (sessions, actor) = (cx.sessions, cx.actor);
        match self.action {
            Signup::Join => sessions.join_tournament(actor, self.tournament).await,
            Signup::Leave => sessions.leave_tournament(actor, self.tournament).await,
            Signup::CheckIn => sessions.check_in_tournament(actor, self.tournament).await,
        }
    }
}
