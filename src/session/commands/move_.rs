//! `/move`: plays a move in this channel's game (Discord suggests the legal ones while it is typed).

use super::super::request::{OptionKind, Request, read_text};
use super::super::text::Text;
use super::{Args, Declaration, Opt};

pub(super) fn declaration() -> Declaration {
    Declaration::new("move", parse).option(Opt::new("move", OptionKind::Text).required().autocomplete())
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    Ok(Request::Move { text: args.read("move", |v| read_text("move", v))?.unwrap_or_default() })
}
