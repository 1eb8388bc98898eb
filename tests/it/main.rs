//! Integration tests: one binary, one module per area.

mod ai_ab;
mod ai_tantrix;
mod bot;
mod cli;
mod console;
mod fake_discord;
mod fake_discord_selftest;
mod golden;
mod session;
mod tablut;
mod tantrix;
mod tzaar;
