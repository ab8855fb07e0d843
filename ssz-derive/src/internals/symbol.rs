//! The names of the `#[ssz(...)]` attribute and its keys.

use core::fmt;
use syn::{Ident, Path};

/// A name the derive recognises in attributes.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Symbol(&'static str);

/// `#[ssz(...)]`
pub const SSZ: Symbol = Symbol("ssz");
/// `#[ssz(crate = "path")]`
pub const CRATE: Symbol = Symbol("crate");
/// `#[ssz(transparent)]`
pub const TRANSPARENT: Symbol = Symbol("transparent");
/// `#[ssz(active_fields = [1, 0, 1])]`
pub const ACTIVE_FIELDS: Symbol = Symbol("active_fields");
/// `#[ssz(compatible_union)]`
pub const COMPATIBLE_UNION: Symbol = Symbol("compatible_union");
/// `#[ssz(selector = N)]`
pub const SELECTOR: Symbol = Symbol("selector");
/// `#[ssz(edition = "v1.6")]`
pub const EDITION: Symbol = Symbol("edition");

/// Every key, in the order error messages list them.
pub const KEYS: [Symbol; 6] = [
    CRATE,
    TRANSPARENT,
    ACTIVE_FIELDS,
    EDITION,
    COMPATIBLE_UNION,
    SELECTOR,
];

impl Symbol {
    /// The name as written.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl PartialEq<Symbol> for Ident {
    fn eq(&self, word: &Symbol) -> bool {
        self == word.0
    }
}

impl PartialEq<Symbol> for Path {
    fn eq(&self, word: &Symbol) -> bool {
        self.is_ident(word.0)
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
