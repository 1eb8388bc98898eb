//! `/game id:<n>`: a game's record (with `replay:true`, its animated replay; with `analysis:true`, the AI's look
//! at each player's weakest moves, which adapters answer with its progress: see `Sessions::analysis`).

use crate::games::AnyGame;
use crate::session::records::{Replay, record_of, tag};
use crate::session::{Actor, File, FileKind, Reply, Sessions, endings, messages};
use crate::store::SessionState;

use super::super::request::{OptionKind, read_bool, read_id};
use super::super::text::Text;
use super::{Analyse, Args, Context, Declaration, Failure, Opt, Request, Run};
use crate::t;

/// The line under a finished game: where its record is (`/game id:<n>`).
pub(crate) fn over_line(id: i64) -> Text {
    t!("game-over-record", id = tag(id), command = Text::new().code(format!("/game id:{id}")))
}

pub fn declaration() -> Declaration {
    Declaration::new("game", parse)
        .option(Opt::new("id", OptionKind::Integer).required().range(1, None))
        .option(Opt::new("replay", OptionKind::Boolean))
        .option(Opt::new("analysis", OptionKind::Boolean))
}

/// `/game id:<n>`: the record of game `id` (its number, shown as `#1042`), with its animated replay when
/// `replay` (with `analysis:true`, it asks for an [`Analysis`] instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowGame {
    pub id: i64,
    pub replay: bool,
}

impl Run for ShowGame {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        self::run(cx.sessions, cx.actor, self.id, self.replay).await
    }
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let Some(id) = args.get("id") else {
        return Err(t!("give-id", example = Text::new().code("/game id:1042")));
    };
    let replay = args.read("replay", |v| read_bool("replay", v))?.unwrap_or(false);
    let analysis = args.read("analysis", |v| read_bool("analysis", v))?.unwrap_or(false);
    match (replay, analysis) {
        (true, true) => {
            Err(t!("replay-or-analysis", example = Text::new().code("/game id:1042 analysis:true")))
        }
        (_, true) => Ok(Analyse { id: read_id(id)? }.into()),
        _ => Ok(ShowGame { id: read_id(id)?, replay }.into()),
    }
}

/// `/game id:<n>`: the record of game `id` (with its replay when asked), if it was played in this server.
pub(super) async fn run(sessions: &Sessions, actor: &Actor, id: i64, replay: bool) -> Result<Reply, Failure> {
    tracing::Span::current().record("game", id);
    let stored = sessions.store.session(id).await.map_err(Failure::Store)?;
    let Some(stored) = stored else {
        return Ok(Reply::private(t!("no-such-id", id = tag(id))));
    };
    if stored.guild != actor.guild {
        return Ok(Reply::private(t!("record-elsewhere", id = tag(id))));
    }
    let never = match stored.state {
        SessionState::Challenge => Some("waiting"),
        SessionState::Declined => Some("declined"),
        SessionState::Withdrawn => Some("withdrawn"),
        SessionState::Expired => Some("expired"),
        SessionState::Aborted if stored.moves.is_empty() => Some("aborted"),
        _ => None,
    };
    if let Some(why) = never {
        return Ok(Reply::private(t!("no-moves-to-record", id = tag(id), why = why)));
    }
    let lang = actor.locales.of(false);
    let Some(mut record) = record_of(&stored, lang) else {
        return Ok(Reply::private(t!("record-broken", id = tag(id))));
    };
    sessions.tournament_tags(&mut record, stored.id).await;
    // How it ended, made from the stored ending and the players' names as they are now.
    let game = AnyGame::replay(stored.game, &stored.setup, &stored.moves).ok();
    let result = match (&stored.ending, &game) {
        (Some(ending), Some(game)) => endings::title(&stored.players, game, ending),
        _ if stored.state == SessionState::Playing => Text::new().key("still-in-play"),
        _ => Text::new(),
    };
    // One full stop at the end, whether or not the result's last words bring their own.
    let result = if result.plain_in(lang).ends_with('.') { result } else { result.plain(".") };
    let players = Text::new().join(stored.players.iter().enumerate(), " vs ", |t, (seat, p)| {
        let side = game.as_ref().map_or_else(Text::new, |g| messages::seat(g, seat));
        t.player(p).plain(", ").then(side)
    });
    let text = t!(
        "record-summary",
        id = tag(id),
        game = Text::new().strong(stored.game.title()),
        players = players,
        count = stored.moves.len(),
        result = result
    );
    let file =
        File { kind: FileKind::Record, name: format!("game-{id}.txt"), bytes: record.write().into_bytes() };
    let answer = Reply::public(text).with_file(file);
    let ended = stored
        .ending
        .as_ref()
        .zip(game.as_ref())
        .and_then(|(e, g)| endings::picture_title(&stored.players, g, e));
    Ok(if replay { answer.with_replay(Replay { id, record, ended }) } else { answer })
}
