//! The REST server: hyper's HTTP/1.1 on each accepted connection, and the request bodies read into
//! [`Body`] (JSON, `multipart/form-data` parts, or bytes).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Instant;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode, header};
use hyper_util::rt::TokioIo;
use serde_json::json;
use tokio::net::TcpStream;

use super::{Body, Part, RecordedCall, Shared, routes};

/// Largest request body the server reads (a board picture is a few hundred KB).
const MAX_BODY: usize = 64 << 20;

/// Serves HTTP/1.1 requests on one connection (keep-alive, chunked bodies and pipelining are hyper's).
pub(super) async fn serve(stream: TcpStream, shared: Arc<Shared>) {
    let service = service_fn(move |request| {
        let shared = Arc::clone(&shared);
        async move { Ok::<_, Infallible>(respond(&shared, request).await) }
    });
    // A client that goes away mid-request just ends the connection.
    drop(http1::Builder::new().serve_connection(TokioIo::new(stream), service).await);
}

/// Reads the whole request, records and answers it.
async fn respond(shared: &Shared, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let arrived = Instant::now();
    let (head, body) = request.into_parts();
    let (status, json, rate_headers) = match Limited::new(body, MAX_BODY).collect().await {
        Ok(body) => routes::handle(shared, recorded_call(&head, &body.to_bytes()), arrived),
        Err(e) => (
            400,
            Some(json!({ "message": format!("reading the request body: {e}"), "code": 50109 })),
            Vec::new(),
        ),
    };
    let limited =
        if status == 429 { json.as_ref().map(super::ratelimits::headers) } else { Some(rate_headers) };
    let is_json = json.is_some();
    let body = json.map(|j| Bytes::from(j.to_string())).unwrap_or_default();
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if is_json {
        let json = header::HeaderValue::from_static("application/json");
        response.headers_mut().insert(header::CONTENT_TYPE, json);
    }
    for (name, value) in limited.unwrap_or_default() {
        if let Ok(value) = header::HeaderValue::from_str(&value) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

/// The call as recorded before it is answered (index, status and response are filled in later).
fn recorded_call(head: &hyper::http::request::Parts, body: &[u8]) -> RecordedCall {
    let headers: Vec<(String, String)> = head
        .headers
        .iter()
        .map(|(name, value)| {
            (name.as_str().to_owned(), String::from_utf8_lossy(value.as_bytes()).into_owned())
        })
        .collect();
    let content_type = head.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let query = head
        .uri
        .query()
        .unwrap_or_default()
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (k.to_owned(), v.to_owned())
        })
        .collect();
    RecordedCall {
        index: 0,
        method: head.method.as_str().to_owned(),
        path: head.uri.path().to_owned(),
        query,
        headers,
        body: parse_body(content_type, body),
        status: 0,
        response: None,
        refusal: None,
        since_dispatch: None,
    }
}

fn parse_body(content_type: &str, body: &[u8]) -> Body {
    if body.is_empty() {
        return Body::Empty;
    }
    if content_type.to_ascii_lowercase().starts_with("multipart/form-data") {
        if let Some(parts) = boundary(content_type).and_then(|b| parse_multipart(body, &b)) {
            return Body::Multipart(parts);
        }
        return Body::Other(body.to_vec());
    }
    serde_json::from_slice(body).map_or_else(|_| Body::Other(body.to_vec()), Body::Json)
}
fn boundary(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|param| {
        let (key, value) = param.trim().split_once('=')?;
        key.trim().eq_ignore_ascii_case("boundary").then(|| value.trim().trim_matches('"').to_owned())
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Splits a `multipart/form-data` body into its parts; `None` if it is malformed.
fn parse_multipart(body: &[u8], boundary: &str) -> Option<Vec<Part>> {
    let delimiter = format!("--{boundary}").into_bytes();
    let next_delimiter = format!("\r\n--{boundary}").into_bytes();
    let mut rest = &body[find(body, &delimiter)? + delimiter.len()..];
    let mut parts = Vec::new();
    loop {
        if rest.starts_with(b"--") {
            return Some(parts);
        }
        rest = rest.strip_prefix(b"\r\n")?;
        let head_end = find(rest, b"\r\n\r\n")?;
        let head = String::from_utf8_lossy(&rest[..head_end]).into_owned();
        rest = &rest[head_end + 4..];
        let data_end = find(rest, &next_delimiter)?;
        let mut part = Part {
            name: String::new(),
            filename: None,
            content_type: None,
            bytes: rest[..data_end].to_vec(),
        };
        for line in head.split("\r\n") {
            let Some((name, value)) = line.split_once(':') else { continue };
            match name.trim().to_ascii_lowercase().as_str() {
                "content-disposition" => {
                    for param in value.split(';').skip(1) {
                        let Some((key, v)) = param.trim().split_once('=') else { continue };
                        let v = v.trim().trim_matches('"').to_owned();
                        match key.trim() {
                            "name" => part.name = v,
                            "filename" => part.filename = Some(v),
                            _ => {}
                        }
                    }
                }
                "content-type" => part.content_type = Some(value.trim().to_owned()),
                _ => {}
            }
        }
        parts.push(part);
        rest = &rest[data_end + next_delimiter.len()..];
    }
}
