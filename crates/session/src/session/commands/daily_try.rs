//! The Try it button under a daily puzzle's post: a request without a slash command. The puzzle of the day is
//! `session::daily`'s.

use crate::session::Reply;

use super::{Context, Failure, Run};

/// A press on the Try it button of day `day`'s daily puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyTry {
    pub day: i64,
}

impl Run for DailyTry {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        cx.sessions.daily_try(cx.channel, cx.actor, self.day).await
    }
}
