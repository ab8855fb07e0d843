//! Derived code names everything by absolute path: it compiles without the
//! prelude, next to a `mod core` and items named like the prelude's, in a
//! type whose fields are named like the derive's locals, and it raises no
//! lint.

#![no_implicit_prelude]
#![deny(
    warnings,
    unused,
    unused_qualifications,
    unused_results,
    trivial_casts,
    trivial_numeric_casts,
    unreachable_pub,
    clippy::all,
    clippy::pedantic
)]
#![allow(
    non_snake_case,
    non_camel_case_types,
    dead_code,
    clippy::struct_field_names
)]

use ::peam_ssz_types::{ConsensusJson, Ssz, TreeHash};

mod core {}
mod std {}
mod peam_ssz_core {}
struct Ok;
struct Err;
struct Some;
struct Result;
struct Option;
struct Vec;
struct usize;
struct u8;
struct bool;
struct DecodeError;
struct Root;
trait From {}
trait Into {}
trait Iterator {}
trait AsRef {}

/// Every local and parameter name the derive uses, as a field name, with
/// fixed- and variable-size fields interleaved.
#[derive(Ssz, TreeHash, ConsensusJson, ::std::fmt::Debug, ::std::cmp::PartialEq)]
struct Locals {
    bytes: ::core::primitive::u8,
    offset: Choice,
    out: ::core::primitive::u16,
    len: Choice,
    __bytes: ::core::primitive::u32,
    __out: Choice,
    __len: ::core::primitive::u64,
    __var: Choice,
    __prev: ::core::primitive::bool,
    __end: Choice,
    __pos0: [::core::primitive::u8; 2],
    __off0: Choice,
    __end0: ::core::primitive::u8,
    __tail0: ::core::primitive::u8,
    __fixed_len: ::core::primitive::u8,
    __v: ::core::primitive::u8,
    __e: ::core::primitive::u8,
    __o: ::core::primitive::u8,
    __value: ::core::primitive::u8,
    __selector: ::core::primitive::u8,
    __body: ::core::primitive::u8,
    __roots: ::core::primitive::u8,
    __leaves: ::core::primitive::u8,
    __buf: ::core::primitive::u8,
    __values: ::core::primitive::u8,
    __out0: Fixed,
    r#type: ::core::primitive::u8,
}

/// A fixed-size container with local-like field names.
#[derive(
    Ssz,
    TreeHash,
    ConsensusJson,
    ::std::fmt::Debug,
    ::std::cmp::PartialEq,
    ::core::clone::Clone,
    ::core::marker::Copy,
)]
struct Fixed {
    __bytes: ::core::primitive::u64,
    __fixed_len: ::core::primitive::u64,
    __pos0: ::core::primitive::u8,
}

/// A union whose variants are named like the prelude's.
#[derive(Ssz, TreeHash, ConsensusJson, ::std::fmt::Debug, ::std::cmp::PartialEq)]
enum Choice {
    None,
    Some(::core::primitive::u8),
    Ok(Fixed),
    Err([::core::primitive::u16; 2]),
}

/// A progressive container.
#[derive(Ssz, TreeHash, ConsensusJson, ::std::fmt::Debug, ::std::cmp::PartialEq)]
#[ssz(active_fields = [1, 0, 1])]
struct Progressive {
    __leaves: ::core::primitive::u8,
    __roots: Choice,
}

/// A compatible union.
#[derive(Ssz, TreeHash, ConsensusJson, ::std::fmt::Debug, ::std::cmp::PartialEq)]
#[ssz(compatible_union)]
enum Compatible {
    #[ssz(selector = 1)]
    Ok(Progressive),
    #[ssz(selector = 2)]
    Err(Progressive),
}

/// Transparent newtypes, tuple and named.
#[derive(Ssz, TreeHash, ConsensusJson, ::std::fmt::Debug, ::std::cmp::PartialEq)]
#[ssz(transparent)]
struct Newtype(Choice);

#[derive(Ssz, TreeHash, ConsensusJson, ::std::fmt::Debug, ::std::cmp::PartialEq)]
#[ssz(transparent)]
struct Named {
    __out: ::core::primitive::u64,
}

/// A field type that is not an SSZ type, coded by a module written with
/// absolute paths.
#[derive(::std::fmt::Debug, ::std::cmp::PartialEq, ::core::default::Default)]
struct Opaque(::core::primitive::u16);

mod opaque_as_u16 {
    pub(super) const IS_FIXED_SIZE: ::core::primitive::bool = true;
    pub(super) const FIXED_PART_LEN: ::core::primitive::usize = 2;

    pub(super) fn ssz_len(_: &super::Opaque) -> ::core::primitive::usize {
        2
    }

    pub(super) fn ssz_write(value: &super::Opaque, out: &mut [::core::primitive::u8]) {
        out.copy_from_slice(&value.0.to_le_bytes());
    }

    pub(super) fn from_ssz(
        bytes: &[::core::primitive::u8],
    ) -> ::core::result::Result<super::Opaque, ::peam_ssz_types::DecodeError> {
        match <::core::primitive::u16 as ::peam_ssz_types::Ssz>::from_ssz(bytes) {
            ::core::result::Result::Ok(v) => ::core::result::Result::Ok(super::Opaque(v)),
            ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
        }
    }

    pub(super) fn hash_tree_root(value: &super::Opaque) -> [::core::primitive::u8; 32] {
        <::core::primitive::u16 as ::peam_ssz_types::TreeHash>::hash_tree_root(&value.0)
    }
}

/// `with` and `skip` fields, named like the locals their code uses.
#[derive(Ssz, TreeHash, ::std::fmt::Debug, ::std::cmp::PartialEq)]
struct Adapted {
    __buf: Choice,
    #[ssz(with = "opaque_as_u16")]
    __start: Opaque,
    #[ssz(skip)]
    __rest: Opaque,
    #[ssz(with = "opaque_as_u16")]
    __value: Opaque,
}

/// A generic container whose parameters are named like the derive's.
#[derive(Ssz, TreeHash, ConsensusJson, ::std::fmt::Debug, ::std::cmp::PartialEq)]
struct Generic<__T, T, const N: ::core::primitive::usize> {
    a: [__T; N],
    b: T,
}

fn round_trip<T: Ssz + ::std::fmt::Debug + ::std::cmp::PartialEq>(value: &T) {
    let bytes = Ssz::to_ssz(value);
    ::std::assert_eq!(Ssz::ssz_len(value), bytes.len());
    match <T as Ssz>::from_ssz(&bytes) {
        ::core::result::Result::Ok(decoded) => ::std::assert_eq!(&decoded, value),
        ::core::result::Result::Err(e) => ::std::panic!("{e}"),
    }
}

fn json_round_trip<T>(value: &T)
where
    T: ::serde::Serialize
        + ::serde::de::DeserializeOwned
        + ::std::fmt::Debug
        + ::std::cmp::PartialEq,
{
    let text = match ::serde_json::to_string(value) {
        ::core::result::Result::Ok(text) => text,
        ::core::result::Result::Err(e) => ::std::panic!("{e}"),
    };
    match ::serde_json::from_str::<T>(&text) {
        ::core::result::Result::Ok(decoded) => ::std::assert_eq!(&decoded, value, "{text}"),
        ::core::result::Result::Err(e) => ::std::panic!("{e}: {text}"),
    }
}

#[test]
fn derived_code_compiles_and_round_trips_without_the_prelude() {
    let fixed = Fixed {
        __bytes: 1,
        __fixed_len: 2,
        __pos0: 3,
    };
    let locals = Locals {
        bytes: 1,
        offset: Choice::None,
        out: 2,
        len: Choice::Some(3),
        __bytes: 4,
        __out: Choice::Ok(fixed),
        __len: 5,
        __var: Choice::Err([6, 7]),
        __prev: true,
        __end: Choice::None,
        __pos0: [8, 9],
        __off0: Choice::Some(10),
        __end0: 11,
        __tail0: 12,
        __fixed_len: 13,
        __v: 14,
        __e: 15,
        __o: 16,
        __value: 17,
        __selector: 18,
        __body: 19,
        __roots: 20,
        __leaves: 21,
        __buf: 22,
        __values: 24,
        __out0: fixed,
        r#type: 23,
    };
    round_trip(&locals);
    json_round_trip(&locals);
    round_trip(&fixed);
    round_trip(&Compatible::Err(Progressive {
        __leaves: 1,
        __roots: Choice::Some(2),
    }));
    json_round_trip(&Compatible::Ok(Progressive {
        __leaves: 1,
        __roots: Choice::Err([2, 3]),
    }));
    round_trip(&Newtype(Choice::Some(9)));
    json_round_trip(&Newtype(Choice::Some(9)));
    round_trip(&Named { __out: 7 });
    json_round_trip(&Named { __out: 7 });
    round_trip(&Adapted {
        __buf: Choice::Some(1),
        __start: Opaque(2),
        __rest: Opaque(0),
        __value: Opaque(3),
    });
    round_trip(&Generic::<::core::primitive::u8, Fixed, 3> {
        a: [1, 2, 3],
        b: fixed,
    });
    json_round_trip(&Generic::<::core::primitive::u64, Fixed, 2> {
        a: [1, 2],
        b: fixed,
    });
    let _root: [::core::primitive::u8; 32] = TreeHash::hash_tree_root(&locals);
    let _root: [::core::primitive::u8; 32] = TreeHash::hash_tree_root(&[fixed, fixed]);
    let _root: [::core::primitive::u8; 32] = TreeHash::hash_tree_root(&Named { __out: 7 });
    let _root: [::core::primitive::u8; 32] = TreeHash::hash_tree_root(&Adapted {
        __buf: Choice::None,
        __start: Opaque(2),
        __rest: Opaque(5),
        __value: Opaque(3),
    });
    let _root: [::core::primitive::u8; 32] =
        TreeHash::hash_tree_root(&Compatible::Ok(Progressive {
            __leaves: 1,
            __roots: Choice::None,
        }));
}

/// Static paths (`gindex!`, `try_gindex!`) expand to absolute paths too,
/// through fields and variants named like the prelude's.
const __OK_BYTES: ::peam_ssz_types::Gindex = ::peam_ssz_types::gindex!(Locals, __out.Ok.__bytes);

/// An index of `gindex!` by name.
const ONE: ::core::primitive::u64 = 1;

#[test]
fn static_paths_compile_without_the_prelude() {
    let i: ::core::primitive::u64 = 1;
    let pos = ::peam_ssz_types::try_gindex!(Locals, __pos0[i]);
    ::std::assert_eq!(
        pos,
        ::core::result::Result::Ok(::peam_ssz_types::gindex!(Locals, __pos0[1]))
    );
    // A named constant as the index: the check that it is one expands
    // without the prelude too.
    ::std::assert_eq!(
        pos,
        ::core::result::Result::Ok(::peam_ssz_types::gindex!(Locals, __pos0[ONE]))
    );
    ::std::assert_eq!(
        pos,
        ::core::result::Result::Ok(::peam_ssz_types::gindex!(Locals, __pos0[ONE * 2 - 1]))
    );
    let _selector: ::peam_ssz_types::Gindex = ::peam_ssz_types::gindex!(Locals, len.__selector__);
    let _progressive: ::peam_ssz_types::Gindex =
        ::peam_ssz_types::gindex!(Progressive, __roots.Some);
    let _newtype: ::peam_ssz_types::Gindex = ::peam_ssz_types::gindex!(Newtype, Err[1]);
    let _with: ::peam_ssz_types::Gindex = ::peam_ssz_types::gindex!(Adapted, __value);
    ::std::assert!(__OK_BYTES.depth() > 5);
}
