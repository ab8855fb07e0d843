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

use core::fmt::Debug;
use core::hash::Hash;

/// An edition of the SSZ spec: how progressive merkleization orders the
/// two children of each step.
pub trait Edition:
    'static + Send + Sync + Copy + Default + Debug + Eq + Ord + Hash + sealed::Sealed
{
    /// Whether `merkleize_progressive` puts the recursion on the left and
    /// the binary subtree on the right (v1.6.1), rather than the other way
    /// round (v1.7.0-alpha.2 and later).
    const PROGRESSIVE_RECURSION_LEFT: bool;
    /// The spec version, as the vectors name it.
    const NAME: &'static str;
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
    const PROGRESSIVE_RECURSION_LEFT: bool = true;
    const NAME: &'static str = "v1.6.1";
}

impl Edition for V1_7 {
    const PROGRESSIVE_RECURSION_LEFT: bool = false;
    const NAME: &'static str = "v1.7.0-alpha.13";
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::V1_6 {}
    impl Sealed for super::V1_7 {}
}
