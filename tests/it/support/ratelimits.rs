//! Discord's rate limits, as the fake makes them: storms a test starts, and the global limit it always keeps.
//!
//! - A **storm** ([`FakeDiscord::storm`]) answers the next calls on matching routes with 429: Discord's body
//!   (`retry_after`, `global`) and headers (`Retry-After`, `X-RateLimit-Limit`, `-Remaining: 0`, `-Reset-After`,
//!   `-Bucket`, `-Scope`, and `-Global` for a global one). A 429 is not acted on: nothing is created or edited.
//! - A call sent again on the same method and path before the `retry_after` it was told (or, after a global 429,
//!   any call under the global limit that was not already on its way) is refused: the bot did not wait as told.
//! - A **bucket** ([`FakeDiscord::bucket`]) limits the calls on matching routes to `limit` a window, as Discord's
//!   per-route limits do: every answer on it carries `X-RateLimit-Limit`, `-Remaining` and `-Reset-After`, and a
//!   call past the limit (the bot did not wait for the reset it was told) gets a 429 and is refused.
//! - More than [`GLOBAL_LIMIT`] calls under the global limit within one second are refused, as Discord refuses
//!   them. Interaction callbacks and interaction webhooks are outside it, as on Discord. The count is the bot
//!   process's: a new IDENTIFY starts it again, since a restarted bot cannot know what the one before it sent
//!   (Discord would answer it a 429, which it waits out).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{FakeDiscord, RecordedCall, Refusal, State};

/// Discord's global limit: calls a second.
pub const GLOBAL_LIMIT: usize = 50;
/// How early a retry may come and still count as having waited (timer slack).
const SLACK: Duration = Duration::from_millis(15);
/// Calls that arrive this soon after a global 429 were already on their way: they get a 429 too, as on Discord,
/// but the bot could not have known.
const IN_FLIGHT: Duration = Duration::from_millis(100);

/// Calls to answer with 429.
#[derive(Clone, Debug)]
pub struct Storm {
    /// The method, or any.
    pub method: Option<&'static str>,
    /// A route pattern as for [`RecordedCall::is`] (`*` matches one segment), or a prefix ending in `/**`.
    pub pattern: &'static str,
    /// How many calls get a 429.
    pub count: usize,
    /// What each 429 asks to wait.
    pub retry_after: Duration,
    /// Whether the 429s are of the global limit.
    pub global: bool,
}

impl Storm {
    fn matches(&self, call: &RecordedCall) -> bool {
        if self.method.is_some_and(|m| m != call.method) {
            return false;
        }
        match self.pattern.strip_suffix("/**") {
            Some(prefix) => call.route().starts_with(prefix),
            None => call.is(&call.method, self.pattern),
        }
    }
}

/// A route's limit: `limit` calls a `window`, counted from the first call of each window.
#[derive(Clone, Debug)]
pub struct Bucket {
    pub method: &'static str,
    /// A route pattern as for [`RecordedCall::is`].
    pub pattern: &'static str,
    pub limit: usize,
    pub window: Duration,
}

/// A bucket's current window per path: when it started, and the calls in it.
type Windows = std::collections::HashMap<String, (Instant, usize)>;
/// The headers of an answer.
type Headers = Vec<(&'static str, String)>;
/// A 429: its status, body, and the refusal of a call the bot should not have sent.
type TooMany = (u16, Value, Option<Refusal>);

/// What the fake keeps to make and check rate limits.
#[derive(Default)]
pub(super) struct Limits {
    storms: Vec<Storm>,
    /// Each bucket, with its current window's start and count, per path.
    buckets: Vec<(Bucket, Windows)>,
    /// Calls answered with `X-RateLimit-Remaining: 0`.
    pub(super) emptied: usize,
    /// When the calls under the global limit of the last second arrived.
    window: VecDeque<Instant>,
    /// After a 429: the method and path, and when they may be called again.
    retry_at: Vec<(String, String, Instant)>,
    /// After a global 429: when it was answered, and when calls under the global limit may come again.
    global_retry: Option<(Instant, Instant)>,
    /// 429s answered.
    pub(super) answered: usize,
    /// The most calls under the global limit seen within one second.
    pub(super) busiest_second: usize,
}

/// Whether the call is outside the global limit.
fn outside_global(call: &RecordedCall) -> bool {
    call.route().starts_with("/interactions/") || call.route().starts_with("/webhooks/")
}

/// A 429 body, as Discord writes it.
pub(super) fn too_many(retry_after: Duration, global: bool) -> Value {
    json!({ "message": "You are being rate limited.", "retry_after": retry_after.as_secs_f64(), "global": global })
}

/// The headers of a 429 answer, read back from its body.
pub(super) fn headers(body: &Value) -> Vec<(&'static str, String)> {
    let after = body["retry_after"].as_f64().unwrap_or(1.0);
    let mut headers = vec![
        ("retry-after", format!("{}", after.ceil() as u64)),
        ("x-ratelimit-limit", "5".to_string()),
        ("x-ratelimit-remaining", "0".to_string()),
        ("x-ratelimit-reset-after", format!("{after:.3}")),
        ("x-ratelimit-bucket", "fakebucket".to_string()),
    ];
    if body["global"] == true {
        headers.push(("x-ratelimit-global", "true".to_string()));
        headers.push(("x-ratelimit-scope", "global".to_string()));
    } else {
        headers.push(("x-ratelimit-scope", "user".to_string()));
    }
    headers
}

/// Checks the call against the limits: a refusal if the bot broke one, a 429 if a storm takes it, else nothing.
pub(super) fn check(
    state: &mut State,
    call: &RecordedCall,
    arrived: Instant,
) -> Option<(u16, Value, Option<Refusal>)> {
    let limits = &mut state.limits;
    let global = !outside_global(call);
    if global {
        while limits.window.front().is_some_and(|t| arrived.duration_since(*t) >= Duration::from_secs(1)) {
            limits.window.pop_front();
        }
        limits.window.push_back(arrived);
        limits.busiest_second = limits.busiest_second.max(limits.window.len());
        if limits.window.len() > GLOBAL_LIMIT {
            let reason = format!("over the global limit: {} calls within one second", limits.window.len());
            return Some((429, too_many(Duration::from_secs(1), true), Some(Refusal { code: 0, reason })));
        }
        if let Some((answered, at)) = limits.global_retry
            && arrived + SLACK < at
        {
            let refusal = (arrived > answered + IN_FLIGHT).then(|| Refusal {
                code: 0,
                reason: format!("sent {:?} before the global 429's retry_after ended", at - arrived),
            });
            return Some((429, too_many(at - arrived, true), refusal));
        }
    }
    limits.retry_at.retain(|(_, _, at)| *at > arrived);
    if let Some((_, _, at)) = limits.retry_at.iter().find(|(m, p, _)| *m == call.method && *p == call.path)
        && arrived + SLACK < *at
    {
        let reason = format!(
            "{} {} sent again {:?} before its retry_after ended",
            call.method,
            call.path,
            *at - arrived
        );
        return Some((429, too_many(*at - arrived, false), Some(Refusal { code: 0, reason })));
    }
    let storm = limits.storms.iter_mut().find(|s| s.count > 0 && s.matches(call))?;
    storm.count -= 1;
    let (wait, is_global) = (storm.retry_after, storm.global);
    limits.answered += 1;
    if is_global {
        limits.global_retry = Some((arrived, arrived + wait));
    } else {
        limits.retry_at.push((call.method.clone(), call.path.clone(), arrived + wait));
    }
    Some((429, too_many(wait, is_global), None))
}

/// Counts a call in its bucket, if one takes it: the headers of its answer, or a 429 and the refusal of a call
/// sent past the limit.
pub(super) fn bucket(state: &mut State, call: &RecordedCall, arrived: Instant) -> Result<Headers, TooMany> {
    let limits = &mut state.limits;
    let Some((bucket, windows)) =
        limits.buckets.iter_mut().find(|(b, _)| b.method == call.method && call.is(b.method, b.pattern))
    else {
        return Ok(Vec::new());
    };
    let (start, count) = windows.entry(call.path.clone()).or_insert((arrived, 0));
    if arrived.duration_since(*start) + SLACK >= bucket.window {
        (*start, *count) = (arrived, 0);
    }
    let reset_after = bucket.window.saturating_sub(arrived.duration_since(*start));
    if *count >= bucket.limit {
        let reason = format!(
            "{} {} sent past its bucket's limit of {}, {reset_after:?} before the reset it was told",
            call.method, call.path, bucket.limit
        );
        return Err((429, too_many(reset_after, false), Some(Refusal { code: 0, reason })));
    }
    *count += 1;
    let remaining = bucket.limit - *count;
    limits.emptied += usize::from(remaining == 0);
    Ok(vec![
        ("x-ratelimit-limit", bucket.limit.to_string()),
        ("x-ratelimit-remaining", remaining.to_string()),
        ("x-ratelimit-reset-after", format!("{:.3}", reset_after.as_secs_f64())),
        ("x-ratelimit-bucket", format!("fake-{}", bucket.pattern)),
    ])
}

impl Limits {
    /// A new bot process has identified: its global count starts now.
    pub(super) fn new_process(&mut self) {
        self.window.clear();
    }
}

impl FakeDiscord {
    /// Answers the next `storm.count` calls that match with 429.
    pub fn storm(&self, storm: Storm) {
        self.shared.lock().limits.storms.push(storm);
    }

    /// Limits the calls on a route to `bucket.limit` a window, with Discord's headers on every answer.
    pub fn bucket(&self, bucket: Bucket) {
        self.shared.lock().limits.buckets.push((bucket, std::collections::HashMap::new()));
    }

    /// How many answers said a bucket had no call left (`X-RateLimit-Remaining: 0`).
    pub fn buckets_emptied(&self) -> usize {
        self.shared.lock().limits.emptied
    }

    /// How many 429s the fake has answered for its storms.
    pub fn rate_limited_calls(&self) -> usize {
        self.shared.lock().limits.answered
    }

    /// The most calls under the global limit that arrived within one second.
    pub fn busiest_second(&self) -> usize {
        self.shared.lock().limits.busiest_second
    }

    /// Whether every storm has been spent.
    pub fn storms_spent(&self) -> bool {
        self.shared.lock().limits.storms.iter().all(|s| s.count == 0)
    }
}
