//! `/tournament`: creates a tournament (members with Manage Server) and runs it: its standings, pause and
//! resume, a player withdrawn, a result set by hand with its reason, and cancelling. The round task and the
//! sign-up buttons share `session::tournaments`.

use crate::games::GameKind;
use crate::session::clocks::{ClockChoice, parse_duration};
use crate::session::tournaments::{MAX_PLAYERS, MAX_ROUNDS, MAX_START, TournamentSpec};
use crate::session::{Member, Reply};
use crate::store::TournamentState;
use crate::t;
use crate::tournament::{Format, WIN};

use super::super::request::{
    OptionKind, OptionValue, read_bool, read_clock, read_member, read_role, read_text,
};
use super::super::text::Text;
use super::{Args, Choice, Context, Declaration, Failure, Opt, Request, Run, game_option};

/// What `/tournament` does.
const ACTIONS: [&str; 7] = ["create", "standings", "pause", "resume", "withdraw", "result", "cancel"];

/// The longest reason for a result set by hand.
const MAX_REASON: usize = 200;

pub fn declaration() -> Declaration {
    let mut tournament = Declaration::new("tournament", parse)
        .option(
            Opt::new("action", OptionKind::Text)
                .required()
                .choices(ACTIONS.map(|a| Choice::message("action", a))),
        )
        .option(game_option())
        .option(
            Opt::new("format", OptionKind::Text)
                .choices(Format::ALL.map(|f| Choice::message("format", f.name()))),
        )
        .option(Opt::new("rounds", OptionKind::Integer).range(1, Some(u64::from(MAX_ROUNDS))))
        .option(
            Opt::new("clock", OptionKind::Text)
                .choices(ClockChoice::ALL.iter().map(|c| Choice::message("clock", c.name()))),
        )
        .option(Opt::new("starts", OptionKind::Text))
        .option(Opt::new("variant", OptionKind::Text))
        .option(Opt::new("rated", OptionKind::Boolean))
        .option(Opt::new("max_players", OptionKind::Integer).range(2, Some(u64::from(MAX_PLAYERS))))
        .option(Opt::new("mini_match", OptionKind::Boolean))
        .option(Opt::new("round_minutes", OptionKind::Integer).range(10, Some(30 * 24 * 60)))
        .option(Opt::new("check_in", OptionKind::Boolean))
        .option(Opt::new("winner_role", OptionKind::Role))
        .option(Opt::new("id", OptionKind::Integer).range(1, None))
        .option(Opt::new("player", OptionKind::User))
        .option(
            Opt::new("outcome", OptionKind::Text)
                .choices(["win", "draw", "loss"].map(|o| Choice::message("outcome", o))),
        )
        .option(Opt::new("reason", OptionKind::Text));
    tournament.server_only = Some("tournament-in-dm");
    tournament
}

/// `/tournament`: one of its actions, with what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tournament {
    Create(TournamentSpec),
    Standings { id: Option<i64> },
    State { id: Option<i64>, to: TournamentState },
    Withdraw { id: Option<i64>, player: Member },
    Result { id: Option<i64>, player: Member, points: u32, reason: String },
}

/// A whole number option, as Discord sends it or as the console types it.
fn read_number(name: &str, value: &OptionValue) -> Result<i64, Text> {
    let n = match value {
        OptionValue::Integer(n) => Some(*n),
        OptionValue::Text(s) => s.trim().parse().ok(),
        _ => None,
    };
    n.ok_or_else(|| t!("tournament-not-a-number", option = Text::new().code(format!("{name}:"))))
}

fn in_range(name: &str, n: i64, low: i64, high: i64) -> Result<i64, Text> {
    if (low..=high).contains(&n) {
        Ok(n)
    } else {
        Err(t!(
            "tournament-out-of-range",
            option = Text::new().code(format!("{name}:{n}")),
            low = low,
            high = high
        ))
    }
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let action = args.read("action", |v| read_text("action", v))?.unwrap_or_default().to_ascii_lowercase();
    let id = args.read("id", |v| read_number("id", v))?;
    let player = args.read("player", |v| read_member("player", v))?;
    let needs_player = || {
        player.clone().ok_or_else(|| {
            t!(
                "tournament-needs-player",
                example = Text::new().code(format!("/tournament action:{action} player:@someone"))
            )
        })
    };
    let request = match action.as_str() {
        "create" => Tournament::Create(read_spec(args)?),
        "standings" => Tournament::Standings { id },
        "pause" => Tournament::State { id, to: TournamentState::Paused },
        "resume" => Tournament::State { id, to: TournamentState::Running },
        "cancel" => Tournament::State { id, to: TournamentState::Cancelled },
        "withdraw" => Tournament::Withdraw { id, player: needs_player()? },
        "result" => {
            let player = needs_player()?;
            let outcome = args.read("outcome", |v| read_text("outcome", v))?.unwrap_or_default();
            let points = match outcome.trim().to_ascii_lowercase().as_str() {
                "win" => WIN,
                "draw" => WIN / 2,
                "loss" => 0,
                _ => {
                    return Err(t!(
                        "tournament-needs-outcome",
                        example = Text::new()
                            .code("/tournament action:result player:@someone outcome:win reason:…")
                    ));
                }
            };
            let reason = args.read("reason", |v| read_text("reason", v))?.unwrap_or_default();
            if reason.trim().is_empty() || reason.chars().count() > MAX_REASON {
                return Err(t!("tournament-needs-reason", max = MAX_REASON));
            }
            Tournament::Result { id, player, points, reason: reason.trim().to_string() }
        }
        other => {
            return Err(t!(
                "tournament-no-such-action",
                typed = Text::new().typed(other),
                actions = ACTIONS.join(", ")
            ));
        }
    };
    Ok(request.into())
}

/// The options of `action:create`.
fn read_spec(args: &Args<'_>) -> Result<TournamentSpec, Text> {
    let game: GameKind = super::required_game(args, |game| {
        format!("/tournament action:create game:{game} format:swiss rounds:3 clock:1d starts:1h")
    })?;
    let format = match args.read("format", |v| read_text("format", v))? {
        None => Format::Swiss,
        Some(name) => Format::from_name(&name).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            t!("tournament-no-such-format", typed = Text::new().typed(&name), formats = names.join(", "))
        })?,
    };
    let rounds = match args.read("rounds", |v| read_number("rounds", v))? {
        Some(n) => in_range("rounds", n, 1, i64::from(MAX_ROUNDS))? as u32,
        None => 5,
    };
    let clock = args.read("clock", read_clock)?.unwrap_or(ClockChoice::OneDay);
    let starts = args.read("starts", |v| read_text("starts", v))?;
    let starts_in = match starts {
        None => 3_600,
        Some(text) => match parse_duration(&text) {
            Some(s) if (60..=MAX_START).contains(&s) => s,
            _ => {
                return Err(t!(
                    "tournament-bad-start",
                    typed = Text::new().typed(&text),
                    example = Text::new().code("starts:2h")
                ));
            }
        },
    };
    let variant = args.read("variant", |v| read_text("variant", v))?.unwrap_or_default();
    if variant.chars().count() > crate::session::MAX_SETUP_CHARS {
        return Err(t!("not-a-variant", typed = Text::new().typed(&variant), game = game.title()));
    }
    let rated = args.read("rated", |v| read_bool("rated", v))?.unwrap_or(true);
    let max_players = match args.read("max_players", |v| read_number("max_players", v))? {
        Some(n) => in_range("max_players", n, 2, i64::from(MAX_PLAYERS))? as u32,
        None => 64,
    };
    let mini_match = args.read("mini_match", |v| read_bool("mini_match", v))?.unwrap_or(false);
    let round_minutes = match args.read("round_minutes", |v| read_number("round_minutes", v))? {
        Some(n) => Some(in_range("round_minutes", n, 10, 30 * 24 * 60)? as u32),
        None => None,
    };
    Ok(TournamentSpec {
        game,
        variant,
        format,
        rounds,
        clock,
        starts_in,
        rated,
        max_players,
        mini_match,
        round_minutes,
        winner_role: args.read("winner_role", |v| read_role("winner_role", v))?,
        check_in: args.read("check_in", |v| read_bool("check_in", v))?.unwrap_or(false),
    })
}

impl Run for Tournament {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let (sessions, actor) = (cx.sessions, cx.actor);
        match self {
            Tournament::Create(spec) => sessions.create_tournament(cx.channel, actor, spec).await,
            Tournament::Standings { id } => sessions.tournament_standings(actor, id).await,
            Tournament::State { id, to } => sessions.tournament_state(actor, id, to).await,
            Tournament::Withdraw { id, player } => sessions.withdraw_player(actor, id, &player).await,
            Tournament::Result { id, player, points, reason } => {
                sessions.set_result(actor, id, &player, points, &reason).await
            }
        }
    }
}
