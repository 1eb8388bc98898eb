//! `/leaderboard`: the best players of a game on this server, as a picture.

use crate::games::GameKind;
use crate::render::leaderboard::{self, LeaderRow, LeaderboardView, leaderboard_png};
use crate::session::endings::date;
use crate::session::{Actor, File, FileKind, Reply, Sessions};
use crate::store::{ALL_SERVERS, Ranked};
use crate::t;

use super::super::text::Text;
use super::rating::record;
use super::{Args, Context, Declaration, Failure, Request, Run, game_option};

/// Players shown at the top of a leaderboard.
pub(crate) const LEADERBOARD_TOP: usize = 10;

pub fn declaration() -> Declaration {
    Declaration::new("leaderboard", parse).option(game_option().required())
}

/// `/leaderboard`: the best players of a game on this server, as a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowLeaderboard {
    pub game: GameKind,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    Ok(ShowLeaderboard { game: super::required_game(args, |game| format!("/leaderboard game:{game}"))? }
        .into())
}

impl Run for ShowLeaderboard {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        self::run(cx.sessions, cx.actor, self.game).await.map_err(Failure::reading)
    }
}

fn leader_row(ranked: &Ranked, user: u64) -> LeaderRow {
    let system = ranked.row.game.info().rating;
    let scale = crate::rating::Rating::initial(system);
    let shown = |v: f64| crate::rating::Rating { rating: v, ..scale }.shown(system);
    LeaderRow {
        place: ranked.place,
        name: ranked.row.name.clone(),
        rating: ranked.row.rating.label(system),
        games: ranked.row.games,
        record: record(&ranked.row),
        trend: ranked.trend.iter().map(|&v| shown(v)).collect(),
        highlight: ranked.row.user == user,
    }
}

/// `/leaderboard`: the picture of a game's best players on this server.
pub(super) async fn run(sessions: &Sessions, actor: &Actor, game: GameKind) -> Result<Reply, Failure> {
    let board = sessions.store.leaderboard(game, actor.guild, actor.member.id, LEADERBOARD_TOP).await?;
    if board.players == 0 {
        return Ok(Reply::private(t!(
            "leaderboard-empty",
            game = game.title(),
            play = Text::new().code(format!("/play game:{}", game.name()))
        )));
    }
    let user = actor.member.id;
    let place = board.top.iter().chain(&board.own).find(|r| r.row.user == user);
    let mut text = t!("leaderboard-title", game = game.title(), count = board.players);
    if let Some(me) = place {
        text = text.plain(" ").then(t!(
            "leaderboard-place",
            player = Text::new().name(&actor.member.name),
            place = me.place,
            rating = me.row.rating.label(game.info().rating)
        ));
    }
    // A public picture: in the server's language.
    let lang = actor.locales.public;
    let view = LeaderboardView {
        title: leaderboard::title(lang, game.title()),
        subtitle: leaderboard::subtitle(
            lang,
            board.guild == ALL_SERVERS,
            board.players,
            &date(sessions.now()),
        ),
        rows: board.top.iter().map(|r| leader_row(r, user)).collect(),
        own: board.own.as_ref().map(|r| leader_row(r, user)),
    };
    let png = crate::render::drawn(move || leaderboard_png(&view, lang)).await.unwrap_or_default();
    let file = File { kind: FileKind::Picture, name: format!("leaderboard-{}.png", game.name()), bytes: png };
    Ok(Reply::public(text).with_file(file))
}
