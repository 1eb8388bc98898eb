//! The console's clock as a new player tries it: a wait too long is refused, dates always print, and reminders
//! by direct message link the game's channel.

use super::Console;

#[test]
fn a_wait_beyond_a_year_is_refused_and_dates_always_print() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@alice /wait 99999999999d", "only");
    assert!(out.last().unwrap().contains("(to @alice only) `99999999999d` is too long"), "{out:?}");
    console.say("@alice /wait 300d", "later");
    console.say("@alice /play game:tablut opponent:@bob side:first", "[Accept]");
    console.say("@bob /accept", "picture:");
    console.say("@alice /resign", "wins");
    let out = console.say("@alice /history", "bob");
    assert!(out.iter().all(|l| !l.contains('?')), "{out:?}");
    console.kill();
}

#[test]
fn dm_reminders_link_the_games_channel() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("@alice /notify dm:on", "direct message");
    console.say("#games @alice /play game:tablut opponent:@bob side:first clock:1h", "[Accept]");
    console.say("#games @bob /accept", "picture:");
    let out = console.say("@alice /wait 31m", "(direct message to @alice)");
    assert!(out.last().unwrap().contains("Play with /move in #games."), "{out:?}");
    console.kill();
}

/// `/press` presses only what the presser can see: another member's private buttons are not offered to them, and
/// a link button (Watch live) prints its address instead of answering that it is no longer in use.
#[tokio::test]
async fn press_offers_only_the_buttons_the_presser_sees() {
    use std::sync::Arc;
    use tabula::local::Console;
    use tabula::session::{Links, SessionConfig, Sessions};
    let dir = tempfile::tempdir().unwrap();
    let sessions = Arc::new(Sessions::new(tabula_testkit::MemoryStore::new(), SessionConfig::default()));
    sessions.set_links(Links::new(b"secret", "http://127.0.0.1:8090"));
    let mut console = Console::new(sessions, dir.path());
    console.line("@carol /play game:tablut opponent:@dave side:first").await;
    console.line("@dave /accept").await;
    console.line("@carol /move e8-d8").await;
    console.line("@dave /move e4-h4").await;
    let private = console.line("@carol /abort").await;
    assert!(private.contains("[Ask to abort]"), "{private}");
    // Dave never saw carol's private button: it is not his to press, nor offered to him.
    let dave = console.line("@dave /press Ask to abort").await;
    assert!(!dave.contains("Ask to abort]"), "{dave}");
    let watch = console.line("@dave /press Watch live").await;
    assert!(watch.contains("opens http://127.0.0.1:8090/"), "{watch}");
    // Carol still can press hers.
    let asked = console.line("@carol /press Ask to abort").await;
    assert!(asked.contains("asks to abort"), "{asked}");
}
