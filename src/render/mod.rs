//! Board pictures: pure functions from a game to an image, and PNG encoding as a separate step. The words a
//! picture draws are in the language it is given (see [`words`]).

use image::RgbaImage;

use crate::games::AnyGame;
use crate::i18n::Lang;

pub mod canvas;
mod caption;

pub use caption::with_caption;
pub mod gif;
pub mod leaderboard;
pub mod words;

pub use canvas::encode_png;

/// Draws any game, with the players' names in seat order and its words in `lang`.
pub fn render_game(game: &AnyGame, names: &[String], lang: Lang) -> RgbaImage {
    game.render(names, lang)
}

/// Draws any game and encodes it as PNG.
pub fn board_png(game: &AnyGame, names: &[String], lang: Lang) -> Vec<u8> {
    encode_png(&render_game(game, names, lang))
}

/// Draws any game with a caption band under it (the clock, already in `lang`), and encodes it as PNG.
pub fn board_png_captioned(game: &AnyGame, names: &[String], lang: Lang, caption: Option<&str>) -> Vec<u8> {
    let picture = render_game(game, names, lang);
    match caption {
        Some(caption) => encode_png(&with_caption(&picture, caption)),
        None => encode_png(&picture),
    }
}
