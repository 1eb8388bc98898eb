//! A finished game's animated replay on Discord: drawn off the async runtime within the interaction's
//! `attachment_size_limit` (fewer frames when the whole game would not fit), attached to a deferred answer, or
//! posted after the last board in a follow-up of its own.

use serenity::all::{CreateAttachment, CreateInteractionResponseFollowup};

use super::markdown::no_mentions;
use crate::record::animate::DEFAULT_LIMIT;
use crate::session::Reply;

/// The attachment size limit an interaction states, or Discord's default when it states none.
pub(super) fn size_limit(stated: u32) -> usize {
    if stated == 0 { DEFAULT_LIMIT } else { stated as usize }
}

/// A reply's animated replay, drawn off the async runtime within `limit` bytes (minus what the reply's other
/// files take), or nothing when it cannot be made.
pub(super) async fn replay_attachment(reply: &Reply, limit: usize) -> Option<CreateAttachment> {
    let animation = reply.replay.clone()?;
    let others: usize = reply.files.iter().map(|f| f.bytes.len()).sum();
    let limit = limit.saturating_sub(others);
    let id = animation.id;
    let lang = reply.lang;
    match crate::render::drawn(move || animation.encode(limit, lang)).await {
        Some(Ok(file)) => Some(CreateAttachment::bytes(file.bytes, file.name)),
        Some(Err(e)) => {
            tracing::warn!(session = id, error = %e, "could not draw a game's replay");
            None
        }
        None => {
            tracing::warn!(session = id, "the replay's drawing failed");
            None
        }
    }
}

/// The follow-up message that brings a finished game's replay after its last board, if the reply has both.
pub(super) async fn replay_followup(
    reply: &Reply,
    limit: usize,
) -> Option<CreateInteractionResponseFollowup> {
    reply.board.as_ref()?;
    let gif = replay_attachment(reply, limit).await?;
    let id = reply.replay.as_ref().map_or(0, |r| r.id);
    Some(
        CreateInteractionResponseFollowup::new()
            .content(crate::t!("replay-of", id = format!("#{id}")).plain_in(reply.lang))
            .allowed_mentions(no_mentions())
            .add_file(gif),
    )
}
