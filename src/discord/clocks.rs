//! The Discord side of clocks and threads: the one background task that wakes at the next deadline and posts
//! reminders (by direct message when a member asked, in the channel when Discord refuses it), timeouts and thread
//! archiving; and the opening of a game's thread.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateMessage, CreateThread, EditThread, GuildId, Http,
    RoleId, UserId,
};
use tokio::task::JoinHandle;

use crate::i18n::{Lang, LangBook};
use crate::session::{Notice, Reply, Sessions, Text};
use crate::store::Store;

use super::render::{allowed_mentions, markdown, no_mentions};
use super::{action_rows, board_picture};

/// The longest the task sleeps without looking (the clock may jump, a write may have been missed).
const MAX_SLEEP: Duration = Duration::from_secs(60);
/// How soon the task looks again when something is due already (a write failed, or the clock moved) or the store
/// could not say what is next: at first, then twice as late each time it is still so, up to [`RETRY_MAX`]. So a
/// database outage is neither hammered nor waited out long: its clocks are settled within seconds of its end.
const RETRY_MIN: Duration = Duration::from_millis(200);
const RETRY_MAX: Duration = Duration::from_secs(3);

/// A reply posted as a new channel message: its text, the board with its clock, its buttons; the replay of a game
/// it ends follows in a message of its own.
pub(super) async fn post(http: &Http, channel: u64, reply: &Reply) -> serenity::Result<()> {
    let mut message = CreateMessage::new()
        .content(markdown(&reply.text))
        .allowed_mentions(allowed_mentions(reply))
        .components(action_rows(&reply.buttons));
    message = super::files(reply).fold(message, CreateMessage::add_file);
    if let Some(board) = reply.board.clone() {
        let (embed, picture) = board_picture(reply, board).await;
        message = message.embed(embed).add_file(picture);
    }
    ChannelId::new(channel).send_message(http, message).await?;
    if let Some(gif) = super::replay::replay_attachment(reply, crate::record::animate::DEFAULT_LIMIT).await {
        let id = reply.replay.as_ref().map_or(0, |r| r.id);
        let message = CreateMessage::new()
            .content(crate::t!("replay-of", id = format!("#{id}")).plain_in(reply.lang))
            .allowed_mentions(no_mentions())
            .add_file(gif);
        ChannelId::new(channel).send_message(http, message).await?;
    }
    Ok(())
}

/// A direct message to `user`; an error when Discord refuses it (they closed their DMs, or share no server).
async fn direct(http: &Http, user: u64, text: &Text) -> serenity::Result<()> {
    let dm = UserId::new(user).create_dm_channel(http).await?;
    let message = CreateMessage::new().content(markdown(text)).allowed_mentions(no_mentions());
    dm.id.send_message(http, message).await.map(|_| ())
}

/// The public language of `channel` for a message sent without an interaction: the server's `/settings`
/// language (stored, so it holds after a restart and on every instance), else the language last seen in the
/// channel, else English.
pub(super) async fn channel_lang<S: Store>(sessions: &Sessions<S>, langs: &LangBook, channel: u64) -> Lang {
    match sessions.channel_language(channel).await {
        Some(code) => Lang::from_locale(&code),
        None => langs.channel(channel),
    }
}

/// Carries out what the session layer settled.
async fn deliver<S: Store>(
    sessions: &Sessions<S>,
    http: &Http,
    notice: Notice,
    langs: &LangBook,
) -> Option<u64> {
    match notice {
        Notice::Post { channel, reply } => {
            let reply = reply.localized(channel_lang(sessions, langs, channel).await);
            if let Err(e) = post(http, channel, &reply).await {
                tracing::warn!(channel, error = %e, "could not post a clock notice");
            }
            return Some(channel);
        }
        Notice::Direct { user, channel, text, fallback } => {
            let fallback = fallback.localized(channel_lang(sessions, langs, channel).await);
            if let Err(e) = direct(http, user, &text.localized(langs.user(user, channel))).await {
                tracing::info!(user, error = %e, "a reminder by direct message was refused; posting it instead");
                if let Err(e) = post(http, channel, &fallback).await {
                    tracing::warn!(channel, error = %e, "could not post a reminder");
                }
            }
        }
        Notice::Archive { channel } => {
            let edit = EditThread::new().archived(true);
            if let Err(e) = ChannelId::new(channel).edit_thread(http, edit).await {
                tracing::warn!(channel, error = %e, "could not archive a game thread");
            }
        }
        Notice::GiveRole { guild, user, role, channel, refused } => {
            let (guild, member, role) = (GuildId::new(guild), UserId::new(user), RoleId::new(role));
            let reason = Some("Tabula: won a tournament");
            if let Err(e) = http.add_member_role(guild, member, role, reason).await {
                tracing::warn!(user, error = %e, "could not give a tournament's winner their role");
                let refused = refused.localized(channel_lang(sessions, langs, channel).await);
                if let Err(e) = post(http, channel, &refused).await {
                    tracing::warn!(channel, error = %e, "could not say that the role was refused");
                }
            }
        }
        Notice::OpenGame { parent, title, board, .. } => {
            let thread = open_thread(http, parent, &title).await;
            if let Some(thread) = thread {
                sessions.thread_opened(thread, parent).await;
            }
            // What starting it says: the game in its thread, and once the round's games all started, the pairings.
            for notice in sessions.start_tournament_game(thread, board).await {
                if let Notice::Post { channel, reply } = notice {
                    let reply = reply.localized(channel_lang(sessions, langs, channel).await);
                    if let Err(e) = post(http, channel, &reply).await {
                        tracing::warn!(channel, error = %e, "could not post a tournament message");
                    }
                }
            }
        }
    }
    None
}

/// Lets the AI play in `channel` for as long as it is to move, posting each of its moves.
pub(super) fn spawn_ai_in<S: Store>(
    sessions: Arc<Sessions<S>>,
    http: Arc<Http>,
    channel: u64,
    langs: Arc<LangBook>,
) {
    tokio::spawn(async move {
        while let Some(reply) = sessions.ai_turn(channel).await {
            let reply = reply.localized(channel_lang(&sessions, &langs, channel).await);
            // A game the AI finished: its replay follows in a message of its own.
            if let Err(e) = post(&http, channel, &reply).await {
                tracing::warn!(channel, error = %e, "could not post the AI's move");
            }
        }
    });
}

/// The clock task's passes, counted, so that whoever changed something (a test that moved the clock) can wait for
/// a pass that began after the change to be over, rather than for a while.
pub struct ClockPasses {
    started: std::sync::atomic::AtomicU64,
    finished: tokio::sync::watch::Sender<u64>,
}

impl Default for ClockPasses {
    fn default() -> Self {
        ClockPasses {
            started: std::sync::atomic::AtomicU64::new(0),
            finished: tokio::sync::watch::Sender::new(0),
        }
    }
}

impl ClockPasses {
    fn begin(&self) -> u64 {
        self.started.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1
    }

    fn end(&self, pass: u64) {
        self.finished.send_replace(pass);
    }

    /// Waits until a pass that begins after this call (a poke wakes the task for one) has settled and posted
    /// everything due.
    pub async fn next(&self) {
        let pass = self.started.load(std::sync::atomic::Ordering::SeqCst) + 1;
        let mut finished = self.finished.subscribe();
        let _ = finished.wait_for(|&done| done >= pass).await;
    }
}

/// The clock task: sleeps until the next deadline (or until a new turn pokes it), settles what is due and posts
/// it; the computer then moves where it took a seat over.
pub(super) fn spawn_clocks<S: Store>(
    sessions: Arc<Sessions<S>>,
    http: Arc<Http>,
    ai: impl Fn(u64) + Send + Sync + 'static,
    langs: Arc<LangBook>,
    passes: Arc<ClockPasses>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut retry = RETRY_MIN;
        loop {
            let pass = passes.begin();
            // What a request from elsewhere (the web board) settled: posted here, the computer moves after it.
            for notice in sessions.take_announced() {
                if let Some(channel) = deliver(&sessions, &http, notice, &langs).await {
                    ai(channel);
                }
            }
            for notice in sessions.settle_clocks().await {
                if let Some(channel) = deliver(&sessions, &http, notice, &langs).await {
                    ai(channel);
                }
            }
            passes.end(pass);
            let wait = match sessions.next_wake().await {
                Ok(Some(at)) => Duration::from_secs((at - sessions.now_secs()).max(0) as u64).min(MAX_SLEEP),
                Ok(None) => MAX_SLEEP,
                Err(()) => Duration::ZERO,
            };
            if wait.is_zero() {
                // Due already, or the store is unreachable: look again shortly, without spinning.
                tokio::select! {
                    () = tokio::time::sleep(retry) => {}
                    () = sessions.clocks_changed() => {}
                    () = sessions.announced() => {}
                }
                retry = (retry * 2).min(RETRY_MAX);
                continue;
            }
            retry = RETRY_MIN;
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = sessions.clocks_changed() => {}
                () = sessions.announced() => {}
            }
        }
    })
}

/// Opens a public thread named `name` under `channel` for a game; `None` when Discord refuses (no permission).
pub(super) async fn open_thread(http: &Http, channel: u64, name: &str) -> Option<u64> {
    let builder = CreateThread::new(super::render::truncate(name, 100))
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

/// What the channel is told when the thread could not be opened.
pub(super) fn no_thread_note() -> Text {
    Text::new().key("thread-refused")
}

impl<S: Store> super::Handler<S> {
    /// Answers a button (a rematch, a request to abort) with a new message rather than an edit of the message the
    /// button is on; a rematch of the computer starts at once, deferred while its picture is drawn.
    pub(super) async fn answer_in_new_message(
        &self,
        http: &Arc<Http>,
        press: &serenity::all::ComponentInteraction,
        channel: u64,
        reply: &Reply,
        respond: &dyn super::Respond,
    ) -> serenity::Result<()> {
        use serenity::all::{CreateInteractionResponse, CreateInteractionResponseMessage};
        if reply.board.is_some() {
            let deferred = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
            respond.initial(deferred).await?;
            let edit = super::deferred_edit(
                reply,
                super::replay::size_limit(press.attachment_size_limit),
                &self.emojis,
            )
            .await;
            press.edit_response(http, edit).await?;
            respond.picture_sent();
            return Ok(());
        }
        respond.initial(CreateInteractionResponse::Message(super::message(reply, &self.emojis))).await?;
        if let Some(challenge) = reply.challenge.filter(|_| !reply.buttons.is_empty()) {
            match press.get_response(http).await {
                Ok(posted) => {
                    self.sessions.set_challenge_message(channel, challenge.session, posted.id.get()).await;
                }
                Err(e) => tracing::warn!(channel, error = %e, "could not read back the rematch message"),
            }
        }
        Ok(())
    }

    /// `/play ... thread:true`: checks the challenge, opens a public thread named after it and posts the challenge
    /// there (the thread is the game's channel); without permission, says so and plays in the channel.
    pub(super) async fn play_in_thread(
        &self,
        http: &Arc<Http>,
        cmd: &serenity::all::CommandInteraction,
        actor: &crate::session::Actor,
        request: crate::session::Request,
        respond: &dyn super::Respond,
        locales: crate::i18n::Locales,
    ) -> serenity::Result<()> {
        use serenity::all::{
            CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse,
        };
        let channel = cmd.channel_id.get();
        let name = match self.sessions.prepare_thread(channel, actor, &request).await {
            Ok(thread) => thread.title,
            Err(why) => {
                let reply = Reply::private(why).localized(locales.user);
                return respond
                    .initial(CreateInteractionResponse::Message(super::message(&reply, &self.emojis)))
                    .await;
            }
        };
        // Opening a thread is a REST call of its own: answer within Discord's three seconds first.
        respond.initial(CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())).await?;
        let Some(thread) = open_thread(http, channel, &name).await else {
            let mut reply = self.sessions.handle(channel, actor, request).await;
            reply.text = no_thread_note().line().then(reply.text);
            let reply = reply.clone().localized(locales.of(reply.ephemeral));
            if reply.ephemeral {
                let edit = EditInteractionResponse::new()
                    .content(markdown(&reply.text))
                    .allowed_mentions(no_mentions());
                return cmd.edit_response(http, edit).await.map(|_| ());
            }
            self.spawn_ai(http, channel);
            if reply.board.is_some() {
                let limit = super::replay::size_limit(cmd.attachment_size_limit);
                cmd.edit_response(http, super::deferred_edit(&reply, limit, &self.emojis).await).await?;
                respond.picture_sent();
                return Ok(());
            }
            let edit = EditInteractionResponse::new()
                .content(markdown(&reply.text))
                .allowed_mentions(allowed_mentions(&reply))
                .components(action_rows(&reply.buttons));
            let posted = cmd.edit_response(http, edit).await?;
            if let Some(challenge) = reply.challenge.filter(|_| !reply.buttons.is_empty()) {
                self.sessions.set_challenge_message(channel, challenge.session, posted.id.get()).await;
            }
            return Ok(());
        };
        self.sessions.thread_opened(thread, channel).await;
        let reply = self.sessions.handle(thread, actor, request).await;
        let reply = reply.clone().localized(locales.of(reply.ephemeral));
        let note = if reply.ephemeral {
            markdown(&reply.text)
        } else {
            let intro = crate::t!(
                "thread-opened",
                player = Text::new().strong_name(&actor.member.name),
                thread = name.as_str()
            );
            format!("{} <#{thread}>", markdown(&intro.localized(locales.public)))
        };
        let edit = EditInteractionResponse::new().content(note).allowed_mentions(no_mentions());
        cmd.edit_response(http, edit).await?;
        if reply.ephemeral {
            return Ok(());
        }
        let mut message = CreateMessage::new()
            .content(markdown(&reply.text))
            .allowed_mentions(allowed_mentions(&reply))
            .components(action_rows(&reply.buttons));
        message = super::files(&reply).fold(message, CreateMessage::add_file);
        if let Some(board) = reply.board.clone() {
            let (embed, picture) = board_picture(&reply, board).await;
            message = message.embed(embed).add_file(picture);
        }
        let posted = ChannelId::new(thread).send_message(http, message).await?;
        if reply.board.is_some() {
            respond.picture_sent();
        }
        if let Some(challenge) = reply.challenge.filter(|_| !reply.buttons.is_empty()) {
            self.sessions.set_challenge_message(thread, challenge.session, posted.id.get()).await;
        }
        self.spawn_ai(http, thread);
        Ok(())
    }
}
