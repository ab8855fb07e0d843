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

#[test]
fn derives_compile_without_lints() {
    let one = One { only: Union::A(1) };
    assert_eq!(one.to_ssz(), [4, 0, 0, 0, 1, 1]);
    let _root = one.hash_tree_root();
    let generic = CompatibleGeneric::P(Fixed { a: 1, b: [0; 32] });
    assert_eq!(generic.to_ssz()[0], 1);
    let _root = generic.hash_tree_root();
}
