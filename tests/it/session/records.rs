//! Records: every game's id in its messages, `/game` over finished, resigned, running and never-started games,
//! and the sentences for an unknown id and a game of another server.

use tabula::record::Record;
use tabula::session::FileKind;
use tabula::session::commands::{Decline, Resign, ShowBoard, ShowGame};

use super::{CHANNEL, alice, assert_private, assert_public, bob, mv, sessions, started};

const MOVES: [&str; 7] = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];

fn game(id: i64, replay: bool) -> ShowGame {
    ShowGame { id, replay }
}

#[tokio::test]
async fn a_finished_game_shows_its_id_and_its_record_replays_to_its_result() {
    let s = sessions().await;
    started(&s).await;
    let id = s.store().open_session(CHANNEL).await.unwrap().unwrap().id;
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert_public(&board, &format!("#{id}"));
    let mut last = None;
    for (i, m) in MOVES.iter().enumerate() {
        let who = if i % 2 == 0 { alice() } else { bob() };
        let reply = s.handle(CHANNEL, &who, mv(m)).await;
        assert_eq!(reply.board.as_ref().map(|b| b.id), Some(id), "each move's picture carries the id");
        assert_eq!(reply.replay.is_some(), i + 1 == MOVES.len(), "the replay comes with the last move only");
        last = Some(reply);
    }
    let last = last.unwrap();
    assert_public(&last, &format!("Game #{id} is over"));
    let gif = last.replay.unwrap().encode(usize::MAX, tabula::i18n::Lang::En).unwrap();
    assert_eq!(gif.kind, FileKind::Replay);
    assert_eq!(crate::records::decode_gif(&gif.bytes).0, MOVES.len() + 1);

    let reply = s.handle(CHANNEL + 7, &bob(), game(id, false)).await;
    assert_public(&reply, &format!("Game #{id}"));
    assert!(reply.replay.is_none());
    let [file] = &reply.files[..] else { panic!("one file: {reply:?}") };
    assert_eq!((file.kind, file.name.as_str()), (FileKind::Record, format!("game-{id}.txt").as_str()));
    let record = Record::parse(std::str::from_utf8(&file.bytes).unwrap()).unwrap();
    let stored = s.store().session(id).await.unwrap().unwrap();
    assert_eq!(record.moves, stored.moves, "the record's moves are the stored ones");
    assert_eq!(record.moves.len(), MOVES.len());
    assert_eq!(record.tag("Black"), Some("alice"));
    assert_eq!(record.tag("White"), Some("bob"));
    let replayed = record.replay().unwrap();
    assert_eq!(replayed.result, "black");
    assert_eq!(record.tag("Result"), Some("black"));
    assert!(s.handle(CHANNEL, &bob(), game(id, true)).await.replay.is_some());
}

#[tokio::test]
async fn resigned_running_and_unplayed_games() {
    let s = sessions().await;
    // A challenge that was declined has nothing to record.
    let challenge =
        s.handle(CHANNEL, &alice(), super::play_tablut(&bob(), tabula::session::SidePref::First)).await;
    assert_public(&challenge, "(game #1)");
    s.handle(CHANNEL, &bob(), Decline { session: None }).await;
    assert_private(
        &s.handle(CHANNEL, &alice(), game(1, false)).await,
        "#1 was a challenge that was declined",
    );

    started(&s).await;
    let id = s.store().open_session(CHANNEL).await.unwrap().unwrap().id;
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    // A game being played: its record so far, without a result.
    let running = s.handle(CHANNEL, &bob(), game(id, false)).await;
    assert_public(&running, "in play");
    let record = Record::parse(std::str::from_utf8(&running.files[0].bytes).unwrap()).unwrap();
    assert_eq!((record.tag("Result"), record.moves.len()), (Some("*"), 1));
    // Resigned: the winner is the record's result, and the replay is attached to the resignation.
    let resigned = s.handle(CHANNEL, &alice(), Resign).await;
    assert!(resigned.replay.is_some());
    let reply = s.handle(CHANNEL, &bob(), game(id, false)).await;
    let record = Record::parse(std::str::from_utf8(&reply.files[0].bytes).unwrap()).unwrap();
    assert_eq!(record.tag("Result"), Some("white"));
    assert!(record.tag("Termination").unwrap().contains("resigned"), "{record:?}");
    assert_eq!(record.replay().unwrap().result, "white");
    // The record keeps the ending in English; the summary says it in the reader's language.
    assert!(
        reply.text.to_plain().ends_with(", 1 move: alice resigned · bob, White (defenders), wins."),
        "{}",
        reply.text
    );
    let czech = reply.text.plain_in(tabula::i18n::Lang::Cs);
    assert!(czech.contains(": alice se vzdal(a) · bob, ") && czech.ends_with(", vyhrává."), "{czech}");
}

#[tokio::test]
async fn unknown_ids_and_other_servers_get_one_private_sentence() {
    let s = sessions().await;
    started(&s).await;
    let id = s.store().open_session(CHANNEL).await.unwrap().unwrap().id;
    let unknown = s.handle(CHANNEL, &alice(), game(id + 100, false)).await;
    assert_private(&unknown, &format!("There is no game #{}", id + 100));
    let mut stranger = alice();
    stranger.guild = Some(9_999);
    let other = s.handle(CHANNEL, &stranger, game(id, true)).await;
    assert_private(&other, "played in another server");
    assert!(other.files.is_empty() && other.replay.is_none());
}
