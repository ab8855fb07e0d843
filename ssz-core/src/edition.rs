//! Editions of the SSZ spec whose merkleization differs, chosen by type.
//!
//! consensus-specs v1.7.0-alpha.2 (PR #4813) changed progressive
//! merkleization (EIP-7916): v1.6.1 defines
//!
//! ```text
//! merkleize_progressive(chunks, n) = hash(merkleize_progressive(chunks[n:], 4n), merkleize(chunks[:n], n))
//! ```
//!
//! with the recursion on the left, and the current text
//!
//! ```text
//! merkleize_progressive(chunks, n) = hash(merkleize(chunks[:n], n), merkleize_progressive(chunks[n:], 4n))
//! ```
//!
//! with the binary subtree on the left. Every root of a progressive list,
//! progressive bitlist or progressive container, and of whatever holds one,
//! differs between the two. The edition is a type parameter, not a cargo
//! feature, so that two crates in one build can each use the edition they
//! need; [`Current`] is the default.
//!
//! Code that works on a description rather than a type (the tree layouts
//! of [`crate::path::Layout`], run-time schemas, the node and proof code)
//! carries the edition's [`Rules`], [`Edition::RULES`]; a run-time name
//! ("v1.6", "v1.7.0-alpha.13") finds both with [`Rules::named`] and
//! [`with_edition_named`]. A new edition is a marker type, its `Rules`, and
//! one line in each of [`ALL`] and [`with_edition_named`], all in this file
//! (and, for `#[ssz(edition = "...")]`, a name in the derive).

use core::fmt::Debug;
use core::hash::Hash;

/// What an edition's merkleization is, as a value: for the code that runs
/// on a description of a type rather than on the type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// The spec version, as the vectors name it (`v1.6.1`).
    pub name: &'static str,
    /// The short name that `#[ssz(edition = "...")]`, schemas and the
    /// command line take (`v1.6`).
    pub short: &'static str,
    /// Whether `merkleize_progressive` puts the recursion on the left and
    /// the binary subtree on the right (v1.6.1), rather than the other way
    /// round (v1.7.0-alpha.2 and later).
    pub progressive_recursion_left: bool,
}

impl Rules {
    /// The edition called `name`, its full or its short name.
    pub fn named(name: &str) -> Option<Rules> {
        ALL.iter().copied().find(|r| r.answers_to(name))
    }

    /// Whether `name` is this edition's full or short name.
    pub fn answers_to(&self, name: &str) -> bool {
        name == self.name || name == self.short
    }
}

/// An edition of the SSZ spec: how progressive merkleization orders the
/// two children of each step.
pub trait Edition:
    'static + Send + Sync + Copy + Default + Debug + Eq + Ord + Hash + sealed::Sealed
{
    /// The edition's rules, as a value.
    const RULES: Rules;
    /// The spec version, as the vectors name it: `RULES.name`.
    const NAME: &'static str = Self::RULES.name;
}

/// consensus-specs v1.6.1: progressive merkleization with the recursion on
/// the left.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct V1_6;

/// consensus-specs v1.7.0-alpha.2 and later (v1.7.0-alpha.13 is the
/// current text): progressive merkleization with the binary subtree on the
/// left.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct V1_7;

/// The edition a progressive type follows unless it names one: the
/// current spec.
pub type Current = V1_7;

impl Edition for V1_6 {
    const RULES: Rules = Rules {
        name: "v1.6.1",
        short: "v1.6",
        progressive_recursion_left: true,
    };
}

impl Edition for V1_7 {
    const RULES: Rules = Rules {
        name: "v1.7.0-alpha.13",
        short: "v1.7",
        progressive_recursion_left: false,
    };
}

/// Every edition's rules, oldest first.
pub const ALL: &[Rules] = &[V1_6::RULES, V1_7::RULES];

/// Work to do in an edition chosen at run time: [`with_edition_named`] calls
/// [`call`](EditionFn::call) with the edition's type.
pub trait EditionFn {
    /// What the work gives.
    type Output;
    /// The work, in the edition `E`.
    fn call<E: Edition>(self) -> Self::Output;
}

/// Runs `work` in the edition called `name` (its full or short name), or
/// answers `None` for a name no edition has.
///
/// ```
/// use peam_ssz_core::edition::{with_edition_named, Edition, EditionFn};
///
/// struct Name;
/// impl EditionFn for Name {
///     type Output = &'static str;
///     fn call<E: Edition>(self) -> &'static str {
///         E::NAME
///     }
/// }
/// assert_eq!(with_edition_named("v1.6", Name), Some("v1.6.1"));
/// assert_eq!(with_edition_named("v2", Name), None);
/// ```
pub fn with_edition_named<W: EditionFn>(name: &str, work: W) -> Option<W::Output> {
    if V1_6::RULES.answers_to(name) {
        Some(work.call::<V1_6>())
    } else if V1_7::RULES.answers_to(name) {
        Some(work.call::<V1_7>())
    } else {
        None
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::V1_6 {}
    impl Sealed for super::V1_7 {}
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rule;
    impl EditionFn for Rule {
        type Output = Rules;
        fn call<E: Edition>(self) -> Rules {
            E::RULES
        }
    }

    #[test]
    fn every_edition_answers_to_its_names_and_runs_its_type() {
        for rules in ALL {
            for name in [rules.name, rules.short] {
                assert_eq!(Rules::named(name), Some(*rules), "{name}");
                assert_eq!(with_edition_named(name, Rule), Some(*rules), "{name}");
            }
        }
        assert_eq!(Rules::named("v1.8"), None);
        assert_eq!(with_edition_named("", Rule), None);
        assert_eq!(<Current as Edition>::RULES, *ALL.last().unwrap());
    }
}
