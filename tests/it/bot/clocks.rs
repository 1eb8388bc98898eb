//! Games that never get stuck, end to end through the real bot and the fake Discord, on a clock the test moves:
//! reminders (each sent once; by direct message, or in the channel when Discord refuses the DM), a game lost on
//! time, a rematch, takebacks declined and accepted, a draw agreed, a game in a thread (archived after its end)
//! and a thread refused for lack of permission, all across restarts of the bot.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tabula::discord::Bot;

use super::{WAIT, advance, assert_board, button, original_edit, send, start_on_clock, test_config};
use crate::fake_discord::{ALICE, BOB, CAROL, DAVE, FakeDiscord, GAMES_CHANNEL, Opt, RecordedCall, User};

const START: i64 = 1_800_000_000;
const MINUTE: i64 = 60;

/// Waits (within [`WAIT`]) for a whole pass of the bot's clock task after this call, before counting what it sent.
async fn clock_pass(bot: &Bot) {
    tokio::time::timeout(WAIT, bot.clock_pass()).await.expect("the clock task makes a pass");
}

/// The first call after call number `after` that satisfies `predicate`.
async fn next_call(
    fake: &FakeDiscord,
    after: usize,
    predicate: impl Fn(&RecordedCall) -> bool,
) -> RecordedCall {
    fake.wait_for(|c| c.index > after && predicate(c), WAIT).await
}

fn last_index(fake: &FakeDiscord) -> usize {
    fake.calls().last().map_or(0, |c| c.index)
}

fn posted_in(call: &RecordedCall, channel: u64) -> bool {
    call.is("POST", &format!("/channels/{channel}/messages")) && call.refusal.is_none()
}

fn count(fake: &FakeDiscord, predicate: impl Fn(&RecordedCall) -> bool) -> usize {
    fake.calls().iter().filter(|c| predicate(c)).count()
}

async fn slash_in(
    fake: &FakeDiscord,
    channel: u64,
    user: User,
    name: &str,
    options: &[(&str, Opt)],
) -> (u64, RecordedCall) {
    send(fake, fake.slash(name, options, user, channel)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_once_a_loss_on_time_and_a_rematch_across_restarts() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let mut bot = start_on_clock(&config, &now).await;
    fake.wait_ready(WAIT).await;
    let play = [
        ("game", "tablut".into()),
        ("opponent", BOB.into()),
        ("side", "first".into()),
        ("clock", "1h".into()),
    ];
    let (_, challenge) = slash_in(&fake, GAMES_CHANNEL, ALICE, "play", &play).await;
    assert!(challenge.content().unwrap().contains("1 hour per move"), "{:?}", challenge.content());
    let accept = button(&challenge.message().unwrap(), "Accept");
    let (id, _) = send(&fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    assert_board(&original_edit(&fake, id).await);
    // Alice wants reminders by DM but Discord refuses them; Bob's arrive.
    for user in [ALICE, BOB] {
        let (_, on) = slash_in(&fake, GAMES_CHANNEL, user, "notify", &[("dm", true.into())]).await;
        assert!(on.is_ephemeral(), "{on:?}");
    }
    fake.refuse_dms_to(ALICE.id);

    let mark = last_index(&fake);
    advance(&bot, &now, 30 * MINUTE);
    let reminder = next_call(&fake, mark, |c| posted_in(c, GAMES_CHANNEL)).await;
    let text = reminder.content().unwrap();
    assert!(text.contains("your move") && text.contains("30 minutes left"), "{text}");
    assert_eq!(reminder.pings().users, vec![ALICE.id], "only the player to move is pinged");
    let refused = fake.take_refusals();
    assert!(refused.len() == 1 && refused[0].refusal.as_ref().unwrap().code == 50007, "{refused:?}");
    advance(&bot, &now, MINUTE);
    clock_pass(&bot).await;
    assert_eq!(count(&fake, |c| posted_in(c, GAMES_CHANNEL)), 1, "the half-time reminder is sent once");

    // Alice moves: Bob's hour starts, and his reminders come by DM.
    let (id, _) = slash_in(&fake, GAMES_CHANNEL, ALICE, "move", &[("move", "e8-d8".into())]).await;
    let moved = original_edit(&fake, id).await;
    assert_eq!(moved.pings().users, vec![BOB.id]);
    let mark = last_index(&fake);
    advance(&bot, &now, 30 * MINUTE);
    let dm = next_call(&fake, mark, |c| {
        c.is("POST", "/channels/*/messages") && c.content().is_some_and(|t| t.contains("Your move"))
    })
    .await;
    assert_eq!(
        fake.dm_channel_of(BOB.id).map(|c| dm.is("POST", &format!("/channels/{c}/messages"))),
        Some(true)
    );
    assert!(dm.pings().is_empty(), "a direct message pings nobody");
    let bob_dms = |fake: &FakeDiscord| {
        let channel = fake.dm_channel_of(BOB.id).unwrap();
        count(fake, |c| posted_in(c, channel))
    };

    // A restart: the reminder already sent is not sent again.
    bot.shutdown().await.unwrap();
    bot = start_on_clock(&config, &now).await;
    fake.wait_ready(WAIT).await;
    bot.sessions().poke_clocks();
    clock_pass(&bot).await;
    assert_eq!(bob_dms(&fake), 1);
    advance(&bot, &now, 20 * MINUTE);
    let channel = fake.dm_channel_of(BOB.id).unwrap();
    fake.wait_for(
        |c| posted_in(c, channel) && c.content().is_some_and(|t| t.contains("10 minutes left")),
        WAIT,
    )
    .await;
    assert_eq!(bob_dms(&fake), 2, "the second reminder, once");

    // The deadline passes while the bot is down: the loss on time is announced once, at the next start.
    bot.shutdown().await.unwrap();
    now.fetch_add(15 * MINUTE, Ordering::SeqCst);
    let bot = start_on_clock(&config, &now).await;
    let lost = fake
        .wait_for(
            |c| posted_in(c, GAMES_CHANNEL) && c.content().is_some_and(|t| t.contains("loses on time")),
            WAIT,
        )
        .await;
    let text = assert_board(&lost);
    assert!(text.contains(&BOB.mention()) && text.contains("wins"), "{text}");
    assert_eq!(lost.pings().users, vec![BOB.id, ALICE.id]);
    bot.sessions().poke_clocks();
    clock_pass(&bot).await;
    let losses = |fake: &FakeDiscord| {
        count(fake, |c| {
            posted_in(c, GAMES_CHANNEL) && c.content().is_some_and(|t| t.contains("loses on time"))
        })
    };
    assert_eq!(losses(&fake), 1, "settled exactly once");

    // Rematch: Alice asks, Bob accepts, the sides swap (Bob now moves first).
    let rematch = button(&lost.message().unwrap(), "Rematch");
    let (_, asked) = send(&fake, fake.button(&rematch, ALICE, GAMES_CHANNEL)).await;
    assert_eq!(asked.callback_type(), Some(4), "a new message: {asked:?}");
    assert!(asked.content().unwrap().contains("rematch"), "{:?}", asked.content());
    assert_eq!(asked.pings().users, vec![BOB.id]);
    let accept = button(&asked.message().unwrap(), "Accept");
    let (id, _) = send(&fake, fake.button(&accept, BOB, GAMES_CHANNEL)).await;
    let begun = assert_board(&original_edit(&fake, id).await);
    assert!(begun.contains(&format!("{}, Black", BOB.mention())), "{begun}");
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_thread_with_takebacks_and_a_draw_across_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = test_config(&fake, &dir);
    let now = Arc::new(AtomicI64::new(START));
    let mut bot = start_on_clock(&config, &now).await;
    fake.wait_ready(WAIT).await;
    let play = [
        ("game", "tablut".into()),
        ("opponent", BOB.into()),
        ("side", "first".into()),
        ("thread", true.into()),
    ];
    let (id, deferred) = slash_in(&fake, GAMES_CHANNEL, ALICE, "play", &play).await;
    assert_eq!(deferred.callback_type(), Some(5));
    let opened = fake.wait_for(|c| c.is("POST", &format!("/channels/{GAMES_CHANNEL}/threads")), WAIT).await;
    assert_eq!(opened.json().unwrap()["name"], "Tablut: Alice vs Bob");
    let thread: u64 = opened.response.as_ref().unwrap()["id"].as_str().unwrap().parse().unwrap();
    let note = original_edit(&fake, id).await;
    assert!(note.content().unwrap().contains(&format!("<#{thread}>")) && note.pings().is_empty(), "{note:?}");
    let challenge = fake.wait_for(|c| posted_in(c, thread), WAIT).await;
    assert_eq!(challenge.pings().users, vec![BOB.id]);
    let accept = button(&challenge.message().unwrap(), "Accept");
    let (id, _) = send(&fake, fake.button(&accept, BOB, thread)).await;
    assert_board(&original_edit(&fake, id).await);

    // A takeback declined, then one accepted.
    let (id, _) = slash_in(&fake, thread, ALICE, "move", &[("move", "e8-d8".into())]).await;
    assert_board(&original_edit(&fake, id).await);
    let (_, ask) = slash_in(&fake, thread, ALICE, "takeback", &[]).await;
    assert!(!ask.is_ephemeral() && ask.pings().users == vec![BOB.id], "{ask:?}");
    let decline = button(&ask.message().unwrap(), "Decline");
    let (_, declined) = send(&fake, fake.button(&decline, BOB, thread)).await;
    assert_eq!(declined.callback_type(), Some(7), "{declined:?}");
    assert!(declined.content().unwrap().contains("declined"));
    let (_, mine) = send(&fake, fake.button(&decline, ALICE, thread)).await;
    assert!(mine.is_ephemeral() && mine.content().unwrap().contains("no longer open"), "{mine:?}");
    let (_, ask) = slash_in(&fake, thread, ALICE, "takeback", &[]).await;
    let accept = button(&ask.message().unwrap(), "Accept");
    let (_, own) = send(&fake, fake.button(&accept, ALICE, thread)).await;
    assert!(own.is_ephemeral() && own.content().unwrap().contains("You made this"), "{own:?}");
    let (id, _) = send(&fake, fake.button(&accept, BOB, thread)).await;
    let back = assert_board(&original_edit(&fake, id).await);
    assert!(back.contains("taken back") && back.contains(&ALICE.mention()), "{back}");

    // A restart, then a draw agreed.
    bot.shutdown().await.unwrap();
    bot = start_on_clock(&config, &now).await;
    for (user, m) in [(ALICE, "d1-c1"), (BOB, "g5-g6")] {
        let (id, _) = slash_in(&fake, thread, user, "move", &[("move", m.into())]).await;
        assert_board(&original_edit(&fake, id).await);
    }
    let (_, offer) = slash_in(&fake, thread, ALICE, "draw", &[]).await;
    let accept = button(&offer.message().unwrap(), "Accept");
    let (id, _) = send(&fake, fake.button(&accept, BOB, thread)).await;
    let drawn = original_edit(&fake, id).await;
    assert!(assert_board(&drawn).contains("draw by agreement"));
    button(&drawn.json().unwrap(), "Rematch");

    // The thread is archived a while after the end.
    advance(&bot, &now, 11 * MINUTE);
    let archived = fake.wait_for(|c| c.is("PATCH", &format!("/channels/{thread}")), WAIT).await;
    assert_eq!(archived.json().unwrap()["archived"], true);

    // Without the permission to create threads, the game is played in the channel, and that is said.
    let other = GAMES_CHANNEL + 7;
    fake.refuse_threads_in(other);
    let play = [("game", "tablut".into()), ("opponent", DAVE.into()), ("thread", true.into())];
    let (id, _) = slash_in(&fake, other, CAROL, "play", &play).await;
    let fallback = original_edit(&fake, id).await;
    let refused = fake.take_refusals();
    assert!(refused.len() == 1 && refused[0].refusal.as_ref().unwrap().code == 50013, "{refused:?}");
    let text = fallback.content().unwrap();
    assert!(text.contains("cannot create threads") && text.contains(&DAVE.mention()), "{text}");
    let accept = button(&fallback.json().unwrap(), "Accept");
    let (id, _) = send(&fake, fake.button(&accept, DAVE, other)).await;
    assert_board(&original_edit(&fake, id).await);
    bot.shutdown().await.unwrap();
}
