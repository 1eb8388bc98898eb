//! `/draw`: offers a draw, where the game allows draws by agreement.

use crate::games::AnyGame;
use crate::session::text::Text;
use crate::session::{Reply, Sessions};
use crate::store::OfferKind;
use crate::t;

use super::{Context, Declaration, Failure, Run};

/// `/draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw;

pub fn declaration() -> Declaration {
    Declaration::without_options("draw", Draw.into())
}

impl Run for Draw {
    /// `/draw`: offers a draw to the opponent (the computer answers at once, by its evaluation).
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let Context { sessions, actor, slot, .. } = cx;
        let (live, game, seat) = match Sessions::offer_game(slot, actor) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        let kind = live.row.game;
        if !kind.draw_by_agreement() {
            return Ok(Reply::private(t!("no-draws", game = kind.title())));
        }
        let Some(opponent) = Sessions::opponent(live, seat) else {
            return Ok(Reply::private(Text::new().key("draw-two-players")));
        };
        if let Some(level) = opponent.level {
            if let Some(why) = sessions.make_offer(live, OfferKind::Draw, actor.member.id).await? {
                return Ok(Reply::private(why));
            }
            let accepts = computer_accepts_draw(sessions, &game, 1 - seat, level).await;
            return sessions.settle_offer(slot, &opponent, accepts).await;
        }
        if let Some(why) = sessions.make_offer(live, OfferKind::Draw, actor.member.id).await? {
            return Ok(Reply::private(why));
        }
        Ok(Sessions::offer_reply(live, actor, &opponent, OfferKind::Draw))
    }
}

/// Whether the computer, at `seat`, takes a draw: when its evaluation says equal or worse for it.
async fn computer_accepts_draw(sessions: &Sessions, game: &AnyGame, seat: usize, level: u8) -> bool {
    let mut limits = game.kind().limits(level, sessions.config.ai_time, game.setup().seed);
    limits.noise = 0.0;
    let Some(report) = sessions.think(game, limits).await else { return false };
    let for_computer = if game.to_move() == Some(seat) { report.score } else { -report.score };
    for_computer <= 0
}
