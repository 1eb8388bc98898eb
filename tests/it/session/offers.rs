//! Offers that need both players (a draw, a takeback, an abort after the first move), their answers from the
//! buttons, the computer's answers, and the rematch of a finished game.

use tabula::games::GameKind;
use tabula::session::commands::{Abort, Accept, Draw, Play, Resign, Takeback};
use tabula::session::{Button, Reply, Request, SidePref, parse_component};
use tabula::store::{EndKind, SessionState};

use super::{CHANNEL, actor, alice, assert_private, assert_public, bob, carol, mv, sessions, started};

/// The request of the button labelled `label` under `reply`.
fn press(reply: &Reply, label: &str) -> Request {
    let button: &Button = reply
        .buttons
        .iter()
        .find(|b| b.label.to_plain() == label)
        .unwrap_or_else(|| panic!("no {label} button under {reply:?}"));
    let (channel, request) =
        parse_component(&button.custom_id, None).expect("a button the session layer reads");
    assert_eq!(channel, CHANNEL);
    request
}

#[tokio::test]
async fn a_draw_agreed_and_the_mistakes_around_it() {
    let s = sessions().await;
    started(&s).await;
    let offer = s.handle(CHANNEL, &alice(), Draw).await;
    assert_public(&offer, "offers a draw");
    assert_eq!(offer.text.mentions(), vec![2], "only the opponent is pinged");
    let accept = press(&offer, "Accept");
    assert_private(&s.handle(CHANNEL, &alice(), accept.clone()).await, "You made this draw offer");
    assert_private(&s.handle(CHANNEL, &bob(), Draw).await, "already a pending draw offer by alice");
    assert_private(&s.handle(CHANNEL, &carol(), accept.clone()).await, "for the players");
    // The offer survives a restart (it is stored).
    s.forget_cache();
    let agreed = s.handle(CHANNEL, &bob(), accept.clone()).await;
    assert_public(&agreed, "draw by agreement");
    assert!(agreed.board.is_some(), "with the final picture");
    assert_eq!(agreed.buttons.iter().map(|b| b.label.to_plain()).collect::<Vec<_>>(), vec!["Rematch"]);
    let replay = agreed.replay.as_ref().expect("the game's replay comes with its end");
    assert_eq!(replay.record.tag("Result"), Some("draw"), "the record states the agreed draw");
    let record = s.store().session(1).await.unwrap().unwrap();
    let ending = record.ending.expect("the agreed draw is stored");
    assert_eq!(
        (record.state, ending.kind, ending.places),
        (SessionState::Finished, EndKind::DrawAgreed, Some(vec![1, 1]))
    );
    assert_private(&s.handle(CHANNEL, &bob(), accept).await, "no longer open");
}

#[tokio::test]
async fn games_without_draws_refuse_the_offer() {
    let s = sessions().await;
    let play = Play {
        game: GameKind::Tzaar,
        opponents: vec![bob().member],
        variant: None,
        side: SidePref::First,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    };
    s.handle(CHANNEL, &alice(), play).await;
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    assert_private(&s.handle(CHANNEL, &alice(), Draw).await, "TZAAR cannot be drawn by agreement");
}

#[tokio::test]
async fn a_takeback_declined_one_accepted_and_one_cancelled_by_a_move() {
    let s = sessions().await;
    started(&s).await;
    assert_private(&s.handle(CHANNEL, &alice(), Takeback).await, "no move of yours to take back");
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    let ask = s.handle(CHANNEL, &alice(), Takeback).await;
    assert_public(&ask, "take back");
    assert_eq!(ask.text.mentions(), vec![2]);
    let declined = s.handle(CHANNEL, &bob(), press(&ask, "Decline")).await;
    assert_public(&declined, "declined the takeback request");
    assert_eq!(declined.text.mentions(), vec![1], "the one who asked hears the answer");
    assert_eq!(s.store().open_session(CHANNEL).await.unwrap().unwrap().moves, vec!["e8-d8"]);

    // Bob replies; Alice's move and Bob's reply are taken back together.
    s.handle(CHANNEL, &bob(), mv("e4-h4")).await;
    let ask = s.handle(CHANNEL, &alice(), Takeback).await;
    let accepted = s.handle(CHANNEL, &bob(), press(&ask, "Accept")).await;
    assert_public(&accepted, "`e8-d8`, `e4-h4` are taken back");
    assert!(accepted.board.as_ref().unwrap().game.moves_text().is_empty());
    assert!(accepted.text.mentions().contains(&1), "alice is to move again: {}", accepted.text);
    assert!(s.store().open_session(CHANNEL).await.unwrap().unwrap().moves.is_empty());

    // A new move cancels the pending offer: its button has expired.
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    let ask = s.handle(CHANNEL, &alice(), Takeback).await;
    s.handle(CHANNEL, &bob(), mv("e4-h4")).await;
    assert_private(&s.handle(CHANNEL, &bob(), press(&ask, "Accept")).await, "no longer open");
}

#[tokio::test]
async fn the_computer_grants_takebacks_at_low_levels_only() {
    for (level, granted) in [(2, true), (5, false)] {
        let s = sessions().await;
        s.set_bot_id(99);
        let computer = actor(99, "tabula");
        let play = Play {
            game: GameKind::Tablut,
            opponents: vec![computer.member.clone()],
            variant: None,
            side: SidePref::First,
            level: Some(level),
            rated: true,
            clock: None,
            thread: None,
        };
        assert!(!s.handle(CHANNEL, &alice(), play).await.ephemeral);
        s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
        let answer = s.handle(CHANNEL, &alice(), Takeback).await;
        if granted {
            assert_public(&answer, "taken back");
            assert!(s.store().open_session(CHANNEL).await.unwrap().unwrap().moves.is_empty());
        } else {
            assert_private(&answer, "does not grant takebacks");
            assert_eq!(s.store().open_session(CHANNEL).await.unwrap().unwrap().moves.len(), 1);
        }
    }
}

#[tokio::test]
async fn the_computer_answers_a_draw_offer_by_its_evaluation() {
    let s = sessions().await;
    s.set_bot_id(99);
    let play = Play {
        game: GameKind::Tablut,
        opponents: vec![actor(99, "tabula").member],
        variant: None,
        side: SidePref::First,
        level: Some(1),
        rated: true,
        clock: None,
        thread: None,
    };
    s.handle(CHANNEL, &alice(), play).await;
    let answer = s.handle(CHANNEL, &alice(), Draw).await;
    assert!(!answer.ephemeral, "{answer:?}");
    let open = s.store().open_session(CHANNEL).await.unwrap();
    if answer.text.contains("accepted") {
        assert!(open.is_none(), "accepted: the game is drawn");
    } else {
        assert!(answer.text.contains("declined") && open.is_some(), "{answer:?}");
    }
}

#[tokio::test]
async fn abort_after_the_first_move_needs_consent_or_a_moderator() {
    let s = sessions().await;
    started(&s).await;
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    let alone = s.handle(CHANNEL, &bob(), Abort).await;
    assert_private(&alone, "resign");
    let ask = s.handle(CHANNEL, &bob(), press(&alone, "Ask to abort")).await;
    assert_public(&ask, "asks to abort");
    assert_eq!(ask.text.mentions(), vec![1]);
    let done = s.handle(CHANNEL, &alice(), press(&ask, "Accept")).await;
    assert_public(&done, "aborted");
    assert_eq!(s.store().session(1).await.unwrap().unwrap().state, SessionState::Aborted);
    // A moderator needs nobody's consent, and is named.
    started(&s).await;
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    let mut moderator = carol();
    moderator.can_manage = true;
    assert_public(&s.handle(CHANNEL, &moderator, Abort).await, "carol aborted");
}

#[tokio::test]
async fn a_rematch_swaps_the_sides() {
    let s = sessions().await;
    started(&s).await;
    let resigned = s.handle(CHANNEL, &bob(), Resign).await;
    let rematch = press(&resigned, "Rematch");
    assert_private(&s.handle(CHANNEL, &carol(), rematch.clone()).await, "Only the players");
    let asked = s.handle(CHANNEL, &bob(), rematch.clone()).await;
    assert_public(&asked, "rematch");
    assert_eq!(asked.text.mentions(), vec![1], "the other player is asked");
    assert_private(&s.handle(CHANNEL, &alice(), rematch).await, "already has");
    let record = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.players.iter().map(|p| p.id).collect::<Vec<_>>(), vec![2, 1], "bob now plays first");
    let begun = s.handle(CHANNEL, &alice(), press(&asked, "Accept")).await;
    assert_public(&begun, "begins");
    assert!(begun.text.mentions().contains(&2), "bob is to move: {}", begun.text);
    assert_eq!(GameKind::Tantrix.rematch_order(3), vec![1, 2, 0], "bigger games rotate the seats");
}

/// Tantrix has hidden tiles: after a move, the tiles drawn were seen, so no takeback is offered, and no draw.
#[tokio::test]
async fn tantrix_takes_no_takebacks_and_no_draw_offers() {
    let s = sessions().await;
    s.handle(CHANNEL, &alice(), super::play(GameKind::Tantrix, &bob(), None, SidePref::First)).await;
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    let first = s.suggest(CHANNEL, 1, "", 1).await;
    let mover = if first.is_empty() { bob() } else { alice() };
    let m = s.suggest(CHANNEL, mover.member.id, "", 1).await.remove(0);
    assert_public(&s.handle(CHANNEL, &mover, mv(&m)).await, "played");
    assert_private(&s.handle(CHANNEL, &mover, Takeback).await, "Tantrix has no takebacks");
    assert_private(&s.handle(CHANNEL, &mover, Draw).await, "");
}
