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
    pub(crate) fn expose(&self) -> &str {
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
    /// `text` (lines for a person) or `json` (one JSON object a line, with the interaction, channel and game of
    /// each; checked when the config is read).
    pub log_format: String,
    pub api_proxy: Option<String>,
    /// The proxy at `api_proxy` keeps Discord's rate limits itself, so Tabula's own limiter stays off.
    pub api_proxy_limits: bool,
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
    /// Where the live board's web server listens (`127.0.0.1:8090`); none = no web server.
    pub web_listen: Option<std::net::SocketAddr>,
    /// The address players reach the web server at (`https://tabula.example.org`), for the links the bot posts;
    /// none = `http://` and `web_listen`.
    pub public_url: Option<String>,
    /// The secret that signs the players' links to the web board (any long random text). Like the token, its
    /// `Debug` never shows it; none = a random one per process (links then die with it, and two instances
    /// refuse each other's).
    pub web_secret: Token,
    /// Where the operator's listener serves `/metrics`, `/healthz` and `/readyz` (`127.0.0.1:9100`: loopback or
    /// a private network, never the public address); none = no operator's listener.
    pub ops_listen: Option<std::net::SocketAddr>,
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
            log_format: "text".to_string(),
            api_proxy: None,
            api_proxy_limits: false,
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
            web_listen: None,
            public_url: None,
            web_secret: Token::default(),
            ops_listen: None,
        }
    }
}

/// Where a setting's value came from, for the error that names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layer {
    /// The config file at this path.
    File(PathBuf),
    /// The environment variable of this name.
    Env(String),
}

impl fmt::Display for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Layer::File(path) => write!(f, "in the config file {}", path.display()),
            Layer::Env(name) => write!(f, "in the environment variable {name}"),
        }
    }
}

/// A configuration that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    /// The file is not TOML at all.
    #[error("the config file {path} is not valid TOML: {message}")]
    Parse { path: PathBuf, message: String },
    /// One setting's value (or name) is wrong; the message never quotes the token.
    #[error("the setting `{key}` {layer} is not valid: {message}")]
    Invalid { key: String, layer: Layer, message: String },
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

    /// The keys of the config (the fields of [`Config`], as the file and `TABULA_<KEY>` name them).
    pub(crate) fn keys() -> &'static [&'static str] {
        layers::field_names::<Config>()
    }

    /// Loads `path` if given (it must exist), else `config.toml` if it exists, then applies the environment.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let file = match path {
            Some(p) => Some(p),
            None => Some(Path::new("config.toml")).filter(|p| p.exists()),
        };
        let text = match file {
            Some(p) => Some(
                std::fs::read_to_string(p)
                    .map_err(|source| ConfigError::Read { path: p.to_path_buf(), source })?,
            ),
            None => None,
        };
        Self::from_layers(file.zip(text.as_deref()), |name| std::env::var(name).ok())
    }

    /// The config of three layers, each over the one before: the defaults, the TOML text of a file (its path, to
    /// name it in errors), then the environment read through `var`: `TABULA_<KEY>` for every key, and
    /// `DISCORD_TOKEN` for the token (under `TABULA_TOKEN`). An empty variable unsets an optional key; an empty
    /// token is ignored. Every bad value is an error naming its key and its layer.
    pub(crate) fn from_layers(
        file: Option<(&Path, &str)>,
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let mut given = layers::Given::default();
        if let Some((path, text)) = file {
            let table: toml::Table = toml::from_str(text).map_err(|e| ConfigError::Parse {
                path: path.to_path_buf(),
                message: e.message().to_string(),
            })?;
            for (key, value) in table {
                given.set(key, Layer::File(path.to_path_buf()), layers::Value::File(value));
            }
        }
        let env = |name: &str| var(name).map(|v| (name.to_string(), v));
        for &key in Self::keys() {
            let name = format!("TABULA_{}", key.to_ascii_uppercase());
            let found = if key == "token" {
                let given = |(_, v): &(String, String)| !v.trim().is_empty();
                env(&name).filter(given).or_else(|| env("DISCORD_TOKEN").filter(given))
            } else {
                env(&name)
            };
            if let Some((name, value)) = found {
                given.set(key.to_string(), Layer::Env(name), layers::Value::Env(value));
            }
        }
        let config: Config = given.read()?;
        if let Some(layer) = given.layer_of("default_clock") {
            config.check_clock().map_err(|message| ConfigError::Invalid {
                key: "default_clock".to_string(),
                layer: layer.clone(),
                message,
            })?;
        }
        if let Some(layer) = given.layer_of("log_format")
            && !matches!(config.log_format.as_str(), "text" | "json")
        {
            return Err(ConfigError::Invalid {
                key: "log_format".to_string(),
                layer: layer.clone(),
                message: format!(
                    "`{}` is not a log format: choose text or json",
                    crate::text::cut(&config.log_format, 20)
                ),
            });
        }
        Ok(config)
    }

    /// Whether the logs are JSON lines (`log_format = "json"`).
    pub fn json_logs(&self) -> bool {
        self.log_format == "json"
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
}

/// Reading layered settings with serde: each layer's values are checked one key at a time (so an error names its
/// key and layer), then the last value of each key is read into the config over its defaults.
mod layers;

#[cfg(test)]
mod tests;
