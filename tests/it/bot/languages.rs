//! Languages through the fake Discord: private answers in the person's `locale`, public messages in the server's
//! `guild_locale`, and the registered commands' descriptions localized while their names stay English.

use serde_json::{Value, json};

use super::{Running, original_edit, send, start_bot};
use crate::fake_discord::{ALICE, BOB, CAROL, GAMES_CHANNEL, Opt, User};

/// The interaction as a member whose Discord speaks `locale`, in a server whose language is `guild`.
fn as_locale(mut payload: Value, locale: &str, guild: &str) -> Value {
    payload["locale"] = json!(locale);
    payload["guild_locale"] = json!(guild);
    payload
}

const SERVER: &str = "pt-BR";

fn slash(fake: &crate::fake_discord::FakeDiscord, name: &str, options: &[(&str, Opt)], user: User) -> Value {
    let locale = if user.id == ALICE.id {
        "cs"
    } else if user.id == BOB.id {
        "pt-BR"
    } else {
        "es-ES"
    };
    as_locale(fake.slash(name, options, user, GAMES_CHANNEL), locale, SERVER)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_private_answer_in_its_readers_language_and_public_ones_in_the_servers() {
    let Running { fake, bot, _dir } = start_bot().await;
    // Alice (Czech) challenges Bob (Brazilian Portuguese) in a Brazilian server: the challenge is public.
    let play = slash(
        &fake,
        "play",
        &[("game", "tablut".into()), ("opponent", BOB.into()), ("side", "first".into())],
        ALICE,
    );
    let (_, challenge) = send(&fake, play).await;
    assert!(!challenge.is_ephemeral());
    let text = challenge.content().unwrap();
    assert!(text.contains("desafia") && text.contains("Pretas (atacantes)"), "public in Portuguese: {text}");
    let message = challenge.message().unwrap();
    let buttons = &message["components"][0]["components"];
    assert_eq!(buttons[0]["label"], "Aceitar", "the buttons of a public message too: {buttons}");
    let accept = buttons[0]["custom_id"].as_str().unwrap().to_string();

    // Alice answers her own challenge: told privately, in Czech.
    let press = as_locale(fake.button(&accept, ALICE, GAMES_CHANNEL), "cs", SERVER);
    let (_, own) = send(&fake, press).await;
    assert!(own.is_ephemeral());
    assert!(own.content().unwrap().contains("Tuto výzvu jste vytvořili vy"), "{:?}", own.content());

    // Bob accepts: the board and the game's first message are public, in Portuguese.
    let press = as_locale(fake.button(&accept, BOB, GAMES_CHANNEL), "pt-BR", SERVER);
    let (id, _) = send(&fake, press).await;
    let begins = original_edit(&fake, id).await.content().unwrap();
    assert!(begins.contains("Começa a partida de") && begins.contains("Lance 1"), "{begins}");
    let title = original_edit(&fake, id).await.payload_json().unwrap()["embeds"][0]["title"].clone();
    assert!(title.as_str().unwrap().contains("lance 1"), "the board's title too: {title}");

    // Bob moves out of turn: privately, in Portuguese.
    let (_, early) = send(&fake, slash(&fake, "move", &[("move", "e4-h4".into())], BOB)).await;
    assert!(early.is_ephemeral());
    assert!(early.content().unwrap().contains("Não é a sua vez"), "{:?}", early.content());
    // Alice accepts again, too late: privately, in Czech.
    let (_, late) = send(&fake, slash(&fake, "accept", &[], ALICE)).await;
    assert!(late.is_ephemeral());
    assert!(late.content().unwrap().contains("Hra v tomto kanálu už začala"), "{:?}", late.content());
    // Carol's Spanish has no translation: English.
    let (_, carol) = send(&fake, slash(&fake, "move", &[("move", "e4-h4".into())], CAROL)).await;
    assert!(carol.content().unwrap().contains("You are not playing in this game"), "{:?}", carol.content());

    // Alice (Czech) moves: the public answer is the server's Portuguese, not her Czech.
    let (id, _) = send(&fake, slash(&fake, "move", &[("move", "e8-d8".into())], ALICE)).await;
    let played = original_edit(&fake, id).await.content().unwrap();
    assert!(played.contains("jogou `e8-d8`") && played.contains("vez de"), "{played}");
    assert!(!played.contains("zahrál"), "{played}");
    // Bob asks for a takeback he cannot have: Portuguese; Alice asks for help: Czech, with the rules.
    let (_, none) = send(&fake, slash(&fake, "takeback", &[], BOB)).await;
    assert!(none.content().unwrap().contains("Não há lance seu para voltar"), "{:?}", none.content());
    let (id, help) = send(&fake, slash(&fake, "help", &[("game", "tablut".into())], ALICE)).await;
    let help = match help.content() {
        Some(content) => content,
        None => original_edit(&fake, id).await.content().unwrap(),
    };
    assert!(help.contains("Zápis tahu") && help.contains("Příklad: `"), "{help}");
    bot.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_names_stay_english_and_descriptions_are_localized() {
    let Running { fake, bot, _dir } = start_bot().await;
    let commands = fake.registered_commands();
    assert!(commands.len() >= 16, "{} commands", commands.len());
    let check = |what: &str, item: &Value| {
        let name = item["name"].as_str().unwrap();
        assert!(name.is_ascii() && name == name.to_lowercase(), "{what} names stay English: {name}");
        assert!(
            item["name_localizations"].as_object().is_none_or(serde_json::Map::is_empty),
            "{what} {name}"
        );
        let english = item["description"].as_str().unwrap();
        assert!(!english.starts_with("cmd-") && !english.starts_with("opt-"), "{what} {name}: {english}");
        for locale in ["pt-BR", "cs"] {
            let local = item["description_localizations"][locale].as_str();
            let local = local.unwrap_or_else(|| panic!("{what} {name} has no {locale} description: {item}"));
            assert!(!local.is_empty() && local.chars().count() <= 100, "{what} {name} {locale}: {local}");
            assert_ne!(local, english, "{what} {name} is translated into {locale}");
        }
    };
    for command in &commands {
        check("command", command);
        for option in command["options"].as_array().into_iter().flatten() {
            check("option", option);
        }
    }
    let play = commands.iter().find(|c| c["name"] == "play").unwrap();
    let side = play["options"].as_array().unwrap().iter().find(|o| o["name"] == "side").unwrap();
    let first = &side["choices"][0];
    assert_eq!(first["value"], "first");
    assert_eq!(first["name_localizations"]["pt-BR"], "primeiro");
    assert_eq!(first["name_localizations"]["cs"], "první");
    let clock = play["options"].as_array().unwrap().iter().find(|o| o["name"] == "clock").unwrap();
    let none = clock["choices"].as_array().unwrap().iter().find(|c| c["value"] == "none").unwrap();
    assert_eq!(none["name_localizations"]["cs"], "bez hodin", "{none}");
    bot.shutdown().await.unwrap();
}

/// The engines' own sentences in the reader's language: Alice (Czech) is told privately in Czech why her moves are
/// refused, and the Brazilian server reads how the TZAAR game ended in Portuguese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_and_endings_in_the_readers_language() {
    let Running { fake, bot, _dir } = start_bot().await;
    let play = slash(
        &fake,
        "play",
        &[
            ("game", "tzaar".into()),
            ("opponent", BOB.into()),
            ("side", "first".into()),
            ("setup", "standard".into()),
        ],
        ALICE,
    );
    let (_, challenge) = send(&fake, play).await;
    let message = challenge.message().unwrap();
    let accept = message["components"][0]["components"][0]["custom_id"].as_str().unwrap().to_string();
    let (id, _) = send(&fake, as_locale(fake.button(&accept, BOB, GAMES_CHANNEL), "pt-BR", SERVER)).await;
    let begins = original_edit(&fake, id).await.content().unwrap();
    assert!(begins.contains("primeiro turno das Brancas"), "the prompt in Portuguese: {begins}");

    // Unreadable, then illegal: privately, in Czech, the typed text echoed as code.
    let (_, unreadable) = send(&fake, slash(&fake, "move", &[("move", "E4yD4".into())], ALICE)).await;
    assert!(unreadable.is_ephemeral());
    let text = unreadable.content().unwrap();
    assert!(text.contains("`E4yD4` nelze přečíst: braní zapište jako E4xD4"), "{text}");
    let (_, hole) = send(&fake, slash(&fake, "move", &[("move", "E4xE5".into())], ALICE)).await;
    let text = hole.content().unwrap();
    assert!(hole.is_ephemeral() && text.contains("`E5` je prostřední díra"), "{text}");
    let (_, illegal) = send(&fake, slash(&fake, "move", &[("move", "A1-A2".into())], ALICE)).await;
    assert!(illegal.is_ephemeral());
    let text = illegal.content().unwrap();
    assert!(text.starts_with("Nejdřív se musí brát") && text.ends_with('.'), "a sentence: {text}");
    assert!(!text.contains("capture") && !text.contains("captura"), "{text}");

    // The game played out from the suggestions, a capture and a pass a turn: its end, in Portuguese.
    let mut turn = 0;
    let ended = loop {
        turn += 1;
        assert!(turn < 80, "a TZAAR game ends: every turn captures");
        let mover = if turn % 2 == 1 { ALICE } else { BOB };
        let ac = fake.autocomplete("move", &[("move", "".into())], "move", mover, GAMES_CHANNEL);
        let (_, answer) = send(&fake, ac).await;
        let first = answer.json().unwrap()["data"]["choices"][0]["value"].as_str().unwrap().to_string();
        let whole = if turn == 1 { first.clone() } else { format!("{first} pass") };
        let (mut id, answer) =
            send(&fake, slash(&fake, "move", &[("move", whole.as_str().into())], mover)).await;
        if answer.is_ephemeral() {
            // The capture ended the game: the pass after it is refused, the capture alone is played.
            let text = answer.content().unwrap();
            let over = if mover.id == ALICE.id { "hra skončila" } else { "a partida acabou" };
            assert!(text.to_lowercase().contains(over), "in the mover's own language: {text}");
            id = send(&fake, slash(&fake, "move", &[("move", first.as_str().into())], mover)).await.0;
        }
        let played = original_edit(&fake, id).await.content().unwrap();
        assert!(played.contains("capturou um"), "what the move took, in Portuguese: {played}");
        if played.contains("Fim de jogo") {
            break played;
        }
    };
    assert!(ended.contains("então") && ended.contains("vence"), "{ended}");
    assert!(
        !ended.contains(" wins") && !ended.contains("cannot capture") && !ended.contains("left"),
        "{ended}"
    );
    bot.shutdown().await.unwrap();
}
