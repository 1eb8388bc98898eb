//! `/history`: a member's finished games on this server, a page at a time.

use crate::games::GameKind;
use crate::rating;
use crate::session::component::{Action, ComponentId};
use crate::session::endings::date;
use crate::session::{Actor, Button, ButtonStyle, Member, Reply, Sessions};
use crate::store::HistoryEntry;
use crate::t;

use super::super::request::{OptionKind, read_game, read_member, read_page};
use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Opt, Request, Run, game_option};

/// Games shown on one page of `/history`.
pub(crate) const HISTORY_PAGE: usize = 20;

pub fn declaration() -> Declaration {
    Declaration::new("history", parse)
        .option(Opt::new("user", OptionKind::User))
        .option(game_option())
        .option(Opt::new("page", OptionKind::Integer).range(1, None))
}

/// `/history`, or a button paging it: a member's recent games (the sender's when `user` is not given), page
/// `page` counting from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    pub user: Option<Member>,
    pub game: Option<GameKind>,
    pub page: usize,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    Ok(History {
        user: args.read("user", |v| read_member("user", v))?,
        game: args.read("game", read_game)?,
        page: args.read("page", read_page)?.unwrap_or(1),
    }
    .into())
}

impl Run for History {
    const LOCKS_CHANNEL: bool = false;
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let History { user, game, page } = self;
        self::run(cx.sessions, cx.channel, cx.actor, user.as_ref(), game, page)
            .await
            .map_err(Failure::reading)
    }
}

/// The id of a button that shows page `page` (from 1) of `user`'s history in `channel`.
fn history_button_id(channel: u64, user: u64, game: Option<GameKind>, page: usize) -> ComponentId {
    ComponentId::new(channel, Action::History { user, game, page })
}

/// How the game went for `user`: "won", "lost", "draw", "shared 1st of 3" or "2nd of 3".
fn outcome_for(entry: &HistoryEntry, user: u64) -> Text {
    let places: Vec<usize> = entry.players.iter().map(|p| p.place).collect();
    let Some(seat) = entry.players.iter().position(|p| p.user == user) else { return Text::new() };
    match rating::score_of(&places, seat) {
        rating::Score::Win => Text::new().key("outcome-won"),
        rating::Score::Draw if places.iter().all(|&p| p == 1) => Text::new().key("outcome-draw"),
        // Some, not all, share the first place: not a draw.
        rating::Score::Draw => t!("outcome-shared", place = places[seat], of = places.len()),
        rating::Score::Loss if places.len() == 2 => Text::new().key("outcome-lost"),
        rating::Score::Loss => t!("outcome-place", place = places[seat], of = places.len()),
    }
}

/// `/history`: a page of a member's finished games on this server.
pub(super) async fn run(
    sessions: &Sessions,
    channel: u64,
    actor: &Actor,
    user: Option<&Member>,
    game: Option<GameKind>,
    page: usize,
) -> Result<Reply, Failure> {
    let member = user.unwrap_or(&actor.member);
    let index = page.saturating_sub(1);
    let found = sessions.store.history(member.id, actor.guild, game, index, HISTORY_PAGE).await?;
    let of_game = game.map_or("none", GameKind::title);
    let name = found
        .entries
        .iter()
        .flat_map(|e| &e.players)
        .find(|p| p.user == member.id)
        .map_or(member.name.clone(), |p| p.name.clone());
    if found.total == 0 {
        return Ok(Reply::private(t!("history-empty", player = Text::new().name(&name), game = of_game)));
    }
    let pages = found.total.div_ceil(HISTORY_PAGE);
    if found.entries.is_empty() {
        return Ok(Reply::private(t!("history-no-page", page = page, game = of_game, pages = pages)));
    }
    let mut text = t!(
        "history-title",
        game = of_game,
        player = Text::new().strong_name(&name),
        page = page,
        pages = pages,
        count = found.total
    );
    for entry in &found.entries {
        let event = match sessions.tournament_of_session(entry.session).await {
            Some((tournament, round)) => {
                t!("tournament-mark", id = format!("#{tournament}"), round = round)
            }
            None => Text::new(),
        };
        let opponents = entry.players.iter().filter(|p| p.user != member.id);
        text = text
            .line()
            .strong(format!("#{}", entry.session))
            .plain(format!(" {} vs ", entry.game.title()))
            .list(opponents.map(|p| match p.level {
                Some(level) => Text::new().computer(level),
                None => Text::new().name(&p.name),
            }))
            .plain(" — ")
            .then(outcome_for(entry, member.id))
            .then(if entry.rated { Text::new() } else { Text::new().key("unrated-mark") })
            .then(event)
            .plain(format!(" — {}", date(entry.ended_at)));
    }
    let mut buttons = Vec::new();
    if page > 1 {
        let id = history_button_id(channel, member.id, game, page - 1);
        buttons.push(Button::new(Text::new().key("button-newer"), id, ButtonStyle::Secondary));
    }
    if page < pages {
        let id = history_button_id(channel, member.id, game, page + 1);
        buttons.push(Button::new(Text::new().key("button-older"), id, ButtonStyle::Secondary));
    }
    Ok(Reply::public(text).with_buttons(buttons))
}
