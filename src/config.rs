//! Configuration: defaults, then a TOML file, then `TABULA_*` environment variables (and `DISCORD_TOKEN`).

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The bot token. Its `Debug` and `Display` never show it, so it cannot leak into logs or errors.
#[derive(Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    pub fn new(token: impl Into<String>) -> Self {
        Token(token.into())
    }

    /// The secret itself, for the one place that hands it to Discord.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Every setting of the bot and the console. `config.example.toml` explains each key.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub token: Token,
    pub guild_id: Option<u64>,
    pub database: PathBuf,
    pub local_database: PathBuf,
    pub challenge_expiry_minutes: u64,
    pub log_level: String,
    pub api_proxy: Option<String>,
    pub picture_dir: PathBuf,
    pub ai_time_ms: u64,
    pub ai_concurrency: usize,
    /// The application's public key (64 hex digits, from the developer portal), for `tabula serve` to verify
    /// the signature of every interaction.
    pub public_key: Option<String>,
    /// The application's id; when absent, `tabula serve` asks Discord for it at start-up.
    pub application_id: Option<u64>,
    /// `10m`, `1h`, `1d`, `3d`, `7d` or `none` (checked when the config is read).
    pub default_clock: String,
    pub games_in_threads: bool,
    pub thread_archive_minutes: u64,
    /// The gateway shards this process runs, `FIRST-LAST` (e.g. `0-3`), with `shard_total`; none = all of
    /// Discord's recommended count.
    pub shards: Option<String>,
    pub shard_total: Option<u32>,
}

/// Which gateway shards a process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardPlan {
    /// Every shard, as many as Discord recommends.
    Recommended,
    /// Shards `first` to `last` (inclusive) of `total`.
    Range { first: u32, last: u32, total: u32 },
}

impl Default for Config {
    fn default() -> Self {
        Config {
            token: Token::default(),
            guild_id: None,
            database: PathBuf::from("data/tabula.db"),
            local_database: PathBuf::from("data/local.db"),
            challenge_expiry_minutes: 15,
            log_level: "info".to_string(),
            api_proxy: None,
            picture_dir: PathBuf::from("boards"),
            ai_time_ms: 2000,
            ai_concurrency: 2,
            public_key: None,
            application_id: None,
            default_clock: "3d".to_string(),
            games_in_threads: false,
            thread_archive_minutes: 10,
            shards: None,
            shard_total: None,
        }
    }
}

/// A configuration that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("the config file {path} is not valid: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("the environment variable {name} is not valid: {message}")]
    Env { name: String, message: String },
    #[error("the setting `{key}` is not valid: {message}")]
    Setting { key: &'static str, message: String },
}

impl Config {
    /// The settings of the session layer.
    pub fn session_config(&self) -> crate::session::SessionConfig {
        crate::session::SessionConfig {
            challenge_expiry: std::time::Duration::from_secs(self.challenge_expiry_minutes * 60),
            ai_time: std::time::Duration::from_millis(self.ai_time_ms),
            ai_concurrency: self.ai_concurrency.max(1),
            default_clock: self.default_clock.parse().unwrap_or(crate::session::ClockChoice::ThreeDays),
            games_in_threads: self.games_in_threads,
            thread_archive: std::time::Duration::from_secs(self.thread_archive_minutes * 60),
            shared_store: matches!(
                crate::store::Database::from_setting(&self.database),
                crate::store::Database::Postgres(_)
            ),
            ..crate::session::SessionConfig::default()
        }
    }

    /// The shards to run, from `shards` and `shard_total`.
    pub fn shard_plan(&self) -> Result<ShardPlan, ConfigError> {
        let bad = |message: String| ConfigError::Setting { key: "shards", message };
        match (&self.shards, self.shard_total) {
            (None, None) => Ok(ShardPlan::Recommended),
            (Some(_), None) | (None, Some(_)) => {
                Err(bad("give both `shards` (e.g. 0-3) and `shard_total` (e.g. 8), or neither".to_string()))
            }
            (Some(range), Some(total)) => {
                let read = |s: &str| s.trim().parse::<u32>().ok();
                let (first, last) = match range.split_once('-') {
                    Some((a, b)) => (read(a), read(b)),
                    None => (read(range), read(range)),
                };
                match (first, last) {
                    (Some(first), Some(last)) if first <= last && last < total => {
                        Ok(ShardPlan::Range { first, last, total })
                    }
                    _ => Err(bad(format!(
                        "`{range}` is not a range of shards below {total}: write FIRST-LAST, e.g. 0-3 with 8 in all"
                    ))),
                }
            }
        }
    }

    /// Loads `path` if given (it must exist), else `config.toml` if it exists, then applies the environment.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let mut config = match path {
            Some(p) => Self::from_file(p)?,
            None if Path::new("config.toml").exists() => Self::from_file(Path::new("config.toml"))?,
            None => Config::default(),
        };
        config.apply_env(|name| std::env::var(name).ok())?;
        Ok(config)
    }

    fn from_file(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| ConfigError::Read { path: path.to_path_buf(), source })?;
        Self::from_toml(&text).map_err(|message| ConfigError::Parse { path: path.to_path_buf(), message })
    }

    /// Parses a TOML text. The error is the parser's message, which never quotes the token.
    pub fn from_toml(text: &str) -> Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| e.message().to_string())?;
        config.check_clock().map_err(|e| format!("default_clock: {e}"))?;
        Ok(config)
    }

    /// Whether `default_clock` is one of the clocks `/play` offers.
    fn check_clock(&self) -> Result<(), String> {
        match self.default_clock.parse::<crate::session::ClockChoice>() {
            Ok(_) => Ok(()),
            Err(()) => Err(format!(
                "`{}` is not a clock: choose {}",
                crate::text::cut(&self.default_clock, 20),
                crate::session::ClockChoice::names()
            )),
        }
    }

    /// Applies `DISCORD_TOKEN` and `TABULA_<KEY>` overrides, read through `var`.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        let bad = |name: &str, message: &str| ConfigError::Env {
            name: name.to_string(),
            message: message.to_string(),
        };
        if let Some(t) = var("DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            self.token = Token::new(t.trim());
        }
        if let Some(t) = var("TABULA_TOKEN").filter(|t| !t.trim().is_empty()) {
            self.token = Token::new(t.trim());
        }
        if let Some(v) = var("TABULA_GUILD_ID") {
            self.guild_id = if v.trim().is_empty() {
                None
            } else {
                Some(v.trim().parse().map_err(|_| bad("TABULA_GUILD_ID", "expected a numeric server id"))?)
            };
        }
        if let Some(v) = var("TABULA_DATABASE") {
            self.database = PathBuf::from(v);
        }
        if let Some(v) = var("TABULA_LOCAL_DATABASE") {
            self.local_database = PathBuf::from(v);
        }
        if let Some(v) = var("TABULA_CHALLENGE_EXPIRY_MINUTES") {
            self.challenge_expiry_minutes = v
                .trim()
                .parse()
                .map_err(|_| bad("TABULA_CHALLENGE_EXPIRY_MINUTES", "expected a whole number of minutes"))?;
        }
        if let Some(v) = var("TABULA_LOG_LEVEL") {
            self.log_level = v;
        }
        if let Some(v) = var("TABULA_API_PROXY") {
            self.api_proxy = Some(v).filter(|v| !v.trim().is_empty());
        }
        if let Some(v) = var("TABULA_PICTURE_DIR") {
            self.picture_dir = PathBuf::from(v);
        }
        if let Some(v) = var("TABULA_AI_TIME_MS") {
            self.ai_time_ms = v
                .trim()
                .parse()
                .map_err(|_| bad("TABULA_AI_TIME_MS", "expected a whole number of milliseconds"))?;
        }
        if let Some(v) = var("TABULA_PUBLIC_KEY") {
            self.public_key = Some(v.trim().to_string()).filter(|v| !v.is_empty());
        }
        if let Some(v) = var("TABULA_APPLICATION_ID") {
            self.application_id = if v.trim().is_empty() {
                None
            } else {
                Some(
                    v.trim()
                        .parse()
                        .map_err(|_| bad("TABULA_APPLICATION_ID", "expected a numeric application id"))?,
                )
            };
        }
        if let Some(v) = var("TABULA_DEFAULT_CLOCK") {
            self.default_clock = v.trim().to_string();
            self.check_clock().map_err(|e| bad("TABULA_DEFAULT_CLOCK", &e))?;
        }
        if let Some(v) = var("TABULA_GAMES_IN_THREADS") {
            self.games_in_threads =
                matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on");
        }
        if let Some(v) = var("TABULA_THREAD_ARCHIVE_MINUTES") {
            self.thread_archive_minutes = v
                .trim()
                .parse()
                .map_err(|_| bad("TABULA_THREAD_ARCHIVE_MINUTES", "expected a whole number of minutes"))?;
        }
        if let Some(v) = var("TABULA_SHARDS") {
            self.shards = Some(v).filter(|v| !v.trim().is_empty());
        }
        if let Some(v) = var("TABULA_SHARD_TOTAL") {
            self.shard_total = Some(
                v.trim()
                    .parse()
                    .map_err(|_| bad("TABULA_SHARD_TOTAL", "expected a whole number of shards"))?,
            );
        }
        if let Some(v) = var("TABULA_AI_CONCURRENCY") {
            self.ai_concurrency =
                v.trim().parse().map_err(|_| bad("TABULA_AI_CONCURRENCY", "expected a whole number"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_prints() {
        let config = Config { token: Token::new("super-secret-value"), ..Config::default() };
        let shown = format!("{config:?} {}", config.token);
        assert!(!shown.contains("super-secret-value"), "{shown}");
        assert!(shown.contains("[redacted]"));
    }

    #[test]
    fn the_example_config_parses_and_env_overrides() {
        let mut config = Config::from_toml(include_str!("../config.example.toml")).unwrap();
        assert_eq!(config.challenge_expiry_minutes, 15);
        config
            .apply_env(|k| match k {
                "DISCORD_TOKEN" => Some("abc".into()),
                "TABULA_GUILD_ID" => Some("42".into()),
                _ => None,
            })
            .unwrap();
        assert_eq!(config.token.expose(), "abc");
        assert_eq!(config.guild_id, Some(42));
        assert!(config.apply_env(|k| (k == "TABULA_GUILD_ID").then(|| "x".into())).is_err());
    }

    #[test]
    fn shards_are_a_range_below_the_total() {
        let plan = |shards: Option<&str>, total| {
            Config { shards: shards.map(String::from), shard_total: total, ..Config::default() }.shard_plan()
        };
        assert_eq!(plan(None, None).unwrap(), ShardPlan::Recommended);
        assert_eq!(plan(Some("0-3"), Some(8)).unwrap(), ShardPlan::Range { first: 0, last: 3, total: 8 });
        assert_eq!(plan(Some("5"), Some(8)).unwrap(), ShardPlan::Range { first: 5, last: 5, total: 8 });
        assert!(plan(Some("4-8"), Some(8)).unwrap_err().to_string().contains("FIRST-LAST"));
        assert!(plan(Some("3-1"), Some(8)).is_err());
        assert!(plan(Some("0-3"), None).unwrap_err().to_string().contains("both"));
    }

    #[test]
    fn a_parse_error_does_not_echo_the_token() {
        let err = Config::from_toml("token = \"sekrit\"\nguild_id = \"nope\"").unwrap_err();
        assert!(!err.contains("sekrit"), "{err}");
    }
}
