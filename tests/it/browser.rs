//! The live board in a real browser: Debian's headless Chromium, driven through its chromedriver (WebDriver, by
//! fantoccini), against the real bot and the fake Discord. A player's link from the Play in browser button plays
//! a move by two clicks and the channel gets its message and picture; a spectator's page shows the move within a
//! second; a forged link is refused; the page draws every game and variant like its golden screenshot; a finished
//! game steps through its replay by keyboard; the page reads on a phone's width and in the link's language.
//!
//! Each test starts one chromedriver and one browser. Without Chromium or its driver the tests say so and skip.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::i18n::Lang;
use tabula::session::{Links, SessionConfig, Sessions};
use tabula::store::{EndKind, Ending, NewSession, PlayerRow, SessionState};
use tabula::web::Web;
use tabula_testkit::MemoryStore;

use crate::support::{ALICE, BOB, CAROL, DAVE, GAMES_CHANNEL, GUILD_ID};

const WAIT: Duration = Duration::from_secs(10);

/// The program at `name` on the `PATH` (Debian's `chromium` and `chromedriver`).
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// A headless Chromium behind its chromedriver; both end when it is dropped.
struct Browser {
    client: Client,
    _driver: Driver,
}

/// The chromedriver process, ended when dropped (with the browsers it started).
struct Driver(std::process::Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Browser {
    /// Starts chromedriver and a browser with a window of `width` x `height`, or says why not and gives `None`.
    async fn start(test: &str, width: u32, height: u32) -> Option<Browser> {
        let (Some(chromium), Some(driver)) = (program("chromium"), program("chromedriver")) else {
            println!(
                "{test}: skipped, Chromium or chromedriver is missing (Debian's chromium and chromium-driver)"
            );
            return None;
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let driver = Driver(
            std::process::Command::new(driver)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts"),
        );
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-US",
                    "--font-render-hinting=none", format!("--window-size={width},{height}"),
                ],
            }),
        );
        let url = format!("http://127.0.0.1:{port}");
        let client = crate::support::wait::until("chromedriver to open a browser", WAIT, || async {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            ClientBuilder::new(connector).capabilities(capabilities.clone()).connect(&url).await.ok()
        })
        .await;
        Some(Browser { client, _driver: driver })
    }

    async fn find(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no `{css}` on the page: {e}"))
    }

    async fn eval(&self, script: &str, args: Vec<Value>) -> Value {
        self.client.execute(script, args).await.unwrap_or_else(|e| panic!("`{script}` failed: {e}"))
    }

    /// Waits until `script` returns something other than null or false, and returns it.
    async fn until(&self, what: &str, script: &str, args: Vec<Value>) -> Value {
        crate::support::wait::until(what, WAIT, || async {
            let value = self.eval(script, args.clone()).await;
            (!value.is_null() && value != Value::Bool(false)).then_some(value)
        })
        .await
    }

    async fn text(&self, css: &str) -> String {
        self.find(css).await.text().await.unwrap()
    }

    async fn close(self) {
        let _ = self.client.close().await;
    }
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

#[tokio::test]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn a_player_clicks_a_move_the_channel_hears_it_and_a_spectator_sees_it() {
    let Some(browser) = Browser::start("browser::a_player_clicks", 900, 1000).await else { return };
    let (running, web, id) = crate::web::game().await;
    let base = format!("http://{}", web.local_addr());

    // The player's link, as the Play in browser button gives it (privately) through the fake Discord.
    let press = running.fake.button(&format!("web:{GAMES_CHANNEL}:{id}"), ALICE, GAMES_CHANNEL);
    let (_, callback) = crate::bot::send(&running.fake, press).await;
    assert!(callback.is_ephemeral(), "the link is private: {callback:?}");
    let content = callback.content().unwrap();
    let link = content
        .split(|c: char| c.is_whitespace() || c == '`')
        .find(|w| w.starts_with(&base) && w.contains("#t="))
        .unwrap_or_else(|| panic!("no link in {content:?}"))
        .to_string();

    // A spectator's page, in the first tab, notes when the move appears in its list.
    let c = &browser.client;
    c.goto(&running.bot.sessions().links().unwrap().watch_url(id)).await.unwrap();
    browser.find("#board svg").await;
    browser
        .eval(
            "const moves = document.querySelector('#moves'); window.seenAt = null;
             new MutationObserver(() => {
               if (!window.seenAt && moves.textContent.includes(arguments[0])) window.seenAt = Date.now();
             }).observe(moves, { childList: true, subtree: true, characterData: true });",
            vec![json!("e8-d8")],
        )
        .await;
    let spectator = c.window().await.unwrap();

    // The player's page, in a second tab: a piece, then its destination.
    let player = c.new_window(true).await.unwrap().handle;
    c.switch_to_window(player).await.unwrap();
    c.goto(&link).await.unwrap();
    assert!(!c.current_url().await.unwrap().as_str().contains("#t="), "the token leaves the address bar");
    browser.find("#board g[data-cell='e8'].movable").await.click().await.unwrap();
    let target = browser.find("#board g[data-cell='d8'].target").await;
    let clicked_at = browser.eval("return Date.now();", vec![]).await.as_i64().unwrap();
    let clicked = Instant::now();
    target.click().await.unwrap();
    let posted = running
        .fake
        .wait_for(
            |c| {
                c.is("POST", &format!("/channels/{GAMES_CHANNEL}/messages"))
                    && !c.files().is_empty()
                    && c.content().is_some_and(|t| t.contains("e8-d8"))
            },
            WAIT,
        )
        .await;
    println!("browser: click to the channel's message {:?}", clicked.elapsed());
    assert!(
        posted.files().iter().any(|f| f.filename.as_deref().is_some_and(|n| std::path::Path::new(n)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png")))),
        "the move's picture: {posted:?}"
    );
    let game = running.bot.sessions().store().session(id).await.unwrap().unwrap();
    assert_eq!(game.moves, vec!["e8-d8"], "the move is stored");
    browser
        .until(
            "the player's page shows the move",
            "return document.querySelector('#moves .last')?.textContent === 'e8-d8';",
            vec![],
        )
        .await;

    // The spectator's page heard of it within a second.
    let switch = Instant::now();
    c.switch_to_window(spectator).await.unwrap();
    let seen = browser.until("the spectator's page shows the move", "return window.seenAt;", vec![]).await;
    let after = seen.as_i64().unwrap() - clicked_at;
    println!("browser: click to the spectator's page {after} ms (tab switched after {:?})", switch.elapsed());
    assert!(after < 1000, "the spectator saw the move {after} ms after the click");

    // A forged player's token (signed with another secret) on the game's own page is refused and shows nothing
    // to play. (A whole link made with another secret opens no page at all: its handle is not the game's.)
    let token = Links::new(b"not the server's secret", &base).sign(BOB.id, id, now() + 3600);
    let watch = running.bot.sessions().links().unwrap().watch_url(id);
    let forged = format!("{watch}?lang=en#t={token}");
    c.goto(&forged).await.unwrap();
    let refused = browser
        .until(
            "the page says the link is refused",
            // Empty until the page has heard the server's answer: wait for words.
            "return document.querySelector('#message').textContent || null;",
            vec![],
        )
        .await;
    assert!(refused.as_str().unwrap().contains("not valid"), "{refused}");
    assert_eq!(browser.text("#controls").await, "", "no controls for a forged link");
    let game = running.bot.sessions().store().session(id).await.unwrap().unwrap();
    assert_eq!(game.moves, vec!["e8-d8"], "nothing else was played");

    browser.close().await;
    web.shutdown().await;
    running.fake.assert_no_refusals();
}

/// A game of `kind` in `variant` for `seats` players, stored with its first `plies` moves (each the middle one
/// of the legal moves, so the positions are varied but fixed); its id.
async fn stored_game(
    sessions: &Sessions,
    channel: u64,
    kind: GameKind,
    variant: &str,
    seats: usize,
    plies: usize,
) -> i64 {
    let names: Vec<&str> = [ALICE, BOB, CAROL, DAVE][..seats].iter().map(|u| u.name).collect();
    stored_game_of(sessions, channel, kind, variant, &names, plies).await
}

/// [`stored_game`] with players of these `names` (the test users' ids in order).
async fn stored_game_of(
    sessions: &Sessions,
    channel: u64,
    kind: GameKind,
    variant: &str,
    names: &[&str],
    plies: usize,
) -> i64 {
    let seats = names.len();
    let setup = Setup { variant: variant.to_string(), seed: 7, seats };
    let players = [ALICE, BOB, CAROL, DAVE][..seats]
        .iter()
        .zip(names)
        .map(|(u, name)| PlayerRow {
            id: u.id,
            name: name.to_string(),
            accepted: true,
            abandoned: false,
            left: None,
            level: None,
        })
        .collect();
    let new = NewSession {
        channel,
        guild: Some(GUILD_ID),
        game: kind,
        setup: setup.clone(),
        players,
        challenger: ALICE.id,
        state: SessionState::Playing,
        now: now(),
        expires_at: now(),
        rated: false,
    };
    let id = sessions.store().create(&new).await.unwrap();
    let mut game = AnyGame::new(kind, &setup).unwrap();
    let mut played = Vec::new();
    for _ in 0..plies {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_moves_text();
        let mv = legal[legal.len() / 2].clone();
        game.play_text(&mv).unwrap();
        played.push((seat, mv));
    }
    sessions.store().append_moves(id, 0, &played, None, now(), None).await.unwrap();
    id
}

/// A web board on loopback over sessions of its own (its links signed with `secret`), and its address.
async fn web_board() -> (Arc<Sessions>, Web, String) {
    let sessions = Arc::new(Sessions::new(MemoryStore::default(), SessionConfig::default()));
    let web =
        Web::start(sessions.clone(), SocketAddr::from(([127, 0, 0, 1], 0)), None, "secret").await.unwrap();
    let base = format!("http://{}", web.local_addr());
    (sessions, web, base)
}

/// The board as the browser draws it, as a picture.
/// The page may redraw between finding the board and taking its picture (a change arriving meanwhile); then the
/// board is found again.
async fn board_picture(browser: &Browser) -> image::RgbaImage {
    for _ in 0..5 {
        match browser.find("#board svg").await.screenshot().await {
            Ok(png) => return image::load_from_memory(&png).unwrap().to_rgba8(),
            Err(fantoccini::error::CmdError::Standard(e))
                if e.error == fantoccini::error::ErrorStatus::StaleElementReference => {}
            Err(e) => panic!("no picture of the board: {e}"),
        }
    }
    panic!("the board was redrawn five times while its picture was taken")
}

#[tokio::test]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn the_page_draws_every_game_and_variant_like_its_golden_screenshot() {
    let Some(browser) = Browser::start("browser::the_page_draws", 700, 900).await else { return };
    let (sessions, web, _) = web_board().await;
    let c = &browser.client;
    let mut channel = 900;
    for &kind in GameKind::ALL {
        let variants = std::iter::once("").chain(kind.info().variants.iter().map(|v| v.name));
        let mut tables: Vec<(String, usize)> = variants.map(|v| (v.to_string(), 2)).collect();
        if kind == GameKind::Tantrix {
            tables.extend([(String::new(), 3), (String::new(), 4)]);
        }
        for (variant, seats) in tables {
            channel += 1;
            let id = stored_game(&sessions, channel, kind, &variant, seats, 6).await;
            c.goto(&format!("{}?lang=en", sessions.links().unwrap().watch_url(id))).await.unwrap();
            browser.find("#board svg").await;
            let board = sessions.view(id, None, Lang::En).await.unwrap().text;
            browser
                .until(
                    "the text alternative is the board",
                    "return document.querySelector('#alt').textContent === arguments[0];",
                    vec![json!(board)],
                )
                .await;
            let label = if variant.is_empty() { "default" } else { &variant };
            let name = format!("web/{}-{label}-{seats}", kind.name());
            crate::golden::check(&name, &board_picture(&browser).await);
        }
    }

    // A finished game: its replay steps back by the arrow keys, and its record is there to download.
    channel += 1;
    let id = stored_game(&sessions, channel, GameKind::Tablut, "", 2, 6).await;
    let row = sessions.store().session(id).await.unwrap().unwrap();
    sessions
        .store()
        .transition(
            id,
            SessionState::Playing,
            SessionState::Finished,
            Some(&Ending::new(EndKind::Rules, Vec::new(), Some(vec![1, 2]))),
            now(),
        )
        .await
        .unwrap();
    c.goto(&format!("{}?lang=cs", sessions.links().unwrap().watch_url(id))).await.unwrap();
    assert_eq!(browser.text("#replay span").await.trim(), "6/6");
    assert_eq!(browser.text("#moves-label").await, "Tahy", "the link's language");
    browser.find("body").await.send_keys("\u{E012}").await.unwrap(); // ArrowLeft
    assert_eq!(browser.text("#replay span").await.trim(), "5/6");
    assert_eq!(browser.text("#moves .last").await, row.moves[4]);
    let record = browser.find("#replay a[download]").await.attr("href").await.unwrap().unwrap();
    let fetched =
        browser.eval("return fetch(arguments[0]).then((r) => r.text());", vec![json!(record)]).await;
    assert!(fetched.as_str().unwrap().contains(&row.moves[0]), "the record: {fetched}");

    // On a phone's width the page does not scroll sideways.
    c.set_window_size(360, 740).await.unwrap();
    let id = stored_game(&sessions, channel + 1, GameKind::Tantrix, "", 4, 8).await;
    c.goto(&sessions.links().unwrap().watch_url(id)).await.unwrap();
    browser.find("#board svg").await;
    let wide = browser.eval("return document.documentElement.scrollWidth - window.innerWidth;", vec![]).await;
    assert!(wide.as_i64().unwrap() <= 0, "the page is {wide} px too wide for a phone");

    browser.close().await;
    web.shutdown().await;
}

/// A right-to-left name next to left-to-right words on the page: the browser keeps each in its own order. The
/// players' list writes the name in a `<bdi>`, so that a Hebrew name ending in "!" keeps the "!" at its own
/// (left) end and the seat after it on the right; the status line holds the name isolated (U+2068 … U+2069).
#[tokio::test]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn a_right_to_left_name_keeps_its_order_beside_left_to_right_words() {
    let Some(browser) = Browser::start("browser::a_right_to_left_name", 700, 900).await else { return };
    let (sessions, web, _) = web_board().await;
    let hebrew = "שלום עולם!";
    let id = stored_game_of(&sessions, 990, GameKind::Tablut, "", &[hebrew, "alice"], 0).await;
    browser.client.goto(&format!("{}?lang=en", sessions.links().unwrap().watch_url(id))).await.unwrap();
    browser.find("#players li bdi").await;
    // Where the browser put the name, its "!" and the seat's words, left to right.
    let places = browser
        .until(
            "the players are listed",
            "const li = document.querySelector('#players li'); if (!li) return null;
             const bdi = li.querySelector('bdi'); if (!bdi || !bdi.firstChild) return null;
             const range = document.createRange();
             const text = bdi.firstChild.textContent;
             range.setStart(bdi.firstChild, text.length - 1); range.setEnd(bdi.firstChild, text.length);
             const bang = range.getBoundingClientRect();
             range.setStart(bdi.firstChild, 0); range.setEnd(bdi.firstChild, 1);
             const first = range.getBoundingClientRect();
             const seat = document.createRange(); seat.selectNodeContents(li.childNodes[1]);
             return { name: text, bang: bang.left, first: first.left, nameRight: bdi.getBoundingClientRect().right,
                      seat: seat.getBoundingClientRect().left, status: document.querySelector('#status').textContent };",
            vec![],
        )
        .await;
    assert_eq!(places["name"], json!(hebrew));
    let at = |key: &str| places[key].as_f64().unwrap();
    assert!(at("bang") < at("first"), "the name reads right to left, its '!' leftmost: {places}");
    assert!(at("nameRight") <= at("seat") + 0.5, "the seat follows the name on the right: {places}");
    let status = places["status"].as_str().unwrap();
    assert!(
        status.contains(&format!("\u{2068}{hebrew}\u{2069}")),
        "the status isolates the name: {status:?}"
    );
    browser.close().await;
    web.shutdown().await;
}

/// The page plays every game by clicks from the views its engine sends: a Tantrix tile from the hand onto an open
/// place, then Play; TZAAR's second move skipped with its Pass button.
#[tokio::test]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn a_player_places_a_tile_and_passes_by_clicks() {
    let Some(browser) = Browser::start("browser::a_player_places", 900, 1000).await else { return };
    let (sessions, web, base) = web_board().await;
    let links = Links::new(b"secret", &base);
    let c = &browser.client;
    let play = Locator::XPath("//*[@id='controls']//button[text()='Play']");
    // The move list's last entry, once it is the move expected (the page reloads the game after an action).
    let last_move = "return document.querySelector('#moves .last')?.textContent === arguments[0] || null;";

    // Tantrix: the hand's first tile, a place marked for it, its first rotation, Play.
    let id = stored_game(&sessions, 950, GameKind::Tantrix, "", 2, 6).await;
    let record = sessions.store().session(id).await.unwrap().unwrap();
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
    let mover = record.players[game.to_move().unwrap()].id;
    c.goto(&links.play_url(mover, id, now(), Lang::En)).await.unwrap();
    browser.find("#controls .hand button").await.click().await.unwrap();
    browser.find("#board g.target").await.click().await.unwrap();
    let chosen = browser.text("#controls .placing").await.trim().to_string();
    assert!(game.legal_moves_text().contains(&chosen), "{chosen} is a legal placement");
    c.wait().at_most(WAIT).for_element(play).await.unwrap().click().await.unwrap();
    browser.until("the placement is played", last_move, vec![json!(chosen)]).await;
    let stored = sessions.store().session(id).await.unwrap().unwrap();
    assert_eq!(stored.moves.get(6), Some(&chosen), "the placement is stored: {:?}", stored.moves);

    // TZAAR after six single moves: Black's second move, which Pass skips.
    let id = stored_game(&sessions, 951, GameKind::Tzaar, "", 2, 6).await;
    let record = sessions.store().session(id).await.unwrap().unwrap();
    let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
    assert!(game.legal_moves_text().contains(&"pass".to_string()), "a second move can be skipped");
    let mover = record.players[game.to_move().unwrap()].id;
    c.goto(&links.play_url(mover, id, now(), Lang::En)).await.unwrap();
    browser.find("#board g.movable").await;
    let pass = Locator::XPath("//*[@id='controls']//button[text()='Pass']");
    c.wait().at_most(WAIT).for_element(pass).await.unwrap().click().await.unwrap();
    browser.until("the pass is played", last_move, vec![json!("pass")]).await;

    browser.close().await;
    web.shutdown().await;
}

/// A tactic on its own page: the solver's link (the Open my board button under the tactic) plays it by clicks,
/// each move answered on the page, to the solve; the page offers Show the solution, never Resign.
#[tokio::test]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn a_tactic_is_solved_by_clicks_on_its_page() {
    use tabula::games::tactic::shipped;
    use tabula::session::commands::Puzzle;
    use tabula::session::{Actor, Member};

    let Some(browser) = Browser::start("browser::a_tactic_is_solved", 900, 1000).await else { return };
    let sessions = Arc::new(Sessions::new(MemoryStore::new(), SessionConfig::default()));
    let web = Web::start(sessions.clone(), "127.0.0.1:0".parse().unwrap(), None, "secret").await.unwrap();
    let ann = Actor::in_guild(Member::new(ALICE.id, "Ann, the Great"), Some(GUILD_ID));
    let start = Puzzle { game: Some(GameKind::Tablut), size: None, kind: None, table: false, rating: false };
    let board = sessions.handle(GAMES_CHANNEL, &ann, start).await;
    let link = board.buttons.iter().find(|b| b.is_link()).expect("the tactic's link").custom_id.clone();
    let row = sessions.store().open_attempt(ALICE.id).await.unwrap().unwrap();
    let tactic = shipped().into_iter().find(|t| t.key() == row.spec).unwrap();

    let c = &browser.client;
    c.goto(&link).await.unwrap();
    browser.find("#board svg").await;
    let controls = browser.text("#controls").await;
    assert!(controls.contains("Show the solution") && !controls.contains("Resign"), "{controls}");
    for m in tactic.line.iter().step_by(2) {
        let squares: Vec<String> =
            m.split('-').map(|p| p.chars().take_while(char::is_ascii_alphanumeric).collect()).collect();
        browser.find(&format!("#board g[data-cell='{}'].movable", squares[0])).await.click().await.unwrap();
        browser.find(&format!("#board g[data-cell='{}'].target", squares[1])).await.click().await.unwrap();
        browser
            .until(
                "the page says the move was right",
                "return document.querySelector('#message').textContent.includes('Right') || null;",
                vec![],
            )
            .await;
    }
    browser
        .until(
            "the page shows the tactic solved",
            "return document.querySelector('#status').textContent.includes('solved') || null;",
            vec![],
        )
        .await;
    let shot = c.screenshot().await.unwrap();
    let path = std::env::temp_dir().join("tabula-tactic-page.png");
    std::fs::write(&path, shot).unwrap();
    println!("browser: the solved tactic's page: {}", path.display());
    assert_eq!(
        sessions.store().attempt(row.id).await.unwrap().unwrap().score,
        Some(1),
        "the solve is stored"
    );
    browser.close().await;
    web.shutdown().await;
}

/// Discovery on its own page, by clicks: a tile from the hand, its place, clicked again until it is turned right,
/// then Play; a tile down clicked is picked up, Take back lifts the last; laid to the solve. The picture of the
/// solved page is written for a look.
#[tokio::test]
#[ignore = "long tier: `.ci/run` runs it with `cargo test --release -- --ignored`"]
async fn a_discovery_is_laid_by_clicks_on_its_page() {
    use tabula::games::tantrix::discovery;
    use tabula::session::commands::Puzzle;
    use tabula::session::{Actor, Member};

    let Some(browser) = Browser::start("browser::a_discovery_is_laid", 900, 1000).await else { return };
    let sessions = Arc::new(Sessions::new(MemoryStore::new(), SessionConfig::default()));
    let web = Web::start(sessions.clone(), "127.0.0.1:0".parse().unwrap(), None, "secret").await.unwrap();
    let ann = Actor::in_guild(Member::new(ALICE.id, "Ann, the Great"), Some(GUILD_ID));
    let start = Puzzle { game: None, size: Some(4), kind: None, table: false, rating: false };
    let board = sessions.handle(GAMES_CHANNEL, &ann, start).await;
    let link = board.buttons.iter().find(|b| b.is_link()).expect("the puzzle's link").custom_id.clone();
    let row = sessions.store().open_attempt(ALICE.id).await.unwrap().unwrap();
    let solution = discovery::solve(4, 2).unwrap();

    let c = &browser.client;
    c.goto(&link).await.unwrap();
    browser.find("#board svg").await;
    let actions = || async { sessions.store().attempt(row.id).await.unwrap().unwrap().actions };
    let place = |p: tabula::games::tantrix::Placement| {
        let browser = &browser;
        async move {
            let number = p.tile.number().to_string();
            let hand = browser
                .until(
                    "the tile in the hand",
                    "return [...document.querySelectorAll('#controls button.tile')]
                       .find((b) => b.textContent.trim() === arguments[0]) ? true : null;",
                    vec![json!(number)],
                )
                .await;
            assert_eq!(hand, json!(true));
            browser
                .eval(
                    "[...document.querySelectorAll('#controls button.tile')]
                       .find((b) => b.textContent.trim() === arguments[0]).click();",
                    vec![json!(number)],
                )
                .await;
            let cell = format!("#board g[data-cell='{}']", p.cell);
            browser.find(&cell).await.click().await.unwrap();
            // Each click on the tile turns it to its next legal rotation; the menu shows the placement chosen.
            for _ in 0..6 {
                let chosen =
                    browser.eval("return document.querySelector('#controls select').value;", vec![]).await;
                if chosen == json!(p.to_string()) {
                    break;
                }
                browser.find(&cell).await.click().await.unwrap();
            }
            browser
                .eval(
                    "[...document.querySelectorAll('#controls button')].find((b) => b.textContent === 'Play').click();",
                    vec![],
                )
                .await;
        }
    };
    place(solution[0]).await;
    crate::support::wait::until("the first tile is down", WAIT, || async {
        (actions().await == 1).then_some(())
    })
    .await;
    // A tile down, clicked, is picked up again.
    browser.find(&format!("#board g[data-cell='{}']", solution[0].cell)).await;
    browser
        .eval(
            "document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('click'));",
            vec![json!(format!("#board g[data-cell='{}']", solution[0].cell))],
        )
        .await;
    crate::support::wait::until("the tile is picked up", WAIT, || async {
        (actions().await == 2).then_some(())
    })
    .await;
    for (i, p) in solution.iter().enumerate() {
        place(*p).await;
        let want = 3 + i as u32;
        crate::support::wait::until("the tile is down", WAIT, || async {
            (actions().await == want).then_some(())
        })
        .await;
    }
    browser
        .until(
            "the page shows the puzzle solved",
            "return document.querySelector('#status').textContent.includes('Solved') || null;",
            vec![],
        )
        .await;
    let shot = c.screenshot().await.unwrap();
    let path = std::env::temp_dir().join("tabula-discovery-page.png");
    std::fs::write(&path, shot).unwrap();
    println!("browser: the solved Discovery's page: {}", path.display());
    assert!(
        sessions.store().attempt(row.id).await.unwrap().unwrap().solved_at.is_some(),
        "the solve is stored"
    );
    browser.close().await;
    web.shutdown().await;
}
