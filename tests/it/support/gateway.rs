//! The gateway: HELLO, IDENTIFY → READY, RESUME → RESUMED (or INVALID_SESSION), heartbeats acknowledged; and the
//! faults a test asks for ([`Fault`]): a dropped connection, a close code, RECONNECT, INVALID_SESSION, heartbeats
//! no longer acknowledged.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use super::{Connection, Shared};

/// Sent on a connection's queue to drop it without a close frame, as a network failure does.
pub(super) const DROP: &[u8] = b"drop the connection";

/// A gateway fault, made on the live connection by [`super::FakeDiscord::gateway_fault`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The TCP connection ends without a close frame.
    Drop,
    /// A close frame with this code. Discord's 4000 (unknown error) allows resuming; after 4007 (invalid sequence)
    /// and 4009 (session timed out) the session is gone and the client must identify again.
    Close(u16),
    /// RECONNECT (op 7): the client should resume on a new connection.
    Reconnect,
    /// INVALID_SESSION (op 9), resumable or not (then the session is forgotten).
    InvalidSession { resumable: bool },
    /// Heartbeats on this connection are no longer acknowledged (the client should reconnect).
    StopAcks,
}

/// Serves one WebSocket connection until either side closes it.
pub(super) async fn serve(stream: TcpStream, shared: Arc<Shared>) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else { return };
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    let conn_id = shared.fresh_id();
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": shared.heartbeat_ms }, "s": null, "t": null });
    if ws.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            outgoing = rx.recv() => {
                let Some(message) = outgoing else { break };
                if matches!(&message, Message::Binary(bytes) if bytes == DROP) {
                    break;
                }
                if ws.send(message).await.is_err() {
                    break;
                }
            }
            incoming = ws.next() => {
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                        on_gateway_frame(&shared, conn_id, &tx, &frame);
                    }
                    // tungstenite queues the reply to a Close; keep polling until the stream ends.
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => break,
                }
            }
        }
    }
    let mut state = shared.lock();
    if state.connection.as_ref().is_some_and(|c| c.id == conn_id) {
        state.connection = None;
    }
    drop(state);
    shared.bump();
}

fn on_gateway_frame(shared: &Shared, conn_id: u64, tx: &mpsc::UnboundedSender<Message>, frame: &Value) {
    let op = frame.get("op").and_then(Value::as_u64);
    let mut state = shared.lock();
    state.gateway_frames.push(frame.clone());
    let send = |value: Value| drop(tx.send(Message::Text(value.to_string())));
    match op {
        Some(1) if state.no_acks_on != Some(conn_id) => {
            send(json!({ "op": 11, "d": null, "s": null, "t": null }));
        }
        Some(2) => {
            state.limits.new_process();
            let session = format!("sess-{}", shared.fresh_id());
            let mut ready = shared.fixture("gateway_ready_d");
            ready["session_id"] = json!(session);
            ready["resume_gateway_url"] = json!(shared.gateway_url);
            if let Some(shard) = frame["d"].get("shard") {
                ready["shard"] = shard.clone();
            }
            state.session_id = Some(session);
            state.seq = 1;
            state.connection = Some(Connection { id: conn_id, tx: tx.clone(), live: true });
            send(json!({ "op": 0, "t": "READY", "s": 1, "d": ready }));
        }
        Some(6) => {
            let known = state.session_id.is_some() && frame["d"]["session_id"] == json!(state.session_id);
            if known {
                state.seq += 1;
                let seq = state.seq;
                state.connection = Some(Connection { id: conn_id, tx: tx.clone(), live: true });
                send(json!({ "op": 0, "t": "RESUMED", "s": seq, "d": {} }));
            } else {
                send(json!({ "op": 9, "d": false, "s": null, "t": null }));
            }
        }
        _ => {}
    }
    drop(state);
    shared.bump();
}
