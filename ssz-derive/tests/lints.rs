//! Derived code raises no lint in a crate that denies many, with the prelude
//! in scope (where a needless qualification would be reported).

#![deny(
    warnings,
    unused,
    unused_qualifications,
    unused_results,
    unused_import_braces,
    trivial_casts,
    trivial_numeric_casts,
    unreachable_pub,
    single_use_lifetimes,
    missing_debug_implementations,
    clippy::all,
    clippy::pedantic,
    clippy::nursery,
    clippy::cargo
)]
#![allow(
    clippy::cargo_common_metadata,
    clippy::multiple_crate_versions,
    dead_code
)]

use peam_ssz_types::{Ssz, TreeHash};

#[derive(Debug, Ssz, TreeHash)]
struct Fixed {
    a: u64,
    b: [u8; 32],
}

#[derive(Debug, Ssz, TreeHash)]
struct Repeated {
    a: u64,
    b: u64,
    c: u64,
}

#[derive(Debug, Ssz, TreeHash)]
struct Variable {
    a: u8,
    b: Union,
    c: u16,
    d: Union,
}

#[derive(Debug, Ssz, TreeHash)]
struct One {
    only: Union,
}

#[derive(Debug, Ssz, TreeHash)]
enum Union {
    None,
    A(u8),
    B(Fixed),
}

#[derive(Debug, Ssz, TreeHash)]
#[ssz(active_fields = [0, 1, 1])]
struct Progressive {
    a: u8,
    b: Union,
}

#[derive(Debug, Ssz, TreeHash)]
#[ssz(compatible_union)]
enum Compatible {
    #[ssz(selector = 5)]
    P(Progressive),
}

#[derive(Debug, Ssz, TreeHash)]
#[ssz(compatible_union)]
enum CompatibleGeneric<T> {
    #[ssz(selector = 1)]
    P(T),
    #[ssz(selector = 2)]
    Q(Progressive),
    #[ssz(selector = 3)]
    R(Progressive),
}

#[derive(Debug, Ssz, TreeHash)]
#[ssz(compatible_union)]
enum CompatibleMixed {
    #[ssz(selector = 1)]
    P(Progressive),
    #[ssz(selector = 2)]
    F(Fixed),
}

#[derive(Debug, Ssz, TreeHash)]
#[ssz(transparent)]
struct Slot(u64);

#[derive(Debug, Ssz, TreeHash)]
struct Generic<T, const N: usize> {
    a: [T; N],
    b: T,
}

/// A type that is not SSZ, and the module that codes it.
#[derive(Debug, Default)]
struct Opaque(u32);

// The module is the user's code, not the derive's: `unreachable_pub` and
// `redundant_pub_crate` disagree about it.
#[allow(clippy::redundant_pub_crate)]
mod opaque_as_u32 {
    use peam_ssz_types::{DecodeError, Ssz, TreeHash};

    pub(super) const IS_FIXED_SIZE: bool = true;
    pub(super) const FIXED_PART_LEN: usize = 4;

    pub(super) const fn ssz_len(_: &super::Opaque) -> usize {
        4
    }

    pub(super) const fn ssz_write(value: &super::Opaque, out: &mut [u8]) {
        out.copy_from_slice(&value.0.to_le_bytes());
    }

    pub(super) fn from_ssz(bytes: &[u8]) -> Result<super::Opaque, DecodeError> {
        u32::from_ssz(bytes).map(super::Opaque)
    }

    pub(super) fn hash_tree_root(value: &super::Opaque) -> [u8; 32] {
        value.0.hash_tree_root()
    }
}

#[derive(Debug, Ssz, TreeHash)]
struct Adapted {
    a: Union,
    #[ssz(with = "opaque_as_u32")]
    b: Opaque,
    #[ssz(skip)]
    c: Opaque,
}

#[test]
fn derives_compile_without_lints() {
    let adapted = Adapted {
        a: Union::None,
        b: Opaque(1),
        c: Opaque(2),
    };
    assert_eq!(adapted.to_ssz(), [8, 0, 0, 0, 1, 0, 0, 0, 0]);
    let _root = adapted.hash_tree_root();
    let _node = adapted.tree_node(peam_ssz_types::gindex!(Adapted, b));
    let one = One { only: Union::A(1) };
    assert_eq!(one.to_ssz(), [4, 0, 0, 0, 1, 1]);
    let _root = one.hash_tree_root();
    let generic = CompatibleGeneric::P(Fixed { a: 1, b: [0; 32] });
    assert_eq!(generic.to_ssz()[0], 1);
    let _root = generic.hash_tree_root();
}
