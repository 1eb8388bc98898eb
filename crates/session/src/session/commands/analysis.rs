//! The analysis `/game id:<n> analysis:true` asks for: each player's moves where the AI's evaluation dropped most
//! (see `Sessions::analysis`; adapters may show its progress, see [`Request::analysis`]).

use crate::session::Reply;

use super::{Context, Failure, Request, Run};

/// The AI's analysis of the finished game `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analyse {
    pub id: i64,
}

impl Run for Analyse {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        Ok(cx.sessions.analysis_reply(cx.actor, self.id, &|_, _| {}).await)
    }
}

impl Request {
    /// The game an analysis request is about, for adapters that show its progress while it runs
    /// (`Sessions::analysis`).
    pub fn analysis(&self) -> Option<i64> {
        match self {
            Request::Analyse(Analyse { id }) => Some(*id),
            _ => None,
        }
    }
}
