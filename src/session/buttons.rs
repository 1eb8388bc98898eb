//! The buttons the session layer puts under its messages: their ids name what they act on (the channel, the
//! session, an offer's nonce, a history page), so that they keep working after a restart.

use crate::games::GameKind;

use super::request::Request;
use super::text::Text;
use super::{Button, ButtonStyle, Member};

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

/// The id of a button that shows page `page` (from 1) of `user`'s history in `channel`.
pub(super) fn history_button_id(channel: u64, user: u64, game: Option<GameKind>, page: usize) -> String {
    format!("history:{channel}:{user}:{}:{page}", game.map_or("all", GameKind::name))
}

/// Reads a history page button: `history:<channel>:<user>:<game or all>:<page>`.
fn parse_history_button(custom_id: &str) -> Option<(u64, Request)> {
    let mut parts = custom_id.strip_prefix("history:")?.split(':');
    let (channel, user, game, page) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let game = if game == "all" { None } else { Some(game.parse().ok()?) };
    let user = Member::new(user.parse().ok()?, "");
    Some((channel.parse().ok()?, Request::History { user: Some(user), game, page: page.parse().ok()? }))
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

/// Reads a button id made by the session layer into its request and channel.
pub fn parse_button(custom_id: &str) -> Option<(u64, Request)> {
    if custom_id.starts_with("history:") {
        return parse_history_button(custom_id);
    }
    let mut parts = custom_id.split(':');
    let (action, channel, session) = (parts.next()?, parts.next()?, parts.next()?);
    // Offers name their nonce too; nothing else has a fourth part.
    let nonce: Option<u32> = match parts.next() {
        Some(n) => Some(n.parse().ok()?),
        None => None,
    };
    if parts.next().is_some() || nonce.is_some() != matches!(action, "yes" | "no") {
        return None;
    }
    let channel = channel.parse().ok()?;
    let id: i64 = session.parse().ok()?;
    let session = Some(id);
    let request = match action {
        "accept" => Request::Accept { session },
        "decline" => Request::Decline { session },
        "withdraw" => Request::Withdraw { session },
        "yes" => Request::Answer { session: id, offer: nonce?, accept: true },
        "no" => Request::Answer { session: id, offer: nonce?, accept: false },
        "askabort" => Request::AskAbort { session: id },
        "rematch" => Request::Rematch { session: id },
        _ => return None,
    };
    Some((channel, request))
}
