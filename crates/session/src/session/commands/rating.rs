//! `/rating`: a member's ratings and results per game.

use crate::games::GameKind;
use crate::session::{Actor, Member, Reply, Sessions};
use crate::store::{ALL_SERVERS, RatingRow};
use crate::t;

use super::super::request::{OptionKind, read_member};
use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Opt, Request, Run};

pub fn declaration() -> Declaration {
    Declaration::new("rating", parse).option(Opt::new("user", OptionKind::User))
}

/// `/rating`: a member's ratings (the sender's when `user` is not given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowRating {
    pub user: Option<Member>,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    Ok(ShowRating { user: args.read("user", |v| read_member("user", v))? }.into())
}

impl Run for ShowRating {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        self::run(cx.sessions, cx.actor, self.user.as_ref()).await.map_err(Failure::reading)
    }
}

/// "12-1-3".
pub(super) fn record(row: &RatingRow) -> String {
    format!("{}-{}-{}", row.wins, row.draws, row.losses)
}

/// `/rating`: a member's ratings and wins, draws and losses, per game, on this server and across servers.
pub(super) async fn run(sessions: &Sessions, actor: &Actor, user: Option<&Member>) -> Result<Reply, Failure> {
    let member = user.unwrap_or(&actor.member);
    let rows = sessions.store.ratings_of(member.id, actor.guild).await?;
    if rows.is_empty() {
        return Ok(Reply::private(t!(
            "no-ratings",
            player = Text::new().name(&member.name),
            play = Text::new().code("/play")
        )));
    }
    let mut text = t!("ratings-of", player = Text::new().strong_name(&member.name));
    for game in GameKind::ALL {
        let of_game: Vec<&RatingRow> = rows.iter().filter(|r| r.game == *game).collect();
        if of_game.is_empty() {
            continue;
        }
        let system = game.info().rating;
        text = text.line().strong(game.title()).plain(": ").join(of_game, "; ", |t, row| {
            let board = if row.guild == ALL_SERVERS { "all" } else { "here" };
            t.code(row.rating.label(system)).plain(" ").then(t!(
                "rating-row",
                board = board,
                count = row.games,
                record = record(row)
            ))
        });
    }
    Ok(Reply::public(text.line().key("provisional-note")))
}
