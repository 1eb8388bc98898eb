//! The gateway's event handler and the answer to each interaction, whichever way it came (the gateway or the
//! HTTP interactions endpoint): slash commands (their options and user read into the session layer's request and
//! actor), autocompletes, buttons and select menus, routed to the session layer and answered within Discord's
//! three seconds through [`super::deliver`]. The bot's lifecycle (connecting, the sweep, shutting down)
//! is in the module above.

#[allow(clippy::wildcard_imports)]
use super::*;
/// The event handler: the session layer plus what it needs to know about Discord.
pub(super) struct Handler {
    pub(super) sessions: Arc<Sessions>,
    pub(super) guild_id: Option<u64>,
    /// The languages last seen per channel and member, for messages sent without an interaction.
    pub(super) langs: Arc<LangBook>,
    /// The gateway's shards: connected now, and connected once (a later connection is a reconnect).
    pub(super) shards: std::sync::Mutex<Shards>,
    /// The emojis of the picker's icons.
    pub(super) emojis: Arc<Emojis>,
    /// How many interactions have been handled to the end (their answers and edits all made).
    pub(super) handled: Arc<tokio::sync::watch::Sender<u64>>,
}

/// What the handler knows of its gateway shards.
#[derive(Default)]
pub(super) struct Shards {
    pub(super) connected: std::collections::HashSet<u32>,
    pub(super) seen: std::collections::HashSet<u32>,
}

/// The session layer's view of a command's options.
fn options_of(options: &[ResolvedOption<'_>]) -> Vec<(String, OptionValue)> {
    options
        .iter()
        .filter_map(|o| {
            let value = match &o.value {
                ResolvedValue::String(s) => OptionValue::Text((*s).to_string()),
                ResolvedValue::Integer(n) => OptionValue::Integer(*n),
                ResolvedValue::Boolean(b) => OptionValue::Boolean(*b),
                ResolvedValue::User(user, member) => {
                    let name = member.and_then(|m| m.nick.clone()).unwrap_or_else(|| display_name(user));
                    OptionValue::User(Member { id: user.id.get(), name, bot: user.bot })
                }
                ResolvedValue::Channel(channel) => OptionValue::Channel {
                    id: channel.id.get(),
                    name: channel.name.clone().unwrap_or_default(),
                },
                ResolvedValue::Unresolved(serenity::all::Unresolved::Channel(id)) => {
                    OptionValue::Channel { id: id.get(), name: String::new() }
                }
                ResolvedValue::Role(role) => OptionValue::Role { id: role.id.get(), name: role.name.clone() },
                ResolvedValue::Unresolved(serenity::all::Unresolved::RoleId(id)) => {
                    OptionValue::Role { id: id.get(), name: String::new() }
                }
                // Discord sends no other kinds for Tabula's commands.
                _ => return None,
            };
            Some((o.name.to_string(), value))
        })
        .collect()
}

/// Reads a command into a request, or the sentence saying what is wrong.
fn read_request(cmd: &CommandInteraction) -> Result<Request, Text> {
    if let Some(why) = refusal(&cmd.data.name, cmd.guild_id.is_some()) {
        return Err(why);
    }
    parse_request(&cmd.data.name, &options_of(&cmd.data.options()))
}

fn display_name(user: &User) -> String {
    user.global_name.clone().unwrap_or_else(|| user.name.clone())
}

/// Who acts, with the languages of the interaction (for the pictures the session layer draws).
fn actor_of(
    user: &User,
    member: Option<&serenity::all::Member>,
    guild: Option<GuildId>,
    locales: crate::i18n::Locales,
) -> Actor {
    let name = member.and_then(|m| m.nick.clone()).unwrap_or_else(|| display_name(user));
    let permissions = member.and_then(|m| m.permissions);
    let can_manage = permissions.is_some_and(serenity::all::Permissions::manage_messages);
    let can_manage_server = permissions.is_some_and(serenity::all::Permissions::manage_guild);
    Actor {
        member: Member { id: user.id.get(), name, bot: user.bot },
        can_manage,
        can_manage_server,
        roles: member.map(|m| m.roles.iter().map(|r| r.get()).collect()).unwrap_or_default(),
        guild: guild.map(GuildId::get),
        locales,
    }
}

impl Handler {
    /// Lets the AI play in `channel` for as long as it is to move, posting each of its moves.
    pub(super) fn spawn_ai(&self, http: &Arc<Http>, channel: u64) {
        tasks::spawn_ai_in(self.sessions.clone(), http.clone(), channel, self.langs.clone());
    }

    /// The answer to an interaction in `channel`.
    fn answer<'a>(
        &'a self,
        http: &'a Arc<Http>,
        respond: &'a dyn Respond,
        token: &'a str,
        size_limit: u32,
        channel: u64,
    ) -> Answer<'a> {
        let (sessions, emojis, limit) = (&*self.sessions, &*self.emojis, replay::size_limit(size_limit));
        Answer { http, sessions, emojis, respond, token, limit, channel, deferred: false }
    }

    /// After a reply settled a challenge from a command (not from its own buttons), removes the buttons from the
    /// challenge's message.
    async fn clear_challenge_buttons(
        &self,
        http: &Http,
        channel: u64,
        reply: &Reply,
        from_message: Option<u64>,
    ) {
        let Some(challenge) = reply.challenge else { return };
        let Some(message) = challenge.message else { return };
        // A reply that is itself a pending challenge (buttons, no board yet) keeps its message's buttons; a game
        // that began (a board, with its Move button) or a challenge that ended clears them.
        if (reply.board.is_none() && !reply.buttons.is_empty()) || from_message == Some(message) {
            return;
        }
        let edit = EditMessage::new().components(Vec::new());
        if let Err(e) = ChannelId::new(channel).edit_message(http, MessageId::new(message), edit).await {
            tracing::debug!(channel, message, error = %e, "could not remove a settled challenge's buttons");
        }
    }

    /// What every answer does with the session layer's reply: in the asker's language when it is private, the
    /// channel's when public (a notice it brings is public); after a public one the computer moves if it is to,
    /// and a challenge it settled loses its buttons; then the reply is sent as `shape`.
    pub(super) async fn reply(
        &self,
        mut answer: Answer<'_>,
        reply: Reply,
        shape: Shape,
        locales: Locales,
    ) -> serenity::Result<()> {
        let notice = reply.notice.as_ref().map(|n| n.localized(locales.public));
        let lang = locales.of(reply.ephemeral);
        let mut reply = reply.localized(lang);
        reply.notice = notice;
        if !reply.ephemeral {
            self.spawn_ai(answer.http, answer.channel);
            let pressed = match shape {
                Shape::Update { pressed } => Some(pressed),
                Shape::New => None,
            };
            self.clear_challenge_buttons(answer.http, answer.channel, &reply, pressed).await;
        }
        answer.send(&reply, shape).await
    }

    pub(super) async fn on_command(
        &self,
        http: &Arc<Http>,
        cmd: &CommandInteraction,
        respond: &dyn Respond,
    ) -> serenity::Result<()> {
        let locales =
            locales_of(&self.sessions, cmd.guild_id, &cmd.locale, cmd.guild_locale.as_deref()).await;
        let actor = actor_of(&cmd.user, cmd.member.as_deref(), cmd.guild_id, locales);
        let channel = cmd.channel_id.get();
        self.langs.saw(channel, cmd.user.id.get(), locales);
        let request = match read_request(cmd) {
            Ok(r) => r,
            Err(text) => return respond.initial(private_message(text, locales.user)).await,
        };
        let mut answer = self.answer(http, respond, &cmd.token, cmd.attachment_size_limit, channel);
        if let Some(id) = request.analysis() {
            return self.analyse(answer, &actor, id, locales.user).await;
        }
        let declaration = crate::session::commands::declaration(&cmd.data.name);
        if declaration.as_ref().is_some_and(|d| d.slow) {
            answer.defer(true).await?;
        }
        if declaration.as_ref().is_some_and(|d| d.threads)
            && self.sessions.wants_thread(&actor, &request).await
        {
            return self.play_in_thread(answer, &actor, request, locales).await;
        }
        let reply = self.sessions.handle(channel, &actor, request).await;
        self.reply(answer, reply, Shape::New, locales).await
    }

    pub(super) async fn on_button(
        &self,
        http: &Arc<Http>,
        press: &ComponentInteraction,
        respond: &dyn Respond,
    ) -> serenity::Result<()> {
        let locales =
            locales_of(&self.sessions, press.guild_id, &press.locale, press.guild_locale.as_deref()).await;
        let actor = actor_of(&press.user, press.member.as_ref(), press.guild_id, locales);
        // A choice in a select menu is read with the value chosen.
        let chosen = match &press.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => {
                Some(values.first().map_or("", String::as_str))
            }
            _ => None,
        };
        let Some((channel, request)) = parse_component(&press.data.custom_id, chosen) else {
            self.sessions.metrics().interaction("unknown_button", crate::metrics::Handled::Ok);
            return respond.initial(private_message(Text::new().key("button-unknown"), locales.user)).await;
        };
        if channel != press.channel_id.get() {
            self.sessions.metrics().interaction("button_elsewhere", crate::metrics::Handled::Ok);
            return respond.initial(private_message(Text::new().key("button-elsewhere"), locales.user)).await;
        }
        self.langs.saw(channel, press.user.id.get(), locales);
        let on_private = press.message.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
        let fresh = request.new_message();
        let mut answer = self.answer(http, respond, &press.token, press.attachment_size_limit, channel);
        if request.slow() {
            // Acknowledged first: the answer then edits the message pressed on.
            answer.acknowledge().await?;
        }
        let reply = self.sessions.handle(channel, &actor, request).await;
        // A rematch or a request to abort is a new message, not an edit of the one the button is on; so is a
        // public answer to a press on a private message (a move played from the picker), and a private answer
        // that is not a picker's next step.
        let new = fresh || (on_private && !reply.ephemeral) || (reply.ephemeral && !reply.update);
        let shape = if new { Shape::New } else { Shape::Update { pressed: press.message.id.get() } };
        self.reply(answer, reply, shape, locales).await
    }

    pub(super) async fn on_autocomplete(
        &self,
        cmd: &CommandInteraction,
        respond: &dyn Respond,
    ) -> serenity::Result<()> {
        let focused = cmd.data.autocomplete();
        let typed = focused.as_ref().map(|o| o.value.to_string()).unwrap_or_default();
        let response = if focused.is_some_and(|o| o.name == "variant") {
            // The variants of the game chosen so far in the same command, with what each changes.
            let game = cmd.data.options().iter().find(|o| o.name == "game").and_then(|o| match o.value {
                ResolvedValue::String(g) => g.parse::<GameKind>().ok(),
                _ => None,
            });
            let lang = Lang::from_locale(&cmd.locale);
            let choices = game.map(|g| {
                let info = g.info();
                info.variant_choices_with(&typed, |v| info.variant_summary(lang, v))
            });
            markdown::named_choices(choices.unwrap_or_default())
        } else {
            let suggestions = self
                .sessions
                .suggest_or_why(cmd.channel_id.get(), cmd.user.id.get(), &typed, markdown::MAX_CHOICES)
                .await;
            match suggestions {
                Ok(suggestions) => choices(suggestions),
                // Out of turn, the one choice says whose turn it is; picking it is refused as no move.
                Err(why) => markdown::named_choices([(
                    why.plain_in(Lang::from_locale(&cmd.locale)),
                    crate::session::NO_MOVE_CHOICE.to_string(),
                )]),
            }
        };
        self.sessions.metrics().interaction("autocomplete", crate::metrics::Handled::Ok);
        respond.initial(CreateInteractionResponse::Autocomplete(response)).await
    }

    /// Answers one interaction, whichever way it came.
    pub(super) async fn on_interaction(
        &self,
        http: &Arc<Http>,
        interaction: &Interaction,
        respond: &dyn Respond,
    ) {
        let token = match interaction {
            Interaction::Command(cmd) | Interaction::Autocomplete(cmd) => Some(cmd.token.as_str()),
            Interaction::Component(press) => Some(press.token.as_str()),
            _ => None,
        };
        if let Some(token) = token {
            limits::note_interaction(token, interaction.id().get());
        }
        let timed =
            Timed { inner: respond, arrived: std::time::Instant::now(), metrics: self.sessions.metrics() };
        let respond: &dyn Respond = &timed;
        let channel = match interaction {
            Interaction::Command(cmd) | Interaction::Autocomplete(cmd) => Some(cmd.channel_id.get()),
            Interaction::Component(press) => Some(press.channel_id.get()),
            _ => None,
        };
        // Every line logged while it is handled names the interaction, its channel and (once its session is read,
        // see `Sessions::handle`) its game.
        let span = tracing::info_span!(
            "interaction",
            interaction = %interaction.id(),
            channel,
            game = tracing::field::Empty
        );
        let result = tracing::Instrument::instrument(
            async {
                match interaction {
                    Interaction::Command(cmd) => self.on_command(http, cmd, respond).await,
                    Interaction::Autocomplete(cmd) => self.on_autocomplete(cmd, respond).await,
                    Interaction::Component(press) => self.on_button(http, press, respond).await,
                    _ => Ok(()),
                }
            },
            span.clone(),
        )
        .await;
        let _in_span = span.enter();
        if let Err(e) = result {
            tracing::warn!(error = %e, id = %interaction.id(), "could not answer an interaction");
        }
    }

    /// Registers the slash commands (with the server of `guild_id` only, when set).
    pub(super) async fn register_commands(&self, http: &Http) {
        let registered = match self.guild_id {
            Some(guild) => GuildId::new(guild).set_commands(http, commands()).await,
            None => serenity::all::Command::set_global_commands(http, commands()).await,
        };
        match registered {
            Ok(list) => {
                tracing::info!(count = list.len(), guild = ?self.guild_id, "slash commands registered");
            }
            Err(e) => tracing::error!(error = %e, "could not register the slash commands"),
        }
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        self.sessions.set_bot_id(ready.user.id.get());
        self.sessions.metrics().set_gateway_connected(true);
        // Games whose AI was thinking when the bot stopped: it thinks again.
        for channel in self.sessions.ai_channels().await {
            self.spawn_ai(&ctx.http, channel);
        }
        self.register_commands(&ctx.http).await;
        self.emojis.start(ctx.http.clone());
    }

    async fn shard_stage_update(&self, _ctx: Context, event: ShardStageUpdateEvent) {
        let shard = event.shard_id.0;
        let mut shards = self.shards.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if event.new == ConnectionStage::Connected {
            if !shards.seen.insert(shard) {
                self.sessions.metrics().gateway_reconnected();
                tracing::info!(shard, "the gateway is connected again");
            }
            shards.connected.insert(shard);
        } else {
            shards.connected.remove(&shard);
        }
        self.sessions.metrics().set_gateway_connected(!shards.connected.is_empty());
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let (id, token) = match &interaction {
            Interaction::Command(i) | Interaction::Autocomplete(i) => (i.id, i.token.as_str()),
            Interaction::Component(i) => (i.id, i.token.as_str()),
            _ => return,
        };
        let respond = Callback { http: &ctx.http, id, token };
        self.on_interaction(&ctx.http, &interaction, &respond).await;
        self.handled.send_modify(|n| *n += 1);
    }
}
