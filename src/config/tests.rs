use super::*;

/// The config of a file's text and an environment.
fn read(file: &str, env: &[(&str, &str)]) -> Result<Config, ConfigError> {
    let env: Vec<(String, String)> = env.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
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
    let example = include_str!("../../config.example.toml");
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
    let example = include_str!("../../config.example.toml");
    let setting = |line: &str| {
        let line = line.strip_prefix("# ").unwrap_or(line);
        let (key, _) = line.split_once(" = ")?;
        key.chars().all(|c| c.is_ascii_lowercase() || c == '_').then(|| (key.to_string(), line.to_string()))
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
    let file = include_str!("../../config.example.toml");
    let values = [
        ("TOKEN", "t"),
        ("GUILD_ID", "7"),
        ("DATABASE", "postgres://db/x"),
        ("LOCAL_DATABASE", "l.db"),
        ("CHALLENGE_EXPIRY_MINUTES", "3"),
        ("LOG_LEVEL", "debug"),
        ("LOG_FORMAT", "json"),
        ("API_PROXY", "http://proxy"),
        ("API_PROXY_LIMITS", "true"),
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
        ("OPS_LISTEN", "127.0.0.1:9100"),
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
        api_proxy_limits: true,
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
        ops_listen: Some("127.0.0.1:9100".parse().unwrap()),
    };
    assert_eq!(config, expected);
    // An empty variable unsets an optional key the file set.
    let config =
        read("guild_id = 5\napi_proxy = \"http://p\"", &[("TABULA_GUILD_ID", ""), ("TABULA_API_PROXY", "")]);
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
