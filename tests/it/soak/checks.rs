//! The soak's checks at the end: each channel, each of its games against what the client saw, and each finished
//! game's record.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tabula::games::AnyGame;
use tabula::record::Record;
use tabula::session::commands::ShowGame;
use tabula::session::{SessionConfig, Sessions};
use tabula::store::{PgStore, SessionRow, SessionState, SessionStore as _};

use super::{Channel, Played};
use crate::support::{DAVE, RecordedCall, actor};

/// Checks what one channel saw: nothing legal refused, nothing hostile answered in public.
pub(super) fn check_channel(channel: &Channel) {
    let id = channel.id;
    assert!(channel.refused.is_empty(), "channel {id}: legal moves refused: {:?}", channel.refused);
    assert!(
        channel.hostile_public.is_empty(),
        "channel {id}: hostile input answered in public: {:?}",
        channel.hostile_public
    );
}

/// Checks one game of channel `id` against what the client saw of it (`calls` are the fake's calls from its
/// challenge to the next game's); its reminders' count.
pub(super) fn check(id: u64, seen: &Played, record: &SessionRow, calls: &[RecordedCall]) -> usize {
    // The stored moves replay, and a game that ended by its moves was stored with a result.
    let game = AnyGame::replay(record.game, &record.setup, &record.moves)
        .unwrap_or_else(|e| panic!("channel {id}: the record does not replay: {e}"));
    if record.state == SessionState::Finished && game.outcome().is_some() {
        assert!(record.ending.is_some(), "channel {id}: finished without an ending");
    }
    let mut fate: HashMap<usize, &str> = HashMap::new();
    for (index, text) in &seen.acknowledged {
        assert_eq!(
            record.moves.get(*index).map(String::as_str),
            Some(text.as_str()),
            "channel {id}: move {index} lost"
        );
        assert!(fate.insert(*index, text).is_none(), "channel {id}: move {index} answered twice");
    }
    let unanswered: HashSet<(usize, &str)> = seen.unanswered.iter().map(|(i, t)| (*i, t.as_str())).collect();
    let mut replay = AnyGame::new(record.game, &record.setup).unwrap();
    for (index, text) in record.moves.iter().enumerate() {
        let seat = replay.to_move().unwrap();
        if record.players[seat].level.is_none() {
            assert!(
                fate.contains_key(&index) || unanswered.contains(&(index, text.as_str())),
                "channel {id}: move {index} `{text}` was never sent there"
            );
        }
        replay.play_text(text).unwrap();
    }
    // Reminders posted in the channel (a 429 answered is not a post: the bot sent it again after waiting): never
    // the same one twice (each names its turn and the time left).
    let reminders: Vec<String> = calls
        .iter()
        .filter(|c| c.is("POST", &format!("/channels/{id}/messages")) && c.status < 300)
        .filter_map(RecordedCall::content)
        .filter(|t| t.contains("your move") && t.contains("left"))
        .collect();
    let distinct: HashSet<&String> = reminders.iter().collect();
    assert_eq!(distinct.len(), reminders.len(), "channel {id}: a reminder was sent twice: {reminders:#?}");
    reminders.len()
}

/// What the checks counted over every channel's games.
#[derive(Default)]
pub(super) struct Totals {
    pub(super) moves: usize,
    pub(super) reminders: usize,
    pub(super) finished: usize,
    pub(super) hostile: usize,
    pub(super) try_again: usize,
    pub(super) unanswered: usize,
    pub(super) games: usize,
    pub(super) records: usize,
}

/// Checks every channel and each of its games (`calls` are all the fake received).
pub(super) async fn check_all(
    channels: &mut Vec<Arc<tokio::sync::Mutex<Channel>>>,
    store: &PgStore,
    url: &str,
    calls: &[RecordedCall],
) -> Totals {
    let mut t = Totals::default();
    let lookup = Sessions::new(PgStore::connect(url).await.unwrap(), SessionConfig::default());
    for channel in channels.drain(..) {
        let mut channel = channel.lock().await;
        check_channel(&channel);
        t.hostile += channel.hostile;
        t.try_again += channel.try_again;
        let resigns = channel.resigns;
        channel.next_game(calls.len());
        for (n, seen) in channel.past.iter().enumerate() {
            let record = store.session(seen.session).await.unwrap().unwrap();
            let until = channel.past.get(n + 1).map_or(calls.len(), |next| next.from_call);
            t.reminders += check(channel.id, seen, &record, &calls[seen.from_call..until]);
            t.games += 1;
            t.moves += record.moves.len();
            t.finished += usize::from(record.state == SessionState::Finished);
            t.unanswered += seen.unanswered.len();
            if record.state == SessionState::Finished {
                check_record(&lookup, channel.id, seen.session, &record).await;
                t.records += 1;
            }
            if n + 1 == channel.past.len() && resigns && record.state == SessionState::Finished {
                assert!(record.ending.is_some(), "channel {}: resigned without an ending", channel.id);
            } else if n + 1 < channel.past.len() {
                assert_eq!(
                    record.state,
                    SessionState::Finished,
                    "channel {}: a game left behind",
                    channel.id
                );
            }
        }
    }
    t
}

/// A finished game's record, as `/game` gives it to a player, reads back with its stored moves and replays.
async fn check_record(lookup: &Sessions, channel: u64, session: i64, record: &SessionRow) {
    let reply = lookup.handle(channel, &actor(DAVE), ShowGame { id: session, replay: false }).await;
    let file = reply.files.first().unwrap_or_else(|| panic!("game #{session}: no record: {reply:?}"));
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    let read = Record::parse(&text).unwrap_or_else(|e| panic!("game #{session}: {e}\n{text}"));
    assert_eq!(read.moves, record.moves, "game #{session}'s record:\n{text}");
    if let Err(e) = read.replay() {
        panic!("game #{session}'s record does not replay: {e}\n{text}");
    }
}
