//! A fixed-size container encodes into a buffer and decodes without
//! allocating, and `to_ssz` allocates exactly its output.
//!
//! The global allocator (`test-support`'s) counts allocations per thread, so
//! tests running in parallel do not see each other's.

use peam_ssz_types::{Ssz, TreeHash};

#[global_allocator]
static GLOBAL: test_support::alloc::Counting = test_support::alloc::Counting;

/// The allocations `f` makes on this thread.
fn allocations<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let (result, usage) = test_support::alloc::measure(f);
    (result, usage.allocations)
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct BeaconBlockHeader {
    slot: u64,
    proposer_index: u64,
    parent_root: [u8; 32],
    state_root: [u8; 32],
    body_root: [u8; 32],
}

#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Clone)]
struct Nested {
    header: BeaconBlockHeader,
    flags: [bool; 3],
    choice: u16,
}

fn header() -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: 1,
        proposer_index: 2,
        parent_root: [3; 32],
        state_root: [4; 32],
        body_root: [5; 32],
    }
}

#[test]
fn counter_sees_allocations() {
    let (v, n) = allocations(|| vec![1u8; 10]);
    assert_eq!(v.len(), 10);
    assert_eq!(n, 1);
}

#[test]
fn fixed_container_encodes_into_a_buffer_without_allocating() {
    let value = header();
    let mut buf = [0u8; BeaconBlockHeader::FIXED_PART_LEN];
    let ((), n) = allocations(|| value.ssz_write(&mut buf));
    assert_eq!(n, 0);
    assert_eq!(buf[..8], [1, 0, 0, 0, 0, 0, 0, 0]);

    let mut vec = Vec::with_capacity(1000);
    let ((), n) = allocations(|| {
        value.ssz_append(&mut vec);
        value.ssz_append(&mut vec);
    });
    assert_eq!(n, 0);
    assert_eq!(vec.len(), 224);
}

#[test]
fn to_ssz_allocates_once() {
    let value = header();
    let (bytes, n) = allocations(|| value.to_ssz());
    assert_eq!(n, 1);
    assert_eq!(bytes.len(), 112);

    let nested = Nested {
        header: header(),
        flags: [true, false, true],
        choice: 9,
    };
    let (bytes, n) = allocations(|| nested.to_ssz());
    assert_eq!(n, 1);
    assert_eq!(bytes.len(), 117);
}

#[test]
fn fixed_container_decodes_without_allocating() {
    let bytes = header().to_ssz();
    let (decoded, n) = allocations(|| BeaconBlockHeader::from_ssz(&bytes));
    assert_eq!(n, 0);
    assert_eq!(decoded.unwrap(), header());

    let nested = Nested {
        header: header(),
        flags: [true, false, true],
        choice: 9,
    };
    let bytes = nested.to_ssz();
    let (decoded, n) = allocations(|| Nested::from_ssz(&bytes));
    assert_eq!(n, 0);
    assert_eq!(decoded.unwrap(), nested);
}

#[test]
fn hashing_a_fixed_container_does_not_allocate() {
    let value = header();
    let (_, n) = allocations(|| value.hash_tree_root());
    assert_eq!(n, 0);
}
