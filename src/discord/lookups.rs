//! The slash commands that look things up: a member's games, their ratings, and a game's leaderboard.

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption};

/// `/history`, `/rating` and `/leaderboard`; `game_option(required, description)` is the list's game option.
pub(super) fn commands(game_option: &dyn Fn(bool, &str) -> CreateCommandOption) -> Vec<CreateCommand> {
    let user = |what: &str| CreateCommandOption::new(CommandOptionType::User, "user", what);
    vec![
        CreateCommand::new("history")
            .description("A member's recent games on this server")
            .add_option(user("Whose games (default: yours)"))
            .add_option(game_option(false, "Only the games of this game"))
            .add_option(
                CreateCommandOption::new(CommandOptionType::Integer, "page", "Which page (20 games a page)")
                    .min_int_value(1),
            ),
        CreateCommand::new("rating")
            .description("A member's ratings and results per game")
            .add_option(user("Whose ratings (default: yours)")),
        CreateCommand::new("leaderboard")
            .description("The best players of a game on this server, as a picture")
            .add_option(game_option(true, "The game")),
    ]
}
