//! A press on a puzzle's components (a tile, a place, a turn, Hint, Back, Post, Another): a request without a
//! slash command. The steps are `session::puzzles`'.

use crate::session::Reply;
use crate::session::component::PuzzleStep;

use super::{Context, Failure, Run};

/// A press on puzzle `attempt`'s component, shown when it had `actions` actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzlePress {
    pub attempt: i64,
    pub actions: u32,
    pub step: PuzzleStep,
}

impl Run for PuzzlePress {
    const LOCKS_CHANNEL: bool = false;

    /// A hint searches for a solution (up to a few seconds).
    fn slow(&self) -> bool {
        self.step == PuzzleStep::Hint
    }

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        cx.sessions.puzzle_press(cx.channel, cx.actor, self.attempt, self.actions, self.step).await
    }
}
