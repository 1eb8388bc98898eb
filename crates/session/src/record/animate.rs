//! The animated replay of a record: the start position, then one frame per stored move, the last held longer,
//! each drawn by the game's own [`replay_frames`](crate::games::Picture::replay_frames) (with the picture's
//! highlights: the last move, captures) and encoded by [`crate::render::gif`]. Pure: a record in, bytes out.

use image::RgbaImage;

use super::{Record, RecordError};
use crate::games::AnyGame;
use crate::i18n::Lang;
use crate::render::gif::{Animation, GifError, Timing};

/// Discord's upload limit when the platform does not say (10 MiB).
pub const DEFAULT_LIMIT: usize = 10 * 1024 * 1024;

/// An encoded replay.
#[derive(Clone, Debug)]
pub struct Gif {
    pub bytes: Vec<u8>,
    /// Frames in the file: the moves + 1, unless frames were left out to fit the size limit.
    pub frames: usize,
    /// Every how many moves a frame was kept (1 when every move has its frame).
    pub stride: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum AnimateError {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Gif(#[from] GifError),
    #[error("the replay does not fit in {limit} bytes even with its first and last frames only")]
    TooLarge { limit: usize },
}

/// The replay of `record` in at most `limit` bytes: every move's frame if that fits, otherwise every second,
/// third… move's (always the first and the last position). The frames' words are in `lang`; the last frame's
/// header says how the game `ended` (as the end picture does) when given.
pub fn animate(record: &Record, limit: usize, lang: Lang, ended: Option<&str>) -> Result<Gif, AnimateError> {
    let replayed = record.replay()?;
    let start = AnyGame::new(replayed.kind, &replayed.setup).map_err(RecordError::Setup)?;
    animate_game(&start, &record.moves, (&replayed.names, ended), limit, lang)
}

/// The replay of `moves` played from `start`, with the players' `names` (and how the game `ended`, for the last
/// frame), in at most `limit` bytes, its words in `lang`.
pub fn animate_game(
    start: &AnyGame,
    moves: &[String],
    (names, ended): (&[String], Option<&str>),
    limit: usize,
    lang: Lang,
) -> Result<Gif, AnimateError> {
    let mut last = start.clone();
    for (i, m) in moves.iter().enumerate() {
        last.play_text(m).map_err(|why| RecordError::Illegal {
            ply: i + 1,
            text: m.clone(),
            why: why.to_string(),
        })?;
    }
    let mut stride = 1;
    loop {
        let gif = encode(start, moves, (names, ended, lang), stride)?;
        if gif.bytes.len() <= limit {
            return Ok(gif);
        }
        if stride > moves.len() {
            return Err(AnimateError::TooLarge { limit });
        }
        stride = (stride * 3).div_ceil(2).max(stride + 1);
    }
}

/// Encodes the frames of every `stride`-th move (and the last).
fn encode(
    start: &AnyGame,
    moves: &[String],
    (names, ended, lang): (&[String], Option<&str>, Lang),
    stride: usize,
) -> Result<Gif, AnimateError> {
    let palette = start.palette();
    let count = moves.len();
    let mut animation: Option<Animation> = None;
    let mut failure: Option<GifError> = None;
    let mut index = 0;
    let mut push = |img: RgbaImage| {
        let keep = index % stride == 0 || index == count;
        index += 1;
        if !keep || failure.is_some() {
            return;
        }
        let result = if let Some(a) = &mut animation {
            a.push(img)
        } else {
            Animation::new(img.width(), img.height(), palette, Timing::default()).and_then(|mut a| {
                let pushed = a.push(img);
                animation = Some(a);
                pushed
            })
        };
        if let Err(e) = result {
            failure = Some(e);
        }
    };
    start.replay_frames(moves, (names, ended), lang, &mut push).map_err(|why| RecordError::Illegal {
        ply: 0,
        text: String::new(),
        why: why.to_string(),
    })?;
    if let Some(e) = failure {
        return Err(e.into());
    }
    let animation = animation.ok_or(GifError::TooLarge(0, 0))?;
    let frames = animation.frames();
    Ok(Gif { bytes: animation.finish()?, frames, stride })
}
