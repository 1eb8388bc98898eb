//! Tabula's games: three pure, fast rules engines (Tablut, TZAAR, Tantrix) behind one rules trait, each with its
//! picture and its computer player, over the leaves that know no game: `text` (text helpers), `i18n`
//! (translations and phrases), `render` (the drawing toolkit) and `ai` (the generic search). No IO, no Discord,
//! no store: the layers above (`tabula-session`, then the adapters in `tabula`) use these, never the other way.
//!
//! The layers of the modules and the words they share are in the `tabula` crate's docs (`src/lib.rs`).

pub mod ai;
pub mod games;
pub mod i18n;
pub mod render;
pub mod text;
