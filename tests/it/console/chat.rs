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
