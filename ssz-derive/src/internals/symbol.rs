//! The names of the `#[ssz(...)]` attribute and its keys.

use core::fmt;
use syn::Path;

/// `#[ssz(...)]`: the attribute the derives read.
pub const SSZ: &str = "ssz";

/// A key of `#[ssz(...)]`. Matches over it are exhaustive, so a new key
/// must say where it is allowed and how its value is parsed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Key {
    /// `#[ssz(crate = "path")]`
    Crate,
    /// `#[ssz(transparent)]`
    Transparent,
    /// `#[ssz(active_fields = [1, 0, 1])]`
    ActiveFields,
    /// `#[ssz(edition = "v1.6")]`
    Edition,
    /// `#[ssz(compatible_union)]`
    CompatibleUnion,
    /// `#[ssz(selector = N)]`
    Selector,
    /// `#[ssz(with = "module")]`
    With,
    /// `#[ssz(skip)]`
    Skip,
    /// `#[ssz(validate = "path")]`
    Validate,
    /// `#[ssz(fixed_len = N)]`
    FixedLen,
}

impl Key {
    /// Every key, in the order error messages list them.
    pub const ALL: [Key; 10] = [
        Key::Crate,
        Key::Transparent,
        Key::ActiveFields,
        Key::Edition,
        Key::CompatibleUnion,
        Key::Selector,
        Key::With,
        Key::Skip,
        Key::Validate,
        Key::FixedLen,
    ];

    /// The key as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Key::Crate => "crate",
            Key::Transparent => "transparent",
            Key::ActiveFields => "active_fields",
            Key::Edition => "edition",
            Key::CompatibleUnion => "compatible_union",
            Key::Selector => "selector",
            Key::With => "with",
            Key::Skip => "skip",
            Key::Validate => "validate",
            Key::FixedLen => "fixed_len",
        }
    }

    /// The key `path` names, if it names one.
    pub fn from_path(path: &Path) -> Option<Key> {
        Key::ALL.into_iter().find(|key| path.is_ident(key.as_str()))
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
