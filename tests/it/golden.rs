//! Golden-picture comparison: a rendered picture must match `tests/data/golden/NAME.png` within a small
//! tolerance. `REGENERATE=1 cargo test` rewrites the files instead (look at them before committing).

use std::path::PathBuf;

use image::RgbaImage;

/// Largest per-channel difference allowed for one pixel, and the share of pixels allowed to exceed it.
const CHANNEL_TOLERANCE: u8 = 24;
const MAX_BAD_SHARE: f64 = 0.002;

pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden").join(format!("{name}.png"))
}

/// Compares `img` with the golden picture `name`, or rewrites it when `REGENERATE` is set.
pub fn check(name: &str, img: &RgbaImage) {
    let path = path(name);
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        img.save(&path).unwrap();
        return;
    }
    let golden = image::open(&path)
        .unwrap_or_else(|e| {
            panic!("cannot open golden picture {}: {e} (run with REGENERATE=1)", path.display())
        })
        .to_rgba8();
    assert_eq!(golden.dimensions(), img.dimensions(), "{name}: picture size changed");
    let bad = golden
        .pixels()
        .zip(img.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE))
        .count();
    let share = bad as f64 / f64::from(img.width() * img.height());
    if share > MAX_BAD_SHARE {
        let actual = path.with_extension("actual.png");
        img.save(&actual).unwrap();
        panic!("{name}: {bad} pixels differ from the golden picture; the new one is at {}", actual.display());
    }
}
