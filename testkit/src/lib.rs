//! Test doubles of Tabula's stores, kept out of the shipped library: [`MemoryStore`] keeps every table in maps
//! with the SQL stores' contract (the same contract tests run on all three), and [`FaultyStore`] wraps any store
//! to refuse or delay chosen writes, so that the session layer's failure paths can be tested.

mod faulty;
mod memory;

pub use faulty::FaultyStore;
pub use memory::MemoryStore;
