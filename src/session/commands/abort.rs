//! `/abort`: ends this channel's game (after its first move, with the opponents' consent).

use super::super::request::Request;
use super::Declaration;

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("abort", Request::Abort)
}
