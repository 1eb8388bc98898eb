//! Records of games: `/game id:<n>` posts a game's record (and on request its animated replay), and a game that
//! ends attaches its replay. A record is made from the stored setup and moves each time (see [`crate::record`]);
//! it is visible only in the server where the game was played.

use crate::games::AnyGame;
use crate::i18n::Lang;
use crate::record::animate::{AnimateError, animate};
use crate::record::{Record, Source};
use crate::store::SessionRow;

use super::text::Text;
use super::{File, FileKind};

/// A game's animated replay, to be drawn and attached by the adapter (off the async runtime: it takes a while).
#[derive(Clone, Debug)]
pub struct Replay {
    pub id: i64,
    pub record: Record,
    /// How the game ended, for the last frame's header (as the end picture says it).
    pub ended: Option<Text>,
}

impl Replay {
    /// Draws the replay as a GIF of at most `limit` bytes (fewer frames when the whole game would not fit), the
    /// words on its frames in `lang` (the language of the message it is attached to).
    pub fn encode(&self, limit: usize, lang: Lang) -> Result<File, AnimateError> {
        let ended = self.ended.as_ref().map(|e| e.plain_in(lang));
        let gif = animate(&self.record, limit, lang, ended.as_deref())?;
        Ok(File { kind: FileKind::Replay, name: format!("game-{}.gif", self.id), bytes: gif.bytes })
    }
}

/// The record of a stored game as it stands (as it ended, once it has), its `Termination` in `lang`; `None` if
/// its moves no longer replay.
pub(super) fn record_of(record: &SessionRow, lang: Lang) -> Option<Record> {
    let names: Vec<String> = record.players.iter().map(|p| Text::new().player(p).plain_in(lang)).collect();
    let mut leavers: Vec<(u32, usize)> = record
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.abandoned)
        .map(|(s, p)| (p.left.unwrap_or(0), s))
        .collect();
    leavers.sort_unstable();
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).ok();
    let termination =
        record.ending.as_ref().map(|e| super::endings::how(&record.players, game.as_ref(), e).plain_in(lang));
    let places = super::endings::stored_places(record);
    let source = Source {
        id: record.id,
        kind: record.game,
        setup: &record.setup,
        names: &names,
        moves: &record.moves,
        created_at: record.created_at,
        termination,
        places: places.as_deref(),
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

/// The replay attached when game `record` (stored as finished) ends: its last frame says how it ended.
pub(super) fn final_replay(record: &SessionRow) -> Option<Replay> {
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).ok()?;
    let ended = record.ending.as_ref().and_then(|e| super::endings::picture_title(&record.players, &game, e));
    record_of(record, Lang::En).map(|r| Replay { id: record.id, record: r, ended })
}

/// A game's id as players read and type it.
pub(super) fn tag(id: i64) -> String {
    format!("#{id}")
}
