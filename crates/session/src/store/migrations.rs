//! The schema's migrations, compiled into the binary: one list per database, each file of its folder
//! (`migrations/`, `migrations-postgres/`) by name, applied in order by sqlx's migrator. A file's name is its
//! version and description (`0014_endings.sql`), as sqlx reads a migrations folder; the test below keeps the
//! lists and the folders the same.

use std::borrow::Cow;

use futures_core::future::BoxFuture;
use sqlx::SqlSafeStr;
use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateError, Migration, MigrationSource, MigrationType, Migrator};

/// SQLite's migrations, by file name.
pub(super) const SQLITE: Embedded = Embedded(&[
    ("0001_sessions.sql", include_str!("../../../../migrations/0001_sessions.sql")),
    ("0002_challenge_message.sql", include_str!("../../../../migrations/0002_challenge_message.sql")),
    ("0003_guild.sql", include_str!("../../../../migrations/0003_guild.sql")),
    ("0004_clocks.sql", include_str!("../../../../migrations/0004_clocks.sql")),
    ("0005_ratings.sql", include_str!("../../../../migrations/0005_ratings.sql")),
    ("0007_turn_claims.sql", include_str!("../../../../migrations/0007_turn_claims.sql")),
    ("0008_server_settings.sql", include_str!("../../../../migrations/0008_server_settings.sql")),
    ("0009_hints.sql", include_str!("../../../../migrations/0009_hints.sql")),
    ("0010_blocked_channels.sql", include_str!("../../../../migrations/0010_blocked_channels.sql")),
    ("0011_tournaments.sql", include_str!("../../../../migrations/0011_tournaments.sql")),
    ("0012_tournament_roles.sql", include_str!("../../../../migrations/0012_tournament_roles.sql")),
    ("0013_forgotten.sql", include_str!("../../../../migrations/0013_forgotten.sql")),
    ("0014_endings.sql", include_str!("../../../../migrations/0014_endings.sql")),
    ("0015_puzzles.sql", include_str!("../../../../migrations/0015_puzzles.sql")),
    ("0016_tactics.sql", include_str!("../../../../migrations/0016_tactics.sql")),
    ("0017_daily_puzzle.sql", include_str!("../../../../migrations/0017_daily_puzzle.sql")),
    ("0018_digests.sql", include_str!("../../../../migrations/0018_digests.sql")),
    ("0019_session_players.sql", include_str!("../../../../migrations/0019_session_players.sql")),
]);

/// Postgres's migrations, by file name.
pub(super) const POSTGRES: Embedded = Embedded(&[
    ("0001_sessions.sql", include_str!("../../../../migrations-postgres/0001_sessions.sql")),
    ("0002_turn_claims.sql", include_str!("../../../../migrations-postgres/0002_turn_claims.sql")),
    ("0003_ratings.sql", include_str!("../../../../migrations-postgres/0003_ratings.sql")),
    ("0004_clocks.sql", include_str!("../../../../migrations-postgres/0004_clocks.sql")),
    ("0005_server_settings.sql", include_str!("../../../../migrations-postgres/0005_server_settings.sql")),
    ("0006_hints.sql", include_str!("../../../../migrations-postgres/0006_hints.sql")),
    ("0007_blocked_channels.sql", include_str!("../../../../migrations-postgres/0007_blocked_channels.sql")),
    ("0008_tournaments.sql", include_str!("../../../../migrations-postgres/0008_tournaments.sql")),
    ("0009_tournament_roles.sql", include_str!("../../../../migrations-postgres/0009_tournament_roles.sql")),
    ("0010_forgotten.sql", include_str!("../../../../migrations-postgres/0010_forgotten.sql")),
    ("0011_endings.sql", include_str!("../../../../migrations-postgres/0011_endings.sql")),
    ("0012_puzzles.sql", include_str!("../../../../migrations-postgres/0012_puzzles.sql")),
    ("0013_tactics.sql", include_str!("../../../../migrations-postgres/0013_tactics.sql")),
    ("0014_daily_puzzle.sql", include_str!("../../../../migrations-postgres/0014_daily_puzzle.sql")),
    ("0015_digests.sql", include_str!("../../../../migrations-postgres/0015_digests.sql")),
    ("0016_session_players.sql", include_str!("../../../../migrations-postgres/0016_session_players.sql")),
]);

/// Migrations compiled in: each file's name and its SQL.
#[derive(Clone, Copy, Debug)]
pub(super) struct Embedded(&'static [(&'static str, &'static str)]);

impl Embedded {
    /// The migrator that brings a database up to these migrations.
    pub(super) async fn migrator(self) -> Result<Migrator, MigrateError> {
        Migrator::new(self).await
    }

    fn migrations(self) -> Result<Vec<Migration>, String> {
        self.0.iter().map(|&(name, sql)| migration(name, sql)).collect()
    }
}

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move { self.migrations().map_err(BoxDynError::from) })
    }
}

/// One migration from its file name (`<version>_<description>.sql`) and its SQL, as sqlx reads a folder: the
/// description's underscores become spaces, and a file that starts with `-- no-transaction` runs outside one.
fn migration(name: &str, sql: &'static str) -> Result<Migration, String> {
    let bad = || format!("migration {name}: a name is <version>_<description>.sql");
    let (version, description) = name.strip_suffix(".sql").and_then(|n| n.split_once('_')).ok_or_else(bad)?;
    let version: i64 = version.parse().map_err(|_| bad())?;
    let no_tx = sql.starts_with("-- no-transaction");
    Ok(Migration::new(
        version,
        Cow::Owned(description.replace('_', " ")),
        MigrationType::Simple,
        sql.into_sql_str(),
        no_tx,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file of a folder is in its list, in order, and reads as a migration.
    #[test]
    fn the_lists_are_the_folders() {
        for (folder, embedded) in [("migrations", SQLITE), ("migrations-postgres", POSTGRES)] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(folder);
            let mut files: Vec<String> = std::fs::read_dir(&dir)
                .expect("the migrations folder")
                .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
                .collect();
            files.sort();
            let listed: Vec<&str> = embedded.0.iter().map(|(name, _)| *name).collect();
            assert_eq!(listed, files, "{folder}: list every file in crates/session/src/store/migrations.rs");
            let migrations = embedded.migrations().expect("every name reads");
            assert!(migrations.windows(2).all(|w| w[0].version < w[1].version), "{folder}: versions rise");
        }
    }
}
