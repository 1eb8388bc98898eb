//! `/game id:<n> analysis:true` on Discord: a refusal is answered at once; otherwise the answer is deferred and
//! edited with the progress ("Analysing… 40/120 positions") while the AI replays the game, then with the
//! analysis.

use std::time::{Duration, Instant};

use crate::i18n::Lang;
use crate::session::{Actor, Reply, Text};

use super::Handler;
use super::deliver::{Answer, Shape};

/// The least time between two progress edits of an analysis.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

impl Handler {
    pub(super) async fn analyse(
        &self,
        mut answer: Answer<'_>,
        actor: &Actor,
        id: i64,
        lang: Lang,
    ) -> serenity::Result<()> {
        let failed = || Reply::private(Text::new().key("analysis-failed"));
        let (tx, mut rx) = tokio::sync::watch::channel((0usize, 0usize));
        let mut task = {
            let (sessions, actor) = (self.sessions.clone(), actor.clone());
            tokio::spawn(async move {
                let progress = move |done: usize, total: usize| {
                    let _ = tx.send((done, total));
                };
                sessions.analysis_reply(&actor, id, &progress).await
            })
        };
        // A refusal comes before any progress (the sender then goes with the task): answered at once, privately.
        let refused = tokio::select! {
            finished = &mut task => Some(finished),
            changed = rx.changed() => match changed {
                Ok(()) => None,
                Err(_) => Some((&mut task).await),
            },
        };
        if let Some(finished) = refused {
            return answer.send(&finished.unwrap_or_else(|_| failed()).localized(lang), Shape::New).await;
        }
        answer.defer(false).await?;
        let mut last: Option<Instant> = None;
        let reply = loop {
            tokio::select! {
                finished = &mut task => {
                    break finished.unwrap_or_else(|_| failed());
                }
                changed = rx.changed() => {
                    if changed.is_err() {
                        break (&mut task).await.unwrap_or_else(|_| failed());
                    }
                    let (done, total) = *rx.borrow_and_update();
                    if done > 0 && done < total && last.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY) {
                        last = Some(Instant::now());
                        let progress = crate::t!("analysis-progress", id = id, done = done, total = total);
                        let note = super::markdown::markdown(&progress.localized(lang));
                        if let Err(e) = answer.note(note).await {
                            tracing::debug!(error = %e, "could not show an analysis's progress");
                        }
                    }
                }
            }
        };
        answer.send(&reply.localized(lang), Shape::New).await
    }
}
