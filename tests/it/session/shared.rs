//! Several instances over one Postgres database (`shared_store`): whatever instance a command reaches, it answers
//! from what is stored, a move is applied once or refused with the reason, and the computer's moves are made once.

use std::sync::Arc;

use tabula::games::GameKind;
use tabula::session::commands::{Play, ShowBoard};
use tabula::session::{SessionConfig, Sessions, SidePref};
use tabula::store::PgStore;

use super::{BOT, CHANNEL, alice, assert_private, assert_public, bob, mv, started, tabula_bot};
use crate::support::postgres::PgServer;

fn shared() -> SessionConfig {
    SessionConfig { shared_store: true, ..SessionConfig::default() }
}

async fn instances(server: &PgServer, db: &str) -> (Arc<Sessions>, Arc<Sessions>) {
    let url = server.database(db).await;
    let a = Sessions::new(PgStore::connect(&url).await.unwrap(), shared());
    let b = Sessions::new(PgStore::connect(&url).await.unwrap(), shared());
    (Arc::new(a), Arc::new(b))
}

#[tokio::test]
async fn instances_answer_from_the_stored_game_whichever_gets_the_command() {
    let Some(server) = PgServer::start("instances_answer_from_the_stored_game_whichever_gets_the_command")
    else {
        return;
    };
    let (a, b) = instances(&server, "alternate").await;
    started(&a).await;
    // Both have read the game; moves then alternate between the instances, each seeing the other's.
    a.handle(CHANNEL, &alice(), ShowBoard).await;
    b.handle(CHANNEL, &alice(), ShowBoard).await;
    assert_public(&a.handle(CHANNEL, &alice(), mv("e8-d8")).await, "played `e8-d8`");
    assert_private(&b.handle(CHANNEL, &alice(), mv("e8-c8")).await, "not your turn");
    assert_public(&b.handle(CHANNEL, &bob(), mv("e4-h4")).await, "played `e4-h4`");
    assert_public(&a.handle(CHANNEL, &alice(), mv("f9-f6")).await, "played `f9-f6`");
    let board = b.handle(CHANNEL, &bob(), ShowBoard).await;
    assert_eq!(board.board.unwrap().game.moves_text(), vec!["e8-d8", "e4-h4", "f9-f6"]);
}

#[tokio::test]
async fn simultaneous_moves_on_two_instances_apply_once() {
    let Some(server) = PgServer::start("simultaneous_moves_on_two_instances_apply_once") else { return };
    let (a, b) = instances(&server, "race").await;
    started(&a).await;
    let mut tasks = Vec::new();
    for (i, m) in ["e8-d8", "e8-c8", "d9-d6", "a4-b4", "e8-d8", "f9-f6"].into_iter().enumerate() {
        let s = if i % 2 == 0 { a.clone() } else { b.clone() };
        tasks.push(tokio::spawn(async move { s.handle(CHANNEL, &alice(), mv(m)).await }));
    }
    let mut accepted = Vec::new();
    for t in tasks {
        let reply = t.await.unwrap();
        if !reply.ephemeral {
            accepted.push(reply.text.to_plain());
        }
    }
    assert_eq!(accepted.len(), 1, "exactly one move is accepted: {accepted:?}");
    let stored = a.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(stored.moves.len(), 1);
}

#[tokio::test]
async fn the_computer_moves_once_when_two_instances_think() {
    let Some(server) = PgServer::start("the_computer_moves_once_when_two_instances_think") else { return };
    let (a, b) = instances(&server, "ai").await;
    a.set_bot_id(BOT);
    b.set_bot_id(BOT);
    let play = Play {
        game: GameKind::Tablut,
        opponents: vec![tabula_bot()],
        variant: None,
        side: SidePref::First,
        level: Some(1),
        rated: true,
        clock: None,
        thread: None,
    };
    assert_public(&a.handle(CHANNEL, &alice(), play).await, "begins");
    assert_public(&b.handle(CHANNEL, &alice(), mv("e8-d8")).await, "played");
    let (x, y) = tokio::join!(a.ai_turn(CHANNEL), b.ai_turn(CHANNEL));
    assert_eq!(
        usize::from(x.is_some()) + usize::from(y.is_some()),
        1,
        "one instance posts the computer's move"
    );
    let stored = a.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(stored.moves.len(), 2, "the computer's move is stored once: {:?}", stored.moves);
}
