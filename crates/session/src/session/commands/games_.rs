//! `/games`: the member's open games and challenges everywhere (servers, direct messages, group DMs), privately:
//! those waiting for their move first, each with the game, the other players, whose turn it is, the time left,
//! where it is played and the member's own link to its web board.

use crate::games::AnyGame;
use crate::i18n::Lang;
use crate::session::clocks::duration;
use crate::session::{Actor, Reply, Sessions};
use crate::store::{SessionRow, SessionState};
use crate::t;

use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Request, Run};

/// The most games one answer lists (the rest are counted), so that it stays within a message.
const SHOWN: usize = 6;

pub fn declaration() -> Declaration {
    Declaration::new("games", parse)
}

/// `/games`: the sender's open games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MyGames;

#[expect(clippy::unnecessary_wraps, reason = "the signature every command's reader has")]
fn parse(_: &Args<'_>) -> Result<Request, Text> {
    Ok(MyGames.into())
}

impl Run for MyGames {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        run(cx.sessions, cx.actor).await
    }
}

/// Where an open session stands for the member: the order it is listed in, then its line.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Standing {
    /// Their move.
    Mine,
    /// A challenge waiting for their answer.
    ToAnswer,
    /// Someone else's move.
    Theirs,
    /// Their challenge, waiting for the others.
    Waiting,
}

async fn run(sessions: &Sessions, actor: &Actor) -> Result<Reply, Failure> {
    let me = actor.member.id;
    let rows = sessions.store.open_sessions_of(me).await.map_err(Failure::Read)?;
    if rows.is_empty() {
        return Ok(Reply::private(t!("games-none", play = Text::new().code("/play"))));
    }
    let now = sessions.now_secs();
    let mut listed = Vec::new();
    for row in rows {
        let (standing, to_move) = standing(&row, me);
        let deadline = match sessions.store.clock(row.id).await {
            Ok(Some(clock)) if clock.ply == row.moves.len() && row.state == SessionState::Playing => {
                clock.deadline
            }
            _ => None,
        };
        listed.push((standing, deadline.unwrap_or(i64::MAX), row, to_move, deadline));
    }
    listed.sort_by_key(|(standing, deadline, row, ..)| (*standing, *deadline, row.id));
    let mine = listed.iter().filter(|(s, ..)| *s == Standing::Mine).count();
    let mut text = t!("games-heading", count = listed.len(), mine = mine);
    for (standing, _, row, to_move, deadline) in listed.iter().take(SHOWN) {
        text = text.line().then(line(sessions, actor, row, *standing, *to_move, *deadline, now));
    }
    if listed.len() > SHOWN {
        text = text.line().then(t!("games-more", count = listed.len() - SHOWN));
    }
    Ok(Reply::private(text))
}

/// The daily digest of `user` (`/notify digest:on`): the games waiting for their move, in `lang`; `None` when no
/// game waits for them.
pub(crate) async fn digest(sessions: &Sessions, user: u64, lang: Lang) -> Result<Option<Text>, Failure> {
    let actor = Actor::in_guild(crate::session::Member::new(user, ""), None).in_lang(lang);
    let rows = sessions.store.open_sessions_of(user).await.map_err(Failure::Read)?;
    let now = sessions.now_secs();
    let mut waiting = Vec::new();
    for row in rows {
        let (standing, to_move) = standing(&row, user);
        if standing != Standing::Mine {
            continue;
        }
        let deadline = match sessions.store.clock(row.id).await {
            Ok(Some(clock)) if clock.ply == row.moves.len() => clock.deadline,
            _ => None,
        };
        waiting.push((deadline.unwrap_or(i64::MAX), row, to_move, deadline));
    }
    if waiting.is_empty() {
        return Ok(None);
    }
    waiting.sort_by_key(|(at, row, ..)| (*at, row.id));
    let mut text = t!("digest-heading", count = waiting.len());
    for (_, row, to_move, deadline) in waiting.iter().take(SHOWN) {
        text = text.line().then(line(sessions, &actor, row, Standing::Mine, *to_move, *deadline, now));
    }
    if waiting.len() > SHOWN {
        text = text.line().then(t!("games-more", count = waiting.len() - SHOWN));
    }
    Ok(Some(text))
}

/// How the session stands for `me`, and the seat to move (in a game being played).
fn standing(row: &SessionRow, me: u64) -> (Standing, Option<usize>) {
    if row.state == SessionState::Challenge {
        let answered = row.players.iter().any(|p| p.id == me && p.accepted);
        return (if answered { Standing::Waiting } else { Standing::ToAnswer }, None);
    }
    let to_move = AnyGame::replay(row.game, &row.setup, &row.moves).ok().and_then(|g| g.to_move());
    let mine = to_move.and_then(|s| row.players.get(s)).is_some_and(|p| p.id == me && !p.abandoned);
    (if mine { Standing::Mine } else { Standing::Theirs }, to_move)
}

/// One game's line: `**Tablut** #12 with bob: your move, 2 days left · in #games · your board: <link>`.
fn line(
    sessions: &Sessions,
    actor: &Actor,
    row: &SessionRow,
    standing: Standing,
    to_move: Option<usize>,
    deadline: Option<i64>,
    now: i64,
) -> Text {
    let others: Vec<_> = row.players.iter().filter(|p| p.id != actor.member.id).collect();
    let with = Text::new().join(&others, ", ", |t, p| t.player(p));
    let state = match standing {
        Standing::Mine => Text::new().key("games-your-move"),
        Standing::ToAnswer => Text::new().key("games-to-answer"),
        Standing::Waiting => Text::new().key("games-waiting"),
        Standing::Theirs => match to_move.and_then(|s| row.players.get(s)) {
            Some(p) => t!("games-their-move", player = Text::new().player(p)),
            None => Text::new().key("games-waiting"),
        },
    };
    let state = match deadline {
        Some(at) => state.then(t!("games-left", left = duration(at - now))),
        None => state,
    };
    let place = match row.guild {
        Some(_) => Text::new().channel(row.channel),
        None => Text::new().key("games-direct"),
    };
    let mut text =
        t!("games-line", game = row.game.title(), id = row.id, players = with, state = state, place = place);
    if let Some(links) = sessions.links().filter(|_| row.state == SessionState::Playing) {
        let url = links.play_url(actor.member.id, row.id, now, actor.locales.user);
        text = text.then(t!("games-web", link = url));
    }
    text
}
