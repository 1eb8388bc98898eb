//! The Discord adapter: slash commands, buttons and autocomplete over serenity, on top of the session layer.
//!
//! Each interaction is answered within Discord's three seconds: the session layer's checks are cheap, so errors
//! are answered at once (privately); a reply with a board is deferred first, then the picture is drawn off the
//! async runtime and the deferred answer is edited to carry it. Buttons carry what they act on in their
//! `custom_id`, so they keep working after a restart.

use std::sync::Arc;

use anyhow::Context as _;
use serenity::all::{
    ButtonStyle as DiscordButtonStyle, ChannelId, CommandInteraction, CommandOptionType,
    ComponentInteraction, Context, CreateActionRow, CreateAttachment, CreateAutocompleteResponse,
    CreateButton, CreateCommand, CreateCommandOption, CreateEmbed, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse, EventHandler, GatewayIntents,
    GuildId, Interaction, Ready, ResolvedOption, ResolvedValue, ShardManager, User,
};
use serenity::http::HttpBuilder;
use tokio::task::JoinHandle;

use crate::config::Config;
use crate::games::GameKind;
use crate::render::board_png;
use crate::session::{
    Actor, Board, Button, ButtonStyle, MAX_SUGGESTIONS, Member, Reply, Request, Sessions, SidePref,
    parse_button,
};
use crate::store::{SqliteStore, Store as _};

/// The slash commands, all in one list.
pub fn commands() -> Vec<CreateCommand> {
    let game_option = |required: bool, what: &str| {
        GameKind::ALL.iter().fold(
            CreateCommandOption::new(CommandOptionType::String, "game", what).required(required),
            |o, g| o.add_string_choice(g.title(), g.name()),
        )
    };
    vec![
        CreateCommand::new("play")
            .description("Challenge members to a game in this channel")
            .add_option(game_option(true, "The game to play"))
            .add_option(
                CreateCommandOption::new(CommandOptionType::User, "opponent", "Who you challenge")
                    .required(true),
            )
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "opponent2",
                "A second opponent (Tantrix)",
            ))
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "opponent3",
                "A third opponent (Tantrix)",
            ))
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "side",
                    "Move first, second, or draw lots",
                )
                .add_string_choice("first", "first")
                .add_string_choice("second", "second")
                .add_string_choice("random", "random"),
            )
            .add_option(CreateCommandOption::new(
                CommandOptionType::String,
                "variant",
                "A ruleset or setup where the game has several",
            ))
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "level",
                    "Against Tabula itself: 1 (gentle) to 5",
                )
                .min_int_value(1)
                .max_int_value(5),
            )
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "setup",
                    "TZAAR: random or standard start",
                )
                .add_string_choice("random", "random")
                .add_string_choice("standard", "standard"),
            ),
        CreateCommand::new("accept").description("Accept the challenge in this channel"),
        CreateCommand::new("decline").description("Decline the challenge in this channel"),
        CreateCommand::new("withdraw").description("Withdraw your challenge in this channel"),
        CreateCommand::new("move").description("Play a move in this channel's game").add_option(
            CreateCommandOption::new(
                CommandOptionType::String,
                "move",
                "Your move; start typing to see legal ones",
            )
            .required(true)
            .set_autocomplete(true),
        ),
        CreateCommand::new("board").description("Show this channel's game board"),
        CreateCommand::new("resign").description("Resign this channel's game"),
        CreateCommand::new("abort").description("End this channel's game before its first move"),
        CreateCommand::new("help")
            .description("How to play, and how to write moves")
            .add_option(game_option(false, "The game to explain")),
    ]
}

/// Turns a command's options into a request, or the sentence saying what is wrong.
fn read_request(name: &str, options: &[ResolvedOption<'_>]) -> Result<Request, String> {
    let string = |key: &str| {
        options.iter().find(|o| o.name == key).and_then(|o| match o.value {
            ResolvedValue::String(s) => Some(s.to_string()),
            _ => None,
        })
    };
    let game = |key: &str| string(key).map(|g| g.parse::<GameKind>().map_err(|e| format!("{e}.")));
    Ok(match name {
        "play" => {
            let game = game("game").ok_or("Choose a game: tablut, tzaar or tantrix.")??;
            let mut opponents = Vec::new();
            for key in ["opponent", "opponent2", "opponent3"] {
                if let Some(o) = options.iter().find(|o| o.name == key) {
                    match o.value {
                        ResolvedValue::User(user, member) => {
                            let name =
                                member.and_then(|m| m.nick.clone()).unwrap_or_else(|| display_name(user));
                            opponents.push(Member { id: user.id.get(), name, bot: user.bot });
                        }
                        _ => return Err(format!("`{key}` must name a member of this server.")),
                    }
                }
            }
            let side = match string("side").as_deref() {
                None | Some("random") => SidePref::Random,
                Some("first") => SidePref::First,
                Some("second") => SidePref::Second,
                Some(other) => {
                    return Err(format!("`{other}` is not a side: choose first, second or random."));
                }
            };
            let level = options.iter().find(|o| o.name == "level").and_then(|o| match o.value {
                ResolvedValue::Integer(n) => u8::try_from(n).ok().or(Some(0)),
                _ => None,
            });
            Request::Play {
                game,
                opponents,
                variant: string("variant").or_else(|| string("setup")),
                side,
                level,
            }
        }
        "accept" => Request::Accept { session: None },
        "decline" => Request::Decline { session: None },
        "withdraw" => Request::Withdraw { session: None },
        "move" => Request::Move { text: string("move").unwrap_or_default() },
        "board" => Request::Board,
        "resign" => Request::Resign,
        "abort" => Request::Abort,
        "help" => Request::Help { game: game("game").transpose()? },
        other => return Err(format!("Tabula has no /{other} command any more; see /help.")),
    })
}

fn display_name(user: &User) -> String {
    user.global_name.clone().unwrap_or_else(|| user.name.clone())
}

fn actor_of(user: &User, member: Option<&serenity::all::Member>) -> Actor {
    let name = member.and_then(|m| m.nick.clone()).unwrap_or_else(|| display_name(user));
    let can_manage =
        member.and_then(|m| m.permissions).is_some_and(serenity::all::Permissions::manage_messages);
    Actor { member: Member { id: user.id.get(), name, bot: user.bot }, can_manage }
}

fn action_rows(buttons: &[Button]) -> Vec<CreateActionRow> {
    if buttons.is_empty() {
        return Vec::new();
    }
    let buttons = buttons
        .iter()
        .map(|b| {
            CreateButton::new(&b.custom_id).label(&b.label).style(match b.style {
                ButtonStyle::Primary => DiscordButtonStyle::Primary,
                ButtonStyle::Success => DiscordButtonStyle::Success,
                ButtonStyle::Danger => DiscordButtonStyle::Danger,
                ButtonStyle::Secondary => DiscordButtonStyle::Secondary,
            })
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

/// Draws the board off the async runtime and builds the edit that carries it.
async fn board_edit(reply: &Reply, board: Board) -> EditInteractionResponse {
    let title = format!("{} — move {}", board.game.kind().title(), board.game.move_number());
    let png =
        tokio::task::spawn_blocking(move || board_png(&board.game, &board.names)).await.unwrap_or_default();
    EditInteractionResponse::new()
        .content(&reply.text)
        .embed(CreateEmbed::new().title(title).image("attachment://board.png"))
        .new_attachment(CreateAttachment::bytes(png, "board.png"))
        .components(action_rows(&reply.buttons))
}

fn private_message(text: &str) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content(text).ephemeral(true))
}

/// The event handler: the session layer plus what it needs to know about Discord.
struct Handler {
    sessions: Arc<Sessions<SqliteStore>>,
    guild_id: Option<u64>,
}

impl Handler {
    /// Lets the AI play in `channel` for as long as it is to move, posting each of its moves.
    fn spawn_ai(&self, ctx: &Context, channel: u64) {
        let sessions = self.sessions.clone();
        let http = ctx.http.clone();
        tokio::spawn(async move {
            while let Some(reply) = sessions.ai_turn(channel).await {
                let mut message = CreateMessage::new().content(&reply.text);
                if let Some(board) = reply.board {
                    let title = format!("{} — move {}", board.game.kind().title(), board.game.move_number());
                    let png = tokio::task::spawn_blocking(move || board_png(&board.game, &board.names))
                        .await
                        .unwrap_or_default();
                    message = message
                        .embed(CreateEmbed::new().title(title).image("attachment://board.png"))
                        .add_file(CreateAttachment::bytes(png, "board.png"));
                }
                if let Err(e) = ChannelId::new(channel).send_message(&http, message).await {
                    tracing::warn!(channel, error = %e, "could not post the AI's move");
                }
            }
        });
    }

    async fn on_command(&self, ctx: &Context, cmd: &CommandInteraction) -> serenity::Result<()> {
        let actor = actor_of(&cmd.user, cmd.member.as_deref());
        let request = match read_request(&cmd.data.name, &cmd.data.options()) {
            Ok(r) => r,
            Err(text) => return cmd.create_response(&ctx.http, private_message(&text)).await,
        };
        let reply = self.sessions.handle(cmd.channel_id.get(), &actor, request).await;
        if reply.ephemeral {
            return cmd.create_response(&ctx.http, private_message(&reply.text)).await;
        }
        self.spawn_ai(ctx, cmd.channel_id.get());
        if let Some(board) = reply.board.clone() {
            cmd.defer(&ctx.http).await?;
            cmd.edit_response(&ctx.http, board_edit(&reply, board).await).await.map(|_| ())
        } else {
            let message = CreateInteractionResponseMessage::new()
                .content(&reply.text)
                .components(action_rows(&reply.buttons));
            cmd.create_response(&ctx.http, CreateInteractionResponse::Message(message)).await
        }
    }

    async fn on_button(&self, ctx: &Context, press: &ComponentInteraction) -> serenity::Result<()> {
        let actor = actor_of(&press.user, press.member.as_ref());
        let Some((channel, request)) = parse_button(&press.data.custom_id) else {
            return press
                .create_response(&ctx.http, private_message("That button is no longer in use."))
                .await;
        };
        if channel != press.channel_id.get() {
            return press
                .create_response(&ctx.http, private_message("That button belongs to another channel."))
                .await;
        }
        let reply = self.sessions.handle(channel, &actor, request).await;
        if reply.ephemeral {
            return press.create_response(&ctx.http, private_message(&reply.text)).await;
        }
        self.spawn_ai(ctx, channel);
        // The challenge message itself is updated: its buttons go once the challenge is settled.
        if let Some(board) = reply.board.clone() {
            press.create_response(&ctx.http, CreateInteractionResponse::Acknowledge).await?;
            press.edit_response(&ctx.http, board_edit(&reply, board).await).await.map(|_| ())
        } else {
            let message = CreateInteractionResponseMessage::new()
                .content(&reply.text)
                .components(action_rows(&reply.buttons));
            press.create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(message)).await
        }
    }

    async fn on_autocomplete(&self, ctx: &Context, cmd: &CommandInteraction) -> serenity::Result<()> {
        let typed = cmd.data.autocomplete().map(|o| o.value.to_string()).unwrap_or_default();
        let suggestions = self.sessions.suggest(cmd.channel_id.get(), cmd.user.id.get(), &typed).await;
        let response = suggestions
            .into_iter()
            .take(MAX_SUGGESTIONS)
            .fold(CreateAutocompleteResponse::new(), |r, s| r.add_string_choice(s.clone(), s));
        cmd.create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response)).await
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        self.sessions.set_bot_id(ready.user.id.get());
        // Games whose AI was thinking when the bot stopped: it thinks again.
        for channel in self.sessions.ai_channels().await {
            self.spawn_ai(&ctx, channel);
        }
        let registered = match self.guild_id {
            Some(guild) => GuildId::new(guild).set_commands(&ctx.http, commands()).await,
            None => serenity::all::Command::set_global_commands(&ctx.http, commands()).await,
        };
        match registered {
            Ok(list) => {
                tracing::info!(count = list.len(), guild = ?self.guild_id, "slash commands registered");
            }
            Err(e) => tracing::error!(error = %e, "could not register the slash commands"),
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match &interaction {
            Interaction::Command(cmd) => self.on_command(&ctx, cmd).await,
            Interaction::Autocomplete(cmd) => self.on_autocomplete(&ctx, cmd).await,
            Interaction::Component(press) => self.on_button(&ctx, press).await,
            _ => Ok(()),
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, id = %interaction.id(), "could not answer an interaction");
        }
    }
}

/// A running bot, to be stopped with [`Bot::shutdown`].
pub struct Bot {
    shard_manager: Arc<ShardManager>,
    task: JoinHandle<serenity::Result<()>>,
    sessions: Arc<Sessions<SqliteStore>>,
}

impl Bot {
    /// Opens the store, connects to Discord (or to `api_proxy`) and starts handling events.
    pub async fn start(config: &Config) -> anyhow::Result<Bot> {
        let store = SqliteStore::open(&config.database)
            .await
            .with_context(|| format!("cannot open the database {}", config.database.display()))?;
        let sessions = Arc::new(Sessions::new(store, config.session_config()));
        let mut http = HttpBuilder::new(config.token.expose());
        if let Some(proxy) = &config.api_proxy {
            // A proxy (a rate-limit proxy in production, a fake Discord in tests) does the rate limiting.
            http = http.proxy(proxy.trim_end_matches('/')).ratelimiter_disabled(true);
        }
        let handler = Handler { sessions: sessions.clone(), guild_id: config.guild_id };
        let mut client = serenity::all::ClientBuilder::new_with_http(http.build(), GatewayIntents::GUILDS)
            .event_handler(handler)
            .await
            .context("cannot set up the Discord client")?;
        let shard_manager = client.shard_manager.clone();
        let task = tokio::spawn(async move { client.start().await });
        Ok(Bot { shard_manager, task, sessions })
    }

    /// The session layer the bot drives.
    pub fn sessions(&self) -> &Arc<Sessions<SqliteStore>> {
        &self.sessions
    }

    /// Whether the client stopped by itself (it failed to connect, or Discord closed the session for good).
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }

    /// Disconnects from the gateway and closes the store.
    pub async fn shutdown(mut self) -> anyhow::Result<()> {
        // Bounded: a client still trying to reach its gateway has no shard to close.
        let limit = std::time::Duration::from_secs(10);
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

/// Runs the bot until Ctrl-C or SIGTERM, then shuts down gracefully.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let mut bot = Bot::start(&config).await?;
    tracing::info!(database = %config.database.display(), proxy = config.api_proxy.is_some(), "Tabula is starting");
    tokio::select! {
        result = bot.wait() => return result,
        () = shutdown_signal() => tracing::info!("shutting down"),
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
