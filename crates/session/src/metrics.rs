//! What the operator watches: the bot's counters, gauges and latency histograms, in Prometheus' text format
//! (OpenMetrics, through the Prometheus project's own `prometheus-client`). One [`Metrics`] per session layer;
//! the session layer counts interactions, store errors and the AI's work, the adapters the latencies they see,
//! Discord's rate limits and the gateway's reconnects, and the web listener serves [`Metrics::encode`] at
//! `/metrics`. It also holds what `/readyz` reports of Discord ([`Metrics::discord_reachable`]): whether the
//! gateway is connected and Discord's REST API answers.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// The content type of [`Metrics::encode`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

type Labels2 = [(&'static str, &'static str); 2];
type Labels1 = [(&'static str, &'static str); 1];

/// How a request ended, as the interactions counter labels it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handled {
    /// Answered (a move played, a board shown, a refusal the rules give: the command did its work).
    Ok,
    /// The store failed; the member was asked to try again.
    StoreError,
    /// Another command changed the game meanwhile.
    Conflict,
}

impl Handled {
    pub fn label(self) -> &'static str {
        match self {
            Handled::Ok => "ok",
            Handled::StoreError => "store_error",
            Handled::Conflict => "conflict",
        }
    }
}

/// Every metric of one bot process.
pub struct Metrics {
    registry: Registry,
    interactions: Family<Labels2, Counter>,
    first_answer: Histogram,
    picture_reply: Histogram,
    open_games: Gauge,
    ai_queue: Gauge,
    ai_running: Gauge,
    ai_think: Histogram,
    store_errors: Counter,
    rate_limit_waits: Family<Labels1, Counter>,
    rate_limit_seconds: Counter<f64, std::sync::atomic::AtomicU64>,
    gateway_reconnects: Counter,
    discord_up: Gauge,
    /// Whether the gateway is connected (always, for the HTTP interactions endpoint, which has none).
    gateway_connected: AtomicBool,
    /// When Discord's REST API last answered or failed to, and which.
    rest: Mutex<Option<(Instant, bool)>>,
    /// How `/readyz` asks Discord's REST API when it has not heard from it lately: a client and the URL of
    /// `GET /api/v10/gateway` (which needs no token) through the base URL the bot calls.
    probe: OnceLock<(reqwest::Client, String)>,
}

/// How long what Discord's REST API last said holds before `/readyz` asks again.
const REST_FRESH: Duration = Duration::from_secs(2);
/// How long `/readyz`'s own question to Discord may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        let seconds = || Histogram::new(exponential_buckets(0.005, 2.0, 12));
        let m = Metrics {
            registry: Registry::with_prefix("tabula"),
            interactions: Family::default(),
            first_answer: seconds(),
            picture_reply: seconds(),
            open_games: Gauge::default(),
            ai_queue: Gauge::default(),
            ai_running: Gauge::default(),
            ai_think: Histogram::new(exponential_buckets(0.001, 2.0, 15)),
            store_errors: Counter::default(),
            rate_limit_waits: Family::default(),
            rate_limit_seconds: Counter::default(),
            gateway_reconnects: Counter::default(),
            discord_up: Gauge::default(),
            gateway_connected: AtomicBool::new(false),
            rest: Mutex::default(),
            probe: OnceLock::new(),
        };
        let mut r = m.registry;
        r.register(
            "interactions",
            "Requests handled, by command (or button) and outcome",
            m.interactions.clone(),
        );
        r.register(
            "first_answer_seconds",
            "Time from an interaction's arrival to its first answer to Discord",
            m.first_answer.clone(),
        );
        r.register(
            "picture_reply_seconds",
            "Time from an interaction's arrival to the reply that carries its picture",
            m.picture_reply.clone(),
        );
        r.register(
            "open_games",
            "Games being played (read from the store when scraped)",
            m.open_games.clone(),
        );
        r.register(
            "ai_queue_depth",
            "Computer searches waiting for a place in the AI's pool",
            m.ai_queue.clone(),
        );
        r.register("ai_running", "Computer searches running", m.ai_running.clone());
        r.register("ai_think_seconds", "How long each computer search took", m.ai_think.clone());
        r.register("store_errors", "Commands that failed because the store did", m.store_errors.clone());
        r.register(
            "rate_limit_waits",
            "Waits imposed by Discord's rate limits, by scope (route or global)",
            m.rate_limit_waits.clone(),
        );
        r.register(
            "rate_limit_wait_seconds",
            "Seconds spent waiting for Discord's rate limits",
            m.rate_limit_seconds.clone(),
        );
        r.register(
            "gateway_reconnects",
            "Gateway shards connected again after a drop",
            m.gateway_reconnects.clone(),
        );
        r.register(
            "discord_up",
            "1 while Discord is reachable (a shard connected, or the endpoint registered)",
            m.discord_up.clone(),
        );
        Metrics { registry: r, ..m }
    }

    /// Counts one request of `command` (its module's name: `move`, `play`, `answer` for an offer's buttons).
    pub fn interaction(&self, command: &'static str, outcome: Handled) {
        self.interactions.get_or_create(&[("command", command), ("outcome", outcome.label())]).inc();
        if outcome == Handled::StoreError {
            self.store_errors.inc();
        }
    }

    /// The time an interaction waited for its first answer.
    pub fn first_answer(&self, took: Duration) {
        self.first_answer.observe(took.as_secs_f64());
    }

    /// The time an interaction waited for the reply with its picture.
    pub fn picture_reply(&self, took: Duration) {
        self.picture_reply.observe(took.as_secs_f64());
    }

    pub(crate) fn set_open_games(&self, games: usize) {
        self.open_games.set(games as i64);
    }

    /// A search asks for a place in the AI's pool; the guard counts it as queued until [`AiQueued::started`].
    pub(crate) fn ai_queued(&self) -> AiQueued<'_> {
        self.ai_queue.inc();
        AiQueued { metrics: self, running: false }
    }

    /// A store failure met outside a command (a background task).
    pub fn store_error(&self) {
        self.store_errors.inc();
    }

    /// Discord made the bot wait `wait` (`global` for the global limit, else a route's).
    pub fn rate_limited(&self, wait: Duration, global: bool) {
        self.rate_limit_waits.get_or_create(&[("scope", if global { "global" } else { "route" })]).inc();
        self.rate_limit_seconds.inc_by(wait.as_secs_f64());
    }

    pub fn gateway_reconnected(&self) {
        self.gateway_reconnects.inc();
    }

    /// Whether the gateway is connected now (the HTTP interactions endpoint, which has no gateway, says so once).
    pub fn set_gateway_connected(&self, up: bool) {
        self.gateway_connected.store(up, Ordering::Relaxed);
        self.discord_up.set(i64::from(up && self.rest_said().is_none_or(|(_, ok)| ok)));
    }

    /// What a call to Discord's REST API found: an answer (`true`, whatever its status but a server error) or
    /// none (`false`: no connection, a timeout, or Discord's 5xx).
    pub fn rest_answered(&self, ok: bool) {
        *self.rest.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some((Instant::now(), ok));
        self.discord_up.set(i64::from(ok && self.gateway_connected.load(Ordering::Relaxed)));
    }

    /// Where `/readyz` asks Discord's REST API when no call went out lately: `base` is the URL the bot's REST
    /// calls go to (its rate-limit relay, a proxy, or Discord).
    pub fn probe_rest_at(&self, base: &str) {
        let client = reqwest::Client::builder().timeout(PROBE_TIMEOUT).build().unwrap_or_default();
        let url = format!("{}/api/v10/gateway", base.trim_end_matches('/'));
        let _ = self.probe.set((client, url));
    }

    fn rest_said(&self) -> Option<(Instant, bool)> {
        *self.rest.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether Discord is reachable now, for `/readyz`: the gateway is connected and the REST API answered
    /// within the last two seconds, or answers `GET /gateway` now (which needs no token).
    pub async fn discord_reachable(&self) -> bool {
        if !self.gateway_connected.load(Ordering::Relaxed) {
            self.discord_up.set(0);
            return false;
        }
        let rest = match self.rest_said() {
            Some((at, ok)) if at.elapsed() < REST_FRESH => ok,
            _ => match self.probe.get() {
                Some((client, url)) => {
                    let ok = client.get(url).send().await.is_ok_and(|r| !r.status().is_server_error());
                    self.rest_answered(ok);
                    ok
                }
                None => true,
            },
        };
        self.discord_up.set(i64::from(rest));
        rest
    }

    /// Every metric, in the text format.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

/// A search waiting for (then holding) a place in the AI's pool; dropping it takes it off the gauges.
pub(crate) struct AiQueued<'a> {
    metrics: &'a Metrics,
    running: bool,
}

impl AiQueued<'_> {
    /// The search got its place and starts.
    pub fn started(&mut self) {
        if !self.running {
            self.running = true;
            self.metrics.ai_queue.dec();
            self.metrics.ai_running.inc();
        }
    }

    /// The search is over after `took`.
    pub fn finished(self, took: Duration) {
        self.metrics.ai_think.observe(took.as_secs_f64());
    }
}

impl Drop for AiQueued<'_> {
    fn drop(&mut self) {
        if self.running {
            self.metrics.ai_running.dec();
        } else {
            self.metrics.ai_queue.dec();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_metric_with_its_labels() {
        let m = Metrics::new();
        m.interaction("move", Handled::Ok);
        m.interaction("move", Handled::StoreError);
        m.rate_limited(Duration::from_millis(1500), true);
        {
            let mut q = m.ai_queued();
            q.started();
            q.finished(Duration::from_millis(20));
        }
        let _waiting = m.ai_queued();
        let text = m.encode();
        assert!(text.contains(r#"tabula_interactions_total{command="move",outcome="ok"} 1"#), "{text}");
        assert!(
            text.contains(r#"tabula_interactions_total{command="move",outcome="store_error"} 1"#),
            "{text}"
        );
        assert!(text.contains("tabula_store_errors_total 1"), "{text}");
        assert!(text.contains(r#"tabula_rate_limit_waits_total{scope="global"} 1"#), "{text}");
        assert!(text.contains("tabula_rate_limit_wait_seconds_total 1.5"), "{text}");
        assert!(text.contains("tabula_ai_queue_depth 1"), "{text}");
        assert!(text.contains("tabula_ai_running 0"), "{text}");
        assert!(text.contains("tabula_ai_think_seconds_count 1"), "{text}");
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
