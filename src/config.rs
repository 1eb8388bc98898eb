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
mod layers {
    use std::collections::BTreeMap;

    use serde::de::value::{Error, MapDeserializer};
    use serde::de::{self, Deserialize, Deserializer, IntoDeserializer, Visitor};
    use serde::forward_to_deserialize_any;

    use super::{ConfigError, Layer};

    /// One value as a layer gives it.
    #[derive(Clone)]
    pub(super) enum Value {
        /// A TOML value, typed by the file.
        File(toml::Value),
        /// An environment variable's text, read as the key's type asks.
        Env(String),
    }

    /// The value of each key given so far, and the layer it came from.
    #[derive(Default)]
    pub(super) struct Given(BTreeMap<String, (Layer, Value)>);

    impl Given {
        /// Sets `key` (a later layer wins over an earlier one).
        pub(super) fn set(&mut self, key: String, layer: Layer, value: Value) {
            self.0.insert(key, (layer, value));
        }

        pub(super) fn layer_of(&self, key: &str) -> Option<&Layer> {
            self.0.get(key).map(|(layer, _)| layer)
        }

        /// Reads the settings into `T` over its defaults (`#[serde(default)]`): first each key alone, so that
        /// the first bad one is named with its layer, then all together.
        pub(super) fn read<T: for<'de> Deserialize<'de>>(&self) -> Result<T, ConfigError> {
            for (key, (layer, value)) in &self.0 {
                let one = MapDeserializer::new(std::iter::once((key.as_str(), value.clone())));
                T::deserialize(one).map_err(|e| ConfigError::Invalid {
                    key: key.clone(),
                    layer: layer.clone(),
                    message: e.to_string(),
                })?;
            }
            let all = self.0.iter().map(|(key, (_, value))| (key.as_str(), value.clone()));
            T::deserialize(MapDeserializer::new(all))
                .map_err(|e| ConfigError::Setting { key: "config", message: e.to_string() })
        }
    }

    impl IntoDeserializer<'_, Error> for Value {
        type Deserializer = Self;

        fn into_deserializer(self) -> Self {
            self
        }
    }

    /// Each method hands the visitor to the TOML value or to the environment text.
    macro_rules! delegate {
        ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
            fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Error> {
                match self {
                    Value::File(value) => value.$method($($arg,)* visitor).map_err(de::Error::custom),
                    Value::Env(text) => Env(&text).$method($($arg,)* visitor),
                }
            }
        )*};
    }

    impl<'de> Deserializer<'de> for Value {
        type Error = Error;

        delegate! {
            deserialize_any(); deserialize_bool(); deserialize_u8(); deserialize_u16(); deserialize_u32();
            deserialize_u64(); deserialize_i8(); deserialize_i16(); deserialize_i32(); deserialize_i64();
            deserialize_f32(); deserialize_f64(); deserialize_char(); deserialize_str(); deserialize_string();
            deserialize_bytes(); deserialize_byte_buf(); deserialize_option(); deserialize_unit();
            deserialize_seq(); deserialize_map(); deserialize_identifier(); deserialize_ignored_any();
            deserialize_unit_struct(name: &'static str);
            deserialize_newtype_struct(name: &'static str);
            deserialize_tuple(len: usize);
            deserialize_tuple_struct(name: &'static str, len: usize);
            deserialize_struct(name: &'static str, fields: &'static [&'static str]);
            deserialize_enum(name: &'static str, variants: &'static [&'static str]);
        }
    }

    /// An environment variable's text (trimmed), read as the type asks: a number must be one, a switch is
    /// `true`/`false` (or `yes`/`no`, `on`/`off`, `1`/`0`), and empty text is "none" for an optional key.
    struct Env<'a>(&'a str);

    impl Env<'_> {
        fn text(&self) -> &str {
            self.0.trim()
        }

        fn whole<N: std::str::FromStr>(&self) -> Result<N, Error> {
            self.text().parse().map_err(|_| {
                de::Error::custom(format!(
                    "expected a whole number, found `{}`",
                    crate::text::cut(self.text(), 20)
                ))
            })
        }
    }

    macro_rules! whole {
        ($($method:ident => $visit:ident: $ty:ty;)*) => {$(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                visitor.$visit(self.whole::<$ty>()?)
            }
        )*};
    }

    impl<'de> Deserializer<'de> for Env<'_> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.visit_str(self.text())
        }

        fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.text().to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => visitor.visit_bool(true),
                "false" | "no" | "off" | "0" => visitor.visit_bool(false),
                other => Err(de::Error::custom(format!(
                    "expected true or false, found `{}`",
                    crate::text::cut(other, 20)
                ))),
            }
        }

        whole! {
            deserialize_u8 => visit_u64: u64; deserialize_u16 => visit_u64: u64;
            deserialize_u32 => visit_u64: u64; deserialize_u64 => visit_u64: u64;
            deserialize_i8 => visit_i64: i64; deserialize_i16 => visit_i64: i64;
            deserialize_i32 => visit_i64: i64; deserialize_i64 => visit_i64: i64;
        }

        fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            if self.text().is_empty() { visitor.visit_none() } else { visitor.visit_some(self) }
        }

        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            visitor: V,
        ) -> Result<V::Value, Error> {
            visitor.visit_newtype_struct(self)
        }

        forward_to_deserialize_any! {
            f32 f64 char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct enum
            identifier ignored_any
        }
    }

    /// The field names of a struct that derives `Deserialize`, as serde hands them to `deserialize_struct`.
    pub(super) fn field_names<T: for<'de> Deserialize<'de>>() -> &'static [&'static str] {
        struct Fields<'a>(&'a mut &'static [&'static str]);

        impl<'de> Deserializer<'de> for Fields<'_> {
            type Error = Error;

            fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
                Err(de::Error::custom("not a struct"))
            }

            fn deserialize_struct<V: Visitor<'de>>(
                self,
                _name: &'static str,
                fields: &'static [&'static str],
                _visitor: V,
            ) -> Result<V::Value, Error> {
                *self.0 = fields;
                Err(de::Error::custom("only the field names were wanted"))
            }

            forward_to_deserialize_any! {
                bool u8 u16 u32 u64 i8 i16 i32 i64 f32 f64 char str string bytes byte_buf option unit unit_struct
                newtype_struct seq tuple tuple_struct map enum identifier ignored_any
            }
        }

        let mut fields: &'static [&'static str] = &[];
        let _ = T::deserialize(Fields(&mut fields));
        fields
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The config of a file's text and an environment.
    fn read(file: &str, env: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let env: Vec<(String, String)> =
            env.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
        let var = |name: &str| env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        Config::from_layers(Some((Path::new("test.toml"), file)), var)
    }

    #[test]
    fn the_token_never_prints() {
        let config = Config { token: Token::new("super-secret-value"), ..Config::default() };
        let shown = format!("{config:?} {}", config.token);
        assert!(!shown.contains("super-secret-value"), "{shown}");
        assert!(shown.contains("[redacted]"));
    }

    #[test]
    fn the_example_config_parses_and_env_overrides() {
        let example = include_str!("../config.example.toml");
        let config = read(example, &[]).unwrap();
        assert_eq!(config, Config::default(), "the example states the defaults");
        let config = read(example, &[("DISCORD_TOKEN", "abc"), ("TABULA_GUILD_ID", "42")]).unwrap();
        assert_eq!(config.token.expose(), "abc");
        assert_eq!(config.guild_id, Some(42));
        let config = read(example, &[("DISCORD_TOKEN", "abc"), ("TABULA_TOKEN", "def")]).unwrap();
        assert_eq!(config.token.expose(), "def", "TABULA_TOKEN wins over DISCORD_TOKEN");
        let config = read("token = \"file\"", &[("TABULA_TOKEN", " ")]).unwrap();
        assert_eq!(config.token.expose(), "file", "an empty token in the environment is ignored");
        assert!(read(example, &[("TABULA_GUILD_ID", "x")]).is_err());
    }

    /// The example file names every key, each under its explanation: uncommenting all its `key = value`
    /// lines gives a file that sets every key of the config, and that is read without error.
    #[test]
    fn every_key_of_the_example_is_read() {
        let example = include_str!("../config.example.toml");
        let setting = |line: &str| {
            let line = line.strip_prefix("# ").unwrap_or(line);
            let (key, _) = line.split_once(" = ")?;
            key.chars()
                .all(|c| c.is_ascii_lowercase() || c == '_')
                .then(|| (key.to_string(), line.to_string()))
        };
        let (mut uncommented, mut seen, mut explained) = (String::new(), Vec::new(), false);
        for line in example.lines() {
            if let Some((key, line)) = setting(line) {
                assert!(explained, "`{key}` has a comment above it");
                seen.push(key);
                uncommented.push_str(&line);
            } else {
                explained = line.starts_with("# ");
                uncommented.push_str(line);
            }
            if line.trim().is_empty() {
                explained = false;
            }
            uncommented.push('\n');
        }
        let mut keys: Vec<String> = Config::keys().iter().map(|k| (*k).to_string()).collect();
        keys.sort();
        seen.sort();
        assert_eq!(seen, keys, "config.example.toml shows each key of Config once");
        let config = read(&uncommented, &[]).unwrap();
        assert!(config.guild_id.is_some() && config.public_key.is_some() && config.application_id.is_some());
        assert!(config.api_proxy.is_some() && config.shards.is_some() && config.shard_total.is_some());
    }

    #[test]
    fn every_key_can_come_from_the_environment() {
        let file = include_str!("../config.example.toml");
        let values = [
            ("TOKEN", "t"),
            ("GUILD_ID", "7"),
            ("DATABASE", "postgres://db/x"),
            ("LOCAL_DATABASE", "l.db"),
            ("CHALLENGE_EXPIRY_MINUTES", "3"),
            ("LOG_LEVEL", "debug"),
            ("LOG_FORMAT", "json"),
            ("API_PROXY", "http://proxy"),
            ("PICTURE_DIR", "pics"),
            ("AI_TIME_MS", "100"),
            ("AI_CONCURRENCY", "4"),
            ("PUBLIC_KEY", "ab"),
            ("APPLICATION_ID", "9"),
            ("DEFAULT_CLOCK", "1h"),
            ("GAMES_IN_THREADS", "true"),
            ("THREAD_ARCHIVE_MINUTES", "60"),
            ("SHARDS", "0-1"),
            ("SHARD_TOTAL", "2"),
            ("WEB_LISTEN", "127.0.0.1:8090"),
            ("PUBLIC_URL", "https://board.example"),
            ("WEB_SECRET", "s3cret"),
        ];
        assert_eq!(values.len(), Config::keys().len(), "a value for every key");
        let env: Vec<(String, &str)> = values.iter().map(|(k, v)| (format!("TABULA_{k}"), *v)).collect();
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        let config = read(file, &env).unwrap();
        let expected = Config {
            token: Token::new("t"),
            guild_id: Some(7),
            database: "postgres://db/x".into(),
            local_database: "l.db".into(),
            challenge_expiry_minutes: 3,
            log_level: "debug".into(),
            log_format: "json".into(),
            api_proxy: Some("http://proxy".into()),
            picture_dir: "pics".into(),
            ai_time_ms: 100,
            ai_concurrency: 4,
            public_key: Some("ab".into()),
            application_id: Some(9),
            default_clock: "1h".into(),
            games_in_threads: true,
            thread_archive_minutes: 60,
            shards: Some("0-1".into()),
            shard_total: Some(2),
            web_listen: Some("127.0.0.1:8090".parse().unwrap()),
            public_url: Some("https://board.example".into()),
            web_secret: Token::new("s3cret"),
        };
        assert_eq!(config, expected);
        // An empty variable unsets an optional key the file set.
        let config = read(
            "guild_id = 5\napi_proxy = \"http://p\"",
            &[("TABULA_GUILD_ID", ""), ("TABULA_API_PROXY", "")],
        );
        let config = config.unwrap();
        assert_eq!((config.guild_id, config.api_proxy), (None, None));
    }

    #[test]
    fn a_bad_value_in_the_environment_names_its_variable() {
        for (name, value, why) in [
            ("TABULA_GAMES_IN_THREADS", "ture", "true or false"),
            ("TABULA_GUILD_ID", "x", "whole number"),
            ("TABULA_AI_TIME_MS", "-5", "whole number"),
            ("TABULA_AI_CONCURRENCY", "two", "whole number"),
            ("TABULA_SHARD_TOTAL", "99999999999", "u32"),
            ("TABULA_DEFAULT_CLOCK", "2d", "not a clock"),
            ("TABULA_LOG_FORMAT", "xml", "not a log format"),
        ] {
            let err = read("", &[(name, value)]).unwrap_err();
            let shown = err.to_string();
            assert!(shown.contains(name) && shown.contains(why), "{name}={value}: {shown}");
            let key = name.strip_prefix("TABULA_").unwrap().to_ascii_lowercase();
            assert!(shown.contains(&format!("`{key}`")), "{shown}");
        }
        let games = |value: &str| read("", &[("TABULA_GAMES_IN_THREADS", value)]).unwrap().games_in_threads;
        assert!(games("true") && games(" Yes ") && games("1") && !games("false") && !games("off"));
    }

    #[test]
    fn a_bad_value_in_the_file_names_its_key_and_file() {
        for (text, key, why) in [
            ("games_in_threads = \"ture\"", "games_in_threads", "expected a boolean"),
            ("guild_id = \"nope\"", "guild_id", "expected u64"),
            ("ai_time_ms = -1", "ai_time_ms", "u64"),
            ("default_clock = \"2d\"", "default_clock", "not a clock"),
            ("gild_id = 5", "gild_id", "unknown field"),
            ("shard_total = 1.5", "shard_total", "u32"),
        ] {
            let shown = read(text, &[]).unwrap_err().to_string();
            assert!(
                shown.contains(&format!("`{key}`")) && shown.contains("test.toml") && shown.contains(why),
                "{text}: {shown}"
            );
        }
        let shown = read("this is not toml", &[]).unwrap_err().to_string();
        assert!(shown.contains("test.toml") && shown.contains("not valid TOML"), "{shown}");
        // The environment wins over the file.
        assert_eq!(read("ai_time_ms = 5", &[("TABULA_AI_TIME_MS", "7")]).unwrap().ai_time_ms, 7);
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
        for text in
            ["token = \"sekrit\"\nguild_id = \"nope\"", "token = \"sekrit\" nonsense", "token = 5 # sekrit"]
        {
            let err = read(text, &[]).unwrap_err().to_string();
            assert!(!err.contains("sekrit"), "{err}");
        }
    }
}
