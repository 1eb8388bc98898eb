//! Board pictures: pure functions from a game to an image, and PNG encoding as a separate step.

use image::RgbaImage;

use crate::games::AnyGame;

pub mod canvas;
mod caption;

pub use caption::with_caption;
pub mod gif;
pub mod leaderboard;

pub use canvas::encode_png;

/// Draws any game, with the players' names in seat order.
pub fn render_game(game: &AnyGame, names: &[String]) -> RgbaImage {
    game.render(names)
}

/// Draws any game and encodes it as PNG.
pub fn board_png(game: &AnyGame, names: &[String]) -> Vec<u8> {
    encode_png(&render_game(game, names))
}

/// Draws any game with a caption band under it (the clock), and encodes it as PNG.
pub fn board_png_captioned(game: &AnyGame, names: &[String], caption: Option<&str>) -> Vec<u8> {
    let picture = render_game(game, names);
    match caption {
        Some(caption) => encode_png(&with_caption(&picture, caption)),
        None => encode_png(&picture),
    }
}
