//! The slash commands that look things up: a member's games, their ratings, and a game's leaderboard.

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

use super::commands::{command, option};

/// `/history`, `/rating` and `/leaderboard`; `game_option(required, command)` is the list's game option.
pub(super) fn commands(game_option: &dyn Fn(bool, &str) -> CreateCommandOption) -> Vec<CreateCommand> {
    vec![
        command("history")
            .add_option(option(CommandOptionType::User, "history", "user"))
            .add_option(game_option(false, "history"))
            .add_option(option(CommandOptionType::Integer, "history", "page").min_int_value(1)),
        command("rating").add_option(option(CommandOptionType::User, "rating", "user")),
        command("leaderboard").add_option(game_option(true, "leaderboard")),
    ]
}
