//! Interactions POSTed to `tabula serve` as Discord sends them: signed with a test key (Ed25519 over the
//! timestamp and the body), over a plain HTTP/1 connection on loopback.

use std::net::SocketAddr;

use ed25519_dalek::{Signer as _, SigningKey};
use http_body_util::{BodyExt as _, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::net::TcpStream;

/// The application's test key (its public half goes in `public_key`).
pub fn key() -> SigningKey {
    SigningKey::from_bytes(&[7; 32])
}

/// The public key as config's `public_key` wants it: 64 hex digits.
pub fn public_key() -> String {
    hex(key().verifying_key().as_bytes())
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut out, b| {
        use std::fmt::Write as _;
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// Seconds since the epoch, as Discord's timestamps.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// What a test sends: the body and, unless left out, Discord's two signature headers.
#[derive(Clone, Debug)]
pub struct Post {
    pub path: &'static str,
    pub body: Vec<u8>,
    pub signature: Option<String>,
    pub timestamp: Option<String>,
}

impl Post {
    /// A request signed with the test key at `timestamp`, as Discord signs it.
    pub fn signed_at(body: &Value, timestamp: i64) -> Post {
        let body = body.to_string().into_bytes();
        let timestamp = timestamp.to_string();
        let signature = hex(&key().sign(&[timestamp.as_bytes(), &body].concat()).to_bytes());
        Post { path: "/interactions", body, signature: Some(signature), timestamp: Some(timestamp) }
    }

    pub fn signed(body: &Value) -> Post {
        Post::signed_at(body, now())
    }

    /// A `GET` of `path` (no body, no signature).
    pub fn get(path: &'static str) -> Post {
        Post { path, body: Vec::new(), signature: None, timestamp: None }
    }
}

/// Sends a request to the endpoint; the status and the body, or why there was no answer (a refused connection,
/// or one closed before the answer: the instance died).
pub async fn try_send(addr: SocketAddr, method: &str, post: Post) -> Result<(u16, String), String> {
    let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    let mut request = hyper::Request::builder()
        .method(method)
        .uri(post.path)
        .header("host", addr.to_string())
        .header("content-type", "application/json");
    if let Some(s) = &post.signature {
        request = request.header("x-signature-ed25519", s);
    }
    if let Some(t) = &post.timestamp {
        request = request.header("x-signature-timestamp", t);
    }
    let request = request.body(Full::new(Bytes::from(post.body))).map_err(|e| e.to_string())?;
    let response = sender.send_request(request).await.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let body = response.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

/// [`try_send`] to an endpoint that must answer.
pub async fn send(addr: SocketAddr, method: &str, post: Post) -> (u16, String) {
    try_send(addr, method, post).await.unwrap()
}
