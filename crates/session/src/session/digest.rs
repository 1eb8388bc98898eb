//! The daily digest (`/notify digest:on`): each member who asked for it gets one direct message a day at their
//! hour (UTC), listing the games waiting for their move (`/games`' lines), none on a day without any. Each day is
//! claimed in the store before its digest is made, so that one instance sends it; days count from the hour, as the
//! daily puzzle's do.

use crate::i18n::Lang;

use super::Sessions;
use super::clocks::Notice;
use super::daily::{day_at, day_start};

impl Sessions {
    /// When the next daily digest is due, if anyone asked for one.
    pub(super) async fn next_digest(&self) -> Option<i64> {
        let rows = self
            .store
            .digests()
            .await
            .map_err(|e| tracing::error!(error = %e, "cannot list the digests"))
            .ok()?;
        rows.iter()
            .map(|d| {
                let last = d.last_day.max(Some(day_at(d.since, d.hour))).unwrap_or(i64::MIN / 2);
                day_start(last + 1, d.hour).max(0)
            })
            .min()
    }

    /// Sends each member whose hour came their digest (only today's, after a pause of several days); a day
    /// without a game waiting for them sends nothing.
    pub(super) async fn settle_digests(&self) -> Vec<Notice> {
        let rows = match self.store.digests().await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::error!(error = %e, "cannot list the digests");
                return Vec::new();
            }
        };
        let now = self.now();
        let mut notices = Vec::new();
        for d in rows {
            let day = day_at(now, d.hour);
            if day <= d.last_day.max(Some(day_at(d.since, d.hour))).unwrap_or(i64::MIN / 2) {
                continue;
            }
            match self.store.claim_digest(d.user, day).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::error!(user = d.user, error = %e, "cannot record a digest");
                    continue;
                }
            }
            let lang = Lang::from_locale(&d.lang);
            match super::commands::games_::digest(self, d.user, lang).await {
                Ok(Some(text)) => notices.push(Notice::Digest { user: d.user, text: text.localized(lang) }),
                Ok(None) => {}
                Err(_) => tracing::error!(user = d.user, "cannot make a digest"),
            }
        }
        notices
    }
}
