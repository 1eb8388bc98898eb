//! `/draw`: offers a draw, where the game allows draws by agreement.

use super::super::request::Request;
use super::Declaration;

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("draw", Request::Draw)
}
