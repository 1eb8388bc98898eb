//! The slash commands Tabula registers: the session layer's declarations, one loop (how an interaction's options
//! become a request is the handler's).

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::session::OptionKind;
use crate::session::commands::{Choice, Declaration, Label, Opt, declarations};

/// Message `key` in every language that localizes it on Discord: `(Discord locale, text)`.
fn translations(key: &str) -> impl Iterator<Item = (&'static str, String)> + '_ {
    Lang::ALL
        .into_iter()
        .filter_map(move |lang| Some((lang.discord_locale()?, crate::i18n::plain(lang, key))))
}

/// A command whose description is message `cmd-<name>` of `commands.ftl`, with Discord's localizations.
fn command(name: &str) -> CreateCommand {
    let key = format!("cmd-{name}");
    translations(&key).fold(
        CreateCommand::new(name).description(crate::i18n::plain(Lang::En, &key)),
        |c, (locale, text)| c.description_localized(locale, text),
    )
}

/// An option of `command` whose description is message `opt-<command>-<name>`, with Discord's localizations.
fn option(kind: CommandOptionType, command: &str, name: &str) -> CreateCommandOption {
    let key = format!("opt-{command}-{name}");
    translations(&key).fold(
        CreateCommandOption::new(kind, name, crate::i18n::plain(Lang::En, &key)),
        |o, (locale, text)| o.description_localized(locale, text),
    )
}

/// A string choice, its shown name translated when it is a message.
fn choice(option: CreateCommandOption, choice: &Choice) -> CreateCommandOption {
    match &choice.label {
        Label::Plain(name) => option.add_string_choice(name, &choice.value),
        Label::Message(key) => {
            let locales: Vec<(&str, String)> = translations(key).collect();
            option.add_string_choice_localized(crate::i18n::plain(Lang::En, key), &choice.value, locales)
        }
    }
}

/// A declared option as Discord registers it.
fn option_of(command: &str, declared: &Opt) -> CreateCommandOption {
    let kind = match declared.kind {
        OptionKind::Text => CommandOptionType::String,
        OptionKind::Integer => CommandOptionType::Integer,
        OptionKind::Boolean => CommandOptionType::Boolean,
        OptionKind::User => CommandOptionType::User,
        OptionKind::Channel => CommandOptionType::Channel,
        OptionKind::Role => CommandOptionType::Role,
    };
    let mut built = option(kind, command, &declared.name);
    if declared.required {
        built = built.required(true);
    }
    if declared.autocomplete {
        built = built.set_autocomplete(true);
    }
    if declared.kind == OptionKind::Channel {
        built = built.channel_types(vec![serenity::all::ChannelType::Text]);
    }
    if let Some(min) = declared.min {
        built = built.min_int_value(min);
    }
    if let Some(max) = declared.max {
        built = built.max_int_value(max);
    }
    declared.choices.iter().fold(built, choice)
}

/// A declared command as Discord registers it.
fn command_of(declared: &Declaration) -> CreateCommand {
    let mut built = command(declared.name);
    if declared.managers {
        built =
            built.default_member_permissions(serenity::all::Permissions::MANAGE_GUILD).dm_permission(false);
    }
    declared
        .options
        .iter()
        .filter(|o| !o.console_only)
        .fold(built, |c, o| c.add_option(option_of(declared.name, o)))
}

/// The slash commands: every command the session layer declares, registered in one loop.
pub fn commands() -> Vec<CreateCommand> {
    declarations().iter().map(command_of).collect()
}
