//! The operator's routes on the web listener: `/metrics` (Prometheus' text format), `/healthz` (the process
//! answers) and `/readyz` (the store and Discord are reachable: 200, else 503 with what is not).

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::Shared;
use crate::session::Sessions;
use crate::store::Store;

/// The routes, merged into the web server's router.
pub(super) fn routes<S: Store>() -> Router<Arc<Shared<S>>> {
    Router::new()
        .route("/metrics", get(metrics::<S>))
        .route("/healthz", get(|| async { text(StatusCode::OK, "ok".to_string()) }))
        .route("/readyz", get(readyz::<S>))
}

async fn metrics<S: Store>(State(shared): State<Arc<Shared<S>>>) -> Response {
    ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], metrics_text(&shared.sessions).await)
        .into_response()
}

async fn readyz<S: Store>(State(shared): State<Arc<Shared<S>>>) -> Response {
    let (ready, body) = readiness(&shared.sessions).await;
    text(if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE }, body)
}

/// `/metrics`'s text (of [`crate::metrics::CONTENT_TYPE`]), with the open games counted afresh; the HTTP
/// interactions endpoint serves the same.
pub(crate) async fn metrics_text<S: Store>(sessions: &Sessions<S>) -> String {
    sessions.count_open_games().await;
    sessions.metrics().encode()
}

/// `/readyz`'s verdict and text: a line for the store and one for Discord.
pub(crate) async fn readiness<S: Store>(sessions: &Sessions<S>) -> (bool, String) {
    let store = sessions.store_ready().await;
    let discord = sessions.metrics().discord_reachable().await;
    let word = |up: bool| if up { "ok" } else { "unreachable" };
    (store && discord, format!("store: {}\ndiscord: {}\n", word(store), word(discord)))
}

fn text(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}
