//! `/decline`: declines the challenge in this channel (or the one its button names).

use crate::session::text::Text;
use crate::session::{Reply, messages};
use crate::store::SessionState;
use crate::t;

use super::{Context, Declaration, Failure, Run};

/// `/decline`, or the Decline button under a challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decline {
    /// The challenge its button names; `None` for the channel's.
    pub session: Option<i64>,
}

pub fn declaration() -> Declaration {
    Declaration::without_options("decline", Decline { session: None }.into())
}

impl Run for Decline {
    /// An invited player turns the challenge down (its challenger withdraws it).
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let actor = cx.actor;
        cx.sessions
            .close_challenge(actor, cx.slot, self.session, |live| {
                if live.seat_of(actor.member.id).is_none() {
                    return Err(t!("decline-not-yours", players = messages::vs_line(live)));
                }
                let challenger = live.row.players.iter().find(|p| p.id == live.row.challenger);
                let challenger = challenger.map_or("", |p| p.name.as_str());
                let text = t!(
                    "declined",
                    player = Text::new().strong_name(&actor.member.name),
                    game = live.row.game.title(),
                    challenger = Text::new().mention(live.row.challenger, challenger)
                );
                Ok((SessionState::Declined, text))
            })
            .await
    }
}
