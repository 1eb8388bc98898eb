//! The picker's icons (a Tantrix tile beside its label) as application emojis: after start-up a background task
//! lists the application's emojis, uploads the icons that are missing (drawn by the games' renderers, named as
//! [`Icon::name`] says) and keeps which emoji shows which icon, for the select menus' options. An icon already
//! uploaded under its name is never uploaded again; a failure is logged and its options go without an emoji.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use serenity::all::{CreateAttachment, EmojiId, Http, ReactionType};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::games::pick::Icon;

/// The emojis that show the icons, as they become known.
pub(crate) struct Emojis {
    known: RwLock<HashMap<Icon, (EmojiId, String)>>,
    /// A registration has started (cleared when it could not even list the emojis, so that the next READY tries
    /// again).
    started: AtomicBool,
    task: Mutex<Option<JoinHandle<()>>>,
    /// Whether the latest registration has ended, well or not.
    done: watch::Sender<bool>,
}

impl Default for Emojis {
    fn default() -> Self {
        Emojis {
            known: RwLock::default(),
            started: AtomicBool::new(false),
            task: Mutex::default(),
            done: watch::channel(false).0,
        }
    }
}

impl Emojis {
    /// The emoji that shows `icon`, once it is registered.
    pub(crate) fn emoji(&self, icon: Icon) -> Option<ReactionType> {
        let known = self.known.read().unwrap_or_else(PoisonError::into_inner);
        known.get(&icon).map(|(id, name)| ReactionType::Custom {
            animated: false,
            id: *id,
            name: Some(name.clone()),
        })
    }

    /// Starts the registration in the background, unless one has started already.
    pub(crate) fn start(self: &Arc<Self>, http: Arc<Http>) {
        if self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        self.done.send_replace(false);
        let emojis = self.clone();
        let task = tokio::spawn(async move {
            if let Err(e) = emojis.register(&http).await {
                tracing::warn!(error = %e, "could not list the application's emojis; the picker shows no icons");
                emojis.started.store(false, Ordering::SeqCst);
            }
            emojis.done.send_replace(true);
        });
        *self.task.lock().unwrap_or_else(PoisonError::into_inner) = Some(task);
    }

    /// Stops a registration still under way.
    pub(crate) fn stop(&self) {
        if let Some(task) = self.task.lock().unwrap_or_else(PoisonError::into_inner).take() {
            task.abort();
        }
    }

    /// Waits until a registration has started and ended, well or not.
    pub(crate) async fn registered(&self) {
        let mut done = self.done.subscribe();
        let _ = done.wait_for(|d| *d).await;
    }

    /// Lists the application's emojis and uploads the icons missing from them, one by one. When an upload fails
    /// (another instance starting at the same time may have taken the name), the list is read once more; an icon
    /// still missing then goes without an emoji.
    async fn register(&self, http: &Http) -> serenity::Result<()> {
        let listed: HashMap<String, EmojiId> =
            http.get_application_emojis().await?.into_iter().map(|e| (e.name, e.id)).collect();
        let (mut found, mut created, mut failed) = (0usize, 0usize, Vec::new());
        for icon in Icon::all() {
            let name = icon.name();
            if let Some(&id) = listed.get(&name) {
                self.learn(icon, id, name);
                found += 1;
                continue;
            }
            let drawn =
                crate::render::drawn(move || icon.draw().map(|img| crate::render::canvas::encode_png(&img)));
            let Some(Some(png)) = drawn.await else { continue };
            let image = CreateAttachment::bytes(png, format!("{name}.png")).to_base64();
            let body = serde_json::json!({ "name": name, "image": image });
            match http.create_application_emoji(&body).await {
                Ok(emoji) => {
                    self.learn(icon, emoji.id, emoji.name);
                    created += 1;
                }
                Err(e) => {
                    tracing::warn!(emoji = %name, error = %e, "could not upload a picker icon as an emoji");
                    failed.push(icon);
                }
            }
        }
        if !failed.is_empty() {
            let listed = http.get_application_emojis().await?;
            for icon in failed {
                if let Some(emoji) = listed.iter().find(|e| e.name == icon.name()) {
                    self.learn(icon, emoji.id, emoji.name.clone());
                    found += 1;
                }
            }
        }
        tracing::info!(found, created, "the picker's icons are application emojis");
        Ok(())
    }

    fn learn(&self, icon: Icon, id: EmojiId, name: String) {
        self.known.write().unwrap_or_else(PoisonError::into_inner).insert(icon, (id, name));
    }
}
