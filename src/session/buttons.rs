//! The buttons the session layer puts under its messages: their ids name what they act on (the channel, the
//! session, an offer's nonce), so that they keep working after a restart. Written here, for every command whose
//! messages carry them; each request type reads its own buttons' ids (`commands::Run::BUTTONS`).

use super::request::Request;
use super::text::Text;
use super::{Button, ButtonStyle};

/// The buttons under a challenge; their ids name the channel and session so they work after a restart.
pub(super) fn challenge_buttons(channel: u64, session: i64) -> Vec<Button> {
    vec![
        Button::new(
            Text::new().key("button-accept"),
            format!("accept:{channel}:{session}"),
            ButtonStyle::Success,
        ),
        Button::new(
            Text::new().key("button-decline"),
            format!("decline:{channel}:{session}"),
            ButtonStyle::Danger,
        ),
        Button::new(
            Text::new().key("button-withdraw"),
            format!("withdraw:{channel}:{session}"),
            ButtonStyle::Secondary,
        ),
    ]
}

/// The buttons under an offer (a draw, a takeback, an abort) of game `session`.
pub(super) fn offer_buttons(channel: u64, session: i64, nonce: u32) -> Vec<Button> {
    vec![
        Button::new(
            Text::new().key("button-accept"),
            format!("yes:{channel}:{session}:{nonce}"),
            ButtonStyle::Success,
        ),
        Button::new(
            Text::new().key("button-decline"),
            format!("no:{channel}:{session}:{nonce}"),
            ButtonStyle::Danger,
        ),
    ]
}

/// The button under a finished game's last message.
pub(super) fn rematch_buttons(channel: u64, session: i64) -> Vec<Button> {
    vec![Button::new(
        Text::new().key("button-rematch"),
        format!("rematch:{channel}:{session}"),
        ButtonStyle::Primary,
    )]
}

/// The button under `/abort`'s private answer after the first move: asks the opponent to agree.
pub(super) fn ask_abort_button(channel: u64, session: i64) -> Button {
    Button::new(
        Text::new().key("button-ask-abort"),
        format!("askabort:{channel}:{session}"),
        ButtonStyle::Secondary,
    )
}

/// The Move button under a public message that shows a game being played: it opens the move picker for the
/// player to move (`pick:<channel>:<session>:<ply>::open`).
pub(super) fn move_button(channel: u64, session: i64, ply: usize) -> Button {
    Button::new(
        Text::new().key("button-move"),
        pick_id(channel, session, ply, &[], "open"),
        ButtonStyle::Primary,
    )
}

/// The id of a picker's component: the game (`channel`, `session`), the number of moves played (`ply`), the
/// values chosen so far joined by `.`, and what the component does (`tag`).
pub(super) fn pick_id(channel: u64, session: i64, ply: usize, chosen: &[&str], tag: &str) -> String {
    format!("pick:{channel}:{session}:{ply}:{}:{tag}", chosen.join("."))
}

/// Adds the Move button to a public reply that shows the board of the game being played in `slot`, while a
/// person is to move.
pub(super) fn add_move_button(slot: &super::Slot, mut reply: super::Reply) -> super::Reply {
    let (Some(board), super::Slot::Open(live)) = (&reply.board, slot) else { return reply };
    if reply.ephemeral || board.id == 0 || live.record.id != board.id || reply.picking.is_some() {
        return reply;
    }
    let Some(game) = &live.game else { return reply };
    let human =
        game.to_move().and_then(|seat| live.record.players.get(seat)).is_some_and(|p| p.level.is_none());
    if human && reply.buttons.len() < 5 {
        let ply = game.moves_text().len();
        reply.buttons.insert(0, move_button(live.record.channel, live.record.id, ply));
    }
    reply
}

/// Reads a button id made by the session layer (`<action>:<channel>:…`) into its channel and request: the request
/// type whose `Run::BUTTONS` names the action reads the rest.
pub fn parse_button(custom_id: &str) -> Option<(u64, Request)> {
    let mut words = custom_id.split(':');
    let (action, channel) = (words.next()?, words.next()?);
    let channel = channel.parse().ok()?;
    let words: Vec<&str> = words.collect();
    Some((channel, Request::from_button(action, &words)?))
}

/// The session a button's id names, when that is all it names after the channel (`rematch:<channel>:<session>`).
pub(super) fn button_session(words: &[&str]) -> Option<i64> {
    match words {
        [session] => session.parse().ok(),
        _ => None,
    }
}
