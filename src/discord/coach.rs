//! The Discord side of the coach: slow commands such as `/hint` (thinking takes up to the AI's time, so the
//! private answer is deferred; the first hint's public notice follows in the channel) and `/game id:<n> analysis:true` (deferred, its answer
//! edited with the progress "Analysing… 40/120 positions" while the AI replays the game, then with the analysis).

use std::sync::Arc;
use std::time::{Duration, Instant};

use serenity::all::{
    ChannelId, CommandInteraction, CreateInteractionResponse, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, Http,
};

use crate::i18n::{Lang, Locales};
use crate::session::{Actor, Reply, Request, Text};
use crate::store::Store;

use super::render::{allowed_mentions, markdown, no_mentions};
use super::{Handler, Respond, message};

/// The least time between two progress edits of an analysis.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// The edit that completes a deferred answer with a reply's text.
fn text_edit(reply: &Reply) -> EditInteractionResponse {
    EditInteractionResponse::new().content(markdown(&reply.text)).allowed_mentions(allowed_mentions(reply))
}

impl<S: Store> Handler<S> {
    /// Answers a slow command (its declaration says so: `/hint`) and `/game ... analysis:true`; other requests
    /// are not the coach's.
    pub(super) async fn on_coach(
        &self,
        http: &Arc<Http>,
        cmd: &CommandInteraction,
        actor: &Actor,
        request: &Request,
        respond: &dyn Respond,
        locales: Locales,
    ) -> Option<serenity::Result<()>> {
        if let Some(id) = request.analysis() {
            return Some(self.analyse(http, cmd, actor, id, respond, locales.user).await);
        }
        let slow = crate::session::commands::declaration(&cmd.data.name).is_some_and(|d| d.slow);
        if slow {
            return Some(self.slow(http, cmd, actor, request.clone(), respond, locales).await);
        }
        None
    }

    /// A slow command's answer is private and deferred (thinking takes up to the AI's time); a public notice it
    /// brings (the first hint of a game) follows in the channel.
    async fn slow(
        &self,
        http: &Arc<Http>,
        cmd: &CommandInteraction,
        actor: &Actor,
        request: Request,
        respond: &dyn Respond,
        locales: Locales,
    ) -> serenity::Result<()> {
        let channel = cmd.channel_id.get();
        let defer = CreateInteractionResponseMessage::new().ephemeral(true);
        respond.initial(CreateInteractionResponse::Defer(defer)).await?;
        let reply = self.sessions.handle(channel, actor, request).await;
        // The answer for its asker, in their language; the notice for everyone, in the server's.
        let notice = reply.notice.as_ref().map(|n| n.localized(locales.public));
        let reply = reply.localized(locales.user);
        cmd.edit_response(http, text_edit(&reply)).await?;
        if let Some(notice) = &notice {
            let post = CreateMessage::new().content(markdown(notice)).allowed_mentions(no_mentions());
            ChannelId::new(channel).send_message(http, post).await?;
        }
        Ok(())
    }

    async fn analyse(
        &self,
        http: &Arc<Http>,
        cmd: &CommandInteraction,
        actor: &Actor,
        id: i64,
        respond: &dyn Respond,
        lang: Lang,
    ) -> serenity::Result<()> {
        let failed = || Reply::private(Text::new().key("analysis-failed"));
        let (tx, mut rx) = tokio::sync::watch::channel((0usize, 0usize));
        let mut task = {
            let (sessions, actor) = (self.sessions.clone(), actor.clone());
            tokio::spawn(async move {
                let progress = move |done: usize, total: usize| {
                    let _ = tx.send((done, total));
                };
                sessions.analysis_reply(&actor, id, &progress).await
            })
        };
        // A refusal comes before any progress (the sender then goes with the task): answered at once, privately.
        let refused = tokio::select! {
            finished = &mut task => Some(finished),
            changed = rx.changed() => match changed {
                Ok(()) => None,
                Err(_) => Some((&mut task).await),
            },
        };
        if let Some(finished) = refused {
            let reply = finished.unwrap_or_else(|_| failed()).localized(lang);
            return respond.initial(CreateInteractionResponse::Message(message(&reply, &self.emojis))).await;
        }
        respond.initial(CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())).await?;
        let mut last: Option<Instant> = None;
        let reply = loop {
            tokio::select! {
                finished = &mut task => {
                    break finished.unwrap_or_else(|_| failed());
                }
                changed = rx.changed() => {
                    if changed.is_err() {
                        break (&mut task).await.unwrap_or_else(|_| failed());
                    }
                    let (done, total) = *rx.borrow_and_update();
                    if done > 0 && done < total && last.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY) {
                        last = Some(Instant::now());
                        let edit = EditInteractionResponse::new()
                            .content(markdown(&crate::t!("analysis-progress", id = id, done = done, total = total).localized(lang)))
                            .allowed_mentions(no_mentions());
                        if let Err(e) = cmd.edit_response(http, edit).await {
                            tracing::debug!(error = %e, "could not show an analysis's progress");
                        }
                    }
                }
            }
        };
        cmd.edit_response(http, text_edit(&reply.localized(lang))).await.map(|_| ())
    }
}
