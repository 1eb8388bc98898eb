//! The live pages' news: one watch per game that someone is watching, fed by one task per game, so that a
//! thousand spectators of a game cost a thousand idle receivers, not a thousand readers of the store.
//!
//! The feeder wakes when the session layer says the game's channel changed ([`Sessions::changes`]), reads the
//! game's version once ([`Sessions::version`], the stored row alone, no replay) and tells every receiver when it
//! differs. It also reads it every [`POLL`], once per game, for moves made by another instance sharing the
//! database; and it ends when the last spectator has gone.
//!
//! The spectators' view of a watched game is kept per language while its version stands ([`Live::cached`]), so
//! that a thousand pages fetching the state after a move cost one replay, not a thousand.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;

use crate::i18n::Lang;
use crate::session::{Sessions, View};

/// How often a watched game's version is read for changes made by another instance (once per game, however
/// many watch it).
const POLL: Duration = Duration::from_secs(1);

/// The watched games: each one's version, as a watch its spectators subscribe to, and its spectators' views.
#[derive(Default)]
pub(super) struct Live {
    games: Mutex<HashMap<i64, Watched>>,
}

struct Watched {
    version: watch::Sender<String>,
    /// The spectators' view in each language, while it is the one of `version`.
    views: HashMap<Lang, View>,
}

impl Live {
    /// A receiver of game `id`'s version (in `channel`), starting its feeder when nobody watched it yet; `None`
    /// when there is no such game.
    pub(super) async fn watch(
        self: &Arc<Self>,
        sessions: &Arc<Sessions>,
        id: i64,
        channel: u64,
    ) -> Option<watch::Receiver<String>> {
        if let Some(watched) = self.lock().get(&id) {
            return Some(watched.version.subscribe());
        }
        let version = sessions.version(id).await?;
        let (sender, receiver) = {
            let mut games = self.lock();
            if let Some(watched) = games.get(&id) {
                // Another spectator started it meanwhile.
                return Some(watched.version.subscribe());
            }
            let (sender, receiver) = watch::channel(version);
            games.insert(id, Watched { version: sender.clone(), views: HashMap::new() });
            (sender, receiver)
        };
        tokio::spawn(feed(self.clone(), sessions.clone(), id, channel, sender));
        Some(receiver)
    }

    /// The spectators' view of watched game `id` in `lang`, when one was kept at the game's current version.
    pub(super) fn cached(&self, id: i64, lang: Lang) -> Option<View> {
        let games = self.lock();
        let watched = games.get(&id)?;
        let view = watched.views.get(&lang)?;
        (*watched.version.borrow() == view.version).then(|| view.clone())
    }

    /// Keeps `view`, a spectator's view of game `id` in `lang`, when the game is watched and it is the view of
    /// its current version.
    pub(super) fn keep(&self, id: i64, lang: Lang, view: &View) {
        let mut games = self.lock();
        if let Some(watched) = games.get_mut(&id)
            && *watched.version.borrow() == view.version
        {
            watched.views.insert(lang, view.clone());
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Watched>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Game `id`'s feeder: reads its version when its channel changed (or every [`POLL`]) and publishes it when it
/// differs; ends when nobody watches any more (or the game is gone).
async fn feed(
    live: Arc<Live>,
    sessions: Arc<Sessions>,
    id: i64,
    channel: u64,
    sender: watch::Sender<String>,
) {
    let mut changes = sessions.changes();
    loop {
        let woken = async {
            loop {
                match changes.recv().await {
                    Ok(touched) if touched == channel => return,
                    Ok(_) => {}
                    // Missed some news: read the version to be sure.
                    Err(RecvError::Lagged(_)) => return,
                    Err(RecvError::Closed) => std::future::pending::<()>().await,
                }
            }
        };
        tokio::select! {
            () = woken => {}
            () = tokio::time::sleep(POLL) => {}
            () = sender.closed() => {
                // Nobody watches: stop, unless someone subscribed just now (subscribing holds the same lock).
                let mut games = live.lock();
                if sender.receiver_count() == 0 {
                    games.remove(&id);
                    return;
                }
                continue;
            }
        }
        let Some(version) = sessions.version(id).await else {
            live.lock().remove(&id);
            return;
        };
        let published = sender.send_if_modified(|old| {
            if *old == version {
                false
            } else {
                *old = version;
                true
            }
        });
        if published && let Some(watched) = live.lock().get_mut(&id) {
            watched.views.clear();
        }
    }
}
