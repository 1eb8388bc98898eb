//! The `tabula` binary: parse the command line, read the config, start logging, run the chosen part.

use std::process::ExitCode;

use clap::Parser;
use tabula::cli::{Cli, Command, run_engine_command};
use tabula::config::Config;
use tabula::store::{Database, PgStore, SqliteStore};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Run { config: None, shards: None, shard_total: None }) {
        Command::Run { config, shards, shard_total } => {
            let mut config = match Config::load(config.as_deref()) {
                Ok(c) => c,
                Err(e) => return fail(&e.to_string()),
            };
            if shards.is_some() {
                config.shards = shards;
                config.shard_total = shard_total;
            }
            if let Err(e) = config.shard_plan() {
                return fail(&e.to_string());
            }
            if config.token.is_empty() {
                eprintln!(
                    "No Discord bot token: set DISCORD_TOKEN (or `token` in config.toml); create one at https://discord.com/developers/applications under Bot."
                );
                eprintln!(
                    "To try Tabula without Discord, run `tabula local`: a console that plays the role of a channel."
                );
                return ExitCode::from(2);
            }
            init_logging(&config.log_level);
            let run = async {
                match Database::from_setting(&config.database) {
                    Database::Sqlite(path) => tabula::discord::run(config, open_store(&path).await?).await,
                    Database::Postgres(url) => {
                        let store = open_postgres(&url).await?;
                        tabula::discord::run(config, store).await
                    }
                }
            };
            match runtime().and_then(|rt| rt.block_on(run)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("{e:#}")),
            }
        }
        Command::Serve { config, listen } => {
            let config = match Config::load(config.as_deref()) {
                Ok(c) => c,
                Err(e) => return fail(&e.to_string()),
            };
            init_logging(&config.log_level);
            let run = async {
                match Database::from_setting(&config.database) {
                    Database::Sqlite(path) => serve(&config, open_store(&path).await?, listen).await,
                    Database::Postgres(url) => serve(&config, open_postgres(&url).await?, listen).await,
                }
            };
            match runtime().and_then(|rt| rt.block_on(run)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("{e:#}")),
            }
        }
        Command::Local { config, database, pictures, lang } => {
            let config = match Config::load(config.as_deref()) {
                Ok(c) => c,
                Err(e) => return fail(&e.to_string()),
            };
            let database = database.unwrap_or(config.local_database.clone());
            let pictures = pictures.unwrap_or(config.picture_dir.clone());
            let sessions = config.session_config();
            let run = async {
                let store = open_store(&database).await?;
                tabula::local::run(store, &pictures, sessions, lang).await
            };
            match runtime().and_then(|rt| rt.block_on(run)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("{e:#}")),
            }
        }
        Command::Ratings { config, database, rebuild } => ratings(config.as_deref(), database, rebuild),
        other => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let result = run_engine_command(&other, &mut out);
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
    }
}

/// `tabula ratings --rebuild`: recomputes every rating from the recorded results.
fn ratings(
    config: Option<&std::path::Path>,
    database: Option<std::path::PathBuf>,
    rebuild: bool,
) -> ExitCode {
    if !rebuild {
        return fail("say what to do with the ratings: `tabula ratings --rebuild` recomputes them");
    }
    let config = match Config::load(config) {
        Ok(c) => c,
        Err(e) => return fail(&e.to_string()),
    };
    let database = database.unwrap_or(config.database.clone());
    let run = async {
        match Database::from_setting(&database) {
            Database::Sqlite(path) => rebuild_ratings(open_store(&path).await?).await,
            Database::Postgres(url) => rebuild_ratings(open_postgres(&url).await?).await,
        }
    };
    match runtime().and_then(|rt| rt.block_on(run)) {
        Ok(games) => {
            println!("ratings rebuilt from {games} rated games");
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("{e:#}")),
    }
}

/// Recomputes every rating of `store` from its recorded results; the number of rated games.
async fn rebuild_ratings<S: tabula::store::Store>(store: S) -> anyhow::Result<usize> {
    let games = store.rebuild_ratings().await?;
    store.close().await;
    Ok(games)
}

/// Opens (creating it on first run) the SQLite database the adapters share their sessions through.
async fn open_store(path: &std::path::Path) -> anyhow::Result<SqliteStore> {
    use anyhow::Context as _;
    SqliteStore::open(path).await.with_context(|| format!("cannot open the database {}", path.display()))
}

/// Runs the HTTP interactions endpoint until Ctrl-C or SIGTERM, then shuts it down gracefully.
async fn serve<S: tabula::store::Store>(
    config: &Config,
    store: S,
    listen: std::net::SocketAddr,
) -> anyhow::Result<()> {
    let endpoint = tabula::discord::endpoint::Endpoint::start(config, store, listen).await?;
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    tracing::info!("shutting down: finishing the interactions in flight");
    endpoint.shutdown().await;
    Ok(())
}

/// Connects to the Postgres database several instances share (the URL is not repeated: it may hold a password).
async fn open_postgres(url: &str) -> anyhow::Result<PgStore> {
    use anyhow::Context as _;
    let shown = format!("{:?}", Database::Postgres(url.to_string()));
    PgStore::connect(url).await.with_context(|| format!("cannot open the database ({shown})"))
}

fn fail(message: &str) -> ExitCode {
    eprintln!("tabula: {message}");
    ExitCode::from(2)
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread().enable_all().build()?)
}

fn init_logging(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(level)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt().with_env_filter(filter).with_target(false).init();
}
