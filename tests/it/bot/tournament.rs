//! A tournament end to end through the real bot and the fake Discord, on a clock the test moves: a Swiss of five
//! over three rounds. The organiser (Manage Server) creates it, five members join with the Join button (a second
//! sign-up and a creation without the permission are refused privately), sign-up closes at the start, each game
//! is started in its own thread with the players pinged once, a game nobody plays is lost on time (a forfeit), a
//! player is withdrawn after round 1 and sits out the later rounds, the standings come after each round as a
//! picture, and the winner is announced.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicI64;

use serde_json::json;

use super::{WAIT, advance, button, send, start_on_clock, test_config};
use crate::fake_discord::{ALICE, BOB, CAROL, DAVE, FakeDiscord, GAMES_CHANNEL, Opt, RecordedCall, User};

const START: i64 = 1_800_000_000;
const MINUTE: i64 = 60;
const ERIN: User = User { id: 559, name: "erin" };
const PLAYERS: [User; 5] = [ALICE, BOB, CAROL, DAVE, ERIN];

fn last_index(fake: &FakeDiscord) -> usize {
    fake.calls().last().map_or(0, |c| c.index)
}

fn posted_in(call: &RecordedCall, channel: u64) -> bool {
    call.is("POST", &format!("/channels/{channel}/messages")) && call.refusal.is_none()
}

fn user(id: u64) -> User {
    *PLAYERS.iter().find(|u| u.id == id).unwrap_or_else(|| panic!("no player {id}"))
}

/// `/tournament` from `user`, with the Manage Server permission when `manager`.
async fn tournament(fake: &FakeDiscord, user: User, manager: bool, options: &[(&str, Opt)]) -> RecordedCall {
    let mut payload = fake.slash("tournament", options, user, GAMES_CHANNEL);
    if manager {
        payload["member"]["permissions"] = json!("32");
    }
    send(fake, payload).await.1
}

/// The games of a round once its pairings are posted (after call `after`): each thread's game start, with the
/// players it pings; and the pairings' text.
async fn round_games(fake: &FakeDiscord, after: usize, round: u32) -> (Vec<(u64, Vec<u64>)>, String) {
    let heading = format!("Round {round} of tournament #1:");
    let pairings = fake
        .wait_for(
            |c| {
                c.index > after
                    && posted_in(c, GAMES_CHANNEL)
                    && c.content().is_some_and(|t| t.contains(&heading))
            },
            WAIT,
        )
        .await;
    assert!(pairings.pings().users.is_empty(), "the pairings ping nobody (each game does): {pairings:?}");
    let text = pairings.content().unwrap();
    let threads: Vec<u64> = fake
        .calls()
        .iter()
        .filter(|c| c.index > after && c.is("POST", &format!("/channels/{GAMES_CHANNEL}/threads")))
        .filter_map(|c| c.response.as_ref()?["id"].as_str()?.parse().ok())
        .collect();
    let mut games = Vec::new();
    for thread in threads {
        assert!(text.contains(&format!("<#{thread}>")), "the pairings name thread {thread}: {text}");
        let started = fake
            .wait_for(
                |c| {
                    c.index > after
                        && posted_in(c, thread)
                        && c.content().is_some_and(|t| t.contains("your game is here"))
                },
                WAIT,
            )
            .await;
        assert_eq!(started.files().len(), 1, "the board comes with the start");
        let pinged = started.pings().users;
        assert_eq!(pinged.len(), 2, "the two players, pinged once: {started:?}");
        let again = fake.calls().iter().filter(|c| posted_in(c, thread) && c.pings().users == pinged).count();
        assert_eq!(again, 1, "pinged once in thread {thread}");
        games.push((thread, pinged));
    }
    (games, text)
}

/// The refusals of a creation, then the creation and five sign-ups (a second one refused).
async fn sign_up(fake: &FakeDiscord) {
    let create: [(&str, Opt); 6] = [
        ("action", "create".into()),
        ("game", "tablut".into()),
        ("format", "swiss".into()),
        ("rounds", 3_i64.into()),
        ("clock", "1h".into()),
        ("starts", "30m".into()),
    ];
    let refused = tournament(fake, BOB, false, &create).await;
    assert!(refused.is_ephemeral() && refused.content().unwrap().contains("Manage Server"), "{refused:?}");
    let bad = tournament(
        fake,
        ALICE,
        true,
        &[("action", "create".into()), ("game", "tantrix".into()), ("format", "round-robin".into())],
    )
    .await;
    assert!(bad.is_ephemeral() && bad.content().unwrap().contains("tables of three or four"), "{bad:?}");
    let announced = tournament(fake, ALICE, true, &create).await;
    assert!(!announced.is_ephemeral(), "{announced:?}");
    let text = announced.content().unwrap();
    assert!(
        text.contains("Tournament #1") && text.contains("3 rounds") && text.contains("No players yet"),
        "{text}"
    );
    let join = button(&announced.message().unwrap(), "Join");
    for (n, player) in PLAYERS.iter().enumerate() {
        let (_, joined) = send(fake, fake.button(&join, *player, GAMES_CHANNEL)).await;
        assert_eq!(joined.callback_type(), Some(7), "the announcement is updated: {joined:?}");
        let text = joined.content().unwrap();
        assert!(text.contains(&format!("Players ({}/64)", n + 1)), "{text}");
        assert!(joined.pings().users.is_empty(), "joining pings nobody");
    }
    let (_, twice) = send(fake, fake.button(&join, BOB, GAMES_CHANNEL)).await;
    assert!(twice.is_ephemeral() && twice.content().unwrap().contains("already signed up"), "{twice:?}");
}

/// Resigns the game in `thread` as `who`, and waits for its end.
async fn resign(fake: &FakeDiscord, thread: u64, who: u64) {
    let (id, call) = send(fake, fake.slash("resign", &[], user(who), thread)).await;
    assert!(!call.is_ephemeral(), "the resignation is accepted: {call:?} ({id})");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_five_over_three_rounds_with_a_forfeit_and_a_withdrawal() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let bot = start_on_clock(&config, &now).await;
    fake.wait_ready(WAIT).await;

    sign_up(&fake).await;

    // Sign-up closes: round 1 is two games and a bye.
    let mark = last_index(&fake);
    advance(&bot, &now, 31 * MINUTE);
    let (games, text) = round_games(&fake, mark, 1).await;
    assert_eq!(games.len(), 2, "{text}");
    assert!(text.contains("bye (a win)"), "{text}");
    let mut seen: BTreeSet<u64> = games.iter().flat_map(|(_, p)| p.clone()).collect();
    assert_eq!(seen.len(), 4);

    // One game is resigned; nobody plays the other, lost on time (a forfeit). The organiser withdraws the bye's
    // player, who sits out the later rounds.
    resign(&fake, games[0].0, games[0].1[0]).await;
    let rested = PLAYERS.iter().map(|u| u.id).find(|id| !seen.contains(id)).unwrap();
    let withdrawn =
        tournament(&fake, ALICE, true, &[("action", "withdraw".into()), ("player", user(rested).into())])
            .await;
    assert!(
        !withdrawn.is_ephemeral() && withdrawn.content().unwrap().contains("out of the later rounds"),
        "{withdrawn:?}"
    );
    let mark = last_index(&fake);
    advance(&bot, &now, 61 * MINUTE);
    fake.wait_for(
        |c| {
            c.index > mark
                && posted_in(c, games[1].0)
                && c.content().is_some_and(|t| t.contains("loses on time"))
        },
        WAIT,
    )
    .await;
    let over = fake
        .wait_for(
            |c| {
                c.index > mark
                    && posted_in(c, GAMES_CHANNEL)
                    && c.content().is_some_and(|t| t.contains("Round 1 of tournament #1 is over"))
            },
            WAIT,
        )
        .await;
    assert_eq!(over.files().len(), 1, "the standings as a picture");
    let (games, text) = round_games(&fake, mark, 2).await;
    assert_eq!(games.len(), 2, "four players left, no bye: {text}");
    assert!(!text.contains("bye"), "{text}");
    seen = games.iter().flat_map(|(_, p)| p.clone()).collect();
    assert!(!seen.contains(&rested), "the withdrawn player sits out: {text}");

    // Rounds 2 and 3: every game resigned.
    for (thread, players) in &games {
        resign(&fake, *thread, players[1]).await;
    }
    let (games, text) = round_games(&fake, mark_before_3(&fake), 3).await;
    assert_eq!(games.len(), 2, "{text}");
    for (thread, players) in &games {
        resign(&fake, *thread, players[0]).await;
    }
    let won = fake
        .wait_for(
            |c| posted_in(c, GAMES_CHANNEL) && c.content().is_some_and(|t| t.contains("The winner")),
            WAIT,
        )
        .await;
    assert_eq!(won.pings().users.len(), 1, "one winner, pinged: {won:?}");
    let standings =
        tournament(&fake, CAROL, false, &[("action", "standings".into()), ("id", 1_i64.into())]).await;
    assert!(!standings.is_ephemeral(), "{standings:?}");
    assert!(standings.content().unwrap().contains("after round 3"), "{standings:?}");
    fake.assert_no_refusals();
    bot.shutdown().await.unwrap();
}

/// The call before round 3's pairings: round 2's are the last pairings posted so far.
fn mark_before_3(fake: &FakeDiscord) -> usize {
    fake.calls()
        .iter()
        .filter(|c| {
            posted_in(c, GAMES_CHANNEL)
                && c.content().is_some_and(|t| t.contains("Round 2 of tournament #1:"))
        })
        .map(|c| c.index)
        .max()
        .unwrap_or(0)
}

const ORGANISERS: u64 = 880_001;
const CHAMPIONS: u64 = 880_002;

/// Organisers by role, check-in and the winner's role through the real bot: `/settings organiser_role:` lets a
/// member with that role create a tournament; with `check_in:true` the entrants are called (pinged once) 15
/// minutes before the start and check in with a button, and who did not is not paired; a game whose thread
/// Discord refuses is a forfeit (no points to either); the winners are given `winner_role`, and a refusal is
/// said in the channel. Role mentions never ping.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn organisers_by_role_check_in_a_refused_thread_and_the_winners_role() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let bot = start_on_clock(&config, &now).await;
    fake.wait_ready(WAIT).await;

    let mut settings = fake.slash(
        "settings",
        &[("organiser_role", Opt::Role(ORGANISERS, "organisers"))],
        ALICE,
        GAMES_CHANNEL,
    );
    settings["member"]["permissions"] = json!("32");
    let (_, set) = send(&fake, settings).await;
    assert!(set.is_ephemeral(), "{set:?}");
    assert!(set.content().unwrap().contains(&format!("and the role <@&{ORGANISERS}>")), "{set:?}");

    let create: [(&str, Opt); 9] = [
        ("action", "create".into()),
        ("game", "tablut".into()),
        ("format", "swiss".into()),
        ("rounds", 1_i64.into()),
        ("clock", "1h".into()),
        ("starts", "30m".into()),
        ("check_in", json!(true).into()),
        ("winner_role", Opt::Role(CHAMPIONS, "champions")),
        ("max_players", 8_i64.into()),
    ];
    let refused = tournament(&fake, BOB, false, &create).await;
    assert!(refused.is_ephemeral(), "no role, no permission: {refused:?}");
    let mut by_role = fake.slash("tournament", &create, BOB, GAMES_CHANNEL);
    by_role["member"]["roles"] = json!([ORGANISERS.to_string()]);
    let (_, announced) = send(&fake, by_role).await;
    assert!(!announced.is_ephemeral(), "{announced:?}");
    let text = announced.content().unwrap();
    assert!(text.contains("Check-in opens 15 min"), "{text}");
    assert!(text.contains(&format!("The winner is given the role <@&{CHAMPIONS}>.")), "{text}");
    assert_eq!(announced.pings().roles, Vec::<u64>::new(), "a role mention pings nobody");
    let join = button(&announced.message().unwrap(), "Join");
    for player in [CAROL, DAVE, ERIN] {
        let (_, joined) = send(&fake, fake.button(&join, player, GAMES_CHANNEL)).await;
        assert_eq!(joined.callback_type(), Some(7), "{joined:?}");
    }

    // Check-in opens: the three are called, pinged once, with a Check in button.
    let mark = last_index(&fake);
    advance(&bot, &now, 16 * MINUTE);
    let call = fake
        .wait_for(
            |c| {
                c.index > mark
                    && posted_in(c, GAMES_CHANNEL)
                    && c.content().is_some_and(|t| t.contains("Check-in for tournament #1 is open"))
            },
            WAIT,
        )
        .await;
    assert_eq!(call.pings().users, [CAROL.id, DAVE.id, ERIN.id], "{call:?}");
    assert!(call.pings().roles.is_empty());
    let check_in = button(&call.json().unwrap(), "Check in");
    for player in [CAROL, DAVE] {
        let (_, checked) = send(&fake, fake.button(&check_in, player, GAMES_CHANNEL)).await;
        assert_eq!(checked.callback_type(), Some(7), "{checked:?}");
        let text = checked.content().unwrap().to_lowercase();
        assert!(text.contains(&format!("{} ✓", player.name)), "{checked:?}");
    }
    let (_, twice) = send(&fake, fake.button(&check_in, CAROL, GAMES_CHANNEL)).await;
    assert!(twice.is_ephemeral() && twice.content().unwrap().contains("already checked in"), "{twice:?}");

    // The start: erin is not paired; Discord refuses the game's thread, so the game is a forfeit and the one
    // round is over at once: carol and dave share first place and are given the role, which dave's is refused.
    fake.refuse_threads_in(GAMES_CHANNEL);
    fake.refuse_roles_to(DAVE.id);
    let mark = last_index(&fake);
    advance(&bot, &now, 15 * MINUTE);
    let absent = posted_after(&fake, mark, "did not check in").await;
    assert!(
        absent.content().unwrap().contains("starts without one player who did not check in: Erin."),
        "{absent:?}"
    );
    assert!(absent.pings().users.is_empty(), "the absent are named, not pinged");
    let pairings = posted_after(&fake, mark, "Round 1 of tournament #1:").await;
    assert!(pairings.content().unwrap().contains("(not started)"), "{pairings:?}");
    let won = posted_after(&fake, mark, "The winner").await;
    let text = won.content().unwrap();
    assert!(text.contains(&format!("They are given the role <@&{CHAMPIONS}>.")), "{text}");
    let mut winners = won.pings().users;
    winners.sort_unstable();
    assert_eq!(winners, [CAROL.id, DAVE.id], "{won:?}");
    let said = posted_after(&fake, mark, "I could not give").await;
    assert!(said.content().unwrap().contains(&format!("Dave the role <@&{CHAMPIONS}>")), "{said:?}");
    assert_eq!(fake.roles_given(), [(CAROL.id, CHAMPIONS)]);
    let refusals: Vec<String> = fake.take_refusals().iter().map(|c| c.route().to_string()).collect();
    assert_eq!(refusals.len(), 2, "the thread and dave's role: {refusals:?}");
    assert!(refusals.iter().any(|r| r.ends_with("/threads")), "{refusals:?}");
    assert!(
        refusals.iter().any(|r| r.ends_with(&format!("/members/{}/roles/{CHAMPIONS}", DAVE.id))),
        "{refusals:?}"
    );
    bot.shutdown().await.unwrap();
}

/// The first message posted in the games channel after call `mark` that says `needle`.
async fn posted_after(fake: &FakeDiscord, mark: usize, needle: &str) -> RecordedCall {
    fake.wait_for(
        |c| c.index > mark && posted_in(c, GAMES_CHANNEL) && c.content().is_some_and(|t| t.contains(needle)),
        WAIT,
    )
    .await
}
