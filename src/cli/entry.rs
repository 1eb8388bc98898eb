//! The `tabula` binary: parse the command line, read the config, start logging, run the chosen part.
//!
//! Exit status: 0 on success; 2 when the command cannot run as given (clap's usage errors, the command line
//! tools' refusals, a config or environment to fix first: a bad value, no token); 1 when running failed (the
//! database, Discord, the network).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::{Cli, Command, run_engine_command};
use crate::config::Config;
use crate::i18n::Lang;
use crate::store::{Database, PgStore, SharedStore, SqliteStore, Store};
use anyhow::Context as _;
use clap::{CommandFactory as _, Parser};

/// The binary's `main`: parses the command line and runs what it asks, compiled here in the library with all
/// it runs, so that the binary itself is one call.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Run { config: None, shards: None, shard_total: None });
    let service = match Service::of(command) {
        Ok(service) => service,
        Err(other) => return engine_command(&other),
    };
    let (config, database) = match service.config() {
        Ok(read) => read,
        Err(usage) => {
            eprintln!("tabula: {usage}");
            return ExitCode::from(2);
        }
    };
    if service.logs() {
        init_logging(&config.log_level, config.json_logs());
    }
    let run = async {
        if let Service::Restore { file, .. } = &service {
            // The database is replaced, not opened: it is checked in a copy of the backup.
            return restore(file, &database).await;
        }
        if let Service::Backup { file, .. } = &service {
            return backup(&database, file).await;
        }
        if let Service::Check { .. } = &service {
            return check(&database).await;
        }
        match Database::from_setting(&database) {
            // Boxed: each service's future holds a whole bot, too large to keep on the stack.
            Database::Sqlite(path) => Box::pin(service.run(config, Arc::new(open_store(&path).await?))).await,
            Database::Postgres(url) => {
                Box::pin(service.run(config, Arc::new(open_postgres(&url).await?))).await
            }
        }
    };
    match runtime().and_then(|rt| rt.block_on(run)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// A command that runs over the database of its config.
enum Service {
    /// The gateway bot, with the shards of the command line, if given.
    Run { config: Option<PathBuf>, shards: Option<String>, shard_total: Option<u32> },
    /// The HTTP interactions endpoint.
    Serve { config: Option<PathBuf>, listen: SocketAddr },
    /// The console.
    Local {
        config: Option<PathBuf>,
        database: Option<PathBuf>,
        pictures: Option<PathBuf>,
        lang: Lang,
        web: Option<SocketAddr>,
    },
    /// `tabula ratings --rebuild`.
    Ratings { config: Option<PathBuf>, database: Option<PathBuf> },
    /// `tabula backup FILE`.
    Backup { config: Option<PathBuf>, database: Option<PathBuf>, file: PathBuf },
    /// `tabula restore FILE`.
    Restore { config: Option<PathBuf>, database: Option<PathBuf>, file: PathBuf },
    /// `tabula check`.
    Check { config: Option<PathBuf>, database: Option<PathBuf> },
    /// `tabula forget-user ID`.
    ForgetUser { config: Option<PathBuf>, database: Option<PathBuf>, user: u64 },
}

impl Service {
    /// The service of a command, or the command back when it works on the engines alone. `ratings` without
    /// `--rebuild` is a usage error, reported by clap.
    // Called once per run: the command handed back is the whole command line, not an error to pass around.
    #[allow(clippy::result_large_err)]
    fn of(command: Command) -> Result<Service, Command> {
        Ok(match command {
            Command::Run { config, shards, shard_total } => Service::Run { config, shards, shard_total },
            Command::Serve { config, listen } => Service::Serve { config, listen },
            Command::Local { config, database, pictures, lang, web } => {
                if let Some(note) = &lang.note {
                    eprintln!("tabula: {note}");
                }
                Service::Local { config, database, pictures, lang: lang.lang, web }
            }
            Command::Ratings { rebuild: false, .. } => Cli::command()
                .error(
                    clap::error::ErrorKind::MissingRequiredArgument,
                    "say what to do with the ratings: `tabula ratings --rebuild` recomputes them",
                )
                .exit(),
            Command::Ratings { config, database, rebuild: true } => Service::Ratings { config, database },
            Command::Backup { file, config, database } => Service::Backup { config, database, file },
            Command::Restore { file, config, database } => Service::Restore { config, database, file },
            Command::ForgetUser { id, config, database } => {
                Service::ForgetUser { config, database, user: id }
            }
            Command::Check { config, database } => Service::Check { config, database },
            other => return Err(other),
        })
    }

    /// The config (with the command line's overrides) and the database to open; the error is what to fix.
    fn config(&self) -> Result<(Config, PathBuf), String> {
        let file = match self {
            Service::Run { config, .. }
            | Service::Serve { config, .. }
            | Service::Local { config, .. }
            | Service::Ratings { config, .. }
            | Service::Backup { config, .. }
            | Service::Restore { config, .. }
            | Service::Check { config, .. }
            | Service::ForgetUser { config, .. } => config.as_deref(),
        };
        let mut config = Config::load(file).map_err(|e| e.to_string())?;
        let database = match self {
            Service::Run { shards, shard_total, .. } => {
                if shards.is_some() {
                    config.shards.clone_from(shards);
                    config.shard_total = *shard_total;
                }
                config.shard_plan().map_err(|e| e.to_string())?;
                if config.token.is_empty() {
                    return Err("no Discord bot token: set DISCORD_TOKEN (or `token` in config.toml); create one at https://discord.com/developers/applications under Bot.\nTo try Tabula without Discord, run `tabula local`: a console that plays the role of a channel.".to_string());
                }
                config.database.clone()
            }
            Service::Serve { .. } => config.database.clone(),
            Service::Local { database, .. } => database.clone().unwrap_or(config.local_database.clone()),
            Service::Ratings { database, .. }
            | Service::ForgetUser { database, .. }
            | Service::Check { database, .. } => database.clone().unwrap_or(config.database.clone()),
            Service::Backup { database, .. } | Service::Restore { database, .. } => {
                let database = database.clone().unwrap_or(config.database.clone());
                if let Database::Postgres(_) = Database::from_setting(&database) {
                    return Err("backup and restore copy a SQLite file; with Postgres, use pg_dump and \
                                pg_restore as docs/operators.md shows"
                        .to_string());
                }
                database
            }
        };
        Ok((config, database))
    }

    /// Whether the service logs (the bot and the endpoint; the console and the ratings print their own lines).
    fn logs(&self) -> bool {
        matches!(self, Service::Run { .. } | Service::Serve { .. })
    }

    async fn run(&self, config: Config, store: SharedStore) -> anyhow::Result<()> {
        match self {
            Service::Run { .. } => crate::discord::run(config, store).await,
            Service::Serve { listen, .. } => serve(&config, store, *listen).await,
            Service::Local { pictures, lang, web, .. } => {
                let pictures = pictures.clone().unwrap_or(config.picture_dir.clone());
                let mut config = config;
                if web.is_some() {
                    config.web_listen = *web;
                }
                crate::local::run(store, &pictures, &config, *lang).await
            }
            Service::Ratings { .. } => {
                let games = store.rebuild_ratings().await;
                store.close().await;
                println!("ratings rebuilt from {} rated games", games?);
                Ok(())
            }
            Service::Backup { .. } | Service::Restore { .. } | Service::Check { .. } => {
                unreachable!("a backup, a restore and a check open their databases themselves")
            }
            Service::ForgetUser { user, .. } => {
                let label = crate::store::neutral_label();
                let sessions = store.forget_member(*user, &label).await;
                store.close().await;
                println!(
                    "forgot user {user}: their name is now {label} in {} sessions, their history and ratings",
                    sessions?
                );
                Ok(())
            }
        }
    }
}

/// The commands of the engines alone (`moves`, `perft`, `render`, …), with their own exit status.
fn engine_command(command: &Command) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = run_engine_command(command, &mut out);
    drop(out);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            if !f.message.is_empty() {
                eprintln!("tabula: {}", f.message);
            }
            ExitCode::from(f.status)
        }
    }
}

/// `tabula backup`: a consistent copy of the live SQLite database.
async fn backup(database: &Path, file: &Path) -> anyhow::Result<()> {
    let Database::Sqlite(path) = Database::from_setting(database) else {
        anyhow::bail!("backup copies a SQLite file; with Postgres, use pg_dump");
    };
    let store = open_store(&path).await?;
    let sessions = store.backup_to(file).await;
    store.close().await;
    println!("backed up {} sessions from {} to {}", sessions?, path.display(), file.display());
    Ok(())
}

/// Every game of `store` replayed, then the store closed.
async fn checked_then_closed<S: Store + crate::store::SessionIds>(
    store: S,
) -> Result<crate::store::Restored, crate::store::BackupError> {
    let checked = crate::store::check_games(&store).await;
    store.close().await;
    checked
}

/// `tabula check`: replays every stored game of the database, whichever kind.
async fn check(database: &Path) -> anyhow::Result<()> {
    let checked = match Database::from_setting(database) {
        // A check never creates what it checks: a mistyped path is said as such.
        Database::Sqlite(path) if !path.is_file() => anyhow::bail!(
            "there is no database at {}: give the path of an existing SQLite file with --database, or set \
             `database` in the config",
            path.display()
        ),
        Database::Sqlite(path) => checked_then_closed(open_store(&path).await?).await,
        Database::Postgres(url) => checked_then_closed(open_postgres(&url).await?).await,
    }
    .map_err(|e| match e {
        crate::store::BackupError::DoesNotReplay { id, why } => {
            anyhow::anyhow!("game #{id} does not replay ({why})")
        }
        other => other.into(),
    })?;
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    println!(
        "every game replays: {}, {} with moves",
        plural(checked.sessions, "session", "sessions"),
        plural(checked.games, "game", "games")
    );
    Ok(())
}

/// `tabula restore`: replaces the SQLite database with the backup once every game of it replays.
async fn restore(file: &Path, database: &Path) -> anyhow::Result<()> {
    let Database::Sqlite(path) = Database::from_setting(database) else {
        anyhow::bail!("restore replaces a SQLite file; with Postgres, use pg_restore");
    };
    let restored = crate::store::restore_sqlite(file, &path).await?;
    println!(
        "restored {} sessions ({} games replayed) from {} into {}",
        restored.sessions,
        restored.games,
        file.display(),
        path.display()
    );
    Ok(())
}

/// Opens (creating it on first run) the SQLite database the adapters share their sessions through.
async fn open_store(path: &Path) -> anyhow::Result<SqliteStore> {
    SqliteStore::open(path).await.with_context(|| format!("cannot open the database {}", path.display()))
}

/// Connects to the Postgres database several instances share (the URL is not repeated: it may hold a password).
async fn open_postgres(url: &str) -> anyhow::Result<PgStore> {
    let shown = format!("{:?}", Database::Postgres(url.to_string()));
    PgStore::connect(url).await.with_context(|| format!("cannot open the database ({shown})"))
}

/// Runs the HTTP interactions endpoint until Ctrl-C or SIGTERM, then shuts it down gracefully.
async fn serve(config: &Config, store: SharedStore, listen: SocketAddr) -> anyhow::Result<()> {
    let endpoint = crate::discord::endpoint::Endpoint::start(config, store, listen).await?;
    let web = crate::web::Web::start_from(config, endpoint.sessions().clone()).await?;
    let ops = crate::web::ops::Ops::start_from(config, endpoint.sessions().clone()).await?;
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    tracing::info!("shutting down: finishing the interactions in flight");
    if let Some(web) = web {
        web.shutdown().await;
    }
    if let Some(ops) = ops {
        ops.shutdown().await;
    }
    endpoint.shutdown().await;
    Ok(())
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread().enable_all().build()?)
}

/// Logs to stdout at `level`, as text or (`json`) one JSON object a line whose `span` holds the interaction, its
/// channel and its game.
/// The log level of serenity's REST client, whatever the operator's level: see [`init_logging`].
const SERENITY_HTTP: &str = "serenity::http=warn";

fn init_logging(level: &str, json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_new(level)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"))
        // serenity's `request` span (at INFO) records the whole request with its Debug: an interaction's token
        // (which answers in its name for 15 minutes) and every attachment's bytes. Below WARN it is never made,
        // so no line of ours or of the HTTP client's carries it, whatever level the operator asks for.
        .add_directive(SERENITY_HTTP.parse().expect("a valid directive"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    if json {
        logs.json().flatten_event(true).with_current_span(true).with_span_list(false).init();
    } else {
        logs.init();
    }
}
