//! The slash commands Tabula registers, and how an interaction's options and user become the session layer's
//! request and actor.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The slash commands, all in one list. Games, their seats and their variants come from the registry.
pub fn commands() -> Vec<CreateCommand> {
    let mut all = game_commands();
    all.extend(coach::commands());
    all.push(settings_command());
    all
}

/// The commands of games and their records, offers, reminders and lookups.
fn game_commands() -> Vec<CreateCommand> {
    let game_option = |required: bool, what: &str| {
        GameKind::ALL.iter().fold(
            CreateCommandOption::new(CommandOptionType::String, "game", what).required(required),
            |o, g| o.add_string_choice(g.title(), g.name()),
        )
    };
    let most_seats = GameKind::ALL.iter().map(|g| *g.seats().end()).max().unwrap_or(2);
    let mut play = CreateCommand::new("play")
        .description("Challenge members (or Tabula itself) to a game in this channel")
        .add_option(game_option(true, "The game to play"))
        .add_option(
            CreateCommandOption::new(CommandOptionType::User, "opponent", "Who you challenge").required(true),
        );
    for n in 2..most_seats {
        play = play.add_option(CreateCommandOption::new(
            CommandOptionType::User,
            format!("opponent{n}"),
            "Another opponent, for games of more than two players",
        ));
    }
    play = play
        .add_option(
            CreateCommandOption::new(CommandOptionType::String, "side", "Move first, second, or draw lots")
                .add_string_choice("first", "first")
                .add_string_choice("second", "second")
                .add_string_choice("random", "random"),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::String,
                "variant",
                "A ruleset or start layout, where the game has several (see /help)",
            )
            .set_autocomplete(true),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::Integer,
                "level",
                "Against Tabula itself: 1 (gentle) to 5",
            )
            .min_int_value(1)
            .max_int_value(5),
        )
        .add_option(CreateCommandOption::new(
            CommandOptionType::Boolean,
            "rated",
            "Whether the game counts for ratings (default: true)",
        ))
        .add_option(ClockChoice::ALL.iter().fold(
            CreateCommandOption::new(
                CommandOptionType::String,
                "clock",
                "Time per move (default from the config)",
            ),
            |o, c| o.add_string_choice(c.name(), c.name()),
        ))
        .add_option(CreateCommandOption::new(
            CommandOptionType::Boolean,
            "thread",
            "Play in a new thread under this channel",
        ));
    vec![
        play,
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
        CreateCommand::new("abort")
            .description("End this channel's game (after the first move, with your opponent's consent)"),
        CreateCommand::new("help")
            .description("How to play, and how to write moves")
            .add_option(game_option(false, "The game to explain")),
    ]
    .into_iter()
    .chain(clocks::commands())
    .chain(lookups::commands(&game_option))
    .collect()
}

/// `/settings`, for members with the Manage Server permission (Discord hides it from the others).
fn settings_command() -> CreateCommand {
    use crate::session::settings::{DEFAULT, FOLLOW_SERVER, LANGUAGES, MAX_CHALLENGE_MINUTES};
    let language = LANGUAGES.iter().fold(
        CreateCommandOption::new(CommandOptionType::String, "language", "The language of public messages"),
        |o, (code, name)| o.add_string_choice(*name, *code),
    );
    let channel = |name: &str, what: &str| {
        CreateCommandOption::new(CommandOptionType::Channel, name, what)
            .channel_types(vec![serenity::all::ChannelType::Text])
    };
    let clock = ClockChoice::ALL.iter().fold(
        CreateCommandOption::new(
            CommandOptionType::String,
            "clock",
            "The time per move when /play names none",
        ),
        |o, c| o.add_string_choice(c.name(), c.name()),
    );
    CreateCommand::new("settings")
        .description("Show or change Tabula's settings on this server (Manage Server)")
        .default_member_permissions(serenity::all::Permissions::MANAGE_GUILD)
        .dm_permission(false)
        .add_option(language.add_string_choice("Follow the server's Discord language", FOLLOW_SERVER))
        .add_option(channel("allow_channel", "Allow games in this channel (then only in the allowed ones)"))
        .add_option(channel("disallow_channel", "Stop allowing games in this channel"))
        .add_option(CreateCommandOption::new(
            CommandOptionType::Boolean,
            "all_channels",
            "true: allow games in every channel again",
        ))
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::String,
                "threads",
                "Whether games start in a new thread",
            )
            .add_string_choice("on", "on")
            .add_string_choice("off", "off")
            .add_string_choice("the bot's default", DEFAULT),
        )
        .add_option(clock.add_string_choice("the bot's default", DEFAULT))
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::Integer,
                "challenge_minutes",
                "How long a challenge waits for its answer, in minutes (0: the bot's default)",
            )
            .min_int_value(0)
            .max_int_value(MAX_CHALLENGE_MINUTES as u64),
        )
}

/// The session layer's view of a command's options.
pub(super) fn options_of(options: &[ResolvedOption<'_>]) -> Vec<(String, OptionValue)> {
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
                // Discord sends no other kinds for Tabula's commands.
                _ => return None,
            };
            Some((o.name.to_string(), value))
        })
        .collect()
}

/// What a command needs beyond its options: `/play` in a direct message is refused, since a game belongs to a
/// server channel.
pub fn refusal(command: &str, in_server: bool) -> Option<Text> {
    match command {
        "play" if !in_server => Some(Text::from(
            "Games are played in server channels, not in direct messages: use /play in a channel of a server \
             where Tabula is.",
        )),
        "settings" if !in_server => {
            Some(Text::from("Settings belong to a server: use /settings in a channel of your server."))
        }
        _ => None,
    }
}

/// Reads a command into a request, or the sentence saying what is wrong.
pub(super) fn read_request(cmd: &CommandInteraction) -> Result<Request, Text> {
    if let Some(why) = refusal(&cmd.data.name, cmd.guild_id.is_some()) {
        return Err(why);
    }
    parse_request(&cmd.data.name, &options_of(&cmd.data.options()))
}

pub(super) fn display_name(user: &User) -> String {
    user.global_name.clone().unwrap_or_else(|| user.name.clone())
}

pub(super) fn actor_of(user: &User, member: Option<&serenity::all::Member>, guild: Option<GuildId>) -> Actor {
    let name = member.and_then(|m| m.nick.clone()).unwrap_or_else(|| display_name(user));
    let permissions = member.and_then(|m| m.permissions);
    let can_manage = permissions.is_some_and(serenity::all::Permissions::manage_messages);
    let can_manage_server = permissions.is_some_and(serenity::all::Permissions::manage_guild);
    Actor {
        member: Member { id: user.id.get(), name, bot: user.bot },
        can_manage,
        can_manage_server,
        guild: guild.map(GuildId::get),
    }
}
