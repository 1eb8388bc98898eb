//! `/accept`: accepts the challenge in this channel (or the one its button names).

use crate::games::AnyGame;
use crate::session::buttons::challenge_buttons;
use crate::session::text::Text;
use crate::session::{Actor, Reply, Sessions, Slot, messages};
use crate::store::{PlayerRow, SessionState, StoreError};
use crate::t;

use super::{Context, Declaration, Failure, Run};

/// `/accept`, or the Accept button under a challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accept {
    /// The challenge its button names; `None` for the channel's.
    pub session: Option<i64>,
}

pub fn declaration() -> Declaration {
    Declaration::without_options("accept", Accept { session: None }.into())
}

impl Run for Accept {
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        cx.sessions.accept(cx.actor, cx.slot, self.session).await
    }
}

impl Sessions {
    pub(super) async fn accept(
        &self,
        actor: &Actor,
        slot: &mut Slot,
        session: Option<i64>,
    ) -> Result<Reply, Failure> {
        let live = match Self::challenge(slot, session) {
            Ok(live) => live,
            Err(why) => return Ok(Reply::private(why)),
        };
        let user = actor.member.id;
        let Some(seat) = live.seat_of(user) else {
            return Ok(Reply::private(t!("challenge-for-others", players = messages::vs_line(live))));
        };
        if live.row.challenger == user {
            return Ok(Reply::private(Text::new().key("challenge-own")));
        }
        if live.row.players[seat].accepted {
            return Ok(Reply::private(Text::new().key("accepted-already")));
        }
        let now = self.now();
        let mut players = live.row.players.clone();
        players[seat].accepted = true;
        let waiting: Vec<&PlayerRow> = players.iter().filter(|p| !p.accepted).collect();
        if !waiting.is_empty() {
            let text = t!(
                "accepted-waiting",
                player = Text::new().strong_name(&actor.member.name),
                game = live.row.game.title(),
                waiting = Text::new().list(waiting.iter().map(|p| Text::new().mention(p.id, &p.name)))
            );
            self.store.accept(live.row.id, &players, false, now).await?;
            live.row.players = players;
            let buttons = challenge_buttons(live.row.channel, live.row.id);
            return Ok(Reply::public(text)
                .with_buttons(buttons)
                .for_challenge(live.row.id, live.row.message));
        }
        let game = AnyGame::new(live.row.game, &live.row.setup).map_err(|e| {
            Failure::Store(StoreError::Corrupt(format!("challenge {} has a bad setup: {e}", live.row.id)))
        })?;
        // One atomic write: a failure leaves the challenge exactly as it was, never half accepted.
        self.store.accept(live.row.id, &players, true, now).await?;
        live.row.players = players;
        live.row.state = SessionState::Playing;
        self.start_turn(live, &game).await;
        let text = t!("accepted", player = Text::new().strong_name(&actor.member.name))
            .plain(" ")
            .then(messages::begins(live, &game));
        let board = live.picture(game.clone());
        live.game = Some(game);
        Ok(Reply::public(text).with_board(board).for_challenge(live.row.id, live.row.message))
    }
}
