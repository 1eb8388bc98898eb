//! The fonts the pictures draw with, compiled into the binary (see `assets/fonts/README.md`), and which of them
//! draws a character: the font of the character's script first, then DejaVu Sans and the others in turn.

use std::sync::OnceLock;

use ab_glyph::{Font as _, FontRef};
use unicode_script::{Script, UnicodeScript as _};

/// Which face of a family: pictures write names and titles in bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

/// A font family, drawn in both weights (Noto Emoji has one, used for both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// DejaVu Sans: Latin, Greek, Cyrillic, punctuation and many symbols.
    Sans,
    Hebrew,
    Arabic,
    Devanagari,
    Thai,
    /// Noto Sans CJK SC: Chinese, Japanese (kana) and Korean (Hangul).
    Cjk,
    Emoji,
}

/// The order in which the families are asked for a character no font of its script has (or one of no script).
const CHAIN: [Family; 7] = [
    Family::Sans,
    Family::Hebrew,
    Family::Arabic,
    Family::Devanagari,
    Family::Thai,
    Family::Cjk,
    Family::Emoji,
];

/// The fonts' bytes, two per family (regular, bold) but Noto Emoji.
static DATA: [&[u8]; 13] = [
    include_bytes!("../../../../../assets/DejaVuSans.ttf"),
    include_bytes!("../../../../../assets/DejaVuSans-Bold.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansHebrew-Regular.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansHebrew-Bold.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansArabic-Regular.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansArabic-Bold.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansDevanagari-Regular.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansDevanagari-Bold.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansThai-Regular.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansThai-Bold.ttf"),
    include_bytes!("../../../../../assets/fonts/NotoSansCJKsc-Regular-subset.otf"),
    include_bytes!("../../../../../assets/fonts/NotoSansCJKsc-Bold-subset.otf"),
    include_bytes!("../../../../../assets/fonts/NotoEmoji-Regular.ttf"),
];

/// Each font, read the first time a picture needs it (most pictures need only DejaVu Sans).
static FACES: [OnceLock<Face>; 13] = [const { OnceLock::new() }; 13];

/// One font, read twice over the same bytes: by the shaper, and by the rasterizer (whose glyph ids are the same).
pub(crate) struct Face {
    pub(crate) shaper: rustybuzz::Face<'static>,
    pub(crate) raster: FontRef<'static>,
    /// Font units per em.
    pub(crate) units_per_em: f32,
    /// The rasterizer's scale (its pixel height: ascent to descent) for an em of one pixel.
    pub(crate) scale_per_em: f32,
}

impl Face {
    fn read(data: &'static [u8]) -> Face {
        let shaper = rustybuzz::Face::from_slice(data, 0).expect("an embedded font is valid");
        let raster = FontRef::try_from_slice(data).expect("an embedded font is valid");
        let units_per_em = shaper.units_per_em() as f32;
        let scale_per_em = raster.height_unscaled() / units_per_em;
        Face { shaper, raster, units_per_em, scale_per_em }
    }

    /// Whether the font has a glyph for `c`.
    pub(crate) fn has(&self, c: char) -> bool {
        self.shaper.glyph_index(c).is_some()
    }
}

/// A family in a weight: which font a glyph is drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FaceId(u8);

impl FaceId {
    pub(super) fn of(family: Family, weight: Weight) -> FaceId {
        let bold = u8::from(weight == Weight::Bold);
        FaceId(match family {
            Family::Sans => bold,
            Family::Hebrew => 2 + bold,
            Family::Arabic => 4 + bold,
            Family::Devanagari => 6 + bold,
            Family::Thai => 8 + bold,
            Family::Cjk => 10 + bold,
            Family::Emoji => 12,
        })
    }

    /// DejaVu Sans in `weight`: the pictures' own words, and the metrics every line is set by.
    pub(crate) fn sans(weight: Weight) -> FaceId {
        FaceId::of(Family::Sans, weight)
    }

    /// Whether this is Noto Emoji.
    pub(crate) fn is_emoji(self) -> bool {
        self == FaceId::of(Family::Emoji, Weight::Regular)
    }

    pub(crate) fn face(self) -> &'static Face {
        let i = usize::from(self.0);
        FACES[i].get_or_init(|| Face::read(DATA[i]))
    }
}

/// What draws a grapheme (a letter with its marks, a joined emoji): a font, or nothing shipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    Font(FaceId),
    /// No font has this character: it is drawn as its code point in a box.
    Missing(char),
}

/// The font that draws `grapheme` in `weight`; `previous` is the font of the grapheme before it in the same run,
/// which keeps spaces, digits and punctuation among Arabic or Japanese letters in their font (so that a run
/// is shaped whole).
pub(crate) fn source(grapheme: &str, previous: Option<FaceId>, weight: Weight) -> Source {
    let visible = || grapheme.chars().filter(|&c| !invisible(c));
    let Some(base) = visible().next() else {
        // Only joiners, selectors or controls: they go with what is around them, and draw as nothing.
        return Source::Font(previous.unwrap_or(FaceId::sans(weight)));
    };
    let covers = |id: FaceId| visible().all(|c| id.face().has(c));
    let emoji = grapheme.contains('\u{FE0F}') || pictograph(base);
    let script = base.script();
    if !emoji && matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
        // Not the emoji font's, whose space is as wide as an emoji.
        if let Some(previous) = previous.filter(|&p| !p.is_emoji() && covers(p)) {
            return Source::Font(previous);
        }
    }
    let preferred = if emoji { Some(Family::Emoji) } else { family_of(script) };
    let mut candidates = preferred.into_iter().chain(CHAIN).map(|family| FaceId::of(family, weight));
    if let Some(id) = candidates.clone().find(|&id| covers(id)) {
        return Source::Font(id);
    }
    // No font has the whole grapheme: the one with its letter draws it, without the marks it lacks.
    match candidates.find(|id| id.face().has(base)) {
        Some(id) => Source::Font(id),
        None => Source::Missing(base),
    }
}

/// The family made for `script`'s letters, when it is not DejaVu Sans.
fn family_of(script: Script) -> Option<Family> {
    match script {
        Script::Hebrew => Some(Family::Hebrew),
        Script::Arabic => Some(Family::Arabic),
        Script::Devanagari => Some(Family::Devanagari),
        Script::Thai => Some(Family::Thai),
        Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo => {
            Some(Family::Cjk)
        }
        _ => None,
    }
}

/// A character drawn as an emoji even without the emoji selector: the pictographs' planes (faces, animals,
/// objects, flags' regional letters).
fn pictograph(c: char) -> bool {
    ('\u{1F000}'..='\u{1FAFF}').contains(&c)
}

/// A character that is never drawn: a control, or one Unicode says to ignore when it cannot be shown (joiners,
/// variation selectors, direction marks and isolates, the soft hyphen, tags).
pub(crate) fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{AD}'
                | '\u{34F}'
                | '\u{61C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}
