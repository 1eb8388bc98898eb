//! `/abort`: ends this channel's game (after its first move, with the opponents' consent).

use crate::session::request::ask_abort_button;
use crate::session::text::Text;
use crate::session::{Reply, Slot, messages};
use crate::store::{EndKind, Ending, SessionState};
use crate::t;

use super::{Context, Declaration, Failure, Run};

/// `/abort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abort;

pub fn declaration() -> Declaration {
    Declaration::without_options("abort", Abort.into())
}

impl Run for Abort {
    /// `/abort`: ends the channel's challenge or game, for its players before the first move and for moderators;
    /// after it, a player asks the opponent's consent (a button).
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let Context { sessions, actor, slot, .. } = cx;
        let Slot::Open(live) = slot else {
            return Ok(Reply::private(Text::new().key("abort-nothing")));
        };
        let is_player = live.seat_of(actor.member.id).is_some();
        // Before the first move a person made: the computer's own opening moves (it may move first) do not count.
        let before_first_move = !people_moved(&live.row);
        let two_people = live.row.players.len() == 2 && live.row.players.iter().all(|p| p.level.is_none());
        if is_player && !before_first_move && !actor.can_manage && two_people {
            // After the first move, a player needs the opponent's consent: the button asks for it.
            let button = ask_abort_button(live.row.channel, live.row.id);
            return Ok(Reply::private(Text::new().key("abort-needs-consent")).with_buttons(vec![button]));
        }
        if !(actor.can_manage || (is_player && before_first_move)) {
            let why = if is_player { "abort-too-late" } else { "abort-not-allowed" };
            return Ok(Reply::private(Text::msg(why, Vec::new())));
        }
        let from = live.row.state;
        // Who aborted it: a player (before the first move), or a member who may manage the channel's messages.
        let mut ending =
            Ending::new(EndKind::Aborted, live.seat_of(actor.member.id).into_iter().collect(), None);
        if ending.seats.is_empty() {
            ending.member = Some(actor.member.id);
        }
        if from == SessionState::Playing
            && let Some(game) = live.game.clone()
        {
            let text = t!(
                "aborted",
                player = Text::new().strong_name(&actor.member.name),
                game = live.row.game.title(),
                what = "game",
                players = messages::vs_line(live)
            );
            return Ok(sessions.end(slot, game, text, ending).await?);
        }
        sessions
            .store
            .transition(live.row.id, from, SessionState::Aborted, Some(&ending), sessions.now())
            .await?;
        let text = t!(
            "aborted",
            player = Text::new().strong_name(&actor.member.name),
            game = live.row.game.title(),
            what = if from == SessionState::Challenge { "challenge" } else { "game" },
            players = messages::vs_line(live)
        );
        let mut reply = Reply::public(text);
        if from == SessionState::Challenge {
            reply = reply.for_challenge(live.row.id, live.row.message);
        }
        *slot = Slot::Free;
        Ok(reply)
    }
}

/// Whether a person (not the computer playing a seat as itself) has made a move in the stored game.
fn people_moved(record: &crate::store::SessionRow) -> bool {
    let Ok(mut game) = crate::games::AnyGame::new(record.game, &record.setup) else { return true };
    for text in &record.moves {
        let Ok(played) = game.play_text(text) else { return true };
        if played.iter().any(|p| record.players.get(p.seat).is_none_or(|s| !s.is_computer())) {
            return true;
        }
    }
    false
}
