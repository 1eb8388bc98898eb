//! Discord's HTTP interactions endpoint (`tabula serve`): interactions arrive as signed POSTs instead of gateway
//! events, so any number of stateless instances can sit behind a load balancer over one Postgres database.
//!
//! Every request's Ed25519 signature is checked with the application's public key (serenity's verifier) before
//! anything else is read; a bad or missing signature, or a timestamp more than five minutes from this server's
//! clock, is refused with 401 and never acted on. The first answer goes back in the response body within
//! Discord's three seconds (a reply with a picture is deferred there and completed by an edit through REST, as
//! the gateway adapter does); everything else is the gateway adapter's own code ([`Handler`]), with its expiry
//! sweep and clock task. `/healthz` answers the load balancer; the operator's `/readyz` and `/metrics` are on the
//! operator's own listener (`ops_listen`, [`crate::web::ops`]), not on this public one. A shutdown stops accepting,
//! lets the requests in flight and their edits finish, then closes the store.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::Context as _;
use http_body_util::{BodyExt as _, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serenity::all::{CreateInteractionResponse, Http, Interaction};
use serenity::interactions_endpoint::Verifier;
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};
use tokio::task::{JoinHandle, JoinSet};

use super::{Handler, Respond};
use crate::config::Config;
use crate::session::Sessions;
use crate::store::IntoShared;

/// Requests whose timestamp is further than this from our clock are refused (replays of old requests).
pub(crate) const MAX_SKEW_SECS: i64 = 5 * 60;
/// The largest body read; Discord's interactions are a few kilobytes.
const MAX_BODY: usize = 1 << 20;
/// How long the first answer may take before Discord gives up (3 s), less a margin for the network.
const ANSWER_WITHIN: Duration = Duration::from_millis(2_700);
/// How often games in which the computer owes a move are looked for (another instance may have died holding it).
const AI_RESUME_EVERY: Duration = Duration::from_secs(15);
/// The longest a shutdown waits for the interactions in flight.
const DRAIN: Duration = Duration::from_secs(20);

/// The application's public key, from its 64 hex digits.
fn verifier(public_key: Option<&str>) -> anyhow::Result<Verifier> {
    let hex = public_key.map(str::trim).filter(|k| !k.is_empty()).context(
        "`tabula serve` needs the application's public key: set `public_key` (or TABULA_PUBLIC_KEY) to the 64 hex \
         digits shown under General Information in the developer portal",
    )?;
    let bad = || anyhow::anyhow!("`public_key` must be 64 hex digits (the application's public key)");
    if hex.len() != 64 {
        return Err(bad());
    }
    let mut key = [0u8; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2).ok_or_else(bad)?, 16).map_err(|_| bad())?;
    }
    Verifier::try_new(key).map_err(|e| anyhow::anyhow!("`public_key` is not a valid Ed25519 key: {e}"))
}

/// What every connection shares.
struct Shared {
    handler: Handler,
    http: Arc<Http>,
    verifier: Verifier,
    /// The REST rate-limit relay, stopped with the endpoint.
    _relay: Option<super::limits::Relay>,
    /// The interactions being handled (their edits may outlive the response), drained on shutdown.
    work: Mutex<JoinSet<()>>,
}

/// A running endpoint, stopped with [`Endpoint::shutdown`].
pub struct Endpoint {
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
    server: JoinHandle<()>,
    background: Vec<JoinHandle<()>>,
}

impl Endpoint {
    /// Listens on `listen` and starts answering interactions over `store`: learns the application id (from the
    /// config or Discord), registers the slash commands, and starts the expiry sweep and the computer's turns.
    pub async fn start(
        config: &Config,
        store: impl IntoShared,
        listen: SocketAddr,
    ) -> anyhow::Result<Endpoint> {
        Self::start_over(config, Arc::new(Sessions::new(store, config.session_config())), listen).await
    }

    async fn start_over(
        config: &Config,
        sessions: Arc<Sessions>,
        listen: SocketAddr,
    ) -> anyhow::Result<Endpoint> {
        let verifier = verifier(config.public_key.as_deref())?;
        let (http, relay) = super::http_client(config, sessions.metrics()).await?;
        let http = Arc::new(http);
        let application = if let Some(id) = config.application_id {
            id
        } else {
            let info = http
                .get_current_application_info()
                .await
                .context("cannot ask Discord for the application id (set `application_id` to skip this)")?;
            info.id.get()
        };
        http.set_application_id(application.into());
        // No gateway: only the REST API is Discord's side of `/readyz`.
        sessions.metrics().set_gateway_connected(true);
        // Without the gateway there is no READY event: the bot's own user id is the application id.
        sessions.set_bot_id(application);
        let langs = Arc::new(crate::i18n::LangBook::default());
        let handler = Handler {
            sessions: sessions.clone(),
            guild_id: config.guild_id,
            langs: langs.clone(),
            shards: std::sync::Mutex::default(),
            emojis: Arc::default(),
            handled: Arc::new(tokio::sync::watch::Sender::new(0)),
        };
        handler.register_commands(&http).await;
        handler.emojis.start(http.clone());
        let listener =
            TcpListener::bind(listen).await.with_context(|| format!("cannot listen on {listen}"))?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            handler,
            http: http.clone(),
            verifier,
            _relay: relay,
            work: Mutex::new(JoinSet::new()),
        });
        let (stop, stopped) = watch::channel(false);
        let server = tokio::spawn(accept(listener, shared.clone(), stopped));
        let ai = {
            let (sessions, http, langs) = (sessions.clone(), http.clone(), langs.clone());
            move |channel| super::tasks::spawn_ai_in(sessions.clone(), http.clone(), channel, langs.clone())
        };
        let background = vec![
            super::tasks::spawn_sweeper(sessions.clone(), http.clone(), langs.clone(), Arc::default()),
            super::tasks::spawn_clocks(sessions.clone(), http.clone(), ai, langs, Arc::default()),
            spawn_ai_resumer(shared.clone()),
        ];
        tracing::info!(%addr, application, "listening for interactions");
        Ok(Endpoint { addr, shared, stop, server, background })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The session layer it drives.
    pub fn sessions(&self) -> &Arc<Sessions> {
        &self.shared.handler.sessions
    }

    /// Stops accepting, lets the requests in flight and their edits finish (for at most [`DRAIN`]), then closes
    /// the store.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        self.shared.handler.emojis.stop();
        for task in &self.background {
            task.abort();
        }
        let _ = tokio::time::timeout(DRAIN, self.server).await;
        let mut work = std::mem::take(&mut *self.shared.work.lock().unwrap_or_else(PoisonError::into_inner));
        let _ = tokio::time::timeout(DRAIN, async { while work.join_next().await.is_some() {} }).await;
        self.shared.handler.sessions.store().close().await;
    }
}

/// Accepts connections until told to stop, then waits for the open ones to finish their requests.
async fn accept(listener: TcpListener, shared: Arc<Shared>, mut stopped: watch::Receiver<bool>) {
    let mut connections = JoinSet::new();
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot accept a connection");
                    continue;
                }
            },
            _ = stopped.changed() => break,
        };
        let shared = shared.clone();
        let mut stop = stopped.clone();
        connections.spawn(async move {
            let service = hyper::service::service_fn(move |req| answer(shared.clone(), req));
            let conn =
                hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stop.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    drop(listener);
    while connections.join_next().await.is_some() {}
}

/// Looks for games in which the computer owes a move (at start and then regularly): the claim in the store makes
/// sure that one instance thinks, and picks up the turns of an instance that died.
fn spawn_ai_resumer(shared: Arc<Shared>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(AI_RESUME_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            for channel in shared.handler.sessions.ai_channels().await {
                shared.handler.spawn_ai(&shared.http, channel);
            }
        }
    })
}

type Answer = Response<Full<Bytes>>;

fn plain(status: StatusCode, text: &'static str) -> Answer {
    let mut response = Response::new(Full::new(Bytes::from_static(text.as_bytes())));
    *response.status_mut() = status;
    response
}

fn json(body: Vec<u8>) -> Answer {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    response
        .headers_mut()
        .insert(hyper::header::CONTENT_TYPE, hyper::header::HeaderValue::from_static("application/json"));
    response
}

/// Answers one HTTP request.
async fn answer(shared: Arc<Shared>, req: Request<Incoming>) -> Result<Answer, Infallible> {
    Ok(match (req.method(), req.uri().path()) {
        (&Method::GET, "/healthz") => plain(StatusCode::OK, "ok"),
        (&Method::POST, "/interactions" | "/") => interaction(&shared, req).await,
        _ => plain(StatusCode::NOT_FOUND, "not found: interactions are POSTed to /interactions"),
    })
}

/// Checks, reads and answers one interaction.
async fn interaction(shared: &Arc<Shared>, req: Request<Incoming>) -> Answer {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let (Some(signature), Some(timestamp)) = (header("x-signature-ed25519"), header("x-signature-timestamp"))
    else {
        return plain(StatusCode::UNAUTHORIZED, "missing signature");
    };
    let Ok(body) =
        Limited::new(req.into_body(), MAX_BODY).collect().await.map(http_body_util::Collected::to_bytes)
    else {
        return plain(StatusCode::PAYLOAD_TOO_LARGE, "body too large");
    };
    if shared.verifier.verify(&signature, &timestamp, &body).is_err() {
        return plain(StatusCode::UNAUTHORIZED, "invalid request signature");
    }
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    match timestamp.trim().parse::<i64>() {
        Ok(sent) if (now - sent).abs() <= MAX_SKEW_SECS => {}
        _ => return plain(StatusCode::UNAUTHORIZED, "stale or unreadable timestamp"),
    }
    let interaction: Interaction = match serde_json::from_slice(&body) {
        Ok(i) => i,
        Err(_) => return plain(StatusCode::BAD_REQUEST, "not an interaction"),
    };
    if matches!(interaction, Interaction::Ping(_)) {
        return json(br#"{"type":1}"#.to_vec());
    }
    let (tx, rx) = oneshot::channel();
    let respond = InBody { tx: Mutex::new(Some(tx)) };
    let task = {
        let shared = shared.clone();
        async move { shared.handler.on_interaction(&shared.http, &interaction, &respond).await }
    };
    shared.work.lock().unwrap_or_else(PoisonError::into_inner).spawn(task);
    let Ok(Ok(response)) = tokio::time::timeout(ANSWER_WITHIN, rx).await else {
        tracing::warn!("an interaction got no answer in time");
        return plain(StatusCode::INTERNAL_SERVER_ERROR, "no answer in time");
    };
    match serde_json::to_vec(&response) {
        Ok(body) => json(body),
        Err(e) => {
            tracing::error!(error = %e, "cannot write an interaction response");
            plain(StatusCode::INTERNAL_SERVER_ERROR, "cannot write the response")
        }
    }
}

/// The HTTP endpoint's way of answering: the first answer becomes the body of Discord's request.
struct InBody {
    tx: Mutex<Option<oneshot::Sender<CreateInteractionResponse>>>,
}

#[serenity::async_trait]
impl Respond for InBody {
    async fn initial(&self, response: CreateInteractionResponse) -> serenity::Result<()> {
        let tx = self.tx.lock().unwrap_or_else(PoisonError::into_inner).take();
        let sent = tx.is_some_and(|tx| tx.send(response).is_ok());
        if sent {
            Ok(())
        } else {
            Err(serenity::Error::Other("the interaction was already answered, or it is too late"))
        }
    }

    fn carries_files(&self) -> bool {
        false
    }
}
