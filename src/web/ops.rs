//! The operator's listener (`ops_listen`): `/metrics` (Prometheus' text format), `/healthz` (the process answers)
//! and `/readyz` (the store and Discord are reachable: 200, else 503 with what is not). It is a listener of its
//! own, meant for loopback or a private network: the public listeners (the web board, the interactions endpoint)
//! answer `/healthz` with "ok" and nothing more.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::session::Sessions;

/// The operator's listener, stopped with [`Ops::shutdown`].
pub struct Ops(super::Listening);

impl Ops {
    /// Listens on `listen` and serves `sessions`' metrics and readiness.
    pub async fn start(sessions: Arc<Sessions>, listen: SocketAddr) -> anyhow::Result<Ops> {
        let listener = tokio::net::TcpListener::bind(listen).await?;
        let app = Router::new()
            .route("/metrics", get(metrics))
            .route("/healthz", get(|| async { text(StatusCode::OK, "ok".to_string()) }))
            .route("/readyz", get(readyz))
            .with_state(sessions);
        let stop = tokio::sync::watch::channel(false).0;
        Ok(Ops(super::Listening::spawn(listener, app, stop, "the operator's listener")?))
    }

    /// The operator's listener of the config, when `ops_listen` is set.
    pub async fn start_from(
        config: &crate::config::Config,
        sessions: Arc<Sessions>,
    ) -> anyhow::Result<Option<Ops>> {
        let Some(listen) = config.ops_listen else { return Ok(None) };
        Ok(Some(Ops::start(sessions, listen).await?))
    }

    /// The address it listens on (the port chosen when `listen` named port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.0.local_addr()
    }

    /// Stops accepting and waits (briefly) for the requests in flight.
    pub async fn shutdown(self) {
        self.0.shutdown().await;
    }
}

async fn metrics(State(sessions): State<Arc<Sessions>>) -> Response {
    ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], metrics_text(&sessions).await).into_response()
}

async fn readyz(State(sessions): State<Arc<Sessions>>) -> Response {
    let (ready, body) = readiness(&sessions).await;
    text(if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE }, body)
}

/// `/metrics`'s text (of [`crate::metrics::CONTENT_TYPE`]), with the open games counted afresh.
async fn metrics_text(sessions: &Sessions) -> String {
    sessions.count_open_games().await;
    sessions.metrics().encode()
}

/// `/readyz`'s verdict and text: a line for the store and one for Discord.
async fn readiness(sessions: &Sessions) -> (bool, String) {
    let store = sessions.store_ready().await;
    let discord = sessions.metrics().discord_reachable().await;
    let word = |up: bool| if up { "ok" } else { "unreachable" };
    (store && discord, format!("store: {}\ndiscord: {}\n", word(store), word(discord)))
}

fn text(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}
