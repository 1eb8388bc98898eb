//! Lookups that need no channel: `/history`, `/rating` and `/leaderboard` (a picture). They read the store only,
//! so they run without taking the channel's lock.

use crate::games::GameKind;
use crate::render::encode_png;
use crate::render::leaderboard::{self, LeaderRow, LeaderboardView, render_leaderboard};
use crate::store::{ALL_SERVERS, Ranked, RatingRow, Store, StoreError};

use super::history::date;
use super::text::Text;
use super::{Actor, File, FileKind, Member, Reply, Request, Sessions};
use crate::t;

/// Players shown at the top of a leaderboard.
pub const LEADERBOARD_TOP: usize = 10;

/// "12-1-3".
fn record(row: &RatingRow) -> String {
    format!("{}-{}-{}", row.wins, row.draws, row.losses)
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

impl<S: Store> Sessions<S> {
    /// Answers the lookups (`None` for any other request).
    pub(super) async fn lookup(&self, channel: u64, actor: &Actor, request: &Request) -> Option<Reply> {
        let answer = match request {
            Request::History { user, game, page } => {
                self.history(channel, actor, user.as_ref(), *game, *page).await
            }
            Request::Rating { user } => self.rating(actor, user.as_ref()).await,
            Request::Leaderboard { game } => self.leaderboard(actor, *game).await,
            _ => return None,
        };
        Some(answer.unwrap_or_else(|e| {
            tracing::error!(channel, error = %e, "store failure in a lookup");
            Reply::private(Text::new().key("lookup-failed"))
        }))
    }

    /// `/rating`: a member's ratings and wins, draws and losses, per game, on this server and across servers.
    async fn rating(&self, actor: &Actor, user: Option<&Member>) -> Result<Reply, StoreError> {
        let member = user.unwrap_or(&actor.member);
        let rows = self.store.ratings_of(member.id, actor.guild).await?;
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

    /// `/leaderboard`: the picture of a game's best players on this server.
    async fn leaderboard(&self, actor: &Actor, game: GameKind) -> Result<Reply, StoreError> {
        let board = self.store.leaderboard(game, actor.guild, actor.member.id, LEADERBOARD_TOP).await?;
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
                &date(self.now()),
            ),
            rows: board.top.iter().map(|r| leader_row(r, user)).collect(),
            own: board.own.as_ref().map(|r| leader_row(r, user)),
        };
        let png = tokio::task::spawn_blocking(move || encode_png(&render_leaderboard(&view, lang)))
            .await
            .unwrap_or_default();
        let file =
            File { kind: FileKind::Picture, name: format!("leaderboard-{}.png", game.name()), bytes: png };
        Ok(Reply::public(text).with_file(file))
    }
}
