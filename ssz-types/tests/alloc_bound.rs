//! Bounded decoding: how much heap one `from_ssz` call takes, on crafted
//! worst cases, measured by a counting global allocator.
//!
//! The claim under test (the `Ssz::from_ssz` docs: decoding "allocates at
//! most a small multiple of `bytes.len()`", 8 times the input plus 1 KiB):
//! while decoding `len` bytes, the live heap never grows by more than
//!
//! ```text
//! BOUND_FACTOR * len + BOUND_SLACK   (8 * len + 1 KiB)
//! ```
//!
//! whether decoding succeeds or fails: a rejected input must not have
//! reserved more first.
//!
//! Why 8: the largest honest ratio of memory to encoding in this crate is a
//! list of empty variable-size values, where a 4-byte offset decodes into a
//! 24-byte `Vec` header (6x), or a 5-byte bitlist (offset and delimiter byte)
//! into a 32-byte `Bitlist` and its 1-byte buffer (6.4x). A decoder that
//! reserves room from a count it has not checked against the input, keeps a
//! second copy, or over-allocates as it grows goes past 8x. The slack covers
//! small inputs, where one allocation (an error's path, about 100 bytes)
//! dominates.
//!
//! Elements behind offsets are reserved all at once when they fit in 8x
//! the input (`codec::decode_elements`), so a list of empty lists,
//! bitlists or unions ends at 4.8x to 6.4x and never holds two buffers
//! while it grows.
//!
//! One kind of type goes past 8x by its representation, not by decoding:
//! short fixed-size values kept on the heap (`Bitvector[1]`, `ByteVector[1]`,
//! `Vector[uint8, 1]`) in a list, where one input byte becomes a 24-byte
//! `Vec` header and a 1-byte buffer. Those are held to the size of the value
//! itself ([`small_heap_elements`]).
//!
//! The persistent types keep a tree of nodes beside their elements (a leaf
//! and an inner node per composite element, about 150 bytes; for a basic
//! type, per 8 chunks). Elements of 32 bytes or more keep to 8x; shorter
//! composite elements are held to their tree's size ([`persistent_types`]).
//!
//! The spec vectors are measured the same way in
//! `spec-tests/tests/alloc_bound.rs`.

use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, Bytes32, List, PersistentList,
    PersistentProgressiveList, PersistentVector, ProgressiveBitlist, ProgressiveList, Ssz,
    TreeHash, Vector, U, U64, V1_6,
};
use test_support::alloc::{decode_bound, BOUND_SLACK, DECODE_BOUND_RULE};

/// Elements in the longest crafted inputs (fewer under Miri, which decodes
/// them a thousand times slower; the bounds are per input byte either way).
const MANY: usize = if cfg!(miri) { 1000 } else { 100_000 };

// The counting allocator of `test-support`: per-thread live, peak and total
// bytes, so that tests running on other threads do not disturb a
// measurement.
#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

/// What one decode cost.
#[derive(Debug, Clone, Copy)]
struct Cost {
    /// Input length.
    len: usize,
    /// Highest live heap above the level before the call.
    peak: usize,
    /// Heap still held by the decoded value (0 on an error).
    retained: usize,
    /// Bytes of every allocation made during the call.
    total: usize,
    ok: bool,
}

impl Cost {
    fn ratio(&self) -> f64 {
        self.peak as f64 / self.len.max(1) as f64
    }
}

/// Decodes `bytes` as `T` and measures the heap it takes.
fn measure<T: Ssz>(bytes: &[u8]) -> Cost {
    let (result, usage) = test_support::alloc::measure(|| T::from_ssz(bytes));
    Cost {
        len: bytes.len(),
        peak: usage.peak,
        retained: usage.retained,
        total: usage.total,
        ok: result.is_ok(),
    }
}

/// Measures one case, checks its verdict and that its peak is within
/// `bound`, and prints the cost.
#[track_caller]
fn check_within<T: Ssz>(
    what: &str,
    bytes: &[u8],
    expect_ok: bool,
    bound: usize,
    rule: &str,
) -> Cost {
    let cost = measure::<T>(bytes);
    assert_eq!(
        cost.ok, expect_ok,
        "{what}: decoded {} (expected the other verdict)",
        cost.ok
    );
    assert!(
        cost.peak <= bound,
        "{what}: decoding {} bytes took {} heap bytes at peak ({:.1}x), over the bound {bound} \
         ({rule}); retained {}, allocated in all {}",
        cost.len,
        cost.peak,
        cost.ratio(),
        cost.retained,
        cost.total
    );
    println!(
        "{what}: {} bytes -> peak {} ({:.2}x), retained {}, allocated {}{}",
        cost.len,
        cost.peak,
        cost.ratio(),
        cost.retained,
        cost.total,
        if cost.peak > decode_bound(cost.len) {
            " [over 8x]"
        } else {
            ""
        }
    );
    cost
}

/// [`check_within`] the general bound.
#[track_caller]
fn check<T: Ssz>(what: &str, bytes: &[u8], expect_ok: bool) -> Cost {
    check_within::<T>(
        what,
        bytes,
        expect_ok,
        decode_bound(bytes.len()),
        DECODE_BOUND_RULE,
    )
}

fn offsets(values: impl IntoIterator<Item = usize>) -> Vec<u8> {
    values
        .into_iter()
        .flat_map(|v| u32::try_from(v).unwrap().to_le_bytes())
        .collect()
}

/// `n` offsets, all pointing at the end: `n` empty variable-size elements.
fn empty_elements(n: usize) -> Vec<u8> {
    offsets(std::iter::repeat_n(4 * n, n))
}

// ---------------------------------------------------------------------------
// The counter itself.
// ---------------------------------------------------------------------------

/// The allocator sees what a decode allocates: a list of 1000 `u64`s holds
/// 8000 bytes, a rejected empty input nothing.
#[test]
fn the_counter_counts() {
    let bytes = vec![7u8; 8000];
    let cost = measure::<List<u64, U<1000>>>(&bytes);
    assert!(cost.ok);
    assert!(cost.retained >= 8000 && cost.peak >= 8000, "{cost:?}");
    let cost = measure::<List<u64, U<999>>>(&bytes);
    assert!(!cost.ok);
    assert_eq!(cost.retained, 0, "{cost:?}");
}

// ---------------------------------------------------------------------------
// Crafted worst cases.
// ---------------------------------------------------------------------------

/// Many empty lists in a list: only offsets.
#[test]
fn list_of_empty_lists() {
    for n in [1, 100, MANY] {
        let bytes = empty_elements(n);
        check::<List<List<u8, U<16>>, U<1_000_000>>>(
            "List[List[uint8,16],10^6] empty",
            &bytes,
            true,
        );
        check::<List<ByteList<U<16>>, U<1_000_000>>>("List[ByteList[16],10^6] empty", &bytes, true);
        check::<Vector<List<u64, U<4>>, U<MANY>>>(
            "Vector[List[uint64,4],10^5] empty",
            &bytes,
            n == MANY,
        );
    }
}

/// Progressive lists nested three deep, every level only offsets.
#[test]
fn nested_progressive_lists() {
    let n = MANY / 2;
    check::<ProgressiveList<ProgressiveList<u8>>>(
        "ProgressiveList[ProgressiveList[uint8]] empty",
        &empty_elements(n),
        true,
    );

    // Outer: 100 offsets; each inner element is itself 100 empty lists
    // (20 and 20 under Miri).
    let k = if cfg!(miri) { 20 } else { 100 };
    let inner = empty_elements(k);
    let outer_fixed = 4 * k;
    let mut bytes = offsets((0..k).map(|i| outer_fixed + i * inner.len()));
    for _ in 0..k {
        bytes.extend_from_slice(&inner);
    }
    check::<ProgressiveList<ProgressiveList<ProgressiveList<u16>>>>(
        "ProgressiveList^3[uint16] empty",
        &bytes,
        true,
    );
}

/// Offsets at the extremes: the first offset claims the whole input (the
/// most elements), the next ones point past the end or backwards. Rejected
/// after the count is known: any room reserved from that count shows.
#[test]
fn maximal_offsets() {
    let n = MANY;
    let mut past_end = empty_elements(n);
    past_end[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    check::<List<List<u8, U<16>>, U<1_000_000>>>("offset past the end", &past_end, false);

    let mut last_past_end = empty_elements(n);
    let last = last_past_end.len() - 4;
    last_past_end[last..].copy_from_slice(&u32::MAX.to_le_bytes());
    check::<List<List<u8, U<16>>, U<1_000_000>>>("last offset past the end", &last_past_end, false);

    let mut decreasing = empty_elements(n);
    decreasing[4 * (n - 1)..].copy_from_slice(&0u32.to_le_bytes());
    check::<ProgressiveList<ProgressiveList<u8>>>("decreasing last offset", &decreasing, false);

    // A first offset of 2^32 - 4 over 8 bytes of input.
    let mut huge = vec![0u8; 8];
    huge[..4].copy_from_slice(&(u32::MAX - 3).to_le_bytes());
    check::<List<List<u8, U<16>>, U<{ 1 << 30 }>>>("first offset 2^32-4", &huge, false);
    check::<ProgressiveList<ProgressiveBitlist>>("first offset 2^32-4, progressive", &huge, false);
}

/// A variable-size container with a large fixed part, listed behind offsets
/// that all point at the end: every element is empty, which no element can
/// be, so decoding fails at the first one. The count of offsets is known
/// before any element is decoded.
#[derive(Ssz, TreeHash, Debug, PartialEq)]
struct Wide {
    a: [u8; 256],
    b: List<u8, U<4>>,
}

#[test]
fn wide_elements_behind_offsets() {
    let n = MANY / 10;
    check::<List<Wide, U<1_000_000>>>("List[Wide] offsets only", &empty_elements(n), false);
    check::<ProgressiveList<Wide>>(
        "ProgressiveList[Wide] offsets only",
        &empty_elements(n),
        false,
    );
}

/// Long bitlists, and lists of short ones.
#[test]
fn bitlists() {
    let mut long = vec![0xffu8; if cfg!(miri) { 1 << 12 } else { 1 << 20 }];
    *long.last_mut().unwrap() = 1;
    let bits = 8 * long.len() - 7;
    check::<Bitlist<U<{ 1 << 23 }>>>(&format!("Bitlist[2^23], {bits} bits"), &long, true);
    check::<ProgressiveBitlist>(&format!("ProgressiveBitlist, {bits} bits"), &long, true);
    *long.last_mut().unwrap() = 0;
    check::<Bitlist<U<{ 1 << 23 }>>>("Bitlist, no delimiter", &long, false);
    check::<Bitlist<U<1024>>>("Bitlist[1024] over its limit", &long, false);

    // 10000 bitlists of one delimiter byte each.
    let n = MANY / 10;
    let mut many = offsets((0..n).map(|i| 4 * n + i));
    many.extend(std::iter::repeat_n(1u8, n));
    check::<List<Bitlist<U<8>>, U<100_000>>>("List[Bitlist[8]] of empty bitlists", &many, true);
    check::<ProgressiveList<ProgressiveBitlist>>(
        "ProgressiveList[ProgressiveBitlist] empty",
        &many,
        true,
    );
}

/// A union whose options are variable-size: 1-byte `None`s and empty lists
/// behind offsets.
#[derive(Ssz, TreeHash, Debug, PartialEq)]
enum Choice {
    None,
    Bytes(List<u8, U<64>>),
    Pair([u64; 2]),
}

#[test]
fn unions() {
    let n = MANY / 10;
    let mut nones = offsets((0..n).map(|i| 4 * n + i));
    nones.extend(std::iter::repeat_n(0u8, n));
    check::<List<Choice, U<100_000>>>("List[Union] of None", &nones, true);

    let mut lists = offsets((0..n).map(|i| 4 * n + i));
    lists.extend(std::iter::repeat_n(1u8, n));
    check::<List<Choice, U<100_000>>>("List[Union] of empty lists", &lists, true);

    // Selectors out of range, past the first element.
    let mut bad = lists.clone();
    *bad.last_mut().unwrap() = 3;
    check::<List<Choice, U<100_000>>>("List[Union], bad last selector", &bad, false);
}

/// Declared lengths far beyond the input: the element count comes from the
/// input length (fixed-size elements) or the first offset (variable-size
/// ones), never from a limit or a vector length.
#[test]
fn big_declared_lengths() {
    check::<List<u64, U64<{ 1 << 40 }>>>("List[uint64, 2^40], 8 bytes", &[1; 8], true);
    check::<Vector<u64, U<{ 1 << 24 }>>>("Vector[uint64, 2^24], 8 bytes", &[1; 8], false);
    check::<Vector<List<u8, U<4>>, U<{ 1 << 24 }>>>(
        "Vector[List, 2^24], 2 offsets",
        &empty_elements(2),
        false,
    );
    check::<ByteVector<U<{ 1 << 24 }>>>("ByteVector[2^24], 8 bytes", &[1; 8], false);
    check::<Bitvector<U<{ 1 << 24 }>>>("Bitvector[2^24], 8 bytes", &[1; 8], false);
    check::<Bitlist<U64<{ 1 << 40 }>>>("Bitlist[2^40], 8 bytes", &[1; 8], true);
}

/// Fixed-size elements that live on the heap (`Bitvector`, `ByteVector`,
/// `Vector`): each element is a `Vec` header in the list's buffer plus its
/// own buffer, so one byte of input can become 25 bytes of heap. That is the
/// cost of the representation, not of decoding (short fixed-size values
/// belong in `FixedBytes` or arrays, which are inline): such lists are held
/// to "the decoded value and nothing more", one `T` and its encoded length
/// per element.
#[test]
fn small_heap_elements() {
    fn value_bound<T: Ssz>(len: usize) -> usize {
        len / T::FIXED_PART_LEN * (core::mem::size_of::<T>() + T::FIXED_PART_LEN) + BOUND_SLACK
    }
    let bytes = vec![1u8; MANY / 10];
    let rule = "one element in memory and its buffer per element";
    check_within::<List<Bitvector<U<1>>, U<100_000>>>(
        "List[Bitvector[1]]",
        &bytes,
        true,
        value_bound::<Bitvector<U<1>>>(bytes.len()),
        rule,
    );
    check_within::<List<ByteVector<U<1>>, U<100_000>>>(
        "List[ByteVector[1]]",
        &bytes,
        true,
        value_bound::<ByteVector<U<1>>>(bytes.len()),
        rule,
    );
    check_within::<List<Vector<u8, U<1>>, U<100_000>>>(
        "List[Vector[uint8, 1]]",
        &bytes,
        true,
        value_bound::<Vector<u8, U<1>>>(bytes.len()),
        rule,
    );
    // At a length where the buffer outweighs the header, the general bound
    // holds again.
    let bytes = vec![1u8; 32 * (MANY / 100)];
    check::<List<ByteVector<U<32>>, U<100_000>>>("List[ByteVector[32]]", &bytes, true);
}

/// A composite element of 16 bytes (as `PendingConsolidation`).
#[derive(Debug, Clone, PartialEq, peam_ssz_types::Ssz, peam_ssz_types::TreeHash)]
struct Pair {
    a: u64,
    b: u64,
}

/// A composite element of 121 bytes (as `Validator`).
#[derive(Debug, Clone, PartialEq, peam_ssz_types::Ssz, peam_ssz_types::TreeHash)]
struct ValidatorLike {
    key: [u8; 48],
    credentials: Bytes32,
    balance: u64,
    slashed: bool,
    epochs: [u64; 4],
}

/// The persistent types decode their elements, then build their tree of
/// nodes (hashing nothing): within 8x for elements of 32 bytes or more,
/// valid or not, and never past a declared maximum. Composite elements of
/// 16 bytes are held to the tree itself: the element in its leaf, the
/// leaf's root and counts and one inner node (144 bytes on 64-bit
/// targets), plus the decoded elements while the tree is built.
#[test]
fn persistent_types() {
    let n = MANY / 10;
    let words = vec![3u8; 8 * n];
    check::<PersistentList<u64, U64<{ 1 << 40 }>>>("PersistentList[uint64]", &words, true);
    check::<PersistentProgressiveList<u64>>("PersistentProgressiveList[uint64]", &words, true);
    check::<PersistentVector<u64, U<{ MANY / 10 }>>>("PersistentVector[uint64]", &words, true);
    let roots = vec![5u8; 32 * n];
    check::<PersistentList<Bytes32, U<{ 1 << 20 }>>>("PersistentList[Bytes32]", &roots, true);
    check::<PersistentVector<Bytes32, U<{ MANY / 10 }>>>("PersistentVector[Bytes32]", &roots, true);
    let wide = vec![0u8; 121 * n];
    check::<PersistentList<ValidatorLike, U<{ 1 << 20 }>>>(
        "PersistentList[Validator-like]",
        &wide,
        true,
    );
    check::<PersistentProgressiveList<ValidatorLike, V1_6>>(
        "PersistentProgressiveList[Validator-like]",
        &wide,
        true,
    );
    // Refused before the tree is built, and before the elements are.
    check::<PersistentList<ValidatorLike, U<{ MANY / 10 - 1 }>>>(
        "PersistentList[Validator-like, n - 1], n elements",
        &wide,
        false,
    );
    check::<PersistentList<u64, U<8>>>("PersistentList[uint64, 8], n elements", &words, false);
    check::<PersistentList<ValidatorLike, U<{ 1 << 20 }>>>(
        "PersistentList[Validator-like], a partial element",
        &wide[..wide.len() - 1],
        false,
    );
    let pairs = vec![1u8; 16 * n];
    // The element in its leaf and once more decoded, and 144 bytes of
    // tree (its leaf's root and counts, an inner node).
    let per_element = 2 * 16 + 144;
    check_within::<PersistentList<Pair, U<{ 1 << 20 }>>>(
        "PersistentList[16-byte container]",
        &pairs,
        true,
        n * per_element + BOUND_SLACK,
        "the element twice (decoded, then in its leaf) and 144 bytes of tree per element",
    );
}
