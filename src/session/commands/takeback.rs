//! `/takeback`: asks to take back one's last move.

use super::super::request::Request;
use super::Declaration;

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("takeback", Request::Takeback)
}
