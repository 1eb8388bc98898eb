//! Expiry on time (the sweep settles lapsed challenges and says which message to edit) and the bounded cache.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tabula::session::commands::{Accept, Resign, ShowBoard};
use tabula::session::{SessionConfig, Sessions, SidePref};
use tabula::store::SessionState;
use tabula_testkit::MemoryStore;

use super::{CHANNEL, alice, bob, carol, mv, play_tablut, started};

fn clocked(config: SessionConfig) -> (Sessions, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock = {
        let now = now.clone();
        Arc::new(move || now.load(Ordering::SeqCst))
    };
    (Sessions::with_clock(MemoryStore::new(), config, clock), now)
}

#[tokio::test]
async fn the_sweep_settles_expired_challenges_and_names_their_message() {
    let (s, now) = clocked(SessionConfig::default());
    let reply = s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::Random)).await;
    let challenge = reply.challenge.expect("a challenge reply names its session");
    s.set_challenge_message(CHANNEL, challenge.session, 5_555).await;
    // Another channel's challenge, a minute younger.
    now.fetch_add(60, Ordering::SeqCst);
    s.handle(CHANNEL + 1, &carol(), play_tablut(&bob(), SidePref::Random)).await;
    assert!(s.sweep().await.is_empty(), "nothing is due yet");

    now.fetch_add(15 * 60 - 60, Ordering::SeqCst);
    let expired = s.sweep().await;
    assert_eq!(expired.len(), 1, "{expired:?}");
    assert_eq!(
        (expired[0].channel, expired[0].session, expired[0].message),
        (CHANNEL, challenge.session, Some(5_555))
    );
    let text = expired[0].text.to_plain();
    assert!(text.contains("expired") && text.contains("alice"), "{text}");
    assert!(expired[0].text.mentions().is_empty(), "an expiry notifies nobody");
    let stored = s.store_as::<tabula_testkit::MemoryStore>().unwrap().all();
    assert_eq!(stored.iter().find(|r| r.id == challenge.session).unwrap().state, SessionState::Expired);
    // Settled once only; the channel is free again.
    assert!(s.sweep().await.is_empty());
    assert!(!s.handle(CHANNEL, &carol(), play_tablut(&bob(), SidePref::Random)).await.ephemeral);

    // A challenge found lapsed by a command is reported by the next sweep too, so its message is edited.
    now.fetch_add(60, Ordering::SeqCst);
    let late = s.handle(CHANNEL + 1, &bob(), Accept { session: None }).await;
    assert!(late.ephemeral, "{late:?}");
    let expired = s.sweep().await;
    assert_eq!(expired.iter().map(|e| e.channel).collect::<Vec<_>>(), vec![CHANNEL + 1]);
}

#[tokio::test]
async fn games_do_not_expire() {
    let (s, now) = clocked(SessionConfig::default());
    started(&s).await;
    now.fetch_add(24 * 3600, Ordering::SeqCst);
    assert!(s.sweep().await.is_empty());
    assert!(!s.handle(CHANNEL, &alice(), mv("e8-d8")).await.ephemeral);
}

#[tokio::test]
async fn the_cache_drops_finished_and_idle_channels_and_stays_bounded() {
    let config = SessionConfig {
        max_cached_channels: 8,
        cache_idle: Duration::from_secs(600),
        ..SessionConfig::default()
    };
    let (s, now) = clocked(config);
    // Twenty channels with a game each: the cache never holds more than eight.
    for ch in 0..20 {
        s.handle(ch, &alice(), play_tablut(&bob(), SidePref::First)).await;
        s.handle(ch, &bob(), Accept { session: None }).await;
        assert!(s.cached_channels() <= 8, "{} cached", s.cached_channels());
    }
    // Dropped channels reload from the store: every game goes on.
    for ch in 0..20 {
        let reply = s.handle(ch, &alice(), mv("e8-d8")).await;
        assert!(!reply.ephemeral, "channel {ch}: {reply:?}");
    }
    // Finished (here: resigned) channels are dropped at the next sweep, and idle ones once idle long enough.
    s.forget_cache();
    for ch in 0..4 {
        assert!(!s.handle(ch, &bob(), Resign).await.ephemeral);
    }
    for ch in 4..6 {
        assert!(!s.handle(ch, &bob(), ShowBoard).await.ephemeral);
    }
    assert_eq!(s.cached_channels(), 6);
    s.sweep().await;
    assert_eq!(s.cached_channels(), 2, "the four finished channels are dropped, the two games kept");
    now.fetch_add(601, Ordering::SeqCst);
    s.sweep().await;
    assert_eq!(s.cached_channels(), 0);
    assert!(!s.handle(19, &bob(), mv("e4-h4")).await.ephemeral, "an idle game reloads");
}

#[tokio::test]
async fn a_challenge_that_expires_before_its_message_is_known_still_names_it() {
    let config = SessionConfig { challenge_expiry: Duration::ZERO, ..SessionConfig::default() };
    let s = Sessions::new(MemoryStore::new(), config);
    let reply = s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::Random)).await;
    // Touching the channel settles the challenge at once, before the adapter has recorded its message.
    assert!(s.handle(CHANNEL, &bob(), ShowBoard).await.ephemeral);
    s.set_challenge_message(CHANNEL, reply.challenge.unwrap().session, 77).await;
    let expired = s.sweep().await;
    assert_eq!(expired.iter().map(|e| e.message).collect::<Vec<_>>(), vec![Some(77)]);
}
