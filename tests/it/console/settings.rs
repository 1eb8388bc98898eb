//! `/settings` in the console: `@mod` and `@admin` hold the Manage Server permission, channels are `#name`.

use super::Console;

#[test]
fn console_settings_limit_the_channels_and_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@alice /settings clock:1h", "only");
    assert!(out[0].contains("(to @alice only) Only members with the Manage Server permission"), "{out:?}");
    let out = console.say("@mod /settings", "Change them with");
    assert!(out.iter().any(|l| l.contains("Games may be started in: every channel (default)")), "{out:?}");
    let out = console.say(
        "@mod /settings allow_channel:#games clock:1h challenge_minutes:5 language:pt-BR",
        "Change them with",
    );
    assert!(out[0].starts_with("(to @mod only) Settings changed."), "{out:?}");
    for expected in
        ["Games may be started in: #games", "Default clock: 1 hour per move", "Português (Brasil)"]
    {
        assert!(out.iter().any(|l| l.contains(expected)), "{expected:?} in {out:?}");
    }
    let out = console.say("@alice /play game:tablut opponent:@bob", "only");
    assert!(
        out[0].contains("(to @alice only) Games are not started in this channel on this server; use #games."),
        "{out:?}"
    );
    // Public messages now follow the server's language (private ones stay in the member's own).
    let out = console.say("#games @alice /play game:tablut opponent:@bob", "[Aceitar]");
    assert!(out.iter().any(|l| l.contains("1 hora por lance") && l.contains("em até 5 minutos")), "{out:?}");
    console.kill();

    let mut console = Console::start(dir.path());
    let out = console.say("#games @admin /settings", "Change them with");
    assert!(out.iter().any(|l| l.contains("Games may be started in: #games")), "{out:?}");
    assert!(out.iter().any(|l| l.contains("Default clock: 1 hour per move (`1h`)")), "{out:?}");
    let out = console.say("#elsewhere @alice /play game:tablut opponent:@bob", "only");
    assert!(out[0].contains("use #games."), "{out:?}");
    console.kill();
}
