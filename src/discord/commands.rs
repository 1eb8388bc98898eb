//! The slash commands Tabula registers, and how an interaction's options and user become the session layer's
//! request and actor.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Message `key` in every language that localizes it on Discord: `(Discord locale, text)`.
fn translations(key: &str) -> impl Iterator<Item = (&'static str, String)> + '_ {
    Lang::ALL
        .into_iter()
        .filter_map(move |lang| Some((lang.discord_locale()?, crate::i18n::plain(lang, key))))
}

/// A command whose description is message `cmd-<name>` of `commands.ftl`, with Discord's localizations.
pub(super) fn command(name: &str) -> CreateCommand {
    let key = format!("cmd-{name}");
    translations(&key).fold(
        CreateCommand::new(name).description(crate::i18n::plain(Lang::En, &key)),
        |c, (locale, text)| c.description_localized(locale, text),
    )
}

/// An option of `command` whose description is message `opt-<command>-<name>`, with Discord's localizations.
pub(super) fn option(kind: CommandOptionType, command: &str, name: &str) -> CreateCommandOption {
    let key = format!("opt-{command}-{name}");
    translations(&key).fold(
        CreateCommandOption::new(kind, name, crate::i18n::plain(Lang::En, &key)),
        |o, (locale, text)| o.description_localized(locale, text),
    )
}

/// A string choice whose shown name is message `choice-<option>-<value>`, with Discord's localizations.
fn choice(option: CreateCommandOption, name: &str, value: &str) -> CreateCommandOption {
    let key = format!("choice-{name}-{value}");
    let locales: Vec<(&str, String)> = translations(&key).collect();
    option.add_string_choice_localized(crate::i18n::plain(Lang::En, &key), value, locales)
}

/// The slash commands, all in one list. Games, their seats and their variants come from the registry.
pub fn commands() -> Vec<CreateCommand> {
    let mut all = game_commands();
    all.extend(coach::commands());
    all.push(settings_command());
    all
}

/// The commands of games and their records, offers, reminders and lookups.
fn game_commands() -> Vec<CreateCommand> {
    let game_option = |required: bool, command: &str| {
        GameKind::ALL
            .iter()
            .fold(option(CommandOptionType::String, command, "game").required(required), |o, g| {
                o.add_string_choice(g.title(), g.name())
            })
    };
    let most_seats = GameKind::ALL.iter().map(|g| *g.seats().end()).max().unwrap_or(2);
    let mut play = command("play")
        .add_option(game_option(true, "play"))
        .add_option(option(CommandOptionType::User, "play", "opponent").required(true));
    for n in 2..most_seats {
        play = play.add_option(option(CommandOptionType::User, "play", &format!("opponent{n}")));
    }
    let side = ["first", "second", "random"]
        .into_iter()
        .fold(option(CommandOptionType::String, "play", "side"), |o, v| choice(o, "side", v));
    play = play
        .add_option(side)
        .add_option(option(CommandOptionType::String, "play", "variant").set_autocomplete(true))
        .add_option(option(CommandOptionType::Integer, "play", "level").min_int_value(1).max_int_value(5))
        .add_option(option(CommandOptionType::Boolean, "play", "rated"))
        .add_option(
            ClockChoice::ALL.iter().fold(option(CommandOptionType::String, "play", "clock"), |o, c| {
                choice(o, "clock", c.name())
            }),
        )
        .add_option(option(CommandOptionType::Boolean, "play", "thread"));
    vec![
        play,
        command("accept"),
        command("decline"),
        command("withdraw"),
        command("move").add_option(
            option(CommandOptionType::String, "move", "move").required(true).set_autocomplete(true),
        ),
        command("board"),
        command("resign"),
        command("abort"),
        command("help").add_option(game_option(false, "help")),
    ]
    .into_iter()
    .chain(clocks::commands())
    .chain(lookups::commands(&game_option))
    .collect()
}

/// `/settings`, for members with the Manage Server permission (Discord hides it from the others).
fn settings_command() -> CreateCommand {
    use crate::session::settings::{DEFAULT, FOLLOW_SERVER, LANGUAGES, MAX_CHALLENGE_MINUTES};
    let language = LANGUAGES
        .iter()
        .fold(option(CommandOptionType::String, "settings", "language"), |o, (code, name)| {
            o.add_string_choice(*name, *code)
        });
    let channel = |name: &str| {
        option(CommandOptionType::Channel, "settings", name)
            .channel_types(vec![serenity::all::ChannelType::Text])
    };
    let clock =
        ClockChoice::ALL.iter().fold(option(CommandOptionType::String, "settings", "clock"), |o, c| {
            o.add_string_choice(c.name(), c.name())
        });
    let threads = ["on", "off"]
        .into_iter()
        .fold(option(CommandOptionType::String, "settings", "threads"), |o, v| choice(o, "threads", v));
    command("settings")
        .default_member_permissions(serenity::all::Permissions::MANAGE_GUILD)
        .dm_permission(false)
        .add_option(choice(language, "language", FOLLOW_SERVER))
        .add_option(channel("allow_channel"))
        .add_option(channel("disallow_channel"))
        .add_option(option(CommandOptionType::Boolean, "settings", "all_channels"))
        .add_option(choice(threads, "default", DEFAULT))
        .add_option(choice(clock, "default", DEFAULT))
        .add_option(
            option(CommandOptionType::Integer, "settings", "challenge_minutes")
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
        "play" if !in_server => Some(Text::new().key("play-in-dm")),
        "settings" if !in_server => Some(Text::new().key("settings-in-dm")),
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

/// Who acts, with the languages of the interaction (for the pictures the session layer draws).
pub(super) fn actor_of(
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
        guild: guild.map(GuildId::get),
        locales,
    }
}
