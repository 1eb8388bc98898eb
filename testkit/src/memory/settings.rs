//! [`SettingsStore`] in memory.

use std::collections::HashMap;

use tabula_session::store::{DigestRow, ServerSettings, SettingsStore, StoreError};

use super::MemoryStore;

/// The `server_settings`, `threads` and `notify` tables.
#[derive(Debug, Default)]
pub(super) struct Tables {
    servers: HashMap<u64, ServerSettings>,
    /// Game thread → the channel it was opened under, and its archive time once scheduled.
    threads: HashMap<u64, (u64, Option<i64>)>,
    notify: HashMap<u64, bool>,
    digests: std::collections::BTreeMap<u64, DigestRow>,
}

impl Tables {
    /// The servers with a daily puzzle channel, with their settings.
    pub(super) fn daily(&self) -> Vec<(u64, ServerSettings)> {
        let mut found: Vec<(u64, ServerSettings)> = self
            .servers
            .iter()
            .filter(|(_, s)| s.daily_channel.is_some())
            .map(|(&g, s)| (g, s.clone()))
            .collect();
        found.sort_by_key(|(g, _)| *g);
        found
    }
}

impl MemoryStore {
    /// The earliest archive time of a game thread (for `next_wake`).
    pub(super) fn next_archive(&self) -> Option<i64> {
        self.settings().threads.values().filter_map(|(_, at)| *at).min()
    }
}

#[async_trait::async_trait]
impl SettingsStore for MemoryStore {
    async fn server_settings(&self, guild: u64) -> Result<ServerSettings, StoreError> {
        Ok(self.settings().servers.get(&guild).cloned().unwrap_or_default())
    }

    async fn put_server_settings(
        &self,
        guild: u64,
        settings: &ServerSettings,
        _now: i64,
    ) -> Result<(), StoreError> {
        self.settings().servers.insert(guild, settings.clone());
        Ok(())
    }

    async fn add_thread(&self, channel: u64, parent: u64) -> Result<(), StoreError> {
        self.settings().threads.entry(channel).or_insert((parent, None));
        Ok(())
    }

    async fn thread_parent(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        Ok(self.settings().threads.get(&channel).map(|(parent, _)| *parent))
    }

    async fn schedule_archive(&self, channel: u64, at: i64) -> Result<(), StoreError> {
        if let Some((_, slot)) = self.settings().threads.get_mut(&channel) {
            *slot = Some(at);
        }
        Ok(())
    }

    async fn due_archives(&self, now: i64) -> Result<Vec<u64>, StoreError> {
        let mut due: Vec<(i64, u64)> = self
            .settings()
            .threads
            .iter()
            .filter_map(|(&channel, (_, at))| at.filter(|&t| t <= now).map(|t| (t, channel)))
            .collect();
        due.sort_unstable();
        Ok(due.into_iter().map(|(_, channel)| channel).collect())
    }

    async fn archived(&self, channel: u64) -> Result<(), StoreError> {
        if let Some((_, slot)) = self.settings().threads.get_mut(&channel) {
            *slot = None;
        }
        Ok(())
    }

    async fn set_notify_dm(&self, user: u64, dm: bool) -> Result<(), StoreError> {
        self.settings().notify.insert(user, dm);
        Ok(())
    }

    async fn set_digest(&self, user: u64, hour: Option<u8>, lang: &str, now: i64) -> Result<(), StoreError> {
        let mut tables = self.settings();
        match hour {
            Some(hour) => {
                let last_day = tables.digests.get(&user).and_then(|d| d.last_day);
                tables
                    .digests
                    .insert(user, DigestRow { user, hour, since: now, last_day, lang: lang.to_string() });
            }
            None => {
                tables.digests.remove(&user);
            }
        }
        Ok(())
    }

    async fn digests(&self) -> Result<Vec<DigestRow>, StoreError> {
        Ok(self.settings().digests.values().cloned().collect())
    }

    async fn claim_digest(&self, user: u64, day: i64) -> Result<bool, StoreError> {
        let mut tables = self.settings();
        match tables.digests.get_mut(&user) {
            Some(d) if d.last_day.is_none_or(|last| last < day) => {
                d.last_day = Some(day);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    async fn notify_dm(&self, user: u64) -> Result<bool, StoreError> {
        Ok(self.settings().notify.get(&user).copied().unwrap_or(false))
    }
}

impl Tables {
    /// `user`'s `/notify` preference, if they gave one.
    pub(super) fn notify_of(&self, user: u64) -> Option<bool> {
        self.notify.get(&user).copied()
    }

    /// The hour of `user`'s daily digest, if they asked for one.
    pub(super) fn digest_of(&self, user: u64) -> Option<u8> {
        self.digests.get(&user).map(|d| d.hour)
    }

    pub(super) fn forget(&mut self, user: u64) {
        self.notify.remove(&user);
        self.digests.remove(&user);
    }
}
