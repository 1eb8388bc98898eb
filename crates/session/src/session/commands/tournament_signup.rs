//! The Join, Leave and Check in buttons under a tournament's announcement.

use crate::session::component::Signup;

use super::super::Reply;
use super::{Context, Failure, Run};

/// Signs the presser up for tournament `tournament`, takes them off it, or checks them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentSignup {
    pub tournament: i64,
    pub action: Signup,
}

impl Run for TournamentSignup {
    const LOCKS_CHANNEL: bool = false;
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let (sessions, actor) = (cx.sessions, cx.actor);
        match self.action {
            Signup::Join => sessions.join_tournament(actor, self.tournament).await,
            Signup::Leave => sessions.leave_tournament(actor, self.tournament).await,
            Signup::CheckIn => sessions.check_in_tournament(actor, self.tournament).await,
        }
    }
}
