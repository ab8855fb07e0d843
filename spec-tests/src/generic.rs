//! The types of the `ssz_generic` suite (`tests/formats/ssz_generic` of
//! consensus-specs v1.6.1 and v1.7.0-alpha.13), and the check of each case.
//!
//! The two editions define the same types; those whose roots involve
//! progressive merkleization exist once per edition, in [`v1_6`] and
//! [`v1_7`] (the plain names are the v1.6.1 ones), and [`check_for`] takes
//! the edition.
//!
//! The type of a case is spelled in its handler and name: `uint_{size}`,
//! `vec_{element}_{length}`, `bitvec_{length}`, `bitlist_{limit}`,
//! `proglist_{element}`, `progbitlist`, or the name of a test container or
//! union, followed by `_{extra...}` (`vec_uint16_31_random`,
//! `ProgressiveComplexTestStruct_lengthy_3`). [`check_for`] maps a case to
//! its check; a type it does not know is an error, never a case skipped.
//!
//! Basic vectors are checked twice: as [`Vector`] and as an array `[T; N]`,
//! the two spellings of `Vector[T, N]`.

use crate::harness::{
    check_invalid, check_stream_invalid, check_stream_with, check_valid_with, check_view_invalid,
    check_view_with, Case,
};
use core::fmt::Debug;
use peam_ssz_types::edition::Edition;
use peam_ssz_types::view::{SszView, TreeHashView};
use peam_ssz_types::{
    serde_utils, Bitlist, Bitvector, ByteList, List, ProgressiveBitlist, ProgressiveByteList,
    ProgressiveList, Ssz, TreeHash, Vector, U, U256,
};
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// The file of a valid case holding its root.
pub const META_FILE: &str = "meta.yaml";

/// The handlers of the `ssz_generic` suite in v1.6.1 and in
/// v1.7.0-alpha.13.
pub const HANDLERS: [&str; 10] = [
    "basic_progressive_list",
    "basic_vector",
    "bitlist",
    "bitvector",
    "boolean",
    "compatible_unions",
    "containers",
    "progressive_bitlist",
    "progressive_containers",
    "uints",
];

/// The suites of each handler.
pub const SUITES: [&str; 2] = ["valid", "invalid"];

/// The check of one case.
pub type Check = fn(&Case) -> Result<(), String>;

// ---------------------------------------------------------------------------
// Test containers (`containers` and `progressive_containers` handlers).
// Field names are lowercase here and uppercase in value.yaml.
// ---------------------------------------------------------------------------

/// `SingleFieldTestStruct`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct SingleFieldTestStruct {
    pub a: u8,
}

/// `SmallTestStruct`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct SmallTestStruct {
    pub a: u16,
    pub b: u16,
}

/// `FixedTestStruct`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct FixedTestStruct {
    pub a: u8,
    pub b: u64,
    pub c: u32,
}

/// `VarTestStruct`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct VarTestStruct {
    pub a: u16,
    pub b: List<u16, U<1024>>,
    pub c: u8,
}

/// `ComplexTestStruct`. `F` is a [`Vector`] and `G` an array: both spell
/// `Vector[T, N]`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct ComplexTestStruct {
    pub a: u16,
    pub b: List<u16, U<128>>,
    pub c: u8,
    pub d: ByteList<U<256>>,
    pub e: VarTestStruct,
    pub f: Vector<FixedTestStruct, U<4>>,
    pub g: [VarTestStruct; 2],
}

/// `BitsStruct`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct BitsStruct {
    pub a: Bitlist<U<5>>,
    pub b: Bitvector<U<2>>,
    pub c: Bitvector<U<1>>,
    pub d: Bitlist<U<6>>,
    pub e: Bitvector<U<8>>,
}

// ---------------------------------------------------------------------------
// Types whose roots depend on the edition, once per edition. Unions read
// their YAML through `union_deserialize!`.
// ---------------------------------------------------------------------------

/// `selector: N` and `data: ...`, the YAML of a union.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnionYaml {
    selector: u8,
    data: serde_yaml::Value,
}

macro_rules! union_deserialize {
    ($union:ident { $($selector:literal => $variant:ident),* $(,)? }) => {
        impl<'de> Deserialize<'de> for $union {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                use serde::de::Error;
                let yaml = UnionYaml::deserialize(deserializer)?;
                match yaml.selector {
                    $($selector => serde_yaml::from_value(yaml.data)
                        .map($union::$variant)
                        .map_err(|e| D::Error::custom(format_args!("data of selector {}: {e}", $selector))),)*
                    other => Err(D::Error::custom(format_args!(
                        "selector {other} is not a selector of {}",
                        stringify!($union)
                    ))),
                }
            }
        }
    };
}

/// Defines, in the module it is called in, the types of the suite whose
/// roots depend on the edition (progressive containers, containers holding
/// progressive lists or bitlists, and the compatible unions over them), in
/// edition `$E` (named `$edition` in the derive), and `$E`'s
/// [`SuiteEdition`] impl. The definitions are the same in both editions
/// (format-ssz_generic.md of v1.6.1 and of v1.7.0-alpha.13 differ only in
/// spelling: `Uint16` for `uint16`, `BitList` for `Bitlist`).
///
/// `$byte_list` is the type of `ProgressiveTestStruct.A`,
/// `ProgressiveList[byte]`: the value.yaml of v1.6.1 writes it as a list of
/// numbers, that of v1.7.0-alpha.13 as `0x` hex, as it writes byte lists.
/// [`ProgressiveList<u8>`] and [`ProgressiveByteList`] are the same SSZ
/// type (same bytes, same root) and read those two spellings.
macro_rules! edition_types {
    ($edition:literal, $E:ident, $byte_list:ty) => {
use super::*;
use peam_ssz_types::edition::$E;

/// `ProgressiveTestStruct`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct ProgressiveTestStruct {
    pub a: $byte_list,
    pub b: ProgressiveList<u64, $E>,
    pub c: ProgressiveList<SmallTestStruct, $E>,
    pub d: ProgressiveList<ProgressiveList<VarTestStruct, $E>, $E>,
}

/// `ProgressiveBitsStruct`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
pub struct ProgressiveBitsStruct {
    pub a: Bitvector<U<256>>,
    pub b: Bitlist<U<256>>,
    pub c: ProgressiveBitlist<$E>,
    pub d: Bitvector<U<257>>,
    pub e: Bitlist<U<257>>,
    pub f: ProgressiveBitlist<$E>,
    pub g: Bitvector<U<1280>>,
    pub h: Bitlist<U<1280>>,
    pub i: ProgressiveBitlist<$E>,
    pub j: Bitvector<U<1281>>,
    pub k: Bitlist<U<1281>>,
    pub l: ProgressiveBitlist<$E>,
}

/// `ProgressiveSingleFieldContainerTestStruct`:
/// `ProgressiveContainer(active_fields=[1])`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
#[ssz(active_fields = [1], edition = $edition)]
pub struct ProgressiveSingleFieldContainerTestStruct {
    pub a: u8,
}

/// `ProgressiveSingleListContainerTestStruct`:
/// `ProgressiveContainer(active_fields=[0, 0, 0, 0, 1])`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
#[ssz(active_fields = [0, 0, 0, 0, 1], edition = $edition)]
pub struct ProgressiveSingleListContainerTestStruct {
    pub c: ProgressiveBitlist<$E>,
}

/// `ProgressiveVarTestStruct`:
/// `ProgressiveContainer(active_fields=[1, 0, 1, 0, 1])`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
#[ssz(active_fields = [1, 0, 1, 0, 1], edition = $edition)]
pub struct ProgressiveVarTestStruct {
    pub a: u8,
    pub b: List<u16, U<123>>,
    pub c: ProgressiveBitlist<$E>,
}

/// `ProgressiveComplexTestStruct`: `ProgressiveContainer(active_fields=[1,
/// 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1])`.
#[derive(Ssz, TreeHash, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "UPPERCASE", deny_unknown_fields)]
#[ssz(active_fields = [1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1], edition = $edition)]
pub struct ProgressiveComplexTestStruct {
    pub a: u8,
    pub b: List<u16, U<123>>,
    pub c: ProgressiveBitlist<$E>,
    pub d: ProgressiveList<u64, $E>,
    pub e: ProgressiveList<SmallTestStruct, $E>,
    pub f: ProgressiveList<ProgressiveList<VarTestStruct, $E>, $E>,
    pub g: List<ProgressiveSingleFieldContainerTestStruct, U<10>>,
    pub h: ProgressiveList<ProgressiveVarTestStruct, $E>,
}

// ---------------------------------------------------------------------------
// Compatible unions (`compatible_unions` handler). value.yaml writes them as
// `selector: N` and `data: <the value>`.
// ---------------------------------------------------------------------------

/// `CompatibleUnionA = CompatibleUnion({1: ProgressiveSingleFieldContainerTestStruct})`.
#[derive(Ssz, TreeHash, Clone, PartialEq, Eq, Debug)]
#[ssz(compatible_union)]
pub enum CompatibleUnionA {
    #[ssz(selector = 1)]
    A(ProgressiveSingleFieldContainerTestStruct),
}

/// `CompatibleUnionBC = CompatibleUnion({2:
/// ProgressiveSingleListContainerTestStruct, 3: ProgressiveVarTestStruct})`.
#[derive(Ssz, TreeHash, Clone, PartialEq, Eq, Debug)]
#[ssz(compatible_union)]
pub enum CompatibleUnionBC {
    #[ssz(selector = 2)]
    B(ProgressiveSingleListContainerTestStruct),
    #[ssz(selector = 3)]
    C(ProgressiveVarTestStruct),
}

/// `CompatibleUnionABCA = CompatibleUnion({1:
/// ProgressiveSingleFieldContainerTestStruct, 2:
/// ProgressiveSingleListContainerTestStruct, 3: ProgressiveVarTestStruct, 4:
/// ProgressiveSingleFieldContainerTestStruct})`.
#[derive(Ssz, TreeHash, Clone, PartialEq, Eq, Debug)]
#[ssz(compatible_union)]
pub enum CompatibleUnionABCA {
    #[ssz(selector = 1)]
    A1(ProgressiveSingleFieldContainerTestStruct),
    #[ssz(selector = 2)]
    B(ProgressiveSingleListContainerTestStruct),
    #[ssz(selector = 3)]
    C(ProgressiveVarTestStruct),
    #[ssz(selector = 4)]
    A4(ProgressiveSingleFieldContainerTestStruct),
}

union_deserialize!(CompatibleUnionA { 1 => A });
union_deserialize!(CompatibleUnionBC { 2 => B, 3 => C });
union_deserialize!(CompatibleUnionABCA { 1 => A1, 2 => B, 3 => C, 4 => A4 });


impl SuiteEdition for $E {
    fn edition_check(handler: &str, name: &str, valid: bool) -> Option<Check> {
        match (handler, name) {
            ("containers", "ProgressiveTestStruct") => {
                Some(serde_check::<ProgressiveTestStruct>(valid))
            }
            ("containers", "ProgressiveBitsStruct") => {
                Some(serde_check::<ProgressiveBitsStruct>(valid))
            }
            ("progressive_containers", "ProgressiveSingleFieldContainerTestStruct") => {
                Some(serde_check::<ProgressiveSingleFieldContainerTestStruct>(valid))
            }
            ("progressive_containers", "ProgressiveSingleListContainerTestStruct") => {
                Some(serde_check::<ProgressiveSingleListContainerTestStruct>(valid))
            }
            ("progressive_containers", "ProgressiveVarTestStruct") => {
                Some(serde_check::<ProgressiveVarTestStruct>(valid))
            }
            ("progressive_containers", "ProgressiveComplexTestStruct") => {
                Some(serde_check::<ProgressiveComplexTestStruct>(valid))
            }
            ("compatible_unions", "CompatibleUnionA") => {
                Some(serde_check::<CompatibleUnionA>(valid))
            }
            ("compatible_unions", "CompatibleUnionBC") => {
                Some(serde_check::<CompatibleUnionBC>(valid))
            }
            ("compatible_unions", "CompatibleUnionABCA") => {
                Some(serde_check::<CompatibleUnionABCA>(valid))
            }
            _ => None,
        }
    }
}
    };
}

/// The edition-dependent types in consensus-specs v1.6.1, whose vectors
/// are in `spec-tests/vectors`.
pub mod v1_6 {
    edition_types!("v1.6", V1_6, ProgressiveList<u8, V1_6>);
}

/// The edition-dependent types in consensus-specs v1.7.0-alpha.13, whose
/// vectors are in `spec-tests/vectors-v1.7`.
pub mod v1_7 {
    edition_types!("v1.7", V1_7, ProgressiveByteList<V1_7>);
}

// The v1.6.1 types under their plain names, as before the second edition.
pub use v1_6::{
    CompatibleUnionA, CompatibleUnionABCA, CompatibleUnionBC, ProgressiveBitsStruct,
    ProgressiveComplexTestStruct, ProgressiveSingleFieldContainerTestStruct,
    ProgressiveSingleListContainerTestStruct, ProgressiveTestStruct, ProgressiveVarTestStruct,
};

/// An edition of the suite: the marker type whose progressive
/// merkleization the suite's progressive types follow.
pub trait SuiteEdition: crate::harness::SpecEdition {
    /// The check of a case of `handler` whose type, `name`, depends on the
    /// edition; `None` for another type.
    fn edition_check(handler: &str, name: &str, valid: bool) -> Option<Check>;
}

// ---------------------------------------------------------------------------
// Basic types and how value.yaml writes them.
// ---------------------------------------------------------------------------

/// A basic type of the suite: `bool` or `uintN`.
///
/// value.yaml writes `uint128` and `uint256` as quoted decimal strings and
/// the others as YAML numbers and booleans. [`U256`] reads decimal strings
/// itself; `u128` reads numbers only, so it goes through
/// [`serde_utils::quoted_u128`] and [`serde_utils::quoted_int_seq`].
pub trait Basic:
    TreeHashView + DeserializeOwned + PartialEq + Debug + Clone + Send + Sync + 'static
{
    /// One value, from the text of value.yaml.
    fn parse_one(yaml: &str) -> Result<Self, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }

    /// A vector, from the text of value.yaml.
    fn parse_vector<const N: usize>(yaml: &str) -> Result<Vector<Self, U<N>>, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }

    /// A progressive list, from the text of value.yaml.
    fn parse_progressive_list<E: Edition>(yaml: &str) -> Result<ProgressiveList<Self, E>, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }
}

impl Basic for bool {}
impl Basic for u8 {}
impl Basic for u16 {}
impl Basic for u32 {}
impl Basic for u64 {}
impl Basic for U256 {}

impl Basic for u128 {
    fn parse_one(yaml: &str) -> Result<Self, String> {
        serde_utils::quoted_u128::deserialize(serde_yaml::Deserializer::from_str(yaml))
            .map_err(|e| e.to_string())
    }

    fn parse_vector<const N: usize>(yaml: &str) -> Result<Vector<Self, U<N>>, String> {
        serde_utils::quoted_int_seq::deserialize(serde_yaml::Deserializer::from_str(yaml))
            .map_err(|e| e.to_string())
    }

    fn parse_progressive_list<E: Edition>(yaml: &str) -> Result<ProgressiveList<Self, E>, String> {
        serde_utils::quoted_int_seq::deserialize(serde_yaml::Deserializer::from_str(yaml))
            .map_err(|e| e.to_string())
    }
}

// ---------------------------------------------------------------------------
// Checks.
// ---------------------------------------------------------------------------

/// Every condition of a valid case: the value's ([`check_valid_with`]),
/// through a view ([`check_view_with`]) and through the streams
/// ([`check_stream_with`]).
fn valid_with<T>(case: &Case, parse: fn(&str) -> Result<T, String>) -> Result<(), String>
where
    T: TreeHashView + PartialEq + Debug,
{
    check_valid_with::<T>(case, META_FILE, parse)?;
    check_view_with::<T>(case, META_FILE, parse)?;
    check_stream_with::<T>(case, META_FILE, parse)
}

/// Every condition of an invalid case: decoding refuses it, and the view
/// and the streams refuse it with decoding's error.
fn invalid<T: SszView + Debug>(case: &Case) -> Result<(), String> {
    check_invalid::<T>(case)?;
    check_view_invalid::<T>(case)?;
    check_stream_invalid::<T>(case)
}

fn serde_parse<T: DeserializeOwned>(yaml: &str) -> Result<T, String> {
    serde_yaml::from_str(yaml).map_err(|e| e.to_string())
}

fn serde_check<T>(valid: bool) -> Check
where
    T: TreeHashView + DeserializeOwned + PartialEq + Debug,
{
    if valid {
        |case| valid_with::<T>(case, serde_parse::<T>)
    } else {
        invalid::<T>
    }
}

fn uint_check<T: Basic>(valid: bool) -> Check {
    if valid {
        |case| valid_with::<T>(case, T::parse_one)
    } else {
        invalid::<T>
    }
}

fn parse_array<T: Basic, const N: usize>(yaml: &str) -> Result<[T; N], String> {
    let vector = T::parse_vector::<N>(yaml)?;
    <[T; N]>::try_from(vector.as_slice().to_vec())
        .map_err(|v| format!("{} elements for [T; {N}]", v.len()))
}

fn vector_valid<T: Basic, const N: usize>(case: &Case) -> Result<(), String> {
    valid_with::<Vector<T, U<N>>>(case, T::parse_vector)?;
    valid_with::<[T; N]>(case, parse_array::<T, N>)
}

fn vector_invalid<T: Basic, const N: usize>(case: &Case) -> Result<(), String> {
    invalid::<Vector<T, U<N>>>(case)?;
    invalid::<[T; N]>(case)
}

fn vector_check<T: Basic, const N: usize>(valid: bool) -> Check {
    if valid {
        vector_valid::<T, N>
    } else {
        vector_invalid::<T, N>
    }
}

fn proglist_check<T: Basic, E: Edition>(valid: bool) -> Check {
    if valid {
        |case| valid_with::<ProgressiveList<T, E>>(case, T::parse_progressive_list)
    } else {
        invalid::<ProgressiveList<T, E>>
    }
}

/// Lengths of `vec_{element}_{length}` in v1.6.1 (0 only in the invalid
/// suite: `Vector[T, 0]` is an illegal type).
fn vector_len_check<T: Basic>(len: usize, valid: bool) -> Option<Check> {
    macro_rules! lengths {
        ($($n:literal),*) => {
            match len {
                $($n => Some(vector_check::<T, $n>(valid)),)*
                _ => None,
            }
        };
    }
    lengths!(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513)
}

/// Lengths of `bitvec_{length}` in v1.6.1 (0 only in the invalid suite).
fn bitvector_check(len: usize, valid: bool) -> Option<Check> {
    macro_rules! lengths {
        ($($n:literal),*) => {
            match len {
                $($n => Some(serde_check::<Bitvector<U<$n>>>(valid)),)*
                _ => None,
            }
        };
    }
    lengths!(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513)
}

/// Limits of `bitlist_{limit}` in v1.6.1.
fn bitlist_check(limit: usize, valid: bool) -> Option<Check> {
    macro_rules! limits {
        ($($n:literal),*) => {
            match limit {
                $($n => Some(serde_check::<Bitlist<U<$n>>>(valid)),)*
                _ => None,
            }
        };
    }
    limits!(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513)
}

/// Calls `$f::<T $(, $more)*>($args)` with `T` the basic type spelled
/// `$name`.
macro_rules! with_basic {
    ($name:expr, $f:ident $(<$($more:ty),*>)? ($($arg:expr),*)) => {
        match $name {
            "bool" => Some($f::<bool $($(, $more)*)?>($($arg),*)),
            "uint8" => Some($f::<u8 $($(, $more)*)?>($($arg),*)),
            "uint16" => Some($f::<u16 $($(, $more)*)?>($($arg),*)),
            "uint32" => Some($f::<u32 $($(, $more)*)?>($($arg),*)),
            "uint64" => Some($f::<u64 $($(, $more)*)?>($($arg),*)),
            "uint128" => Some($f::<u128 $($(, $more)*)?>($($arg),*)),
            "uint256" => Some($f::<U256 $($(, $more)*)?>($($arg),*)),
            _ => None,
        }
    };
}

/// The check of case `name` of `handler`, in the valid suite if `valid`,
/// else the invalid one, with the types of edition `E` (the suite's
/// progressive types follow `E`; the others are the same in every edition).
/// An error names what is not known: the handler, or the type spelled in
/// the name.
pub fn check_for<E: SuiteEdition>(handler: &str, valid: bool, name: &str) -> Result<Check, String> {
    let tokens: Vec<&str> = name.split('_').collect();
    let unknown = || format!("handler {handler}: no type for the case name {name:?}");
    let number = |i: usize| tokens.get(i).and_then(|t| t.parse::<usize>().ok());
    let check = match handler {
        "uints" => match (tokens.first(), tokens.get(1)) {
            (Some(&"uint"), Some(&"8")) => Some(uint_check::<u8>(valid)),
            (Some(&"uint"), Some(&"16")) => Some(uint_check::<u16>(valid)),
            (Some(&"uint"), Some(&"32")) => Some(uint_check::<u32>(valid)),
            (Some(&"uint"), Some(&"64")) => Some(uint_check::<u64>(valid)),
            (Some(&"uint"), Some(&"128")) => Some(uint_check::<u128>(valid)),
            (Some(&"uint"), Some(&"256")) => Some(uint_check::<U256>(valid)),
            _ => None,
        },
        // The names of boolean cases only describe the value.
        "boolean" => Some(serde_check::<bool>(valid)),
        "basic_vector" => match (tokens.first(), tokens.get(1), number(2)) {
            (Some(&"vec"), Some(elem), Some(len)) => {
                with_basic!(*elem, vector_len_check(len, valid)).flatten()
            }
            _ => None,
        },
        "bitvector" => match (tokens.first(), number(1)) {
            (Some(&"bitvec"), Some(len)) => bitvector_check(len, valid),
            _ => None,
        },
        "bitlist" => match (tokens.first(), number(1)) {
            (Some(&"bitlist"), Some(limit)) => bitlist_check(limit, valid),
            _ => None,
        },
        "basic_progressive_list" => match (tokens.first(), tokens.get(1)) {
            (Some(&"proglist"), Some(elem)) => with_basic!(*elem, proglist_check<E>(valid)),
            _ => None,
        },
        "progressive_bitlist" => match tokens.first() {
            Some(&"progbitlist") => Some(serde_check::<ProgressiveBitlist<E>>(valid)),
            _ => None,
        },
        "containers" => match tokens.first().copied() {
            Some("SingleFieldTestStruct") => Some(serde_check::<SingleFieldTestStruct>(valid)),
            Some("SmallTestStruct") => Some(serde_check::<SmallTestStruct>(valid)),
            Some("FixedTestStruct") => Some(serde_check::<FixedTestStruct>(valid)),
            Some("VarTestStruct") => Some(serde_check::<VarTestStruct>(valid)),
            Some("ComplexTestStruct") => Some(serde_check::<ComplexTestStruct>(valid)),
            Some("BitsStruct") => Some(serde_check::<BitsStruct>(valid)),
            Some(other) => E::edition_check(handler, other, valid),
            None => None,
        },
        "progressive_containers" | "compatible_unions" => tokens
            .first()
            .and_then(|first| E::edition_check(handler, first, valid)),
        _ => return Err(format!("unknown ssz_generic handler {handler:?}")),
    };
    check.ok_or_else(unknown)
}
