//! Discord's REST rate limits, kept by Tabula itself: serenity sends every REST call to this relay on loopback
//! (its own rate limiter is off), and the relay forwards each to Discord, or to `api_proxy`, once the call's route
//! and the global budget allow it.
//!
//! - **Per route.** Calls on one route (its method and path, with the major ids kept: channel, guild, webhook and
//!   interaction) go one at a time; when Discord says a route has no calls left (`X-RateLimit-Remaining: 0`), the
//!   next waits for `X-RateLimit-Reset-After`.
//! - **Global.** At most [`GLOBAL_PER_WINDOW`] calls in any second at Discord, and none while a global 429 lasts.
//!   Interaction callbacks and interaction webhooks are outside the global limit, as on Discord, so a reply never
//!   waits for the bot's other traffic.
//! - **429.** The call waits the `retry_after` it was told (body or header) and is sent again, for as long as
//!   [`GIVE_UP`] after it came (an interaction's token lives that long), so no reply is lost to a storm; a 429
//!   means Discord did not act on it, so nothing is sent twice. Any other answer, and a failure to connect, goes
//!   back to serenity as it came.
//!
//! It exists because serenity's rate limiter does not use `HttpBuilder::proxy` (it always calls discord.com) and
//! never paces the global limit before it is hit. With `api_proxy_limits = true` a shared proxy owns the limits
//! and the relay is not started.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{HeaderMap, Request, Response, StatusCode, header};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::metrics::Metrics;

/// Discord's global limit: requests per second for a bot.
pub const GLOBAL_PER_WINDOW: usize = 50;
/// How long after its answer a call's global slot stays taken (a second, and a margin).
pub const GLOBAL_WINDOW: Duration = Duration::from_millis(1_050);
/// How long after it came a call is sent again after a 429, before the 429 goes back to serenity: the life of an
/// interaction's token, after which a reply could not land anyway.
const GIVE_UP: Duration = Duration::from_secs(15 * 60);
/// The longest wait a 429 may ask for; longer ones are read as this.
const MAX_WAIT: Duration = Duration::from_secs(300);
/// How many routes' buckets are kept before the idle ones are forgotten.
const MAX_ROUTES: usize = 4_096;
/// Largest request body relayed (Discord's attachment limit is 25 MB).
const MAX_BODY: usize = 32 << 20;
/// Headers that belong to one connection, not to the call.
const HOP_BY_HOP: [header::HeaderName; 5] =
    [header::HOST, header::CONNECTION, header::CONTENT_LENGTH, header::TRANSFER_ENCODING, header::UPGRADE];

/// The running relay; stops when dropped.
#[derive(Debug)]
pub struct Relay {
    addr: SocketAddr,
    task: JoinHandle<()>,
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Relay {
    /// Listens on `127.0.0.1:0` and relays every call to `upstream` (`https://discord.com` or a proxy's base URL).
    pub async fn start(upstream: &str, metrics: Arc<Metrics>) -> std::io::Result<Relay> {
        let listener = TcpListener::bind((std::net::Ipv4Addr::LOCALHOST, 0)).await?;
        let addr = listener.local_addr()?;
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(std::io::Error::other)?;
        let limits = Arc::new(Limits {
            client,
            upstream: upstream.trim_end_matches('/').to_string(),
            routes: Mutex::default(),
            global: Global::default(),
            metrics,
        });
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else { continue };
                let limits = limits.clone();
                tokio::spawn(async move {
                    let service = service_fn(move |request| {
                        let limits = limits.clone();
                        async move { Ok::<_, Infallible>(limits.relay(request).await) }
                    });
                    drop(http1::Builder::new().serve_connection(TokioIo::new(stream), service).await);
                });
            }
        });
        Ok(Relay { addr, task })
    }

    /// The base URL serenity is given as its proxy.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

struct Limits {
    client: reqwest::Client,
    upstream: String,
    /// Each route's bucket; its lock is held while one of its calls is out.
    routes: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Bucket>>>>,
    global: Global,
    metrics: Arc<Metrics>,
}

/// The interaction of each token being answered ([`note_interaction`]), so that the log lines of its calls
/// (whose path holds the token, not the interaction) name it; forgotten by the thousand.
static TOKENS: Mutex<Option<HashMap<String, u64>>> = Mutex::new(None);

/// Notes that `token` is interaction `id`'s, for the log lines of the calls that answer it.
pub fn note_interaction(token: &str, id: u64) {
    let mut tokens = TOKENS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let tokens = tokens.get_or_insert_with(HashMap::new);
    if tokens.len() >= MAX_ROUTES {
        tokens.clear();
    }
    tokens.insert(token.to_string(), id);
}

/// What Discord last said of a route.
#[derive(Default)]
struct Bucket {
    remaining: Option<u64>,
    reset: Option<Instant>,
}

/// The global budget: [`GLOBAL_PER_WINDOW`] slots, each held from before a call is sent until [`GLOBAL_WINDOW`]
/// after its answer came back (so two calls on one slot reach Discord at least a window apart, however long
/// each took on the way), and the end of a global 429.
struct Global {
    slots: Arc<tokio::sync::Semaphore>,
    paused_until: Mutex<Option<Instant>>,
}

impl Default for Global {
    fn default() -> Self {
        Global {
            slots: Arc::new(tokio::sync::Semaphore::new(GLOBAL_PER_WINDOW)),
            paused_until: Mutex::default(),
        }
    }
}

impl Global {
    /// Waits for a slot and for the end of any global 429; the slot is given back a window after `release`.
    async fn slot(&self) -> tokio::sync::OwnedSemaphorePermit {
        let slot = self.slots.clone().acquire_owned().await.expect("the semaphore is never closed");
        loop {
            let until = *self.paused_until.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            match until {
                Some(until) if until > Instant::now() => tokio::time::sleep_until(until).await,
                _ => return slot,
            }
        }
    }

    fn release(slot: tokio::sync::OwnedSemaphorePermit) {
        tokio::spawn(async move {
            tokio::time::sleep(GLOBAL_WINDOW).await;
            drop(slot);
        });
    }

    fn pause(&self, wait: Duration) {
        let mut paused = self.paused_until.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let until = Instant::now() + wait;
        *paused = Some(paused.map_or(until, |p| p.max(until)));
    }
}

impl Limits {
    /// The interaction and the channel a call is about, when its path says, for its log lines.
    fn about(path: &str) -> (Option<u64>, Option<u64>) {
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let after =
            |name: &str, n: usize| segments.iter().position(|s| *s == name).and_then(|i| segments.get(i + n));
        let channel = after("channels", 1).and_then(|id| id.parse().ok());
        let interaction = after("interactions", 1).and_then(|id| id.parse().ok()).or_else(|| {
            let token = after("webhooks", 2)?;
            let tokens = TOKENS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            tokens.as_ref()?.get(*token).copied()
        });
        (interaction, channel)
    }

    fn bucket(&self, route: &str) -> Arc<tokio::sync::Mutex<Bucket>> {
        let mut routes = self.routes.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Every interaction is a route of its own: forget the buckets nobody waits on and nothing limits.
        if routes.len() >= MAX_ROUTES {
            let now = Instant::now();
            routes.retain(|_, bucket| {
                Arc::strong_count(bucket) > 1
                    || bucket
                        .try_lock()
                        .map_or(true, |b| b.remaining == Some(0) && b.reset.is_some_and(|r| r > now))
            });
        }
        routes.entry(route.to_string()).or_default().clone()
    }

    async fn relay(&self, request: Request<Incoming>) -> Response<Full<Bytes>> {
        let (head, body) = request.into_parts();
        let body = match Limited::new(body, MAX_BODY).collect().await {
            Ok(body) => body.to_bytes(),
            Err(e) => return answer(StatusCode::BAD_REQUEST, &format!("reading the request: {e}")),
        };
        let path = head.uri.path_and_query().map_or("/", |p| p.as_str());
        let route = route_of(head.method.as_str(), head.uri.path());
        let global = !outside_global(head.uri.path());
        let bucket = self.bucket(&route);
        let mut bucket = bucket.lock().await;
        let came = Instant::now();
        loop {
            if bucket.remaining == Some(0)
                && let Some(reset) = bucket.reset.take()
            {
                tokio::time::sleep_until(reset).await;
            }
            let slot = if global { Some(self.global.slot().await) } else { None };
            let sent = self
                .client
                .request(head.method.clone(), format!("{}{path}", self.upstream))
                .headers(without_hop_by_hop(&head.headers))
                .body(body.clone())
                .send()
                .await;
            let response = match sent {
                Ok(response) => response,
                // The error names the URL, never a header: the token stays out of it.
                Err(e) => {
                    self.metrics.rest_answered(false);
                    return answer(StatusCode::BAD_GATEWAY, &format!("Discord could not be reached: {e}"));
                }
            };
            self.metrics.rest_answered(!response.status().is_server_error());
            bucket.learn(response.headers(), Instant::now());
            let status = response.status();
            let headers = without_hop_by_hop(response.headers());
            let bytes = response.bytes().await.unwrap_or_default();
            if let Some(slot) = slot {
                Global::release(slot);
            }
            if status != StatusCode::TOO_MANY_REQUESTS || came.elapsed() >= GIVE_UP {
                let mut out = Response::new(Full::new(bytes));
                *out.status_mut() = status;
                *out.headers_mut() = headers;
                return out;
            }
            let (wait, is_global) = retry_after(&headers, &bytes);
            self.metrics.rate_limited(wait, is_global);
            let (interaction, channel) = Self::about(head.uri.path());
            tracing::debug!(
                route = %masked(&route),
                interaction = interaction.map(tracing::field::display),
                channel,
                wait_ms = wait.as_millis() as u64,
                global = is_global,
                "rate limited"
            );
            if is_global {
                self.global.pause(wait);
            }
            if !is_global || !global {
                tokio::time::sleep(wait).await;
            }
        }
    }
}

impl Bucket {
    fn learn(&mut self, headers: &HeaderMap, now: Instant) {
        if let Some(remaining) = number(headers, "x-ratelimit-remaining") {
            self.remaining = Some(remaining as u64);
        }
        if let Some(after) = number(headers, "x-ratelimit-reset-after") {
            self.reset = Some(now + Duration::from_secs_f64(after.clamp(0.0, MAX_WAIT.as_secs_f64())));
        }
    }
}

fn number(headers: &HeaderMap, name: &str) -> Option<f64> {
    headers.get(name)?.to_str().ok()?.trim().parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0)
}

/// How long a 429 asks to wait (the body's `retry_after`, else the header), and whether it is the global limit.
fn retry_after(headers: &HeaderMap, body: &[u8]) -> (Duration, bool) {
    let json: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
    let seconds = json["retry_after"]
        .as_f64()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .or_else(|| number(headers, "retry-after"))
        .unwrap_or(1.0);
    let global = json["global"].as_bool() == Some(true)
        || headers.get("x-ratelimit-global").is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"true"))
        || headers.get("x-ratelimit-scope").is_some_and(|v| v.as_bytes() == b"global");
    (Duration::from_secs_f64(seconds.min(MAX_WAIT.as_secs_f64())), global)
}

fn without_hop_by_hop(headers: &HeaderMap) -> HeaderMap {
    let mut out = headers.clone();
    for name in &HOP_BY_HOP {
        out.remove(name);
    }
    out
}

fn answer(status: StatusCode, message: &str) -> Response<Full<Bytes>> {
    let body = serde_json::json!({ "message": message, "code": 0 }).to_string();
    let mut out = Response::new(Full::new(Bytes::from(body)));
    *out.status_mut() = status;
    out.headers_mut().insert(header::CONTENT_TYPE, header::HeaderValue::from_static("application/json"));
    out
}

/// A call's route: its method and path, with the ids that are not major parameters replaced by `:id`.
pub fn route_of(method: &str, path: &str) -> String {
    let mut route = String::from(method);
    let mut keep = 0;
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        route.push('/');
        if keep > 0 {
            keep -= 1;
            route.push_str(segment);
        } else if segment.bytes().all(|b| b.is_ascii_digit()) {
            route.push_str(":id");
        } else {
            route.push_str(segment);
        }
        keep = match (keep, segment) {
            (0, "channels" | "guilds") => 1,
            // A webhook's id and token; an interaction's id and token.
            (0, "webhooks" | "interactions") => 2,
            (k, _) => k,
        };
    }
    route
}

/// A route as it may be logged: an interaction's or a webhook's token (which lets anyone answer in its name for
/// 15 minutes) replaced by `:token`.
fn masked(route: &str) -> String {
    let mut out = Vec::new();
    let mut token_in = 0;
    for segment in route.split('/') {
        token_in = match (token_in, segment) {
            (_, "interactions" | "webhooks") => {
                out.push(segment);
                2
            }
            (2, _) => {
                out.push(segment);
                1
            }
            (1, _) => {
                out.push(":token");
                0
            }
            _ => {
                out.push(segment);
                0
            }
        };
    }
    out.join("/")
}

/// Whether a path is outside the global limit: interaction callbacks and the interaction webhooks.
pub fn outside_global(path: &str) -> bool {
    let rest = path.strip_prefix("/api/v10").unwrap_or(path);
    rest.starts_with("/interactions/") || rest.starts_with("/webhooks/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_keep_their_major_ids() {
        assert_eq!(route_of("POST", "/api/v10/channels/12/messages"), "POST/api/v10/channels/12/messages");
        assert_eq!(
            route_of("PATCH", "/api/v10/channels/12/messages/34"),
            "PATCH/api/v10/channels/12/messages/:id"
        );
        assert_eq!(
            route_of("PATCH", "/api/v10/webhooks/7/tok/messages/@original"),
            "PATCH/api/v10/webhooks/7/tok/messages/@original"
        );
        assert_eq!(
            route_of("POST", "/api/v10/interactions/9/tok/callback"),
            "POST/api/v10/interactions/9/tok/callback"
        );
        assert_eq!(
            route_of("PUT", "/api/v10/guilds/5/members/6/roles/7"),
            "PUT/api/v10/guilds/5/members/:id/roles/:id"
        );
        assert!(outside_global("/api/v10/interactions/9/tok/callback"));
        assert_eq!(
            masked("POST/api/v10/interactions/9/secret-token/callback"),
            "POST/api/v10/interactions/9/:token/callback"
        );
        assert_eq!(
            masked("PATCH/api/v10/webhooks/222/secret-token/messages/@original"),
            "PATCH/api/v10/webhooks/222/:token/messages/@original"
        );
        assert_eq!(masked("POST/api/v10/channels/5/messages"), "POST/api/v10/channels/5/messages");
        assert!(outside_global("/api/v10/webhooks/7/tok"));
        assert!(!outside_global("/api/v10/channels/12/messages"));
    }

    #[tokio::test]
    async fn the_global_budget_holds_a_slot_a_window_past_each_answer() {
        let global = Global::default();
        let start = Instant::now();
        let slots: Vec<_> = take_slots(&global, GLOBAL_PER_WINDOW).await;
        assert!(start.elapsed() < Duration::from_millis(100), "the first calls go at once");
        slots.into_iter().for_each(Global::release);
        let next = global.slot().await;
        assert!(start.elapsed() >= GLOBAL_WINDOW, "the next waits a window: {:?}", start.elapsed());
        drop(next);
        global.pause(Duration::from_millis(200));
        let paused = Instant::now();
        drop(global.slot().await);
        assert!(paused.elapsed() >= Duration::from_millis(200), "a global 429 holds every call");
    }

    async fn take_slots(global: &Global, n: usize) -> Vec<tokio::sync::OwnedSemaphorePermit> {
        let mut slots = Vec::new();
        for _ in 0..n {
            slots.push(global.slot().await);
        }
        slots
    }

    #[test]
    fn idle_routes_are_forgotten() {
        let limits = Limits {
            client: reqwest::Client::new(),
            upstream: String::new(),
            routes: Mutex::default(),
            global: Global::default(),
            metrics: Arc::new(Metrics::new()),
        };
        let held = limits.bucket("held");
        for i in 0..2 * MAX_ROUTES {
            drop(limits.bucket(&format!("POST/interactions/{i}/tok/callback")));
        }
        let routes = limits.routes.lock().unwrap();
        assert!(routes.len() <= MAX_ROUTES && routes.contains_key("held"), "{}", routes.len());
        drop(held);
    }

    #[test]
    fn a_429_says_how_long_and_whether_it_is_global() {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", "3".parse().unwrap());
        assert_eq!(retry_after(&headers, b"{}"), (Duration::from_secs(3), false));
        let body = br#"{"message": "You are being rate limited.", "retry_after": 0.25, "global": true}"#;
        assert_eq!(retry_after(&headers, body), (Duration::from_millis(250), true));
        headers.insert("x-ratelimit-scope", "global".parse().unwrap());
        assert!(retry_after(&headers, b"{}").1);
    }
}
