//! Integration tests: one binary, one module per area.

mod console;
mod golden;
mod session;
