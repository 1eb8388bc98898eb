//! The Discord adapter: slash commands, buttons and autocomplete over serenity, on top of the session layer.
//!
//! Each interaction is answered within Discord's three seconds: the session layer's checks are cheap, so errors
//! are answered at once (privately); a reply with a board is deferred first, then the picture is drawn off the
//! async runtime and the deferred answer is edited to carry it. Buttons carry what they act on in their
//! `custom_id`, so they keep working after a restart. Every message this adapter builds goes through [`render`]:
//! escaped names, explicit `allowed_mentions` (exactly the users a public reply mentions, nobody otherwise) and
//! Discord's size limits. A sweep task settles expired challenges and edits their messages so the buttons go.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use serenity::all::{
    ButtonStyle as DiscordButtonStyle, ChannelId, CommandInteraction, CommandOptionType,
    ComponentInteraction, ComponentInteractionDataKind, Context, CreateActionRow, CreateAttachment,
    CreateButton, CreateCommand, CreateCommandOption, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    EditInteractionResponse, EditMessage, EventHandler, GatewayIntents, GuildId, Http, Interaction,
    InteractionId, MessageFlags, MessageId, Ready, ResolvedOption, ResolvedValue, ShardManager, User,
};
use serenity::gateway::{ConnectionStage, ShardStageUpdateEvent};
use serenity::http::HttpBuilder;
use tokio::task::JoinHandle;

use crate::config::{Config, ShardPlan};
use crate::games::GameKind;
use crate::i18n::{Lang, LangBook, Locales, public_lang};
use crate::session::{
    Actor, Board, Button, ButtonStyle, Member, OptionValue, Reply, Request, Sessions, Text, parse_component,
    parse_request,
};
use crate::store::Store;

mod clocks;
mod coach;
mod commands;
mod emojis;
pub mod endpoint;
mod handler;
pub mod limits;
pub(crate) mod render;
mod replay;
mod test_clock;

use render::{allowed_mentions, choices, markdown, no_mentions};
use replay::{replay_attachment, replay_followup, size_limit};

pub use crate::session::commands::refusal;
pub use commands::commands;
use commands::{actor_of, read_request};
use emojis::Emojis;
use handler::Handler;

/// How often the sweep task looks for expired challenges (and trims the session cache).
pub(crate) const SWEEP_EVERY: Duration = Duration::from_secs(5);

pub(crate) fn action_rows(buttons: &[Button]) -> Vec<CreateActionRow> {
    if buttons.is_empty() {
        return Vec::new();
    }
    let buttons = buttons
        .iter()
        .take(5)
        .map(|b| {
            if b.style == ButtonStyle::Link {
                return CreateButton::new_link(&b.custom_id).label(render::truncate(&b.label.to_plain(), 80));
            }
            CreateButton::new(&b.custom_id).label(render::truncate(&b.label.to_plain(), 80)).style(
                match b.style {
                    ButtonStyle::Primary => DiscordButtonStyle::Primary,
                    ButtonStyle::Success => DiscordButtonStyle::Success,
                    ButtonStyle::Danger => DiscordButtonStyle::Danger,
                    ButtonStyle::Secondary | ButtonStyle::Link => DiscordButtonStyle::Secondary,
                },
            )
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

/// A reply's components: a row per select menu, then its buttons in rows of five, within Discord's five rows,
/// 25 options per menu and 100 characters per label, value and id (the session layer keeps within them; these
/// cuts only guard). An option with an icon shows its emoji when `emojis` knows it.
pub(crate) fn components(reply: &Reply, emojis: &Emojis) -> Vec<CreateActionRow> {
    let mut rows: Vec<CreateActionRow> = reply
        .selects
        .iter()
        .take(MAX_ROWS)
        .filter(|s| !s.options.is_empty())
        .map(|select| {
            let options = select
                .options
                .iter()
                .take(render::MAX_CHOICES)
                .map(|o| {
                    let option =
                        CreateSelectMenuOption::new(render::truncate(&o.label.to_plain(), 100), &o.value);
                    match o.icon.and_then(|icon| emojis.emoji(icon)) {
                        Some(emoji) => option.emoji(emoji),
                        None => option,
                    }
                })
                .collect();
            let menu = CreateSelectMenu::new(&select.custom_id, CreateSelectMenuKind::String { options })
                .placeholder(render::truncate(&select.placeholder.to_plain(), 150));
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

/// Most rows of components under a message.
const MAX_ROWS: usize = 5;

/// The board's picture (drawn off the async runtime, with the clock under it; the picker's picture for a
/// picker's step) and its embed.
async fn board_picture(reply: &Reply, board: Board) -> (CreateEmbed, CreateAttachment) {
    let (clock, lang) = (reply.clock.clone(), reply.lang);
    // A board without a game id is an example (the rules' picture): its title is the game's.
    let title = if board.id == 0 {
        board.game.kind().title().to_string()
    } else {
        crate::t!(
            "board-title",
            game = board.game.kind().title(),
            id = board.id,
            number = board.game.move_number()
        )
        .plain_in(lang)
    };
    let clock = clock.map(|c| c.plain_in(lang));
    let ended = board.ended.as_ref().map(|e| e.plain_in(lang));
    let drawer = reply.clone();
    let png = crate::render::drawn(move || drawer.board_png(&board, ended.as_deref(), clock.as_deref()))
        .await
        .unwrap_or_default();
    (
        CreateEmbed::new().title(title).image("attachment://board.png"),
        CreateAttachment::bytes(png, "board.png"),
    )
}

/// Draws the board, if any, and builds the edit of a deferred answer that carries it with the reply's files; a
/// reply without a board carries its replay too (with a board, the replay follows in a message of its own).
async fn deferred_edit(reply: &Reply, limit: usize, emojis: &Emojis) -> EditInteractionResponse {
    let mut edit = EditInteractionResponse::new()
        .content(markdown(&reply.text))
        .allowed_mentions(allowed_mentions(reply))
        .components(components(reply, emojis));
    if let Some(board) = reply.board.clone() {
        let (embed, picture) = board_picture(reply, board).await;
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

/// Whether a reply is deferred and completed by an edit: it has something to draw, or files that the first answer
/// cannot carry.
fn deferred(reply: &Reply, respond: &dyn Respond) -> bool {
    reply.board.is_some() || reply.replay.is_some() || (!reply.files.is_empty() && !respond.carries_files())
}

/// How the first answer to an interaction is sent, which must happen within Discord's three seconds: through the
/// callback endpoint for an interaction from the gateway, in the body of Discord's request for one received by
/// the HTTP endpoint ([`endpoint`]). Edits and follow-ups go through REST either way.
#[serenity::async_trait]
trait Respond: Send + Sync {
    async fn initial(&self, response: CreateInteractionResponse) -> serenity::Result<()>;
    /// Whether the first answer can attach files (a multipart callback can; a response body cannot).
    fn carries_files(&self) -> bool;
    /// The reply with the interaction's picture was sent (for the metrics' latency).
    fn picture_sent(&self) {}
}

/// A way of answering that times the answers for the metrics: the first answer, and the reply with a picture.
struct Timed<'a> {
    inner: &'a dyn Respond,
    arrived: std::time::Instant,
    metrics: &'a crate::metrics::Metrics,
}

#[serenity::async_trait]
impl Respond for Timed<'_> {
    async fn initial(&self, response: CreateInteractionResponse) -> serenity::Result<()> {
        let sent = self.inner.initial(response).await;
        if sent.is_ok() {
            self.metrics.first_answer(self.arrived.elapsed());
        }
        sent
    }

    fn carries_files(&self) -> bool {
        self.inner.carries_files()
    }

    fn picture_sent(&self) {
        self.metrics.picture_reply(self.arrived.elapsed());
    }
}

/// The gateway's way: Discord's callback endpoint.
struct Callback<'a> {
    http: &'a Http,
    id: InteractionId,
    token: &'a str,
}

#[serenity::async_trait]
impl Respond for Callback<'_> {
    async fn initial(&self, response: CreateInteractionResponse) -> serenity::Result<()> {
        use serenity::builder::Builder as _;
        response.execute(self.http, (self.id, self.token)).await
    }

    fn carries_files(&self) -> bool {
        true
    }
}

/// The files a reply attaches besides its board.
fn files(reply: &Reply) -> impl Iterator<Item = CreateAttachment> + '_ {
    reply.files.iter().map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
}

/// A reply as a new interaction message (or as the update of the message a button is on).
fn message(reply: &Reply, emojis: &Emojis) -> CreateInteractionResponseMessage {
    let message = CreateInteractionResponseMessage::new()
        .content(markdown(&reply.text))
        .allowed_mentions(allowed_mentions(reply))
        .components(components(reply, emojis))
        .ephemeral(reply.ephemeral);
    files(reply).fold(message, CreateInteractionResponseMessage::add_file)
}

fn private_message(text: impl Into<Text>, lang: Lang) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(message(&Reply::private(text).localized(lang), &Emojis::default()))
}

/// The languages of an interaction: its user's `locale`; for public messages the server's `language` setting
/// when it chose one, else the server's `guild_locale`.
async fn locales_of<S: Store>(
    sessions: &Sessions<S>,
    guild: Option<GuildId>,
    locale: &str,
    guild_locale: Option<&str>,
) -> Locales {
    let setting = sessions.public_language(guild.map(GuildId::get)).await;
    Locales { user: Lang::from_locale(locale), public: public_lang(setting.as_deref(), guild_locale) }
}

/// Settles expired challenges every [`SWEEP_EVERY`] and edits each one's message: the text says it expired,
/// the buttons go.
fn spawn_sweeper<S: Store>(
    sessions: Arc<Sessions<S>>,
    http: Arc<Http>,
    langs: Arc<LangBook>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            for expired in sessions.sweep().await {
                let Some(message) = expired.message else { continue };
                let lang = clocks::channel_lang(&sessions, &langs, expired.channel).await;
                let edit = EditMessage::new()
                    .content(markdown(&expired.text.localized(lang)))
                    .allowed_mentions(no_mentions())
                    .components(Vec::new());
                let channel = ChannelId::new(expired.channel);
                if let Err(e) = channel.edit_message(&http, MessageId::new(message), edit).await {
                    tracing::warn!(channel = expired.channel, error = %e, "could not edit an expired challenge");
                }
            }
        }
    })
}

/// Discord's REST API, where calls go when no `api_proxy` is set.
const DISCORD: &str = "https://discord.com";

/// The REST client of the config, and the rate-limit relay it sends through ([`limits`]): to Discord, or to
/// `api_proxy` (a shared rate-limit proxy in production, a fake Discord in tests). With `api_proxy_limits` the
/// proxy keeps the limits and the client calls it directly. serenity's own rate limiter is off either way: it
/// would call discord.com whatever the proxy.
async fn http_client(
    config: &Config,
    metrics: &Arc<crate::metrics::Metrics>,
) -> anyhow::Result<(Http, Option<limits::Relay>)> {
    let upstream = config.api_proxy.as_deref().unwrap_or(DISCORD).trim_end_matches('/');
    let relay = if config.api_proxy.is_some() && config.api_proxy_limits {
        None
    } else {
        let relay = limits::Relay::start(upstream, metrics.clone()).await;
        Some(relay.context("cannot start the REST rate-limit relay on 127.0.0.1")?)
    };
    let base = relay.as_ref().map_or_else(|| upstream.to_string(), limits::Relay::url);
    metrics.probe_rest_at(&base);
    let http = HttpBuilder::new(config.token.expose()).proxy(base).ratelimiter_disabled(true);
    Ok((http.build(), relay))
}

/// A running bot, to be stopped with [`Bot::shutdown`].
pub struct Bot<S: Store> {
    shard_manager: Arc<ShardManager>,
    task: JoinHandle<serenity::Result<()>>,
    sweeper: JoinHandle<()>,
    clocks: JoinHandle<()>,
    passes: Arc<clocks::ClockPasses>,
    handled: Arc<tokio::sync::watch::Sender<u64>>,
    sessions: Arc<Sessions<S>>,
    emojis: Arc<Emojis>,
    /// Stopped when the bot is dropped.
    _relay: Option<limits::Relay>,
}

impl<S: Store> Bot<S> {
    /// Connects to Discord (or to `api_proxy`) and starts handling events, over `store`.
    pub async fn start(config: &Config, store: S) -> anyhow::Result<Bot<S>> {
        Self::start_with_sessions(config, Arc::new(Sessions::new(store, config.session_config()))).await
    }

    /// Like [`Bot::start`], with the session layer's clock given (tests move it forward).
    pub async fn start_with_clock(
        config: &Config,
        store: S,
        clock: crate::session::Clock,
    ) -> anyhow::Result<Bot<S>> {
        let sessions = Sessions::with_clock(store, config.session_config(), clock);
        Self::start_with_sessions(config, Arc::new(sessions)).await
    }

    async fn start_with_sessions(config: &Config, sessions: Arc<Sessions<S>>) -> anyhow::Result<Bot<S>> {
        let langs = Arc::new(LangBook::default());
        let emojis = Arc::new(Emojis::default());
        let done = Arc::new(tokio::sync::watch::Sender::new(0));
        let handler = Handler {
            sessions: sessions.clone(),
            guild_id: config.guild_id,
            langs: langs.clone(),
            shards: std::sync::Mutex::default(),
            emojis: emojis.clone(),
            handled: done.clone(),
        };
        let (http, relay) = http_client(config, sessions.metrics()).await?;
        let mut client = serenity::all::ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
            .event_handler(handler)
            .await
            .context("cannot set up the Discord client")?;
        let shard_manager = client.shard_manager.clone();
        let sweeper = spawn_sweeper(sessions.clone(), client.http.clone(), langs.clone());
        let (ai_sessions, ai_http, ai_langs) = (sessions.clone(), client.http.clone(), langs.clone());
        let ai = move |channel| {
            clocks::spawn_ai_in(ai_sessions.clone(), ai_http.clone(), channel, ai_langs.clone());
        };
        let passes = Arc::new(clocks::ClockPasses::default());
        let clocks = clocks::spawn_clocks(sessions.clone(), client.http.clone(), ai, langs, passes.clone());
        let plan = config.shard_plan()?;
        let task = tokio::spawn(async move {
            match plan {
                ShardPlan::Recommended => client.start_autosharded().await,
                // serenity's range runs from `start` to `end` inclusive.
                ShardPlan::Range { first, last, total } => client.start_shard_range(first..last, total).await,
            }
        });
        Ok(Bot {
            shard_manager,
            task,
            sweeper,
            clocks,
            passes,
            handled: done,
            sessions,
            emojis,
            _relay: relay,
        })
    }

    /// The session layer the bot drives.
    pub fn sessions(&self) -> &Arc<Sessions<S>> {
        &self.sessions
    }

    /// Waits until the clock task has made a whole pass that began after this call: everything due by then
    /// (reminders, losses on time, tournament rounds) is settled and posted. A poke ([`Sessions::poke_clocks`])
    /// just before wakes it for one.
    pub async fn clock_pass(&self) {
        self.passes.next().await;
    }

    /// How many interactions this bot has handled to the end (every answer and edit of theirs made).
    pub fn interactions_handled(&self) -> u64 {
        *self.handled.borrow()
    }

    /// Waits until at least `count` interactions have been handled to the end.
    pub async fn handled_at_least(&self, count: u64) {
        let _ = self.handled.subscribe().wait_for(|&n| n >= count).await;
    }

    /// Waits until the picker's icons, registered as application emojis once the bot has connected, are known (or
    /// could not be): the select menus show them from then on.
    pub async fn emojis_registered(&self) {
        self.emojis.registered().await;
    }

    /// Disconnects from the gateway and closes the store.
    pub async fn shutdown(mut self) -> anyhow::Result<()> {
        self.sweeper.abort();
        self.emojis.stop();
        self.clocks.abort();
        // Bounded: a client still trying to reach its gateway has no shard to close.
        let limit = Duration::from_secs(10);
        if !self.task.is_finished() {
            let _ = tokio::time::timeout(limit, self.shard_manager.shutdown_all()).await;
        }
        let result = if let Ok(result) = tokio::time::timeout(limit, &mut self.task).await {
            result
        } else {
            self.task.abort();
            Ok(Ok(()))
        };
        self.sessions.store().close().await;
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(anyhow::Error::new(e).context("the Discord client stopped with an error")),
            Err(e) => Err(anyhow::anyhow!("the Discord client task failed: {e}")),
        }
    }

    /// Waits until the client stops by itself.
    async fn wait(&mut self) -> anyhow::Result<()> {
        match (&mut self.task).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(anyhow::Error::new(e).context("the Discord client stopped")),
            Err(e) => Err(anyhow::anyhow!("the Discord client task failed: {e}")),
        }
    }
}

/// Runs the bot over `store` until Ctrl-C or SIGTERM, then shuts down gracefully.
pub async fn run(config: Config, store: impl Store) -> anyhow::Result<()> {
    let mut bot = match test_clock::TestClock::from_env() {
        None => Bot::start(&config, store).await?,
        Some(clock) => {
            let bot = Bot::start_with_clock(&config, store, clock.clock()).await?;
            clock.follow(bot.sessions().clone());
            bot
        }
    };
    tracing::info!(proxy = config.api_proxy.is_some(), "Tabula is starting");
    let web = crate::web::Web::start_from(&config, bot.sessions().clone()).await?;
    tokio::select! {
        result = bot.wait() => return result,
        () = shutdown_signal() => tracing::info!("shutting down"),
    }
    if let Some(web) = web {
        web.shutdown().await;
    }
    bot.shutdown().await
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_is_refused_in_direct_messages_only() {
        let why = refusal("play", false).unwrap().to_plain();
        assert!(why.contains("server channels"), "{why}");
        assert!(refusal("play", true).is_none());
        assert!(refusal("help", false).is_none());
    }
}
