//! `/accept`: accepts the challenge in this channel (or the one its button names).

use super::super::request::Request;
use super::Declaration;

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("accept", Request::Accept { session: None })
}
