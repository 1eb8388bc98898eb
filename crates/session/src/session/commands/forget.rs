//! The button under `/privacy forget:true`'s answer: forgets the member who pressed it (their preferences go,
//! their name becomes a neutral label everywhere; see [`crate::store::MemberStore`]).

use crate::session::{Reply, Sessions};
use crate::store::neutral_label;
use crate::t;

use super::super::text::Text;
use super::{Context, Failure, Run};

/// Forgets `user`, when they are the one pressing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forget {
    pub user: u64,
}

impl Run for Forget {
    const LOCKS_CHANNEL: bool = false;
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        if cx.actor.member.id != self.user {
            return Ok(Reply::private(t!(
                "privacy-not-yours",
                command = Text::new().code("/privacy forget:true")
            )));
        }
        let (label, sessions) = cx.sessions.forget_member(self.user).await?;
        Ok(Reply::private(t!("privacy-forgotten", label = Text::new().name(&label), sessions = sessions)))
    }
}

impl Sessions {
    /// Forgets `user` in the store (see [`crate::store::MemberStore::forget_member`]) and drops the sessions this
    /// process remembers, so that none shows the old name again; the label written and how many sessions held
    /// the member.
    pub(crate) async fn forget_member(&self, user: u64) -> Result<(String, usize), Failure> {
        let label = neutral_label();
        let sessions = self
            .store
            .forget_member(user, &label)
            .await
            .map_err(|error| Failure::Own { error, key: "privacy-forget-failed" })?;
        self.forget_cache();
        Ok((label, sessions))
    }

    /// Catches up with the forgets another process logged (`tabula forget-user` beside a running bot): this
    /// process may hold the old name in memory and may have written it back since, so each is relabelled
    /// again and the memory dropped. The first call only notes where the log ends (and drops the memory once:
    /// a forget since this process started may have come before the first call).
    pub(crate) async fn catch_up_forgotten(&self) {
        let mut seen = self.forgotten_seen.lock().await;
        let new = match self.store.forgotten_after(seen.unwrap_or(0)).await {
            Ok(new) => new,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the log of forgotten members");
                return;
            }
        };
        let Some(last) = new.last().map(|f| f.seq) else {
            seen.get_or_insert(0);
            return;
        };
        if seen.is_some() {
            for forgotten in &new {
                if let Err(e) = self.store.relabel_member(forgotten.user, &forgotten.label).await {
                    tracing::warn!(error = %e, "cannot relabel a forgotten member again; tried at the next sweep");
                    return;
                }
                tracing::info!(seq = forgotten.seq, "caught up with a member forgotten elsewhere");
            }
        }
        self.forget_cache();
        *seen = Some(last);
    }
}
