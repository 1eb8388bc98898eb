//! Games in threads: `/play ... thread:true` (or a server whose games go in threads) opens a public thread named
//! after the challenge and plays there; a tournament's games open theirs from the clock task.

use std::sync::Arc;

use serenity::all::{AutoArchiveDuration, ChannelId, ChannelType, CreateThread, Http};

use crate::i18n::Locales;
use crate::session::{Actor, Reply, Request, Text};

use super::Handler;
use super::deliver::{Answer, Shape, post};
use super::markdown::{markdown, truncate};

/// Opens a public thread named `name` under `channel` for a game; `None` when Discord refuses (no permission).
pub(super) async fn open_thread(http: &Http, channel: u64, name: &str) -> Option<u64> {
    let builder = CreateThread::new(truncate(name, 100))
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    match ChannelId::new(channel).create_thread(http, builder).await {
        Ok(thread) => Some(thread.id.get()),
        Err(e) => {
            tracing::info!(channel, error = %e, "could not open a game thread; playing in the channel");
            None
        }
    }
}

impl Handler {
    /// Checks the challenge, opens a public thread named after it and posts the challenge there (the thread is
    /// the game's channel); without permission, says so and plays in the channel.
    pub(super) async fn play_in_thread(
        &self,
        mut answer: Answer<'_>,
        actor: &Actor,
        request: Request,
        locales: Locales,
    ) -> serenity::Result<()> {
        let (http, channel): (Arc<Http>, u64) = (answer.http.clone(), answer.channel);
        let name = match self.sessions.prepare_thread(channel, actor, &request).await {
            Ok(thread) => thread.title,
            Err(why) => return answer.send(&Reply::private(why).localized(locales.user), Shape::New).await,
        };
        // Opening a thread is a REST call of its own: answer within Discord's three seconds first.
        answer.defer(false).await?;
        let Some(thread) = open_thread(&http, channel, &name).await else {
            let mut reply = self.sessions.handle(channel, actor, request).await;
            reply.text = Text::new().key("thread-refused").line().then(reply.text);
            return self.reply(answer, reply, Shape::New, locales).await;
        };
        self.sessions.thread_opened(thread, channel).await;
        let reply = self.sessions.handle(thread, actor, request).await;
        let lang = locales.of(reply.ephemeral);
        let reply = reply.localized(lang);
        if reply.ephemeral {
            return answer.send(&reply, Shape::New).await;
        }
        let player = Text::new().strong_name(&actor.member.name);
        let intro = crate::t!("thread-opened", player = player, thread = name.as_str());
        answer.note(format!("{} <#{thread}>", markdown(&intro.localized(locales.public)))).await?;
        post(&http, &self.sessions, thread, &reply).await?;
        if reply.board.is_some() {
            answer.respond.picture_sent();
        }
        self.spawn_ai(&http, thread);
        Ok(())
    }
}
