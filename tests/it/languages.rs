//! Languages in the console: `--lang` puts every answer in one language, `@name /lang <code>` sets one member's
//! own language for what only they see; the rules of each game in each language, through the session layer.

use std::sync::Arc;

use tabula::i18n::Lang;
use tabula::local::Console;
use tabula::session::commands::{Help, Play};
use tabula::session::{SessionConfig, Sessions};
use tabula_testkit::MemoryStore;

fn console(dir: &std::path::Path, lang: Lang) -> Console {
    let sessions = Arc::new(Sessions::new(MemoryStore::default(), SessionConfig::default()));
    Console::new(sessions, dir).with_lang(lang)
}

#[tokio::test]
async fn lang_puts_every_answer_private_and_public_in_one_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path(), Lang::Cs);
    let out = console.line("@alice /play game:tablut opponent:@bob side:first").await;
    assert!(out.contains("vyzývá") && out.contains("[Přijmout]"), "{out}");
    let out = console.line("@bob /press Přijmout").await;
    assert!(out.contains("Začíná hra") && out.contains("na tahu je @alice"), "{out}");
    let out = console.line("@bob /move e4-h4").await;
    assert!(out.contains("(jen pro @bob) Nejste na tahu"), "{out}");
    let out = console.line("@alice /move e8-d8").await;
    assert!(out.contains("zahrál(a) `e8-d8`"), "{out}");
    let out = console.line("@carol /play game:tablut opponent:@dave").await;
    assert!(out.contains("(jen pro @carol) V tomto kanálu už probíhá hra"), "{out}");
}

#[tokio::test]
async fn a_members_own_language_is_for_what_only_they_see() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path(), Lang::PtBr);
    assert!(console.line("@alice /lang cs").await.contains("@alice"));
    let out = console.line("@bob /lang xx").await;
    assert!(out.contains("(só para @bob)") && out.contains("pt-BR"), "an unknown code is refused: {out}");
    let out = console.line("@alice /play game:tablut opponent:@bob side:first").await;
    assert!(out.contains("desafia"), "public messages stay in the console's language: {out}");
    let out = console.line("@alice /accept").await;
    assert!(out.contains("(jen pro @alice) Tuto výzvu jste vytvořili vy"), "{out}");
    let out = console.line("@bob /press Accept").await;
    assert!(out.contains("Começa a partida"), "an English label presses the button too: {out}");
    let out = console.line("@bob /move e4-h4").await;
    assert!(out.contains("(só para @bob) Não é a sua vez"), "{out}");
}

#[tokio::test]
async fn the_rules_of_every_game_in_every_language() {
    let sessions = Sessions::new(MemoryStore::default(), SessionConfig::default());
    let alice = tabula::session::Actor::in_guild(tabula::session::Member::new(1, "alice"), Some(1));
    for game in tabula::games::GameKind::ALL {
        let reply = sessions.handle(5, &alice, Help { game: Some(*game) }).await;
        assert!(reply.ephemeral);
        // A picture of the board with an example move played (the picture marks it), the move written under it
        // and in the text.
        let file = reply.files.first().expect("the rules come with a picture");
        assert!(reply.text.plain_in(Lang::Cs).contains("Příklad: `"), "{:?}", reply.text);
        let png = &file.bytes;
        let picture = image::load_from_memory(png).unwrap();
        assert!(
            picture.width() >= 400 && picture.height() >= 300,
            "{}x{}",
            picture.width(),
            picture.height()
        );
        if std::env::var_os("WRITE_RULES_PICTURES").is_some() {
            std::fs::write(format!("/tmp/rules-{}.png", game.name()), png).unwrap();
        }
        let mut seen = Vec::new();
        for lang in Lang::ALL {
            let text = reply.text.plain_in(lang);
            assert!(text.contains(game.title()) && text.len() < 1900, "{lang:?}: {text}");
            let example = game.info().move_examples[0];
            assert!(text.contains(example), "{lang:?} {} shows how to write a move: {text}", game.title());
            assert!(!seen.contains(&text), "{lang:?} is a translation of its own");
            seen.push(text);
        }
    }
}

#[test]
fn the_console_takes_a_language() {
    use clap::Parser as _;
    let cli = tabula::cli::Cli::try_parse_from(["tabula", "local", "--lang", "cs"]).unwrap();
    assert!(format!("{cli:?}").contains("Cs"), "{cli:?}");
    assert!(tabula::cli::Cli::try_parse_from(["tabula", "local", "--lang", "klingon"]).is_err());
}

#[tokio::test]
async fn settings_hints_and_the_consoles_own_lines_in_the_readers_language() {
    let dir = tempfile::tempdir().unwrap();
    let config = SessionConfig { ai_time: std::time::Duration::from_millis(200), ..SessionConfig::default() };
    let sessions = Arc::new(Sessions::new(MemoryStore::default(), config));
    let mut console = Console::new(sessions, dir.path()).with_lang(Lang::Cs);
    let out = console.line("@mod /settings").await;
    assert!(out.starts_with("(jen pro @mod) Nastavení Tabuly na tomto serveru:"), "{out}");
    assert!(out.contains("- Hry začínají ve vlákně: ") && out.contains("(výchozí nastavení bota)"), "{out}");
    assert!(out.contains("- Jazyk veřejných zpráv: vlastní jazyk serveru"), "{out}");
    let out = console.line("@mod /settings threads:maybe").await;
    assert!(out.contains("`threads:maybe` není na výběr: napište"), "{out}");
    let out = console.line("@mod /settings language:pt-BR").await;
    assert!(out.contains("Nastavení změněno.") && out.contains("Português (Brasil) (`pt-BR`)"), "{out}");
    let out = console.line("@anyone /wait 3d").await;
    assert_eq!(out, "(jen pro @anyone) Hodiny této konzole nelze posunout.\n");
    let out = console.line("alice /play").await;
    assert!(out.starts_with("(konzole) každý řádek začíná tím, kdo mluví: napište"), "{out}");
    console.line("@alice /play game:tablut opponent:@bob side:first").await;
    console.line("@bob /accept").await;
    let out = console.line("@alice /hint").await;
    assert!(
        out.contains("(jen pro @alice) Tabula (úroveň 5) by zahrála `") && out.contains(". Hodnocení: "),
        "{out}"
    );
    // Public messages follow the server's language setting (pt-BR, set above), not the console's `--lang`.
    assert!(
        out.contains("alice pediu uma dica ao Tabula na partida #1: ela não conta mais para o rating."),
        "{out}"
    );
    let out = console.line("@bob /hint").await;
    assert_eq!(out, "(jen pro @bob) Nejste na tahu; o radu požádejte, až budete.\n");
}

#[tokio::test]
async fn the_consoles_text_boards_speak_the_public_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path(), Lang::Cs);
    console.line("@alice /play game:tzaar opponent:@bob side:first variant:standard").await;
    let out = console.line("@bob /accept").await;
    assert!(out.contains("A   B   C   D   E   F   G   H   I\nTah 1 · "), "{out}");
    assert!(!out.contains("Turn 1") && !out.contains("to move"), "no English left: {out}");
    console.line("#t @alice /play game:tantrix opponent:@bob opponent2:@carol").await;
    console.line("#t @bob /accept").await;
    let out = console.line("#t @carol /accept").await;
    assert!(out.contains("pytlík: 38 kamenů · ") && out.contains(" · 0 bodů · "), "{out}");
    // The seats are drawn at random: whoever is marked to move places a tile of their hand.
    let mover = out.lines().find_map(|l| l.strip_prefix("> ")).unwrap();
    let (who, hand) = mover.split_once(" (").unwrap();
    let tile = hand.rsplit(" · ").next().unwrap().split_whitespace().next().unwrap();
    let out = console.line(&format!("#t @{who} /move {tile}@0,0:0")).await;
    assert!(out.contains("1 kámen na desce: "), "{out}");
    assert!(!out.contains("Bag:") && !out.contains("(score"), "no English left: {out}");
}

#[tokio::test]
async fn a_tzaar_position_given_to_play_is_refused_in_the_readers_language() {
    use tabula::session::{Actor, Member, SidePref};
    let sessions = Sessions::new(MemoryStore::default(), SessionConfig::default());
    let alice = Actor::in_guild(Member::new(1, "alice"), Some(1));
    let board = tabula::games::tzaar::STANDARD.replace(" w o", "");
    let play = |setup: String| Play {
        game: tabula::games::GameKind::Tzaar,
        opponents: vec![Member::new(2, "bob")],
        variant: Some(setup),
        side: SidePref::First,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    };
    let refused = sessions.handle(5, &alice, play(format!("{board} x c"))).await;
    assert!(refused.ephemeral);
    let czech = refused.text.plain_in(Lang::Cs);
    assert!(czech.starts_with("Pozici `") && czech.contains("strana na tahu je `x`, ne w nebo b"), "{czech}");
    let started = sessions.handle(5, &alice, play(format!("{board} w c"))).await;
    assert!(started.text.plain_in(Lang::Cs).contains("vyzývá @bob ke hře TZAAR"), "{:?}", started.text);
}
