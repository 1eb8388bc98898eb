//! `/play`: challenges members (or the bot itself) to a game in this channel.

use crate::games::GameKind;

use super::super::clocks::ClockChoice;
use super::super::request::{
    OptionKind, Request, read_bool, read_clock, read_level, read_member, read_side, read_switch, read_text,
};
use super::super::text::Text;
use super::{Args, Choice, Declaration, Opt, game_option};

/// The options that name the opponents: `opponent`, then `opponent2`… for the most seats any game has.
fn opponent_options() -> Vec<String> {
    let most_seats = GameKind::ALL.iter().map(|g| *g.seats().end()).max().unwrap_or(2);
    std::iter::once("opponent".to_string()).chain((2..most_seats).map(|n| format!("opponent{n}"))).collect()
}

pub(super) fn declaration() -> Declaration {
    let (low, high) = (*crate::ai::LEVELS.start(), *crate::ai::LEVELS.end());
    let mut play = Declaration::new("play", parse).option(game_option().required());
    for (i, name) in opponent_options().into_iter().enumerate() {
        let opponent = Opt::new(name, OptionKind::User);
        play = play.option(if i == 0 { opponent.required() } else { opponent });
    }
    play.server_only = Some("play-in-dm");
    play.option(
        Opt::new("side", OptionKind::Text)
            .choices(["first", "second", "random"].map(|v| Choice::message("side", v))),
    )
    .option(Opt::new("variant", OptionKind::Text).autocomplete())
    .option(Opt::new("setup", OptionKind::Text).console_only())
    .option(Opt::new("level", OptionKind::Integer).range(u64::from(low), Some(u64::from(high))))
    .option(Opt::new("rated", OptionKind::Boolean))
    .option(
        Opt::new("clock", OptionKind::Text)
            .choices(ClockChoice::ALL.iter().map(|c| Choice::message("clock", c.name()))),
    )
    .option(Opt::new("thread", OptionKind::Boolean))
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let game = super::required_game(args, |game| format!("/play game:{game} opponent:@someone"))?;
    let mut opponents = Vec::new();
    for key in opponent_options() {
        if let Some(value) = args.get(&key) {
            opponents.push(read_member(&key, value)?);
        }
    }
    let side = args.read("side", read_side)?.unwrap_or_default();
    let variant = args.read("variant", |v| read_text("variant", v))?;
    let setup = args.read("setup", |v| read_text("setup", v))?;
    let level = args.read("level", read_level)?;
    let rated = args.read("rated", |v| read_bool("rated", v))?.unwrap_or(true);
    let clock = args.read("clock", read_clock)?;
    let thread = args.read("thread", |v| read_switch("thread", v))?;
    Ok(Request::Play { game, opponents, variant: variant.or(setup), side, level, rated, clock, thread })
}
