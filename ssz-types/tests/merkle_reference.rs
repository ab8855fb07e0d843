//! Every type's `hash_tree_root` against the naive merkleizer of
//! `test_support::merkle`, written from the spec text (ssz/simple-serialize.md v1.6.1, "Merkleization"): chunks padded
//! to the next power of two and hashed pairwise, level by level; progressive
//! trees by the recursive formula of EIP-7916.
//!
//! Under Miri, where one SHA-256 takes about a tenth of a second, every test
//! runs its smallest cases (`if cfg!(miri)`): enough to reach each type's
//! code, not to sweep the sizes.

use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, Bytes32, Bytes48, FixedBytes, List,
    ProgressiveBitlist, ProgressiveByteList, ProgressiveList, Ssz, TreeHash, Vector, U, U256, U64,
    V1_6,
};

use test_support::merkle::{
    merkleize, merkleize_progressive_v1_6, merkleize_progressive_v1_7 as merkleize_progressive,
    pack, pack_bits, sha256, zero_subtree, Chunk,
};
use test_support::rng::XorShift64 as Rng;

/// `mix_in_length(root, len)`.
fn mix_in_length(root: &Chunk, len: usize) -> Chunk {
    test_support::merkle::mix_in_length(root, len as u64)
}

const LENGTHS: &[usize] = if cfg!(miri) {
    &[0, 1, 5]
} else {
    &[
        0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100,
    ]
};

/// The length of the vector of roots in `lists_and_vectors_of_composites`.
const ROOTS_VECTOR_LEN: usize = if cfg!(miri) { 8 } else { 100 };

#[test]
fn list_of_u64() {
    let mut rng = Rng(1);
    for &n in LENGTHS {
        let values: Vec<u64> = (0..n).map(|_| rng.next()).collect();
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let list = List::<u64, U<100>>::try_from(values.clone()).unwrap();
        let limit = (100 * 8usize).div_ceil(32);
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&bytes), limit), n),
            "{n}"
        );
        let list = List::<u64, U<{ 1 << 20 }>>::try_from(values).unwrap();
        let limit = ((1usize << 20) * 8).div_ceil(32);
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&bytes), limit), n),
            "{n}"
        );
    }
}

#[test]
fn lists_and_vectors_of_small_uints_and_bools() {
    let mut rng = Rng(2);
    for &n in LENGTHS.iter().filter(|&&n| n > 0) {
        let v16: Vec<u16> = (0..n).map(|_| rng.next() as u16).collect();
        let b16: Vec<u8> = v16.iter().flat_map(|v| v.to_le_bytes()).collect();
        let list = List::<u16, U<300>>::try_from(v16.clone()).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&b16), (300 * 2usize).div_ceil(32)), n)
        );
        let bools = rng.bools(n);
        let bb: Vec<u8> = bools.iter().map(|&b| b as u8).collect();
        let list = List::<bool, U<100>>::try_from(bools.clone()).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&bb), (100usize).div_ceil(32)), n)
        );
        let u128s: Vec<u128> = (0..n)
            .map(|_| (rng.next() as u128) << 64 | rng.next() as u128)
            .collect();
        let b128: Vec<u8> = u128s.iter().flat_map(|v| v.to_le_bytes()).collect();
        let list = List::<u128, U<100>>::try_from(u128s).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&b128), 50), n)
        );
    }
    // Vectors: the chunk count of the length itself.
    macro_rules! vector {
        ($t:ty, $n:literal) => {{
            let values: Vec<$t> = (0..$n).map(|_| rng.next() as $t).collect();
            let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
            let v = Vector::<$t, U<$n>>::try_from(values).unwrap();
            let chunks = pack(&bytes);
            assert_eq!(
                v.hash_tree_root(),
                merkleize(&chunks, chunks.len()),
                "{}",
                $n
            );
        }};
    }
    vector!(u8, 1);
    vector!(u8, 33);
    vector!(u16, 17);
    vector!(u32, 9);
    vector!(u64, 4);
    vector!(u64, 5);
    vector!(u64, 100);
    vector!(u128, 3);
}

#[test]
fn lists_and_vectors_of_composites() {
    let mut rng = Rng(3);
    for &n in LENGTHS {
        let roots: Vec<Bytes32> = (0..n)
            .map(|_| Bytes32::from_slice(&rng.bytes(32)).unwrap())
            .collect();
        let chunks: Vec<Chunk> = roots.iter().map(|r| r.0).collect();
        let list = List::<Bytes32, U<100>>::try_from(roots.clone()).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&chunks, 100), n),
            "{n}"
        );
        if n > 0 {
            let v = Vector::<Bytes32, U<ROOTS_VECTOR_LEN>>::from_fn(|i| {
                roots.get(i).copied().unwrap_or_default()
            });
            let mut padded = chunks.clone();
            padded.resize(ROOTS_VECTOR_LEN, [0; 32]);
            assert_eq!(v.hash_tree_root(), merkleize(&padded, ROOTS_VECTOR_LEN));
        }

        // 48-byte elements: each root is hash(first chunk, padded second).
        let keys: Vec<Bytes48> = (0..n)
            .map(|_| Bytes48::from_slice(&rng.bytes(48)).unwrap())
            .collect();
        let key_roots: Vec<Chunk> = keys.iter().map(|k| merkleize(&pack(&k.0), 2)).collect();
        let list = List::<Bytes48, U<128>>::try_from(keys).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&key_roots, 128), n),
            "{n}"
        );

        // Nested lists: each element's root is itself a list root.
        let inner: Vec<List<u8, U<40>>> = (0..n)
            .map(|i| List::try_from(rng.bytes(i % 41)).unwrap())
            .collect();
        let inner_roots: Vec<Chunk> = inner
            .iter()
            .map(|l| mix_in_length(&merkleize(&pack(l), 2), l.len()))
            .collect();
        let list = List::<List<u8, U<40>>, U<128>>::try_from(inner).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&inner_roots, 128), n)
        );
    }
}

#[test]
fn empty_lists_are_zero_subtrees() {
    // An empty list's root mixes 0 into the root of an all-zero tree of the
    // limit's depth.
    assert_eq!(
        List::<u64, U<1024>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(8), 0)
    );
    assert_eq!(
        List::<Bytes32, U<1024>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(10), 0)
    );
    assert_eq!(
        List::<Bytes32, U64<1_099_511_627_776>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(40), 0)
    );
    assert_eq!(
        ByteList::<U<32>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(0), 0)
    );
    assert_eq!(
        Bitlist::<U<2048>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(3), 0)
    );
    assert_eq!(
        ProgressiveList::<u64>::new().hash_tree_root(),
        mix_in_length(&[0; 32], 0)
    );
}

/// Limits whose leaves outnumber `usize::MAX` on a 32-bit target keep the
/// depth the spec gives them: `limit * size_of(T)` bytes of packed leaves,
/// or one chunk per element, or 256 bits per chunk
/// (ssz/simple-serialize.md v1.6.1, "Merkleization", `chunk_count`).
#[test]
fn limits_beyond_a_32_bit_usize_keep_their_depth() {
    // 2^30 uint64 are 2^33 bytes of leaves: 2^28 chunks.
    assert_eq!(
        List::<u64, U<{ 1 << 30 }>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(28), 0)
    );
    // 2^40 uint64: 2^38 chunks; 2^40 bytes: 2^35; 2^40 bits: 2^32.
    assert_eq!(
        List::<u64, U64<{ 1 << 40 }>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(38), 0)
    );
    assert_eq!(
        ByteList::<U64<{ 1 << 40 }>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(35), 0)
    );
    assert_eq!(
        Bitlist::<U64<{ 1 << 40 }>>::new().hash_tree_root(),
        mix_in_length(&zero_subtree(32), 0)
    );
    // A non-empty list too: its chunks, then zero subtrees up to depth 40.
    let list = List::<Bytes32, U64<{ 1 << 40 }>>::try_from(vec![Bytes32::from([7; 32])]).unwrap();
    let mut root = [7; 32];
    for depth in 0..40 {
        root = sha256(&[root, zero_subtree(depth)].concat());
    }
    assert_eq!(list.hash_tree_root(), mix_in_length(&root, 1));
}

#[test]
fn bitlists() {
    let mut rng = Rng(4);
    macro_rules! check {
        ($n:literal) => {{
            let lens: &[usize] = if cfg!(miri) {
                &[0, 9, 257]
            } else {
                &[0, 1, 7, 8, 9, 255, 256, 257, 511, 512, 513, 2048]
            };
            for &len in lens {
                if len > $n {
                    continue;
                }
                let bits = rng.bools(len);
                let b = Bitlist::<U<$n>>::from_bools(&bits).unwrap();
                let limit = ($n as usize).div_ceil(256);
                assert_eq!(
                    b.hash_tree_root(),
                    mix_in_length(&merkleize(&pack_bits(&bits), limit), len),
                    "Bitlist[{}] of {len}",
                    $n
                );
                assert_eq!(Bitlist::<U<$n>>::from_ssz(&b.to_ssz()).unwrap(), b);
            }
        }};
    }
    check!(1);
    check!(8);
    check!(9);
    check!(256);
    check!(257);
    check!(512);
    check!(2048);
}

#[test]
fn bitvectors() {
    let mut rng = Rng(5);
    macro_rules! check {
        ($($n:literal),*) => {$({
            let bits = rng.bools($n);
            let b = Bitvector::<U<$n>>::from_bools(&bits).unwrap();
            let limit = ($n as usize).div_ceil(256);
            assert_eq!(b.hash_tree_root(), merkleize(&pack_bits(&bits), limit), "Bitvector[{}]", $n);
            assert_eq!(Bitvector::<U<$n>>::from_ssz(&b.to_ssz()).unwrap(), b);
        })*};
    }
    check!(1, 4, 8, 9, 64, 255, 256, 257, 512, 513, 1024);
}

#[test]
fn progressive_lists() {
    let mut rng = Rng(6);
    // Lengths around the subtree boundaries: 1, 1+4, 1+4+16, 1+4+16+64 chunks.
    let lens: &[usize] = if cfg!(miri) {
        &[0, 1, 5, 6]
    } else {
        &[0, 1, 2, 4, 5, 6, 20, 21, 22, 84, 85, 86, 200, 341, 342]
    };
    for &n in lens {
        // Composite elements: one chunk each.
        let roots: Vec<Bytes32> = (0..n)
            .map(|_| Bytes32::from_slice(&rng.bytes(32)).unwrap())
            .collect();
        let chunks: Vec<Chunk> = roots.iter().map(|r| r.0).collect();
        let p: ProgressiveList<Bytes32> = roots.into();
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive(&chunks, 1), n),
            "{n}"
        );
        let p: ProgressiveList<Bytes32, V1_6> = p.into_edition();
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive_v1_6(&chunks, 1), n),
            "{n}"
        );

        // Basic elements: packed, four u64 to a chunk.
        let values: Vec<u64> = (0..n).map(|_| rng.next()).collect();
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let p: ProgressiveList<u64> = values.into();
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive(&pack(&bytes), 1), n),
            "{n}"
        );
        let p: ProgressiveList<u64, V1_6> = p.into_edition();
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive_v1_6(&pack(&bytes), 1), n),
            "{n}"
        );

        // Nested progressive lists.
        let inner: Vec<ProgressiveList<u16>> =
            (0..n % 30).map(|i| (0..i as u16).collect()).collect();
        let inner_roots: Vec<Chunk> = inner
            .iter()
            .map(|l| {
                let b: Vec<u8> = l.iter().flat_map(|v| v.to_le_bytes()).collect();
                mix_in_length(&merkleize_progressive(&pack(&b), 1), l.len())
            })
            .collect();
        let outer: ProgressiveList<ProgressiveList<u16>> = inner.into();
        assert_eq!(
            outer.hash_tree_root(),
            mix_in_length(&merkleize_progressive(&inner_roots, 1), n % 30)
        );

        // Byte list.
        let bytes = rng.bytes(n * 7);
        let p = <ProgressiveByteList>::from(bytes.clone());
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive(&pack(&bytes), 1), n * 7)
        );
        let p = ProgressiveByteList::<V1_6>::from(bytes.clone());
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive_v1_6(&pack(&bytes), 1), n * 7)
        );
    }
}

#[test]
fn progressive_bitlists() {
    let mut rng = Rng(7);
    let lens: &[usize] = if cfg!(miri) {
        &[0, 1, 256, 257, 1281]
    } else {
        &[0, 1, 8, 255, 256, 257, 1280, 1281, 5376, 5377, 6000]
    };
    for &len in lens {
        let bits = rng.bools(len);
        let p = <ProgressiveBitlist>::from_bools(&bits);
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive(&pack_bits(&bits), 1), len),
            "{len}"
        );
        let p16 = ProgressiveBitlist::<V1_6>::from_bools(&bits);
        assert_eq!(
            p16.hash_tree_root(),
            mix_in_length(&merkleize_progressive_v1_6(&pack_bits(&bits), 1), len),
            "{len}"
        );
        assert_eq!(p16.to_ssz(), p.to_ssz());
        assert_eq!(ProgressiveBitlist::from_ssz(&p.to_ssz()).unwrap(), p);
    }
}

#[test]
fn byte_types() {
    let mut rng = Rng(8);
    let lens: &[usize] = if cfg!(miri) {
        &[0, 33]
    } else {
        &[0, 1, 31, 32, 33, 64, 65, 100]
    };
    for &n in lens {
        let bytes = rng.bytes(n);
        let b = ByteList::<U<100>>::try_from(bytes.clone()).unwrap();
        assert_eq!(
            b.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&bytes), 4), n),
            "{n}"
        );
        let b = ByteList::<U<{ 1 << 30 }>>::try_from(bytes.clone()).unwrap();
        assert_eq!(
            b.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&bytes), (1 << 30) / 32), n),
            "{n}"
        );
    }
    let bytes = rng.bytes(256);
    let v = ByteVector::<U<256>>::try_from(bytes.clone()).unwrap();
    assert_eq!(v.hash_tree_root(), merkleize(&pack(&bytes), 8));
    let v = ByteVector::<U<20>>::try_from(&bytes[..20]).unwrap();
    assert_eq!(v.hash_tree_root(), merkleize(&pack(&bytes[..20]), 1));
    let f = FixedBytes::<96>::from_slice(&bytes[..96]).unwrap();
    assert_eq!(f.hash_tree_root(), merkleize(&pack(&bytes[..96]), 3));
    let f = FixedBytes::<20>::from_slice(&bytes[..20]).unwrap();
    assert_eq!(f.hash_tree_root(), pack(&bytes[..20])[0]);
}

#[test]
fn uint256_lists() {
    let mut rng = Rng(9);
    for &n in LENGTHS {
        let values: Vec<U256> = (0..n)
            .map(|_| U256::from_le_bytes(rng.bytes(32).try_into().unwrap()))
            .collect();
        let chunks: Vec<Chunk> = values.iter().map(|v| v.to_le_bytes()).collect();
        let l = List::<U256, U<128>>::try_from(values.clone()).unwrap();
        assert_eq!(
            l.hash_tree_root(),
            mix_in_length(&merkleize(&chunks, 128), n)
        );
        let p: ProgressiveList<U256> = values.into();
        assert_eq!(
            p.hash_tree_root(),
            mix_in_length(&merkleize_progressive(&chunks, 1), n)
        );
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "more than 4096 chunks: tens of thousands of hashes under Miri"
)]
fn long_lists_cross_block_boundaries() {
    // More than 4096 chunks: the core hashes such trees in blocks.
    let mut rng = Rng(10);
    let n = 4096 * 4 + 3;
    let values: Vec<u64> = (0..n).map(|_| rng.next()).collect();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let l = List::<u64, U<{ 1 << 16 }>>::try_from(values.clone()).unwrap();
    assert_eq!(
        l.hash_tree_root(),
        mix_in_length(&merkleize(&pack(&bytes), (1 << 16) * 8 / 32), n)
    );
    let p: ProgressiveList<u64> = values.into();
    assert_eq!(
        p.hash_tree_root(),
        mix_in_length(&merkleize_progressive(&pack(&bytes), 1), n)
    );
}

/// Trees of several merkleization blocks (4096 chunks each) and lists of
/// hundreds of composite elements: the sizes at which, with the `parallel`
/// feature, blocks and element roots are hashed on several threads. CI runs
/// this file with and without the feature.
#[test]
#[cfg_attr(
    miri,
    ignore = "several 4096-chunk blocks: hundreds of thousands of hashes under Miri"
)]
fn big_trees_span_blocks_and_threads() {
    let mut rng = Rng(11);
    for n in [4095, 16 * 1024 + 3, 50_000] {
        let values: Vec<u64> = (0..n).map(|_| rng.next()).collect();
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let list = List::<u64, U<{ 1 << 20 }>>::try_from(values).unwrap();
        let limit = ((1usize << 20) * 8).div_ceil(32);
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&pack(&bytes), limit), n),
            "List[uint64] of {n}"
        );
    }
    for n in [255, 256, 1000, 9000] {
        let keys: Vec<Bytes48> = (0..n)
            .map(|_| Bytes48::from_slice(&rng.bytes(48)).unwrap())
            .collect();
        let key_roots: Vec<Chunk> = keys.iter().map(|k| merkleize(&pack(&k.0), 2)).collect();
        let list = List::<Bytes48, U<{ 1 << 16 }>>::try_from(keys.clone()).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&key_roots, 1 << 16), n),
            "List[Bytes48] of {n}"
        );
        let progressive = <ProgressiveList<Bytes48>>::from(keys);
        assert_eq!(
            progressive.hash_tree_root(),
            mix_in_length(&merkleize_progressive(&key_roots, 1), n),
            "ProgressiveList[Bytes48] of {n}"
        );
        let inner: Vec<List<u16, U<20>>> = (0..n)
            .map(|i| List::try_from((0..(i % 21) as u16).collect::<Vec<_>>()).unwrap())
            .collect();
        let inner_roots: Vec<Chunk> = inner
            .iter()
            .map(|l| {
                let b: Vec<u8> = l.iter().flat_map(|v| v.to_le_bytes()).collect();
                mix_in_length(&merkleize(&pack(&b), 2), l.len())
            })
            .collect();
        let list = List::<List<u16, U<20>>, U<{ 1 << 16 }>>::try_from(inner).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&inner_roots, 1 << 16), n),
            "List[List[uint16, 20]] of {n}"
        );
    }
}

/// A validator-like container: one-block fields of every kind (a 48-byte
/// key, a 40-byte vector, a pointer to one, a newtype of one) among roots
/// and uints, so that lists of it hash those fields' blocks in batches.
#[derive(Clone, Ssz, TreeHash)]
struct Keyed {
    key: Bytes48,
    credentials: Bytes32,
    short: ByteVector<U<40>>,
    boxed: Box<FixedBytes<64>>,
    wrapped: Key,
    balance: u64,
    wide: FixedBytes<65>,
}

#[derive(Clone, Ssz, TreeHash)]
#[ssz(transparent)]
struct Key(Bytes48);

fn keyed_root(k: &Keyed) -> Chunk {
    let fields = [
        merkleize(&pack(&k.key.0), 2),
        k.credentials.0,
        merkleize(&pack(&k.short), 2),
        merkleize(&pack(&k.boxed.0), 2),
        merkleize(&pack(&k.wrapped.0 .0), 2),
        pack(&k.balance.to_le_bytes())[0],
        merkleize(&pack(&k.wide.0), 3),
    ];
    merkleize(&fields, 7)
}

#[test]
fn containers_batch_one_block_fields() {
    const { assert!(!FixedBytes::<32>::ROOT_IS_ONE_BLOCK && !FixedBytes::<65>::ROOT_IS_ONE_BLOCK) };
    const { assert!(FixedBytes::<33>::ROOT_IS_ONE_BLOCK && FixedBytes::<64>::ROOT_IS_ONE_BLOCK) };
    const { assert!(ByteVector::<U<48>>::ROOT_IS_ONE_BLOCK && !ByteVector::<U<20>>::ROOT_IS_ONE_BLOCK) };
    const {
        assert!(
            <Box<Bytes48>>::ROOT_IS_ONE_BLOCK
                && Key::ROOT_IS_ONE_BLOCK
                && !Keyed::ROOT_IS_ONE_BLOCK
        )
    };
    let mut rng = Rng(11);
    let key = Bytes48::from_slice(&rng.bytes(48)).unwrap();
    assert_eq!(sha256(&key.root_block()), key.hash_tree_root());
    let short = ByteVector::<U<40>>::try_from(rng.bytes(40)).unwrap();
    assert_eq!(sha256(&short.root_block()), short.hash_tree_root());

    let lengths: &[usize] = if cfg!(miri) {
        &[0, 1, 3]
    } else {
        // Past one batch of the container leaves (512 trees of 8).
        &[0, 1, 2, 3, 9, 100, 511, 512, 513, 1100]
    };
    for &n in lengths {
        let values: Vec<Keyed> = (0..n)
            .map(|_| Keyed {
                key: Bytes48::from_slice(&rng.bytes(48)).unwrap(),
                credentials: Bytes32::from_slice(&rng.bytes(32)).unwrap(),
                short: ByteVector::try_from(rng.bytes(40)).unwrap(),
                boxed: Box::new(FixedBytes::from_slice(&rng.bytes(64)).unwrap()),
                wrapped: Key(Bytes48::from_slice(&rng.bytes(48)).unwrap()),
                balance: rng.next(),
                wide: FixedBytes::from_slice(&rng.bytes(65)).unwrap(),
            })
            .collect();
        let roots: Vec<Chunk> = values.iter().map(keyed_root).collect();
        for (v, r) in values.iter().zip(&roots) {
            assert_eq!(v.hash_tree_root(), *r);
        }
        // The same leaves through references (a persistent tree's batch),
        // `Box`es and `Arc`s, and of the fields alone.
        let oracle: Vec<u8> = roots.concat();
        let mut out = vec![0u8; 32 * n];
        let refs: Vec<&Keyed> = values.iter().collect();
        Keyed::tree_hash_leaves_of(&refs, &mut out);
        assert_eq!(out, oracle, "{n} by reference");
        let boxed: Vec<Box<Keyed>> = values.iter().cloned().map(Box::new).collect();
        out.fill(0);
        <Box<Keyed>>::tree_hash_leaves(&boxed, &mut out);
        assert_eq!(out, oracle, "{n} boxed");
        let shared: Vec<std::sync::Arc<Keyed>> =
            values.iter().cloned().map(std::sync::Arc::new).collect();
        out.fill(0);
        Keyed::tree_hash_leaves_of(&shared, &mut out);
        assert_eq!(out, oracle, "{n} in arcs");
        let keys: Vec<&Bytes48> = values.iter().map(|v| &v.key).collect();
        let key_roots: Vec<u8> = keys
            .iter()
            .flat_map(|k| merkleize(&pack(&k.0), 2))
            .collect();
        out.fill(0);
        Bytes48::tree_hash_leaves_of(&keys, &mut out);
        assert_eq!(out, key_roots, "{n} keys by reference");
        let list = List::<Keyed, U<2048>>::try_from(values).unwrap();
        assert_eq!(
            list.hash_tree_root(),
            mix_in_length(&merkleize(&roots, 2048), n),
            "{n}"
        );
    }
}
