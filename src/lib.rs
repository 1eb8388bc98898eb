//! Tabula: Tablut, TZAAR and Tantrix for Discord.
//!
//! `games` holds the pure rules engines and `render` draws their positions. `session` is the platform-neutral
//! heart of the bot (challenges, turns, persistence through `store`); `discord`, `local` and `cli` are thin
//! adapters on top.

pub mod ai;
pub mod cli;
pub mod config;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod local;
pub mod rating;
pub mod record;
pub mod render;
pub mod session;
pub mod store;
pub mod text;
