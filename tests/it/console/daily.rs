//! The daily puzzle in the console: `/settings daily_channel:#puzzles` and its refusals, the post in #puzzles when
//! the hour comes (moved with `/wait`), Try it giving the day's puzzle privately, the next day's post saying how
//! the one before went, and `no_daily:true` stopping it.

use super::Console;

#[test]
fn a_daily_puzzle_is_set_posted_tried_and_stopped_in_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@alice /settings daily_channel:#puzzles", "only");
    assert!(out[0].contains("Manage Server permission"), "{out:?}");
    let out = console.say("@mod /settings daily_hour:24", "only");
    assert_eq!(
        out,
        ["(to @mod only) `daily_hour:24` is not an hour: give one from 0 to 23 (UTC), like `daily_hour:18`."]
    );
    let out = console.say("@mod /settings daily_channel:#puzzles no_daily:true", "only");
    assert!(out[0].contains("Choose either `daily_channel:` or `no_daily:true`, not both."), "{out:?}");
    let out = console.say("@mod /settings", "Change them with");
    assert!(out.iter().any(|l| l.contains("Daily puzzle: none")), "{out:?}");
    let out = console.say("@mod /settings daily_channel:#puzzles daily_hour:6", "Change them with");
    assert!(out.iter().any(|l| l.contains("Daily puzzle: in #puzzles, every day at 06:00 UTC")), "{out:?}");

    // A day later the hour has come: the post, with its picture and button, in #puzzles.
    let out = console.say("@anyone /wait 1d", "picture:");
    let post = out.iter().find(|l| l.starts_with("#puzzles: 🧩 **Daily puzzle** of ")).expect("the post");
    let date = post.trim_start_matches("#puzzles: 🧩 **Daily puzzle** of ")[..10].to_string();
    assert!(out.iter().any(|l| l == "[Try it]"), "{out:?}");
    let out = console.say("#puzzles @\"Ann, the Great\" /press Try it", "picture:");
    assert!(out[0].starts_with("(to @Ann, the Great only)"), "{out:?}");
    assert!(out.iter().any(|l| l.contains(&date)), "the day's puzzle: {out:?}");
    // Pressed again, it is the same attempt, as it stands.
    let again = console.say("#puzzles @\"Ann, the Great\" /press Try it", "picture:");
    assert!(again[0].starts_with("(to @Ann, the Great only)"), "{again:?}");

    // The next day's post says how it went: Ann started it but finished nothing.
    let out = console.say("@anyone /wait 1d", "picture:");
    assert!(out.iter().any(|l| l.starts_with(&format!("Nobody finished the puzzle of {date} ("))), "{out:?}");

    // Stopped: the next day brings no post.
    console.say("@mod /settings no_daily:true", "Change them with");
    console.say("@anyone /wait 1d", "later");
    let out = console.say("@mod /settings", "Change them with");
    assert!(out.iter().all(|l| !l.contains("Daily puzzle**")), "{out:?}");
    assert!(out.iter().any(|l| l.contains("Daily puzzle: none")), "{out:?}");
    console.kill();
}
