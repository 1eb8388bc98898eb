//! `/withdraw`: withdraws one's own challenge in this channel (or the one its button names).

use crate::session::text::Text;
use crate::session::{Live, Reply};

use super::{Context, Declaration, Failure, Run};

/// `/withdraw`, or the Withdraw button under a challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdraw {
    /// The challenge its button names; `None` for the channel's.
    pub session: Option<i64>,
}

pub fn declaration() -> Declaration {
    Declaration::without_options("withdraw", Withdraw { session: None }.into())
}

impl Run for Withdraw {
    /// The challenger takes the challenge back; nobody else may.
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let not_yours = |_: &Live| Err(Text::new().key("withdraw-not-yours"));
        cx.sessions.close_challenge(cx.actor, cx.slot, self.session, not_yours).await
    }
}
