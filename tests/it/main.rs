//! Integration tests: one binary, one module per area.

mod ai_ab;
mod ai_tantrix;
mod backup;
mod bot;
mod browser;
mod chat;
mod cli;
mod cluster;
mod commands;
mod console;
mod contract;
mod discovery;
mod endings;
mod endpoint;
mod fake_discord_selftest;
mod golden;
mod languages;
mod layers;
mod names;
mod ops;
mod picker;
mod picture_languages;
mod privacy;
mod ratings;
mod readme;
mod records;
mod registry;
mod scripts;
mod session;
mod soak;
mod support;
mod tablut;
mod tablut_challenge;
mod tablut_suite;
mod tablut_variants;
mod tactics;
mod tantrix;
mod tournament;
mod tzaar;
mod web;

/// The fake Discord under the name the bot tests import it by.
use support as fake_discord;
