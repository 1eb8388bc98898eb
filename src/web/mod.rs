//! The live board in the browser: a small web server (axum) beside the bot, serving each game's page
//! (`/g/<handle>`: the game's number and a tag only this server makes, so that counting numbers opens nothing),
//! its state as JSON, its changes as Server-Sent Events, and a player's actions, which go through the session
//! layer like the slash commands (the channel gets its public message through [`Sessions::announce`]).
//!
//! The page, its script and its style are files of `web/`, embedded in the binary. A player is identified by the
//! signed token of their private link ([`crate::session::Links`]), sent in the `Authorization` header (it rides in
//! the URL fragment, which browsers never send, and never in a cookie). Every response carries a strict
//! Content-Security-Policy; names reach the page as JSON and are written as text, never as markup; bodies are
//! bounded and each address has a small token bucket; pages are unlisted (`noindex`). The router is one list of
//! routes ([`router`]). The operator's routes (`/metrics`, `/readyz`) are on a listener of their own ([`ops`]).

mod live;

use std::collections::HashMap;
use std::convert::Infallible;
use std::fmt::Write as _;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::i18n::Lang;
use crate::session::commands::Answer;
use crate::session::{Actor, Member, OptionValue, Sessions, Text, parse_request};

pub mod ops;

const PAGE: &str = include_str!("../../web/game.html");
const SCRIPT: &str = include_str!("../../web/board.js");
const STYLE: &str = include_str!("../../web/board.css");

/// The policy of every response: only this server's own script and style, no inline code, no frames.
pub(crate) const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                              connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The largest request body read (an action is a few dozen bytes).
pub(crate) const MAX_BODY: usize = 2048;

/// Each address's bucket: this many requests at once, refilled at [`REFILL_PER_SEC`].
pub(crate) const BURST: f64 = 40.0;
pub(crate) const REFILL_PER_SEC: f64 = 10.0;

/// The messages the page shows, translated in the page's language.
const PAGE_TEXTS: &[&str] = &[
    "web-moves",
    "web-players",
    "web-your-turn",
    "web-draw",
    "web-takeback",
    "web-resign",
    "web-confirm",
    "web-cancel",
    "web-accept",
    "web-decline",
    "web-offer-draw",
    "web-offer-takeback",
    "web-offer-abort",
    "web-waiting-answer",
    "web-first",
    "web-previous",
    "web-next",
    "web-last",
    "web-record",
    "web-board-text",
    "web-pass",
    "web-rotate",
    "web-play",
    "web-left",
    "web-computer",
    "web-time-left",
    "web-refused",
    "web-choose-move",
    "web-live",
    "web-give-up",
    "web-take-back",
];

/// A per-address token bucket.
#[derive(Default)]
pub(crate) struct Throttle {
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Throttle {
    /// Takes a token from `ip`'s bucket; `false` when it is empty.
    pub(crate) fn allow(&self, ip: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() > 100_000 {
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * REFILL_PER_SEC < BURST
            });
        }
        let (tokens, at) = buckets.entry(ip).or_insert((BURST, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * REFILL_PER_SEC).min(BURST);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Shared {
    sessions: Arc<Sessions>,
    throttle: Throttle,
    live: Arc<live::Live>,
    /// Turns true when the server stops (the live streams end then).
    stopped: watch::Receiver<bool>,
}

/// A router served on a bound listener until [`Listening::shutdown`]: the web board's and the operator's.
pub(crate) struct Listening {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Listening {
    /// Serves `app` on `listener` until `stop` turns true; `what` names the server in the logs.
    pub(crate) fn spawn(
        listener: tokio::net::TcpListener,
        app: Router,
        stop: watch::Sender<bool>,
        what: &'static str,
    ) -> std::io::Result<Listening> {
        let addr = listener.local_addr()?;
        let mut stopped = stop.subscribe();
        let task = tokio::spawn(async move {
            let serve = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
                .with_graceful_shutdown(async move {
                    let _ = stopped.wait_for(|s| *s).await;
                });
            if let Err(e) = serve.await {
                tracing::error!(error = %e, server = what, "a server stopped");
            }
        });
        tracing::info!(%addr, server = what, "listening");
        Ok(Listening { addr, stop, task })
    }

    /// The address it listens on (the port chosen when the address named port 0).
    pub(crate) fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting and waits (briefly) for the requests in flight.
    pub(crate) async fn shutdown(self) {
        let _ = self.stop.send(true);
        let mut task = self.task;
        if tokio::time::timeout(Duration::from_secs(5), &mut task).await.is_err() {
            task.abort();
        }
    }
}

/// A running web server, stopped with [`Web::shutdown`].
pub struct Web(Listening);

impl Web {
    /// Listens on `listen` and serves the pages of `sessions`' games; links go to `public_url` (else
    /// `http://<listen>`), signed with `secret` (else a random secret of this process).
    pub async fn start(
        sessions: Arc<Sessions>,
        listen: SocketAddr,
        public_url: Option<&str>,
        secret: &str,
    ) -> anyhow::Result<Web> {
        let listener = tokio::net::TcpListener::bind(listen).await?;
        let addr = listener.local_addr()?;
        let base = public_url.map_or_else(|| format!("http://{addr}"), str::to_string);
        let secret = if secret.trim().is_empty() {
            (0..4).fold(String::new(), |mut s, _| {
                let _ = write!(s, "{:016x}", rand::random::<u64>());
                s
            })
        } else {
            secret.to_string()
        };
        sessions.set_links(crate::session::Links::new(secret.as_bytes(), &base));
        let stop = watch::channel(false).0;
        let shared = Shared {
            sessions,
            throttle: Throttle::default(),
            live: Arc::default(),
            stopped: stop.subscribe(),
        };
        let app = router(Arc::new(shared));
        Ok(Web(Listening::spawn(listener, app, stop, "the web board")?))
    }

    /// The web server of the config, when `web_listen` is set.
    pub async fn start_from(
        config: &crate::config::Config,
        sessions: Arc<Sessions>,
    ) -> anyhow::Result<Option<Web>> {
        let Some(listen) = config.web_listen else { return Ok(None) };
        let secret = config.web_secret.expose();
        Ok(Some(Web::start(sessions, listen, config.public_url.as_deref(), secret).await?))
    }

    /// The address it listens on (the port chosen when `listen` named port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.0.local_addr()
    }

    /// Stops accepting, closes the live streams and waits (briefly) for the requests in flight.
    pub async fn shutdown(self) {
        self.0.shutdown().await;
    }
}

/// Every route of the web server.
fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/g/{handle}", get(page))
        .route("/static/board.js", get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }))
        .route("/static/board.css", get(|| async { asset("text/css; charset=utf-8", STYLE) }))
        .route("/api/g/{handle}", get(state))
        .route("/api/g/{handle}/events", get(events))
        .route("/api/g/{handle}/act", post(act))
        .route("/api/g/{handle}/record", get(record))
        // The load balancer's check stays public and says nothing more; the operator's routes are on their own
        // listener (`ops_listen`, see [`ops`]).
        .route("/healthz", get(|| async { plain(StatusCode::OK, "ok") }))
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared)
}

/// Throttles each address and sets the security headers of every response.
async fn guard(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = if shared.throttle.allow(peer.ip()) {
        next.run(request).await
    } else {
        plain(StatusCode::TOO_MANY_REQUESTS, "slow down")
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("no-store"));
    // No game is public: its pages are unlisted, reached only through the link the bot gives out.
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    response
}

/// The game a handle opens (see [`crate::session::Links::handle`]); a bare number, another game's tag or a
/// made-up one opens nothing, and is answered as a game that does not exist would be.
fn opened(shared: &Shared, handle: &str) -> Option<i64> {
    shared.sessions.links().and_then(|links| links.open(handle))
}

/// What a handle opens: a game, or a puzzle attempt (a tactic: see [`crate::session::Links::puzzle_handle`]).
#[derive(Clone, Copy)]
enum Page {
    Game(i64),
    Puzzle(i64),
}

impl Page {
    /// The id its links' tokens name: a game's own, a puzzle's negated.
    fn token_id(self) -> i64 {
        match self {
            Page::Game(id) => id,
            Page::Puzzle(attempt) => -attempt,
        }
    }
}

fn opened_page(shared: &Shared, handle: &str) -> Option<Page> {
    let links = shared.sessions.links()?;
    links.open(handle).map(Page::Game).or_else(|| links.open_puzzle(handle).map(Page::Puzzle))
}

/// The view of what `page` opens, for `reader`.
async fn view_of(
    shared: &Shared,
    page: Page,
    reader: Option<u64>,
    lang: Lang,
) -> Option<crate::session::View> {
    match page {
        Page::Game(id) => shared.sessions.view(id, reader, lang).await,
        Page::Puzzle(attempt) => shared.sessions.puzzle_view(attempt, reader, lang).await,
    }
}

/// The one answer for a game that is not there, or not reachable by what was asked.
fn no_such_game() -> Response {
    plain(StatusCode::NOT_FOUND, "no such game")
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "public, max-age=3600")], body).into_response()
}

fn json(value: &impl serde::Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(_) => plain(StatusCode::INTERNAL_SERVER_ERROR, "cannot write the state"),
    }
}

#[derive(Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

/// The page's language: the link's `?lang=`, else the browser's first choice, else English.
fn page_lang(query: &LangQuery, headers: &HeaderMap) -> Lang {
    if let Some(lang) = &query.lang {
        return Lang::from_locale(lang);
    }
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let first = accept.split(',').next().unwrap_or("").split(';').next().unwrap_or("");
    Lang::from_locale(first)
}

/// `text` made safe inside HTML text and attributes.
pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

async fn page(
    State(shared): State<Arc<Shared>>,
    Path(handle): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = page_lang(&query, &headers);
    let view = match opened_page(&shared, &handle) {
        Some(page) => view_of(&shared, page, None, lang).await,
        None => None,
    };
    let Some(view) = view else { return not_found_page(lang) };
    let texts: serde_json::Map<String, serde_json::Value> = PAGE_TEXTS
        .iter()
        .map(|key| ((*key).to_string(), Text::new().key(key).plain_in(lang).into()))
        .collect();
    let title = Text::new().key("web-title").plain_in(lang);
    let body = PAGE
        .replace("{lang}", lang.code())
        .replace("{title}", &escape_html(&format!("{} #{} · {title}", view.title, view.id)))
        .replace("{texts}", &escape_html(&serde_json::Value::Object(texts).to_string()))
        .replace("{handle}", &escape_html(&handle));
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

/// The page of an address that opens no game (a link with a bare number, as the bot gave out before games had
/// handles, or a mistyped one): the same for every address, saying where the game's link is found.
fn not_found_page(lang: Lang) -> Response {
    let title = Text::new().key("web-title").plain_in(lang);
    let text = Text::new().key("web-no-game").plain_in(lang);
    let body = format!(
        "<!doctype html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<title>{}</title>\n\
         <link rel=\"stylesheet\" href=\"/static/board.css\">\n</head>\n<body>\n<main>\n<h1>{}</h1>\n\
         <p>{}</p>\n</main>\n</body>\n</html>\n",
        lang.code(),
        escape_html(&format!("Tabula · {title}")),
        "Tabula",
        escape_html(&text)
    );
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

/// Who the request's token names in game `id`: `Ok(None)` without a token, `Err` for a token that is not a
/// valid one for this game (forged, altered, expired, another game's).
fn reader(shared: &Shared, headers: &HeaderMap, id: i64) -> Result<Option<u64>, Unauthorized> {
    let Some(value) = headers.get(header::AUTHORIZATION) else { return Ok(None) };
    let token = value.to_str().ok().and_then(|v| v.strip_prefix("Bearer ")).unwrap_or("");
    let links = shared.sessions.links().ok_or(Unauthorized)?;
    links.verify(token.trim(), id, shared.sessions.now_secs()).map(Some).ok_or(Unauthorized)
}

/// A token that is not valid for the game asked about; the answer says no more than that.
struct Unauthorized;

impl IntoResponse for Unauthorized {
    fn into_response(self) -> Response {
        plain(StatusCode::UNAUTHORIZED, "this link is not valid for this game")
    }
}

async fn state(
    State(shared): State<Arc<Shared>>,
    Path(handle): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let Some(page) = opened_page(&shared, &handle) else { return no_such_game() };
    let reader = match reader(&shared, &headers, page.token_id()) {
        Ok(reader) => reader,
        Err(refused) => return refused.into_response(),
    };
    let lang = page_lang(&query, &headers);
    let Page::Game(id) = page else {
        return view_of(&shared, page, reader, lang).await.map_or_else(no_such_game, |view| json(&view));
    };
    // A spectator's view is the same for every spectator: kept while the game's version stands, with the time
    // of now.
    if reader.is_none()
        && let Some(mut view) = shared.live.cached(id, lang)
    {
        view.now = shared.sessions.now_secs();
        return json(&view);
    }
    match shared.sessions.view(id, reader, lang).await {
        Some(view) => {
            if reader.is_none() {
                shared.live.keep(id, lang, &view);
            }
            json(&view)
        }
        None => no_such_game(),
    }
}

/// The game's changes as Server-Sent Events: a `change` event with the game's version at once, then whenever it
/// changes (made in this process, at once; by another instance, within a second: see [`live`]). The page then
/// asks for the state with its token. The stream ends with the server.
async fn events(State(shared): State<Arc<Shared>>, Path(handle): Path<String>) -> Response {
    let id = match opened_page(&shared, &handle) {
        Some(Page::Game(id)) => id,
        // A puzzle's page changes only by what its solver does, and reloads itself then: its stream names its
        // version once (and the page reloads when it comes back, from Discord).
        Some(page @ Page::Puzzle(_)) => {
            let Some(view) = view_of(&shared, page, None, Lang::En).await else { return no_such_game() };
            let mut stopped = shared.stopped.clone();
            let stream = async_stream(move |tx| async move {
                if tx.send(Event::default().event("change").data(view.version)).await.is_err() {
                    return;
                }
                tokio::select! {
                    () = tx.closed() => {},
                    _ = stopped.wait_for(|s| *s) => {},
                }
            });
            return Sse::new(stream).keep_alive(KeepAlive::default()).into_response();
        }
        None => return no_such_game(),
    };
    let Some((channel, _)) = shared.sessions.game_place(id).await else { return no_such_game() };
    let Some(mut versions) = shared.live.watch(&shared.sessions, id, channel).await else {
        return no_such_game();
    };
    let mut stopped = shared.stopped.clone();
    let stream = async_stream(move |tx| async move {
        loop {
            let version = versions.borrow_and_update().clone();
            if tx.send(Event::default().event("change").data(version)).await.is_err() {
                return;
            }
            tokio::select! {
                changed = versions.changed() => if changed.is_err() { return },
                () = tx.closed() => return,
                _ = stopped.wait_for(|s| *s) => return,
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// A stream of events fed by a task through a small channel (the task ends when the page goes).
fn async_stream<F, Fut>(
    make: F,
) -> impl futures_core::Stream<Item = Result<Event, Infallible>> + Send + 'static
where
    F: FnOnce(tokio::sync::mpsc::Sender<Event>) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    tokio::spawn(make(tx));
    EventStream(rx)
}

struct EventStream(tokio::sync::mpsc::Receiver<Event>);

impl futures_core::Stream for EventStream {
    type Item = Result<Event, Infallible>;
    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|event| event.map(Ok))
    }
}

/// The record of a finished game, to download: only by the game's handle (which every player's link carries),
/// as `/game` shows it only where the game was played.
async fn record(State(shared): State<Arc<Shared>>, Path(handle): Path<String>) -> Response {
    let Some(id) = opened(&shared, &handle) else { return no_such_game() };
    match shared.sessions.finished_record(id).await {
        Some(text) => (
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"game-{id}.txt\"")),
            ],
            text,
        )
            .into_response(),
        None => plain(StatusCode::NOT_FOUND, "no record of a finished game"),
    }
}

/// What a player does on the page.
#[derive(Deserialize)]
struct Action {
    /// `move`, `draw`, `takeback`, `resign`, `accept` or `decline` (an offer).
    action: String,
    #[serde(default, rename = "move")]
    mv: String,
}

async fn act(
    State(shared): State<Arc<Shared>>,
    Path(handle): Path<String>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(page) = opened_page(&shared, &handle) else { return no_such_game() };
    let player = match reader(&shared, &headers, page.token_id()) {
        Ok(Some(player)) => player,
        Ok(None) => return plain(StatusCode::UNAUTHORIZED, "this needs your link"),
        Err(refused) => return refused.into_response(),
    };
    let Ok(action) = serde_json::from_slice::<Action>(&body) else {
        return plain(StatusCode::BAD_REQUEST, "not an action");
    };
    let lang = page_lang(&query, &headers);
    let id = match page {
        Page::Game(id) => id,
        Page::Puzzle(attempt) => {
            return match shared
                .sessions
                .puzzle_web_act(attempt, player, lang, &action.action, &action.mv)
                .await
            {
                Some((done, text)) => answer(done, &text, lang),
                None => no_such_game(),
            };
        }
    };
    let sessions = &shared.sessions;
    let Some(row) = sessions.store().session(id).await.ok().flatten() else { return no_such_game() };
    let Some(seat) = row.players.iter().find(|p| p.id == player) else {
        return plain(StatusCode::UNAUTHORIZED, "not a player of this game");
    };
    let none: &[(&str, OptionValue)] = &[];
    let request = match action.action.as_str() {
        "move" => parse_request("move", &[("move", OptionValue::Text(action.mv))]),
        "draw" | "takeback" | "resign" => parse_request(&action.action, none),
        "accept" | "decline" => {
            let Some(offered) = sessions.store().offer(id).await.ok().flatten() else {
                return answer(false, &Text::new().key("web-no-offer"), lang);
            };
            let accept = action.action == "accept";
            Ok(Answer { session: id, offer: offered.nonce, accept }.into())
        }
        _ => return plain(StatusCode::BAD_REQUEST, "not an action"),
    };
    let request = match request {
        Ok(request) => request,
        Err(why) => return answer(false, &why, lang),
    };
    let actor = Actor::in_guild(Member::new(player, seat.name.clone()), row.guild).in_lang(lang);
    let reply = sessions.handle(row.channel, &actor, request).await;
    if reply.ephemeral {
        return answer(false, &reply.text, lang);
    }
    let text = reply.text.clone();
    sessions.announce(row.channel, reply);
    answer(true, &text, lang)
}

/// The answer to an action: whether it was done, and the sentence saying what happened (or why not).
fn answer(done: bool, text: &Text, lang: Lang) -> Response {
    json(&serde_json::json!({ "done": done, "text": text.plain_in(lang) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_from_one_address_does_not_slow_another() {
        let throttle = Throttle::default();
        let (flood, other): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let allowed = (0..200).filter(|_| throttle.allow(flood)).count();
        assert!(allowed < 60, "{allowed} of a burst of 200 let through");
        assert!((0..20).all(|_| throttle.allow(other)), "another address is served at once");
    }

    #[test]
    fn names_cannot_become_markup() {
        assert_eq!(escape_html("<b onclick='x'>&\""), "&lt;b onclick=&#39;x&#39;&gt;&amp;&quot;");
    }
}
