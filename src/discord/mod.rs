//! The Discord adapter: slash commands, buttons and autocomplete over serenity, on top of the session layer.
//!
//! Each interaction is answered within Discord's three seconds: the session layer's checks are cheap, so errors
//! are answered at once (privately); a reply with a board is deferred first, then the picture is drawn off the
//! async runtime and the deferred answer is edited to carry it. Buttons carry what they act on in their
//! `custom_id`, so they keep working after a restart. Every reply reaches Discord one way, [`deliver`] (an
//! interaction's answer, or a post in a channel), and every message it builds goes through [`markdown`]:
//! escaped names, explicit `allowed_mentions` (exactly the users a public reply mentions, nobody otherwise) and
//! Discord's size limits. `handler` routes each interaction to the session layer, `tasks` runs the clock task and
//! the computer's moves, a sweep task settles expired challenges and edits their messages so the buttons go.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use serenity::all::{
    ChannelId, CommandInteraction, CommandOptionType, ComponentInteraction, ComponentInteractionDataKind,
    Context, CreateCommand, CreateCommandOption, CreateInteractionResponse, EditMessage, EventHandler,
    GatewayIntents, GuildId, Http, Interaction, InteractionId, MessageFlags, MessageId, Ready,
    ResolvedOption, ResolvedValue, ShardManager, User,
};
use serenity::gateway::{ConnectionStage, ShardStageUpdateEvent};
use serenity::http::HttpBuilder;
use tokio::task::JoinHandle;

use crate::config::{Config, ShardPlan};
use crate::games::GameKind;
use crate::i18n::{Lang, LangBook, Locales, public_lang};
use crate::session::{
    Actor, Member, OptionValue, Reply, Request, Sessions, Text, parse_component, parse_request,
};
use crate::store::{IntoShared, SharedStore};

mod analysis;
mod commands;
mod deliver;
mod emojis;
pub mod endpoint;
mod handler;
pub mod limits;
pub(crate) mod markdown;
mod replay;
mod tasks;
mod test_clock;
mod threads;

use deliver::{Answer, Respond, Shape, private_message};
use markdown::choices;

pub use crate::session::commands::refusal;
pub use commands::commands;
use emojis::Emojis;
use handler::Handler;

/// How often the sweep task looks for expired challenges (and trims the session cache).
pub(crate) const SWEEP_EVERY: Duration = Duration::from_secs(5);

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

/// The languages of an interaction: its user's `locale`; for public messages the server's `language` setting
/// when it chose one, else the server's `guild_locale`.
async fn locales_of(
    sessions: &Sessions,
    guild: Option<GuildId>,
    locale: &str,
    guild_locale: Option<&str>,
) -> Locales {
    let setting = sessions.public_language(guild.map(GuildId::get)).await;
    Locales { user: Lang::from_locale(locale), public: public_lang(setting.as_deref(), guild_locale) }
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
pub struct Bot {
    shard_manager: Arc<ShardManager>,
    task: JoinHandle<serenity::Result<()>>,
    sweeper: JoinHandle<()>,
    sweeps: Arc<tasks::Passes>,
    clocks: JoinHandle<()>,
    passes: Arc<tasks::Passes>,
    handled: Arc<tokio::sync::watch::Sender<u64>>,
    sessions: Arc<Sessions>,
    emojis: Arc<Emojis>,
    /// Stopped when the bot is dropped.
    _relay: Option<limits::Relay>,
}

impl Bot {
    /// Connects to Discord (or to `api_proxy`) and starts handling events, over `store`.
    pub async fn start(config: &Config, store: impl IntoShared) -> anyhow::Result<Bot> {
        Self::start_with_sessions(config, Arc::new(Sessions::new(store, config.session_config()))).await
    }

    /// Like [`Bot::start`], with the session layer's clock given (tests move it forward).
    pub async fn start_with_clock(
        config: &Config,
        store: impl IntoShared,
        clock: crate::session::Clock,
    ) -> anyhow::Result<Bot> {
        let sessions = Sessions::with_clock(store, config.session_config(), clock);
        Self::start_with_sessions(config, Arc::new(sessions)).await
    }

    async fn start_with_sessions(config: &Config, sessions: Arc<Sessions>) -> anyhow::Result<Bot> {
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
        let sweeps = Arc::new(tasks::Passes::default());
        let sweeper =
            tasks::spawn_sweeper(sessions.clone(), client.http.clone(), langs.clone(), sweeps.clone());
        let (ai_sessions, ai_http, ai_langs) = (sessions.clone(), client.http.clone(), langs.clone());
        let ai = move |channel| {
            tasks::spawn_ai_in(ai_sessions.clone(), ai_http.clone(), channel, ai_langs.clone());
        };
        let passes = Arc::new(tasks::Passes::default());
        let clocks = tasks::spawn_clocks(sessions.clone(), client.http.clone(), ai, langs, passes.clone());
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
            sweeps,
            clocks,
            passes,
            handled: done,
            sessions,
            emojis,
            _relay: relay,
        })
    }

    /// The session layer the bot drives.
    pub fn sessions(&self) -> &Arc<Sessions> {
        &self.sessions
    }

    /// Wakes the clock task and waits until it has made a whole pass that began after this call: everything due
    /// by then (reminders, losses on time, tournament rounds) is settled and posted.
    pub async fn clock_pass(&self) {
        let pass = self.passes.next();
        self.sessions.poke_clocks();
        pass.await;
    }

    /// Wakes the sweep and waits until it has made a whole pass that began after this call: every challenge
    /// expired by then is settled and its message edited.
    pub async fn sweep_pass(&self) {
        let pass = self.sweeps.next();
        self.sweeps.poke();
        pass.await;
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
pub async fn run(config: Config, store: SharedStore) -> anyhow::Result<()> {
    let mut bot = match test_clock::TestClock::from_env() {
        None => Bot::start(&config, store).await?,
        Some(clock) => {
            let bot = Bot::start_with_clock(&config, store, clock.clock()).await?;
            clock.follow(bot.sessions().clone(), bot.passes.clone());
            bot
        }
    };
    tracing::info!(proxy = config.api_proxy.is_some(), "Tabula is starting");
    let web = crate::web::Web::start_from(&config, bot.sessions().clone()).await?;
    let ops = crate::web::ops::Ops::start_from(&config, bot.sessions().clone()).await?;
    tokio::select! {
        result = bot.wait() => return result,
        () = shutdown_signal() => tracing::info!("shutting down"),
    }
    if let Some(web) = web {
        web.shutdown().await;
    }
    if let Some(ops) = ops {
        ops.shutdown().await;
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
