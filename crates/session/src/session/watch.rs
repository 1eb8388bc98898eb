//! What a live board (the web page) needs from the session layer, independent of how its reader was identified:
//! a game's view ([`View`]) for a spectator or a player, the news that a channel's game changed ([`Sessions::changes`]),
//! and the "announce" queue through which a request that came from elsewhere (a page) reaches the platform's
//! channel: [`Sessions::announce`] queues a public reply, and the adapter that owns the channel posts it
//! ([`Sessions::take_announced`], woken by [`Sessions::announced`]). Signed links ([`Links`]) identify a player
//! for now; another identity (an Activity's OAuth2 user) can replace them without touching the board.

use std::fmt::Write as _;

use hmac::{Hmac, KeyInit, Mac};
use serde::Serialize;
use sha2::Sha256;

use crate::games::AnyGame;
use crate::games::board_view::{BoardView, FrameView, MoveView};
use crate::i18n::Lang;
use crate::store::{OfferKind, SessionRow, SessionState};

use super::{Notice, Reply, Sessions, Text};

/// How long a player's link to the web board stays valid.
pub(crate) const LINK_LIFETIME_SECS: i64 = 7 * 24 * 60 * 60;

/// How much of a game's tag its handle carries: 16 bytes (128 bits), hopeless to guess.
const HANDLE_TAG_BYTES: usize = 16;

/// Signs and checks players' links: an HMAC-SHA256, under the server's secret, of the player, the game and the
/// expiry. The secret never leaves this type (its `Debug` hides it).
#[derive(Clone)]
pub struct Links {
    key: Vec<u8>,
    /// Where the pages are reached (`https://tabula.example.org`), without a trailing slash.
    base: String,
}

impl std::fmt::Debug for Links {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Links").field("key", &"[redacted]").field("base", &self.base).finish()
    }
}

impl Links {
    pub fn new(secret: &[u8], base: &str) -> Self {
        Links { key: secret.to_vec(), base: base.trim_end_matches('/').to_string() }
    }

    fn mac(&self, message: &str) -> Hmac<Sha256> {
        let mut mac =
            <Hmac<Sha256> as KeyInit>::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(message.as_bytes());
        mac
    }

    /// A token for `player` in game `game`, valid until `expires` (seconds since the epoch).
    pub fn sign(&self, player: u64, game: i64, expires: i64) -> String {
        let message = format!("{player}.{game}.{expires}");
        let tag = self.mac(&message).finalize().into_bytes();
        let hex = tag.iter().fold(String::new(), |mut hex, b| {
            let _ = write!(hex, "{b:02x}");
            hex
        });
        format!("{message}.{hex}")
    }

    /// The player a token names, when it is ours (unaltered), for `game`, and not expired at `now`.
    pub fn verify(&self, token: &str, game: i64, now: i64) -> Option<u64> {
        if token.len() > 160 {
            return None;
        }
        let mut parts = token.split('.');
        let (player, for_game, expires, tag) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || tag.len() != 64 {
            return None;
        }
        let (player, for_game, expires): (u64, i64, i64) =
            (player.parse().ok()?, for_game.parse().ok()?, expires.parse().ok()?);
        let bytes: Vec<u8> = (0..32)
            .map(|i| u8::from_str_radix(tag.get(2 * i..2 * i + 2)?, 16).ok())
            .collect::<Option<_>>()?;
        self.mac(&format!("{player}.{for_game}.{expires}")).verify_slice(&bytes).ok()?;
        (for_game == game && now < expires).then_some(player)
    }

    /// Game `game`'s handle on the web: its number and a tag only this server can make (the first 128 bits of an
    /// HMAC-SHA256 of the game under the server's secret), `17-3fa9…`. The pages, state, events and record of a
    /// game answer only to it, so that counting numbers opens nothing; whoever was given the link can watch.
    pub fn handle(&self, game: i64) -> String {
        format!("{game}-{}", self.tag("watch", game))
    }

    /// The tag of a handle: the first 128 bits of an HMAC-SHA256 of `kind.id` under the server's secret, in hex.
    fn tag(&self, kind: &str, id: i64) -> String {
        let tag = self.mac(&format!("{kind}.{id}")).finalize().into_bytes();
        tag[..HANDLE_TAG_BYTES].iter().fold(String::new(), |mut hex, b| {
            let _ = write!(hex, "{b:02x}");
            hex
        })
    }

    /// The id a handle's `number-tag` names, when its tag is this server's for `kind`.
    fn untag(&self, kind: &str, handle: &str) -> Option<i64> {
        let (id, tag) = handle.split_once('-')?;
        if tag.len() != 2 * HANDLE_TAG_BYTES || id.len() > 19 {
            return None;
        }
        let id: i64 = id.parse().ok().filter(|g| *g > 0)?;
        let bytes: Vec<u8> = (0..HANDLE_TAG_BYTES)
            .map(|i| u8::from_str_radix(tag.get(2 * i..2 * i + 2)?, 16).ok())
            .collect::<Option<_>>()?;
        self.mac(&format!("{kind}.{id}")).verify_truncated_left(&bytes).ok()?;
        Some(id)
    }

    /// The game a handle opens, when it is one of ours.
    pub fn open(&self, handle: &str) -> Option<i64> {
        self.untag("watch", handle)
    }

    /// Puzzle attempt `attempt`'s handle on the web, `p17-3fa9…`: as a game's (see [`Links::handle`]), under a
    /// tag of its own kind, so that no game's handle opens a puzzle or the reverse.
    pub fn puzzle_handle(&self, attempt: i64) -> String {
        format!("p{attempt}-{}", self.tag("puzzle", attempt))
    }

    /// The puzzle attempt a handle opens, when it is one of ours.
    pub fn open_puzzle(&self, handle: &str) -> Option<i64> {
        self.untag("puzzle", handle.strip_prefix('p')?)
    }

    /// `player`'s private page of puzzle attempt `attempt` (its token names the attempt as the game `-attempt`,
    /// which no game is).
    pub fn puzzle_url(&self, player: u64, attempt: i64, now: i64, lang: Lang) -> String {
        let token = self.sign(player, -attempt, now + LINK_LIFETIME_SECS);
        format!("{}/g/{}?lang={}#t={token}", self.base, self.puzzle_handle(attempt), lang.code())
    }

    /// The public page of game `game` (its handle: see [`Links::handle`]).
    pub fn watch_url(&self, game: i64) -> String {
        format!("{}/g/{}", self.base, self.handle(game))
    }

    /// `player`'s private page of game `game`: the token rides in the fragment, which browsers never send.
    pub fn play_url(&self, player: u64, game: i64, now: i64, lang: Lang) -> String {
        let token = self.sign(player, game, now + LINK_LIFETIME_SECS);
        format!("{}/g/{}?lang={}#t={token}", self.base, self.handle(game), lang.code())
    }
}

/// A seat as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub name: String,
    /// The seat's side or colour, in the reader's language.
    pub seat: String,
    pub to_move: bool,
    pub computer: bool,
    pub left: bool,
}

/// An offer waiting for an answer.
#[derive(Clone, Debug, Serialize)]
pub struct OfferView {
    pub kind: &'static str,
    /// Named by the offer's buttons, so that an answer to an older offer does not answer this one.
    pub nonce: u32,
    pub by: String,
    /// Whether the reader made it (then they wait; the others answer).
    pub mine: bool,
}

/// Everything a page draws of one game, for one reader.
#[derive(Clone, Debug, Serialize)]
#[expect(clippy::struct_excessive_bools, reason = "the page's JSON: each flag says what the page offers")]
pub struct View {
    pub id: i64,
    pub game: &'static str,
    pub title: &'static str,
    /// `challenge`, `playing` or `over`.
    pub state: &'static str,
    pub players: Vec<SeatView>,
    /// The moves so far, in notation.
    pub moves: Vec<String>,
    /// The position as the page draws it, made by the game's engine.
    pub board: BoardView,
    /// The move that led to it.
    pub last: Option<MoveView>,
    /// The position as the game writes it in text: the board's text alternative.
    pub text: String,
    /// The position after each move, from the start, for the replay of a finished game (empty while playing).
    pub frames: Vec<FrameView>,
    /// What the header says: whose turn, or how the game ended.
    pub status: String,
    /// What the player to move must do now, when the game says more than "your move".
    pub prompt: Option<String>,
    /// When the player to move runs out of time, and now (seconds since the epoch), on the layer's clock.
    pub deadline: Option<i64>,
    pub now: i64,
    pub offer: Option<OfferView>,
    /// The reader's seat, when a signed reader plays in it.
    pub you: Option<usize>,
    /// The reader's legal moves, when it is their turn.
    pub legal: Vec<MoveView>,
    /// Whether a player may offer a draw, and ask for a takeback, in this game (two players; a game with draws
    /// by agreement; one without hidden tiles for takebacks).
    pub draw: bool,
    pub takeback: bool,
    /// Whether the reader may pick a piece down up again by clicking it (a puzzle for one player).
    pub lift: bool,
    /// Whether the reader may give up and see the solution (a tactic).
    pub give_up: bool,
    /// A puzzle's page: its solver gives up (a tactic) or takes back (a puzzle for one player) instead of
    /// resigning, and there are no offers.
    pub puzzle: bool,
    /// Changes whenever anything shown changes.
    pub version: String,
}

impl Sessions {
    /// Sets how the bot links to the web board (its address and the secret that signs players' links).
    pub fn set_links(&self, links: Links) {
        let _ = self.links.set(links);
    }

    pub fn links(&self) -> Option<&Links> {
        self.links.get()
    }

    /// Tells every page that the game in `channel` may have changed.
    pub(crate) fn changed(&self, channel: u64) {
        let _ = self.changes.send(channel);
    }

    /// The channels whose games changed, as they change (a move, an offer, an ending, anywhere in this process).
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Queues a public reply for the adapter that owns `channel` to post, and wakes it.
    pub fn announce(&self, channel: u64, reply: Reply) {
        self.announced_queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(Notice::Post { channel, reply });
        self.announce_wake.notify_one();
        self.changed(channel);
    }

    /// The replies queued by [`Sessions::announce`], oldest first, to be posted.
    pub fn take_announced(&self) -> Vec<Notice> {
        std::mem::take(&mut *self.announced_queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
    }

    /// Resolves when something was announced (at most one wake-up is kept).
    pub async fn announced(&self) {
        self.announce_wake.notified().await;
    }

    /// The channel of game `id`, and its server.
    pub async fn game_place(&self, id: i64) -> Option<(u64, Option<u64>)> {
        let row = self.store.session(id).await.ok()??;
        Some((row.channel, row.guild))
    }

    /// The record of finished game `id`, as `/game` attaches it (`None` while it is played, or without moves).
    pub async fn finished_record(&self, id: i64) -> Option<String> {
        let row = self.store.session(id).await.ok()??;
        if row.state.is_open() || row.moves.is_empty() {
            return None;
        }
        let record = super::records::record_of(&row, Lang::En)?;
        Some(record.write())
    }

    /// What [`View::version`] of game `id` is now, from its stored row alone (no replay): what a live page's
    /// stream compares to know that something changed. `None` when there is no such game.
    pub async fn version(&self, id: i64) -> Option<String> {
        let row = self.store.session(id).await.ok()??;
        let offer = self.store.offer(id).await.ok().flatten().filter(|o| o.ply == row.moves.len());
        Some(version_of(&row, offer.map(|o| offer_kind(o.kind))))
    }

    /// Game `id` as `reader` sees it (`None`: a spectator), in `lang`; `None` when there is no such game.
    pub async fn view(&self, id: i64, reader: Option<u64>, lang: Lang) -> Option<View> {
        let row = self.store.session(id).await.ok()??;
        let clock = self.store.clock(id).await.ok().flatten();
        let offer = self.store.offer(id).await.ok().flatten();
        let game = if matches!(row.state, SessionState::Challenge) {
            AnyGame::new(row.game, &row.setup).ok()?
        } else {
            AnyGame::replay(row.game, &row.setup, &row.moves).ok()?
        };
        let playing = row.state == SessionState::Playing;
        let to_move = game.to_move().filter(|_| playing);
        let players = row
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| SeatView {
                name: Text::new().player(p).plain_in(lang),
                seat: game.seat_name(seat),
                to_move: to_move == Some(seat),
                computer: p.is_computer(),
                left: p.abandoned,
            })
            .collect();
        let you = reader.and_then(|r| row.players.iter().position(|p| p.id == r && !p.abandoned));
        let legal = if to_move.is_some() && to_move == you { game.legal_views() } else { Vec::new() };
        let status = match (row.state, to_move) {
            (SessionState::Challenge, _) => Text::new().key("web-waiting-accept"),
            (_, Some(seat)) => crate::t!(
                "web-to-move",
                player = Text::new().player(&row.players[seat]),
                seat = game.seat_name(seat)
            ),
            _ => match &row.ending {
                Some(ending) => {
                    crate::t!("web-over", result = super::endings::title(&row.players, &game, ending))
                }
                None => Text::new().key("web-over-plain"),
            },
        };
        // A finished game's page steps through every position from the start, each with its move; a game being
        // played needs only the last move (the position before it, and that move).
        let over = !playing && row.state != SessionState::Challenge;
        let from = if over { 0 } else { row.moves.len().saturating_sub(1) };
        let mut frames = AnyGame::replay(row.game, &row.setup, &row.moves[..from])
            .map(|g| g.frame_views(&row.moves[from..]))
            .unwrap_or_default();
        let last = frames.last().and_then(|f| f.last.clone());
        if !over {
            frames.clear();
        }
        let offer = offer.filter(|o| o.ply == row.moves.len()).map(|o| OfferView {
            kind: offer_kind(o.kind),
            nonce: o.nonce,
            by: row.players.iter().find(|p| p.id == o.by).map(|p| p.name.clone()).unwrap_or_default(),
            mine: reader == Some(o.by),
        });
        let deadline =
            clock.as_ref().filter(|c| c.ply == row.moves.len() && playing).and_then(|c| c.deadline);
        let version = version_of(&row, offer.as_ref().map(|o| o.kind));
        Some(View {
            id,
            game: row.game.name(),
            title: row.game.title(),
            state: match row.state {
                SessionState::Challenge => "challenge",
                SessionState::Playing => "playing",
                _ => "over",
            },
            players,
            moves: row.moves.clone(),
            board: game.board_view(),
            last,
            text: game.text_board(),
            frames,
            // The names isolated: the browser keeps a right-to-left name's order and the sentence's.
            status: status.isolated_in(lang),
            prompt: game.prompt().filter(|_| playing).map(|p| super::engine_text::text(&p).plain_in(lang)),
            deadline,
            now: self.now(),
            offer,
            you,
            legal,
            draw: row.players.len() == 2 && row.game.draw_by_agreement(),
            takeback: row.players.len() == 2 && !row.game.shuffles(),
            lift: false,
            give_up: false,
            puzzle: false,
            version,
        })
    }
}

fn offer_kind(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Takeback => "takeback",
        OfferKind::Abort => "abort",
    }
}

/// A game's version: its moves, state, waiting offer and seats left, which change whenever its page would.
fn version_of(row: &SessionRow, offer: Option<&'static str>) -> String {
    format!(
        "{}.{}.{}.{}",
        row.moves.len(),
        row.state.as_str(),
        offer.unwrap_or(""),
        row.players.iter().filter(|p| p.abandoned).count()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_bound_to_player_game_and_time() {
        let links = Links::new(b"secret", "http://x/");
        let token = links.sign(7, 3, 100);
        assert_eq!(links.verify(&token, 3, 99), Some(7));
        assert_eq!(links.verify(&token, 3, 100), None, "expired");
        assert_eq!(links.verify(&token, 4, 99), None, "another game");
        assert_eq!(links.verify(&token.replacen("7.", "8.", 1), 3, 99), None, "altered player");
        assert_eq!(Links::new(b"other", "").verify(&token, 3, 99), None, "another secret");
        assert_eq!(links.verify("garbage", 3, 0), None);
        assert!(!format!("{links:?}").contains("secret"));
        let handle = links.handle(3);
        assert!(
            links.play_url(7, 3, 0, Lang::Cs).starts_with(&format!("http://x/g/{handle}?lang=cs#t=7.3."))
        );
    }

    #[test]
    fn a_handle_opens_its_game_only() {
        let links = Links::new(b"secret", "http://x");
        let handle = links.handle(42);
        assert!(handle.starts_with("42-") && handle.len() == 3 + 32, "{handle}");
        assert_eq!(links.open(&handle), Some(42));
        assert_eq!(links.watch_url(42), format!("http://x/g/{handle}"));
        let other = links.handle(43);
        assert_ne!(other[3..], handle[3..], "each game its own tag");
        assert_eq!(links.open(&format!("43{}", &handle[2..])), None, "a tag of another game");
        assert_eq!(Links::new(b"other", "").open(&handle), None, "another secret");
        for bare in ["42", "42-", "-42", "42-zz", "0-00", "", &handle[..20]] {
            assert_eq!(links.open(bare), None, "{bare:?}");
        }
        // A puzzle's handle opens that puzzle, and no game; a game's opens no puzzle.
        let puzzle = links.puzzle_handle(42);
        assert!(puzzle.starts_with("p42-") && puzzle.len() == 4 + 32, "{puzzle}");
        assert_eq!(links.open_puzzle(&puzzle), Some(42));
        assert_eq!(links.open(&puzzle), None);
        assert_eq!(links.open_puzzle(&handle), None);
        assert_eq!(links.open_puzzle(&format!("p{handle}")), None, "a game's tag is not a puzzle's");
        let url = links.puzzle_url(7, 42, 0, Lang::En);
        let token = url.split("#t=").nth(1).unwrap();
        assert_eq!(links.verify(token, -42, 1), Some(7));
        assert_eq!(links.verify(token, 42, 1), None, "a puzzle's token is no game's");
    }
}
