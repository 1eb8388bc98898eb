//! `/board`: shows this channel's game.

use super::super::request::Request;
use super::Declaration;

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("board", Request::Board)
}
