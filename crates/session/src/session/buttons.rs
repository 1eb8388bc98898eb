//! The buttons the session layer puts under its messages; their ids are [`ComponentId`]s, which name what they act
//! on (the channel, the session, an offer's nonce), so that they keep working after a restart.

use super::component::{Action, ComponentId, PickStep};
use super::text::Text;
use super::{Button, ButtonStyle};

/// The buttons under a challenge; their ids name the channel and session so they work after a restart.
pub(super) fn challenge_buttons(channel: u64, session: i64) -> Vec<Button> {
    vec![
        Button::new(
            Text::new().key("button-accept"),
            ComponentId::new(channel, Action::Accept { session }),
            ButtonStyle::Success,
        ),
        Button::new(
            Text::new().key("button-decline"),
            ComponentId::new(channel, Action::Decline { session }),
            ButtonStyle::Danger,
        ),
        Button::new(
            Text::new().key("button-withdraw"),
            ComponentId::new(channel, Action::Withdraw { session }),
            ButtonStyle::Secondary,
        ),
    ]
}

/// The buttons under an offer (a draw, a takeback, an abort) of game `session`.
pub(super) fn offer_buttons(channel: u64, session: i64, nonce: u32) -> Vec<Button> {
    vec![
        Button::new(
            Text::new().key("button-accept"),
            ComponentId::new(channel, Action::Answer { session, offer: nonce, accept: true }),
            ButtonStyle::Success,
        ),
        Button::new(
            Text::new().key("button-decline"),
            ComponentId::new(channel, Action::Answer { session, offer: nonce, accept: false }),
            ButtonStyle::Danger,
        ),
    ]
}

/// The button under a finished game's last message.
pub(super) fn rematch_buttons(channel: u64, session: i64) -> Vec<Button> {
    vec![Button::new(
        Text::new().key("button-rematch"),
        ComponentId::new(channel, Action::Rematch { session }),
        ButtonStyle::Primary,
    )]
}

/// The button under `/abort`'s private answer after the first move: asks the opponent to agree.
pub(super) fn ask_abort_button(channel: u64, session: i64) -> Button {
    Button::new(
        Text::new().key("button-ask-abort"),
        ComponentId::new(channel, Action::AskAbort { session }),
        ButtonStyle::Secondary,
    )
}

/// The Move button under a public message that shows a game being played: it opens the move picker for the
/// player to move (`pick:<channel>:<session>:<ply>::open`).
pub(super) fn move_button(channel: u64, session: i64, ply: usize) -> Button {
    Button::new(
        Text::new().key("button-move"),
        ComponentId::pick(channel, session, ply, &[], PickStep::Open),
        ButtonStyle::Primary,
    )
}

/// Adds the Move button to a public reply that shows the board of the game being played in `slot`, while a
/// person is to move.
pub(super) fn add_move_button(slot: &super::Slot, mut reply: super::Reply) -> super::Reply {
    let (Some(board), super::Slot::Open(live)) = (&reply.board, slot) else { return reply };
    if reply.ephemeral || board.id == 0 || live.row.id != board.id || reply.picking.is_some() {
        return reply;
    }
    let Some(game) = &live.game else { return reply };
    let human = game.to_move().and_then(|seat| live.row.players.get(seat)).is_some_and(|p| p.level.is_none());
    if human && reply.buttons.len() < 5 {
        let ply = game.moves_text().len();
        reply.buttons.insert(0, move_button(live.row.channel, live.row.id, ply));
    }
    reply
}
