//! Bounded decoding over the spec vectors: every `serialized.ssz_snappy` of
//! the `ssz_generic` and `ssz_static` suites (valid and invalid), decoded as
//! its type, must not grow the live heap by more than
//!
//! ```text
//! BOUND_FACTOR * len + BOUND_SLACK   (8 * len + 1 KiB)
//! ```
//!
//! the bound of `ssz-types/tests/alloc_bound.rs` (which explains it and
//! holds the crafted worst cases). Only `from_ssz` is measured, by a counting
//! global allocator with per-thread counters; the run prints the worst ratio
//! of peak heap to input length per suite.

use beacon_types::beacon::{self, Container, ContainerVisitor, Mainnet, Minimal, Preset, FORKS};
use peam_ssz_types::{
    Bitlist, Bitvector, ProgressiveBitlist, ProgressiveList, Ssz, Vector, U, U256, V1_6,
};
use spec_tests::generic::{self as g, HANDLERS, SUITES};
use spec_tests::harness::{file_name, subdirs, vectors_dir, Case};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use test_support::alloc::{decode_bound, BOUND_FACTOR, BOUND_SLACK};

// The counting allocator of `test-support` (per-thread counters), with the
// bound of `ssz-types/tests/alloc_bound.rs`.
#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

/// The peak heap growth while decoding `bytes` as `T`.
fn peak_of<T: Ssz>(bytes: &[u8]) -> usize {
    test_support::alloc::measure(|| T::from_ssz(bytes)).1.peak
}

type Measure = fn(&[u8]) -> usize;

// ---------------------------------------------------------------------------
// The worst case of a suite.
// ---------------------------------------------------------------------------

/// Inputs at least this long count for the reported worst ratio; below it,
/// a rejection's error value (about 100 bytes) dominates any ratio.
const RATIO_MIN_LEN: usize = 256;

#[derive(Default)]
struct Worst {
    cases: usize,
    ratio: f64,
    at: String,
    over: Vec<String>,
}

impl Worst {
    fn record(&mut self, label: &str, len: usize, peak: usize) {
        self.cases += 1;
        let ratio = peak as f64 / len.max(1) as f64;
        if len >= RATIO_MIN_LEN && ratio > self.ratio {
            self.ratio = ratio;
            self.at = format!("{label} ({len} bytes, peak {peak})");
        }
        if peak > decode_bound(len) {
            self.over.push(format!(
                "{label}: {len} bytes, peak {peak} > {BOUND_FACTOR} * len + {BOUND_SLACK}"
            ));
        }
    }

    fn finish(self, suite: &str) {
        spec_tests::report!(
            "{suite}: {} cases, worst peak/len (inputs of {RATIO_MIN_LEN} bytes or more) {:.2} at {}",
            self.cases, self.ratio, self.at
        );
        assert!(self.cases > 0, "{suite}: no case measured");
        assert!(
            self.over.is_empty(),
            "{suite}: {} cases over the bound:\n{}",
            self.over.len(),
            self.over.join("\n")
        );
    }
}

fn measure_case(worst: &mut Worst, case_dir: &Path, measure: Measure) {
    let case = Case::new(case_dir);
    let bytes = case.serialized().unwrap_or_else(|e| panic!("{e}"));
    let peak = measure(&bytes);
    worst.record(case.label(), bytes.len(), peak);
}

// ---------------------------------------------------------------------------
// ssz_generic: the type of a case is spelled in its handler and name.
// ---------------------------------------------------------------------------

macro_rules! with_basic {
    ($name:expr, $f:ident ($($arg:expr),*)) => {
        match $name {
            "bool" => $f::<bool>($($arg),*),
            "uint8" => $f::<u8>($($arg),*),
            "uint16" => $f::<u16>($($arg),*),
            "uint32" => $f::<u32>($($arg),*),
            "uint64" => $f::<u64>($($arg),*),
            "uint128" => $f::<u128>($($arg),*),
            "uint256" => $f::<U256>($($arg),*),
            _ => None,
        }
    };
}

fn vector_of<T: Ssz>(len: usize) -> Option<Measure> {
    macro_rules! lengths {
        ($($n:literal),*) => {
            match len {
                $($n => Some(peak_of::<Vector<T, U<$n>>> as Measure),)*
                _ => None,
            }
        };
    }
    lengths!(1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513)
}

fn bitvector_of(len: usize) -> Option<Measure> {
    macro_rules! lengths {
        ($($n:literal),*) => {
            match len {
                $($n => Some(peak_of::<Bitvector<U<$n>>> as Measure),)*
                _ => None,
            }
        };
    }
    lengths!(1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513)
}

fn bitlist_of(limit: usize) -> Option<Measure> {
    macro_rules! limits {
        ($($n:literal),*) => {
            match limit {
                $($n => Some(peak_of::<Bitlist<U<$n>>> as Measure),)*
                _ => None,
            }
        };
    }
    limits!(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 511, 512, 513)
}

fn single<T: Ssz>() -> Option<Measure> {
    Some(peak_of::<T>)
}

fn proglist_of<T: Ssz>() -> Option<Measure> {
    Some(peak_of::<ProgressiveList<T>>)
}

/// The measurement of a case, or `None` for a type that is illegal
/// (`Vector[T, 0]`, `Bitvector[0]`: those cases are invalid by type, and
/// no Rust type spells them).
fn generic_measure(handler: &str, name: &str) -> Result<Option<Measure>, String> {
    let tokens: Vec<&str> = name.split('_').collect();
    let number = |i: usize| tokens.get(i).and_then(|t| t.parse::<usize>().ok());
    let measure = match handler {
        "uints" => match number(1) {
            Some(bits) => with_basic!(format!("uint{bits}").as_str(), single()),
            None => None,
        },
        "boolean" => single::<bool>(),
        "basic_vector" => match (tokens.get(1), number(2)) {
            (_, Some(0)) => return Ok(None),
            (Some(elem), Some(len)) => with_basic!(*elem, vector_of(len)),
            _ => None,
        },
        "bitvector" => match number(1) {
            Some(0) => return Ok(None),
            Some(len) => bitvector_of(len),
            None => None,
        },
        "bitlist" => number(1).and_then(bitlist_of),
        "basic_progressive_list" => match tokens.get(1) {
            Some(elem) => with_basic!(*elem, proglist_of()),
            None => None,
        },
        "progressive_bitlist" => single::<ProgressiveBitlist>(),
        "containers" | "progressive_containers" | "compatible_unions" => {
            match tokens.first().copied() {
                Some("SingleFieldTestStruct") => single::<g::SingleFieldTestStruct>(),
                Some("SmallTestStruct") => single::<g::SmallTestStruct>(),
                Some("FixedTestStruct") => single::<g::FixedTestStruct>(),
                Some("VarTestStruct") => single::<g::VarTestStruct>(),
                Some("ComplexTestStruct") => single::<g::ComplexTestStruct>(),
                Some("ProgressiveTestStruct") => single::<g::ProgressiveTestStruct>(),
                Some("BitsStruct") => single::<g::BitsStruct>(),
                Some("ProgressiveBitsStruct") => single::<g::ProgressiveBitsStruct>(),
                Some("ProgressiveSingleFieldContainerTestStruct") => {
                    single::<g::ProgressiveSingleFieldContainerTestStruct>()
                }
                Some("ProgressiveSingleListContainerTestStruct") => {
                    single::<g::ProgressiveSingleListContainerTestStruct>()
                }
                Some("ProgressiveVarTestStruct") => single::<g::ProgressiveVarTestStruct>(),
                Some("ProgressiveComplexTestStruct") => single::<g::ProgressiveComplexTestStruct>(),
                Some("CompatibleUnionA") => single::<g::CompatibleUnionA>(),
                Some("CompatibleUnionBC") => single::<g::CompatibleUnionBC>(),
                Some("CompatibleUnionABCA") => single::<g::CompatibleUnionABCA>(),
                _ => None,
            }
        }
        _ => None,
    };
    measure
        .map(Some)
        .ok_or_else(|| format!("{handler}/{name}: no type for this case"))
}

#[test]
fn ssz_generic_vectors_decode_within_the_bound() {
    let root = vectors_dir::<V1_6>().join("tests/general/phase0/ssz_generic");
    let mut worst = Worst::default();
    let mut unknown = Vec::new();
    for handler in HANDLERS {
        for suite in SUITES {
            let cases = subdirs(&root.join(handler).join(suite)).unwrap_or_else(|e| panic!("{e}"));
            for case in cases {
                match generic_measure(handler, &file_name(&case)) {
                    Ok(Some(measure)) => measure_case(&mut worst, &case, measure),
                    Ok(None) => {}
                    Err(e) => unknown.push(e),
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "cases of no known type:\n{}",
        unknown.join("\n")
    );
    worst.finish("ssz_generic");
}

// ---------------------------------------------------------------------------
// ssz_static: the type of a case is its type directory.
// ---------------------------------------------------------------------------

#[derive(Default)]
struct Table(BTreeMap<&'static str, Measure>);

impl ContainerVisitor for Table {
    fn visit<T: Container>(&mut self, name: &'static str) {
        self.0.insert(name, peak_of::<T>);
    }
}

fn static_cases<P: Preset>(worst: &mut Worst) {
    let preset_dir = vectors_dir::<V1_6>().join("tests").join(P::NAME);
    for fork in FORKS {
        let mut table = Table::default();
        assert!(beacon::visit_fork_containers::<P, _>(fork, &mut table));
        let dir = preset_dir.join(fork).join("ssz_static");
        for type_dir in subdirs(&dir).unwrap_or_else(|e| panic!("{e}")) {
            let name = file_name(&type_dir);
            let measure = *table
                .0
                .get(name.as_str())
                .unwrap_or_else(|| panic!("{}: no Rust type", type_dir.display()));
            for suite in subdirs(&type_dir).unwrap_or_else(|e| panic!("{e}")) {
                let cases: Vec<PathBuf> = subdirs(&suite).unwrap_or_else(|e| panic!("{e}"));
                for case in cases {
                    measure_case(worst, &case, measure);
                }
            }
        }
    }
}

#[test]
fn ssz_static_minimal_vectors_decode_within_the_bound() {
    let mut worst = Worst::default();
    static_cases::<Minimal>(&mut worst);
    worst.finish("ssz_static/minimal");
}

#[test]
fn ssz_static_mainnet_vectors_decode_within_the_bound() {
    let mut worst = Worst::default();
    static_cases::<Mainnet>(&mut worst);
    worst.finish("ssz_static/mainnet");
}
