//! Records of games: `/game id:<n>` posts a game's record (and on request its animated replay), and a game that
//! ends attaches its replay. A record is made from the stored setup and moves each time (see [`crate::record`]);
//! it is visible only in the server where the game was played.

use crate::games::AnyGame;
use crate::record::animate::{AnimateError, animate};
use crate::record::{Ending, Record, Source};
use crate::store::{SessionRecord, SessionState, Store};

use super::engine_text;
use super::text::Text;
use super::{Actor, File, FileKind, Reply, Sessions};
use crate::t;

/// A game's animated replay, to be drawn and attached by the adapter (off the async runtime: it takes a while).
#[derive(Clone, Debug)]
pub struct Replay {
    pub id: i64,
    pub record: Record,
}

impl Replay {
    /// Draws the replay as a GIF of at most `limit` bytes (fewer frames when the whole game would not fit), the
    /// words on its frames in `lang` (the language of the message it is attached to).
    pub fn encode(&self, limit: usize, lang: crate::i18n::Lang) -> Result<File, AnimateError> {
        let gif = animate(&self.record, limit, lang)?;
        Ok(File { kind: FileKind::Replay, name: format!("game-{}.gif", self.id), bytes: gif.bytes })
    }
}

/// An ending that is not the rules' (kept in English, as records keep it) in the reader's language, when it is
/// one of the forms Tabula stores: a resignation, a loss on time, a draw or an abort by agreement, an abort by a
/// member; any other text is shown as stored.
fn stored_ending(how: &str, names: &[&str]) -> Text {
    if how == "a draw by agreement" {
        return Text::new().key("ending-draw-agreed");
    }
    if let Some(by) = how.strip_prefix("aborted by ") {
        let pair = names
            .iter()
            .flat_map(|a| names.iter().map(move |b| (*a, *b)))
            .find(|(a, b)| a != b && by == format!("{a} and {b}"));
        let who = match pair {
            Some((a, b)) => t!("list-and", first = Text::new().name(a), last = Text::new().name(b)),
            None => Text::new().name(by),
        };
        return t!("ending-aborted", by = who);
    }
    for name in names {
        if how == format!("{name} lost on time") {
            return t!("ending-time", player = Text::new().name(*name));
        }
        // `NAME, SEAT, resigned`, or `NAME (SEAT) resigned` as older results say.
        let resigned = |rest: &str| {
            (rest.starts_with(", ") && rest.contains(", resigned"))
                || (rest.starts_with(" (") && rest.contains(") resigned"))
        };
        if how.strip_prefix(name).is_some_and(resigned) {
            return t!("ending-resigned", player = Text::new().name(*name));
        }
    }
    Text::new().plain(how)
}

/// How a stored session ended, for its record.
fn ending(record: &SessionRecord) -> Ending {
    let result = record.result.clone().unwrap_or_default();
    match record.state {
        SessionState::Finished => Ending::Finished(result),
        SessionState::Aborted => Ending::Aborted(result),
        _ => Ending::InPlay,
    }
}

/// The record of a stored game, as it ended (`ending`), or `None` if its moves no longer replay.
pub(super) fn record_of(record: &SessionRecord, ending: Ending) -> Option<Record> {
    let names: Vec<String> = record.players.iter().map(|p| p.name.clone()).collect();
    let source = Source {
        id: record.id,
        kind: record.game,
        setup: &record.setup,
        names: &names,
        moves: &record.moves,
        created_at: record.created_at,
        ending,
    };
    match Record::of(&source) {
        Ok(record) => Some(record),
        Err(e) => {
            tracing::error!(session = record.id, error = %e, "a stored game does not replay");
            None
        }
    }
}

/// The replay attached when game `record` ends with `result` (the stored result text).
pub(super) fn final_replay(record: &SessionRecord, result: &str) -> Option<Replay> {
    record_of(record, Ending::Finished(result.to_string())).map(|r| Replay { id: record.id, record: r })
}

/// A game's id as players read and type it.
pub(super) fn tag(id: i64) -> String {
    format!("#{id}")
}

/// The line under a finished game: where its record is.
pub(super) fn over_line(id: i64) -> Text {
    t!("game-over-record", id = tag(id), command = Text::new().code(format!("/game id:{id}")))
}

impl<S: Store> Sessions<S> {
    /// `/game id:<n>`: the record of game `id` (with its replay when asked), if it was played in this server.
    pub(super) async fn game_record(&self, actor: &Actor, id: i64, replay: bool) -> Reply {
        let stored = match self.store.session(id).await {
            Ok(stored) => stored,
            Err(e) => {
                tracing::error!(session = id, error = %e, "store failure reading a record");
                return Reply::private(Text::new().key("store-failed"));
            }
        };
        let Some(stored) = stored else {
            return Reply::private(t!("no-such-id", id = tag(id)));
        };
        if stored.guild != actor.guild {
            return Reply::private(t!("record-elsewhere", id = tag(id)));
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
            return Reply::private(t!("no-moves-to-record", id = tag(id), why = why));
        }
        let Some(record) = record_of(&stored, ending(&stored)) else {
            return Reply::private(t!("record-broken", id = tag(id)));
        };
        // A game that ended by the rules says why in the reader's language; any other ending (a resignation, a
        // timeout) is shown as it was stored.
        let outcome =
            AnyGame::replay(stored.game, &stored.setup, &stored.moves).ok().and_then(|g| g.outcome());
        let names: Vec<&str> = stored.players.iter().map(|p| p.name.as_str()).collect();
        let how = |how: &str| {
            outcome.as_ref().map_or_else(|| stored_ending(how, &names), |o| engine_text::text(&o.reason))
        };
        let result = match (record.tag("Result"), record.tag("Termination")) {
            (Some("*"), Some(how_text)) if stored.state == SessionState::Playing => {
                t!("in-play", how = how(how_text))
            }
            (_, Some(how_text)) => how(how_text),
            _ => Text::new(),
        };
        let players = Text::new().join(record.players(), " vs ", |t, (side, name)| {
            t.name(name).plain(" (").then(super::messages::seat_text(side)).plain(")")
        });
        let text = t!(
            "record-summary",
            id = tag(id),
            game = Text::new().strong(stored.game.title()),
            players = players,
            count = stored.moves.len(),
            result = result
        );
        let file = File {
            kind: FileKind::Record,
            name: format!("game-{id}.txt"),
            bytes: record.write().into_bytes(),
        };
        let answer = Reply::public(text).with_file(file);
        if replay { answer.with_replay(Replay { id, record }) } else { answer }
    }
}
