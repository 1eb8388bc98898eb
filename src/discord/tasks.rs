//! The bot's background work: the clock task, which wakes at the next deadline and carries out what the session
//! layer settled (reminders, by direct message when a member asked and in the channel when Discord refuses it;
//! timeouts; thread archiving; tournament rounds, their games opened in threads), and the computer's moves, posted
//! as it plays them.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ChannelId, CreateMessage, EditMessage, EditThread, GuildId, Http, MessageId, RoleId, UserId,
};
use tokio::task::JoinHandle;

use crate::i18n::{Lang, LangBook};
use crate::session::{Notice, Sessions, Text};

use super::deliver::post;
use super::markdown::{markdown, no_mentions};
use super::threads::open_thread;

/// The longest the task sleeps without looking (the clock may jump, a write may have been missed).
const MAX_SLEEP: Duration = Duration::from_secs(60);
/// How soon the task looks again when something is due already (a write failed, or the clock moved) or the store
/// could not say what is next: at first, then twice as late each time it is still so, up to [`RETRY_MAX`]. So a
/// database outage is neither hammered nor waited out long: its clocks are settled within seconds of its end.
const RETRY_MIN: Duration = Duration::from_millis(200);
const RETRY_MAX: Duration = Duration::from_secs(3);

/// A direct message to `user`; an error when Discord refuses it (they closed their DMs, or share no server).
async fn direct(http: &Http, user: u64, text: &Text) -> serenity::Result<()> {
    let dm = UserId::new(user).create_dm_channel(http).await?;
    let message = CreateMessage::new().content(markdown(text)).allowed_mentions(no_mentions());
    dm.id.send_message(http, message).await.map(|_| ())
}

/// The public language of `channel` for a message sent without an interaction: the server's `/settings`
/// language (stored, so it holds after a restart and on every instance), else the language last seen in the
/// channel, else English.
pub(super) async fn channel_lang(sessions: &Sessions, langs: &LangBook, channel: u64) -> Lang {
    match sessions.channel_language(channel).await {
        Some(code) => Lang::from_locale(&code),
        None => langs.channel(channel),
    }
}

/// Carries out what the session layer settled.
async fn deliver(sessions: &Sessions, http: &Http, notice: Notice, langs: &LangBook) -> Option<u64> {
    match notice {
        Notice::Post { channel, reply } => {
            let reply = reply.localized(channel_lang(sessions, langs, channel).await);
            if let Err(e) = post(http, sessions, channel, &reply).await {
                tracing::warn!(channel, error = %e, "could not post a clock notice");
            }
            return Some(channel);
        }
        Notice::Direct { user, channel, text, fallback } => {
            let fallback = fallback.localized(channel_lang(sessions, langs, channel).await);
            if let Err(e) = direct(http, user, &text.localized(langs.user(user, channel))).await {
                tracing::info!(user, error = %e, "a reminder by direct message was refused; posting it instead");
                if let Err(e) = post(http, sessions, channel, &fallback).await {
                    tracing::warn!(channel, error = %e, "could not post a reminder");
                }
            }
        }
        Notice::Digest { user, text } => {
            // A digest refused (the member's DMs are closed to the bot) has nowhere else to go: it is only logged.
            if let Err(e) = direct(http, user, &text).await {
                tracing::info!(user, error = %e, "a daily digest by direct message was refused");
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
                if let Err(e) = post(http, sessions, channel, &refused).await {
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
                    if let Err(e) = post(http, sessions, channel, &reply).await {
                        tracing::warn!(channel, error = %e, "could not post a tournament message");
                    }
                }
            }
        }
    }
    None
}

/// Lets the AI play in `channel` for as long as it is to move, posting each of its moves.
pub(super) fn spawn_ai_in(sessions: Arc<Sessions>, http: Arc<Http>, channel: u64, langs: Arc<LangBook>) {
    tokio::spawn(async move {
        while let Some(reply) = sessions.ai_turn(channel).await {
            let reply = reply.localized(channel_lang(&sessions, &langs, channel).await);
            // A game the AI finished: its replay follows in a message of its own.
            if let Err(e) = post(&http, &sessions, channel, &reply).await {
                tracing::warn!(channel, error = %e, "could not post the AI's move");
            }
        }
    });
}

/// A background task's passes, counted, so that whoever changed something (a test that moved the clock) can wait
/// for a pass that began after the change to be over, rather than for a while; and its wake-up call.
pub struct Passes {
    started: std::sync::atomic::AtomicU64,
    finished: tokio::sync::watch::Sender<u64>,
    poke: tokio::sync::Notify,
}

impl Default for Passes {
    fn default() -> Self {
        Passes {
            started: std::sync::atomic::AtomicU64::new(0),
            finished: tokio::sync::watch::Sender::new(0),
            poke: tokio::sync::Notify::new(),
        }
    }
}

impl Passes {
    fn begin(&self) -> u64 {
        self.started.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1
    }

    fn end(&self, pass: u64) {
        self.finished.send_replace(pass);
    }

    /// Waits until a pass that begins after this call (not after the first poll: a poke wakes the task for one)
    /// has settled and posted everything due.
    pub fn next(&self) -> impl Future<Output = ()> + Send + use<> {
        let pass = self.started.load(std::sync::atomic::Ordering::SeqCst) + 1;
        let mut finished = self.finished.subscribe();
        async move {
            let _ = finished.wait_for(|&done| done >= pass).await;
        }
    }

    /// Wakes the task for a pass now (the sweeper; the clock task is woken through the session layer).
    pub(super) fn poke(&self) {
        self.poke.notify_one();
    }
}

/// Settles expired challenges every [`super::SWEEP_EVERY`] (or when poked) and edits each one's message: the text
/// says it expired, the buttons go.
pub(super) fn spawn_sweeper(
    sessions: Arc<Sessions>,
    http: Arc<Http>,
    langs: Arc<LangBook>,
    passes: Arc<Passes>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(super::SWEEP_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = passes.poke.notified() => {}
            }
            let pass = passes.begin();
            for expired in sessions.sweep().await {
                let Some(message) = expired.message else { continue };
                let lang = channel_lang(&sessions, &langs, expired.channel).await;
                let edit = EditMessage::new()
                    .content(markdown(&expired.text.localized(lang)))
                    .allowed_mentions(no_mentions())
                    .components(Vec::new());
                let channel = ChannelId::new(expired.channel);
                if let Err(e) = channel.edit_message(&http, MessageId::new(message), edit).await {
                    tracing::warn!(channel = expired.channel, error = %e, "could not edit an expired challenge");
                }
            }
            passes.end(pass);
        }
    })
}

/// The clock task: sleeps until the next deadline (or until a new turn pokes it), settles what is due and posts
/// it; the computer then moves where it took a seat over.
pub(super) fn spawn_clocks(
    sessions: Arc<Sessions>,
    http: Arc<Http>,
    ai: impl Fn(u64) + Send + Sync + 'static,
    langs: Arc<LangBook>,
    passes: Arc<Passes>,
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
