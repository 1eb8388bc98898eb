//! What a game says about itself, so that the adapters (slash commands, the console, `tabula --help`) are built
//! from the game instead of naming it.

use std::ops::RangeInclusive;

use crate::i18n::{self, Lang};

/// A game's metadata: everything an adapter shows about it without playing it.
#[derive(Debug)]
pub struct GameInfo {
    /// The lowercase name typed in commands (`tablut`).
    pub name: &'static str,
    /// The name as a player reads it (`Tablut`).
    pub(crate) title: &'static str,
    /// How many players it takes.
    pub seats: RangeInclusive<usize>,
    /// One line on what the game is, for choices and help lists.
    pub summary: &'static str,
    /// The named variants or setups a game can be started with; the first is the default (an empty variant).
    pub variants: &'static [VariantInfo],
    /// What else the `variant` option accepts beyond the names above (empty when nothing).
    pub variant_syntax: &'static str,
    /// Moves as a player types them, for help texts and examples.
    pub move_examples: &'static [&'static str],
    /// What a position given on the command line (`--position`) looks like.
    pub position_syntax: &'static str,
    /// How players of this game are rated.
    pub rating: RatingSystem,
    /// How the AI's scores of this game read in words (hints and analyses).
    pub eval_words: EvalWords,
    /// The message of the translation files (`assets/locales/*/games.ftl`) with the rules for `/help`.
    pub rules_key: &'static str,
    /// Its puzzles for one player, if it has some.
    pub solo: &'static [&'static super::solo::SoloInfo],
}

/// Thresholds on the AI's score (the mover's point of view, in the game's own units): below `slight` the game is
/// about equal, then slightly better, better, and from `winning` on winning; from `forced` on the search found a
/// forced result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWords {
    pub slight: i32,
    pub better: i32,
    pub winning: i32,
    pub forced: i32,
}

/// The rating system of a game (the maths come from the `skillratings` crate).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RatingSystem {
    /// Glicko-2, for games of two players: updated after every game, like lichess.
    Glicko2,
    /// Weng-Lin (a Bayesian TrueSkill-like system) for games of several players, placed by their results;
    /// `beta` is the skill-class width: larger for games with more luck.
    WengLin { beta: f64 },
}

/// One named variant or setup of a game.
#[derive(Debug)]
pub struct VariantInfo {
    pub name: &'static str,
    /// What it changes, in one line.
    pub summary: &'static str,
}

impl GameInfo {
    /// The seats as players read them: "2 players" or "2 to 4 players".
    pub fn seats_text(&self) -> String {
        if self.seats.start() == self.seats.end() {
            format!("{} players", self.seats.start())
        } else {
            format!("{} to {} players", self.seats.start(), self.seats.end())
        }
    }

    /// The variants whose name starts with `typed`, as (what a player reads, the value to send): "seed: the rules
    /// of …", "seed"), the default first.
    pub fn variant_choices(&self, typed: &str) -> Vec<(String, String)> {
        self.variant_choices_with(typed, |v| v.summary.to_string())
    }

    /// [`GameInfo::variant_choices`] with each variant's summary given by `summary` (in the reader's language).
    pub fn variant_choices_with(
        &self,
        typed: &str,
        summary: impl Fn(&VariantInfo) -> String,
    ) -> Vec<(String, String)> {
        let typed = typed.trim().to_ascii_lowercase();
        self.variants
            .iter()
            .filter(|v| v.name.starts_with(&typed))
            .map(|v| (format!("{}: {}", v.name, summary(v)), v.name.to_string()))
            .collect()
    }

    /// What `variant` changes, in `lang` (`/play variant:` autocompletion): the message
    /// `variant-<game>-<variant>`, else the English summary above.
    pub fn variant_summary(&self, lang: Lang, variant: &VariantInfo) -> String {
        let key = self.variant_key(variant);
        if i18n::has(Lang::En, &key) { i18n::plain(lang, &key) } else { variant.summary.to_string() }
    }

    fn variant_key(&self, variant: &VariantInfo) -> String {
        format!("variant-{}-{}", self.name, variant.name)
    }

    /// The variant an empty `variant` option means.
    pub fn default_variant(&self) -> Option<&'static VariantInfo> {
        self.variants.first()
    }
}

#[cfg(test)]
mod tests {
    use crate::games::GameKind;
    use crate::i18n::{self, Lang};

    #[test]
    fn every_variant_says_what_it_changes_in_every_language() {
        for game in GameKind::ALL {
            let info = game.info();
            for variant in info.variants {
                let key = info.variant_key(variant);
                for lang in Lang::ALL {
                    assert!(i18n::has(lang, &key), "{} lacks {key}", lang.code());
                }
                assert_eq!(
                    info.variant_summary(Lang::En, variant),
                    variant.summary,
                    "English is the registry's"
                );
            }
        }
        let tablut = GameKind::Tablut.info();
        let seed = &tablut.variants[0];
        assert!(
            tablut.variant_summary(Lang::Cs, seed).contains("krále"),
            "{}",
            tablut.variant_summary(Lang::Cs, seed)
        );
    }

    #[test]
    fn every_games_rules_are_an_english_message() {
        for game in GameKind::ALL {
            let key = game.info().rules_key;
            assert!(i18n::has(Lang::En, key), "English lacks {key}, the rules of {}", game.name());
        }
    }
}
