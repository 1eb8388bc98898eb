//! Tabula's session layer and what it keeps: game records (`record`), ratings (`rating`), the stores (`store`,
//! SQLite and Postgres), tournaments' pairings (`tournament`), the operator's metrics (`metrics`), and the
//! platform-neutral heart of the bot (`session`: challenges, turns, clocks, offers), whose replies are
//! structure, not any platform's markup. The adapters (`tabula`) sit on top; the games (`tabula-games`) below.
//!
//! The layers of the modules and the words they share are in the `tabula` crate's docs (`src/lib.rs`).

pub mod metrics;
mod rating;
pub mod record;
pub mod session;
pub mod store;
pub mod tournament;

// The games' crate, by the names its modules have there: `crate::games::…` reads the same on every layer.
use tabula_games::{ai, games, i18n, render, text};
