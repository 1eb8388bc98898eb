//! Records of games: `/game id:<n>` posts a game's record (and on request its animated replay), and a game that
//! ends attaches its replay. A record is made from the stored setup and moves each time (see [`crate::record`]);
//! it is visible only in the server where the game was played.

use crate::record::animate::{AnimateError, animate};
use crate::record::{Ending, Record, Source};
use crate::store::{SessionRow, SessionState};

use super::text::Text;
use super::{File, FileKind};
use crate::t;

/// A game's animated replay, to be drawn and attached by the adapter (off the async runtime: it takes a while).
#[derive(Clone, Debug)]
pub struct Replay {
    pub(crate) id: i64,
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

/// The seat whose leaving a stored result text says ended the game (`NAME lost on time`, `NAME, SEAT, resigned`
/// or `NAME (SEAT) resigned` as older results say, `NAME was the last to leave`), if it says one.
pub(super) fn leaver(how: &str, names: &[&str]) -> Option<usize> {
    names.iter().position(|name| {
        let Some(rest) = how.strip_prefix(name) else { return false };
        rest.starts_with(" lost on time")
            || rest.starts_with(" was the last to leave")
            || (rest.starts_with(", ") && rest.contains(", resigned"))
            || (rest.starts_with(" (") && rest.contains(") resigned"))
    })
}

/// An ending that is not the rules' (kept in English, as records keep it) in the reader's language, when it is
/// one of the forms Tabula stores: a resignation, a loss on time, the last seat left, a draw or an abort by
/// agreement, an abort by a member; any other text is shown as stored.
pub(super) fn stored_ending(how: &str, names: &[&str]) -> Text {
    if how == super::endings::DRAW_AGREED {
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
    let Some(seat) = leaver(how, names) else { return Text::new().plain(how) };
    let player = Text::new().name(names[seat]);
    let rest = &how[names[seat].len()..];
    if rest.starts_with(" lost on time") {
        t!("ending-time", player = player)
    } else if rest.starts_with(" was the last to leave") {
        t!("ending-last-left", player = player)
    } else {
        t!("ending-resigned", player = player)
    }
}

/// How a stored session ended, for its record.
pub(super) fn ending(record: &SessionRow) -> Ending {
    let result = record.result.clone().unwrap_or_default();
    match record.state {
        SessionState::Finished => Ending::Finished(result),
        SessionState::Aborted => Ending::Aborted(result),
        _ => Ending::InPlay,
    }
}

/// The record of a stored game, as it ended (`ending`, with the players' `places` once finished), or `None` if
/// its moves no longer replay.
pub(super) fn record_of(record: &SessionRow, ending: Ending, places: Option<&[usize]>) -> Option<Record> {
    let names: Vec<String> = record.players.iter().map(|p| p.name.clone()).collect();
    let mut leavers: Vec<(u32, usize)> = record
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.abandoned)
        .map(|(s, p)| (p.left.unwrap_or(0), s))
        .collect();
    leavers.sort_unstable();
    let source = Source {
        id: record.id,
        kind: record.game,
        setup: &record.setup,
        names: &names,
        moves: &record.moves,
        created_at: record.created_at,
        ending,
        places,
        left: leavers.into_iter().map(|(_, s)| s).collect(),
    };
    match Record::of(&source) {
        Ok(record) => Some(record),
        Err(e) => {
            tracing::error!(session = record.id, error = %e, "a stored game does not replay");
            None
        }
    }
}

/// The replay attached when game `record` (stored as finished, its players in `places`) ends.
pub(super) fn final_replay(record: &SessionRow, places: Option<&[usize]>) -> Option<Replay> {
    record_of(record, ending(record), places).map(|r| Replay { id: record.id, record: r })
}

/// A game's id as players read and type it.
pub(super) fn tag(id: i64) -> String {
    format!("#{id}")
}
