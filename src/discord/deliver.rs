//! The one way a reply reaches Discord, and the messages it is made of.
//!
//! - An interaction's [`Answer`]: its first response within Discord's three seconds (a message, the update of
//!   the message a button is on, or a deferral when there is a board to draw, a replay, files the first response
//!   cannot carry, or a slow command's work to wait for), then the edit that completes a deferred one, the
//!   follow-up with a finished game's replay after its last board, and the public notice a private answer brings.
//! - A [`post`]: a new message in a channel (the clock task's notices, the computer's moves, a game's thread),
//!   with its replay in a message of its own.
//!
//! Either way a pending challenge's message is remembered, so that its expiry can take the buttons off. Every
//! message is built here from the session layer's [`Reply`]: markdown with names escaped ([`super::markdown`]),
//! exactly the users to notify, the board drawn by [`Reply::draw_board`], within Discord's limits.

use std::sync::Arc;

use serenity::all::{
    ButtonStyle as DiscordButtonStyle, ChannelId, CreateActionRow, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponse, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse, Http,
};
use serenity::builder::Builder as _;

use crate::session::{Button, ButtonStyle, Reply, Sessions};

use super::emojis::Emojis;
use super::markdown::{self, allowed_mentions, no_mentions};
use super::replay::{replay_attachment, replay_followup};

/// How the first answer to an interaction is sent, which must happen within Discord's three seconds: through the
/// callback endpoint for an interaction from the gateway, in the body of Discord's request for one received by
/// the HTTP endpoint ([`super::endpoint`]). Edits and follow-ups go through REST either way.
#[serenity::async_trait]
pub(super) trait Respond: Send + Sync {
    async fn initial(&self, response: CreateInteractionResponse) -> serenity::Result<()>;
    /// Whether the first answer can attach files (a multipart callback can; a response body cannot).
    fn carries_files(&self) -> bool;
    /// The reply with the interaction's picture was sent (for the metrics' latency).
    fn picture_sent(&self) {}
}

/// How an answer shows in the channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// A message of its own (a command's answer, a rematch, a private answer to a press).
    New,
    /// The message the button pressed is on, changed (a challenge accepted, a picker's next step).
    Update { pressed: u64 },
}

/// The answer to one interaction, sent in steps: [`Answer::defer`] when the work takes time, then
/// [`Answer::send`] with the reply.
pub(super) struct Answer<'a> {
    pub(super) http: &'a Arc<Http>,
    pub(super) sessions: &'a Sessions,
    pub(super) emojis: &'a Emojis,
    pub(super) respond: &'a dyn Respond,
    /// The interaction's token, for the edits and follow-ups.
    pub(super) token: &'a str,
    /// The attachment size limit the interaction states.
    pub(super) limit: usize,
    /// The channel the answer is in.
    pub(super) channel: u64,
    /// Whether the first response was a deferral, which the reply completes by an edit.
    pub(super) deferred: bool,
}

impl Answer<'_> {
    /// Defers the first response now (a slow command, a thread to open): the reply then completes it.
    pub(super) async fn defer(&mut self, ephemeral: bool) -> serenity::Result<()> {
        let defer = CreateInteractionResponseMessage::new().ephemeral(ephemeral);
        self.respond.initial(CreateInteractionResponse::Defer(defer)).await?;
        self.deferred = true;
        Ok(())
    }

    /// Acknowledges a press now (a slow one): the reply then edits the message pressed on.
    pub(super) async fn acknowledge(&mut self) -> serenity::Result<()> {
        self.respond.initial(CreateInteractionResponse::Acknowledge).await?;
        self.deferred = true;
        Ok(())
    }

    /// Sends `reply` as `shape`, then the public notice it brings, if any.
    pub(super) async fn send(&mut self, reply: &Reply, shape: Shape) -> serenity::Result<()> {
        let edited = if self.deferred || needs_edit(reply, self.respond) {
            Some(self.by_edit(reply, shape).await?)
        } else {
            let message = message(reply, self.emojis);
            let first = match shape {
                Shape::New => CreateInteractionResponse::Message(message),
                Shape::Update { .. } => CreateInteractionResponse::UpdateMessage(message),
            };
            self.respond.initial(first).await?;
            None
        };
        if let Some(challenge) = reply.challenge.filter(|_| !reply.buttons.is_empty()) {
            let message = match (shape, edited) {
                (_, Some(id)) => Some(id),
                (Shape::Update { pressed }, None) => challenge.message.is_none().then_some(pressed),
                (Shape::New, None) => match self.http.get_original_interaction_response(self.token).await {
                    Ok(posted) => Some(posted.id.get()),
                    Err(e) => {
                        tracing::warn!(channel = self.channel, error = %e, "could not read back a challenge");
                        None
                    }
                },
            };
            if let Some(message) = message {
                self.sessions.set_challenge_message(self.channel, challenge.session, message).await;
            }
        }
        if let Some(notice) = &reply.notice {
            let post =
                CreateMessage::new().content(markdown::markdown(notice)).allowed_mentions(no_mentions());
            ChannelId::new(self.channel).send_message(self.http, post).await?;
        }
        Ok(())
    }

    /// Completes the first response by an edit (deferring it first if it was not): the board drawn, the files,
    /// and the replay after the last board. The id of the message edited.
    async fn by_edit(&mut self, reply: &Reply, shape: Shape) -> serenity::Result<u64> {
        if !self.deferred {
            let first = match shape {
                Shape::New => CreateInteractionResponse::Defer(
                    CreateInteractionResponseMessage::new().ephemeral(reply.ephemeral),
                ),
                Shape::Update { .. } => CreateInteractionResponse::Acknowledge,
            };
            self.respond.initial(first).await?;
            self.deferred = true;
        }
        let edit = deferred_edit(reply, self.limit, self.emojis).await;
        let edited = edit.execute(self.http, self.token).await?;
        if reply.board.is_some() {
            self.respond.picture_sent();
        }
        if let Some(followup) = replay_followup(reply, self.limit).await {
            followup.execute(self.http, (None, self.token)).await?;
        }
        Ok(edited.id.get())
    }

    /// Edits the deferred answer with a note of its own (an analysis's progress, the link to a game's thread),
    /// notifying nobody.
    pub(super) async fn note(&self, content: String) -> serenity::Result<()> {
        let edit = EditInteractionResponse::new().content(content).allowed_mentions(no_mentions());
        edit.execute(self.http, self.token).await.map(|_| ())
    }
}

/// Whether a reply is sent by an edit of a deferred answer: it has something to draw, or files that the first
/// answer cannot carry.
fn needs_edit(reply: &Reply, respond: &dyn Respond) -> bool {
    reply.board.is_some() || reply.replay.is_some() || (!reply.files.is_empty() && !respond.carries_files())
}

/// Posts a reply as a new message in `channel` (its text, the board with its clock, its buttons; the replay of a
/// game it ends follows in a message of its own), remembering a pending challenge's message; the message's id.
pub(super) async fn post(
    http: &Http,
    sessions: &Sessions,
    channel: u64,
    reply: &Reply,
) -> serenity::Result<u64> {
    let mut message = CreateMessage::new()
        .content(markdown::markdown(&reply.text))
        .allowed_mentions(allowed_mentions(reply))
        .components(action_rows(&reply.buttons));
    message = files(reply).fold(message, CreateMessage::add_file);
    if let Some((embed, picture)) = board_picture(reply).await {
        message = message.embed(embed).add_file(picture);
    }
    let posted = ChannelId::new(channel).send_message(http, message).await?;
    if let Some(challenge) = reply.challenge.filter(|_| !reply.buttons.is_empty()) {
        sessions.set_challenge_message(channel, challenge.session, posted.id.get()).await;
    }
    if let Some(gif) = replay_attachment(reply, crate::record::animate::DEFAULT_LIMIT).await {
        let id = reply.replay.as_ref().map_or(0, |r| r.id);
        let message = CreateMessage::new()
            .content(crate::t!("replay-of", id = format!("#{id}")).plain_in(reply.lang))
            .allowed_mentions(no_mentions())
            .add_file(gif);
        ChannelId::new(channel).send_message(http, message).await?;
    }
    Ok(posted.id.get())
}

/// A row of a reply's buttons.
pub(super) fn action_rows(buttons: &[Button]) -> Vec<CreateActionRow> {
    if buttons.is_empty() {
        return Vec::new();
    }
    let buttons = buttons
        .iter()
        .take(5)
        .map(|b| {
            let label = markdown::truncate(&b.label.to_plain(), 80);
            if b.style == ButtonStyle::Link {
                return CreateButton::new_link(&b.custom_id).label(label);
            }
            CreateButton::new(&b.custom_id).label(label).style(match b.style {
                ButtonStyle::Primary => DiscordButtonStyle::Primary,
                ButtonStyle::Success => DiscordButtonStyle::Success,
                ButtonStyle::Danger => DiscordButtonStyle::Danger,
                ButtonStyle::Secondary | ButtonStyle::Link => DiscordButtonStyle::Secondary,
            })
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

/// Most rows of components under a message.
const MAX_ROWS: usize = 5;

/// A reply's components: a row per select menu, then its buttons in rows of five, within Discord's five rows,
/// 25 options per menu and 100 characters per label, value and id (the session layer keeps within them; these
/// cuts only guard). An option with an icon shows its emoji when `emojis` knows it.
fn components(reply: &Reply, emojis: &Emojis) -> Vec<CreateActionRow> {
    let mut rows: Vec<CreateActionRow> = reply
        .selects
        .iter()
        .take(MAX_ROWS)
        .filter(|s| !s.options.is_empty())
        .map(|select| {
            let options = select
                .options
                .iter()
                .take(markdown::MAX_CHOICES)
                .map(|o| {
                    let option =
                        CreateSelectMenuOption::new(markdown::truncate(&o.label.to_plain(), 100), &o.value);
                    match o.icon.and_then(|icon| emojis.emoji(icon)) {
                        Some(emoji) => option.emoji(emoji),
                        None => option,
                    }
                })
                .collect();
            let menu = CreateSelectMenu::new(&select.custom_id, CreateSelectMenuKind::String { options })
                .placeholder(markdown::truncate(&select.placeholder.to_plain(), 150));
            CreateActionRow::SelectMenu(menu)
        })
        .collect();
    for chunk in reply.buttons.chunks(5) {
        if rows.len() < MAX_ROWS {
            rows.extend(action_rows(chunk));
        }
    }
    rows
}

/// The reply's board drawn off the async runtime ([`Reply::draw_board`]), as an embed and its attachment.
async fn board_picture(reply: &Reply) -> Option<(CreateEmbed, CreateAttachment)> {
    reply.board.as_ref()?;
    let drawer = reply.clone();
    let drawn = crate::render::drawn(move || drawer.draw_board()).await.flatten()?;
    Some((
        CreateEmbed::new().title(drawn.title).image("attachment://board.png"),
        CreateAttachment::bytes(drawn.png, "board.png"),
    ))
}

/// The edit that completes a deferred answer: the text, the components, the board drawn, the files; a reply
/// without a board carries its replay too (with a board, the replay follows in a message of its own).
async fn deferred_edit(reply: &Reply, limit: usize, emojis: &Emojis) -> EditInteractionResponse {
    let mut edit = EditInteractionResponse::new()
        .content(markdown::markdown(&reply.text))
        .allowed_mentions(allowed_mentions(reply))
        .components(components(reply, emojis));
    if let Some((embed, picture)) = board_picture(reply).await {
        edit = edit.embed(embed).new_attachment(picture);
    }
    edit = files(reply).fold(edit, EditInteractionResponse::new_attachment);
    if reply.board.is_some() {
        return edit;
    }
    match replay_attachment(reply, limit).await {
        Some(gif) => edit.new_attachment(gif),
        None => edit,
    }
}

/// The files a reply attaches besides its board.
fn files(reply: &Reply) -> impl Iterator<Item = CreateAttachment> + '_ {
    reply.files.iter().map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
}

/// A reply as a new interaction message (or as the update of the message a button is on).
pub(super) fn message(reply: &Reply, emojis: &Emojis) -> CreateInteractionResponseMessage {
    let message = CreateInteractionResponseMessage::new()
        .content(markdown::markdown(&reply.text))
        .allowed_mentions(allowed_mentions(reply))
        .components(components(reply, emojis))
        .ephemeral(reply.ephemeral);
    files(reply).fold(message, CreateInteractionResponseMessage::add_file)
}

/// A private answer of one sentence.
pub(super) fn private_message(
    text: impl Into<crate::session::Text>,
    lang: crate::i18n::Lang,
) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(message(&Reply::private(text).localized(lang), &Emojis::default()))
}
