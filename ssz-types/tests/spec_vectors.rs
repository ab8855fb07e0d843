//! Literal encodings and roots from the consensus-spec v1.6.1 `ssz_generic`
//! vectors (`tests/general/phase0/ssz_generic/<handler>/valid/<case>`): the
//! value as its `value.yaml` writes it, the root from its `meta.yaml`. The
//! progressive types name the v1.6.1 edition, whose roots these are.

use peam_ssz_types::{
    Bitlist, Bitvector, ProgressiveBitlist, ProgressiveList, Ssz, TreeHash, Vector, U, U256, V1_6,
};

use test_support::hex::{hex as unhex, hex32 as root};

/// Decodes `ssz`, checks the root, and encodes back to the same bytes.
#[track_caller]
fn case<T: Ssz + TreeHash>(ssz: &str, expected_root: &str) -> T {
    let bytes = unhex(ssz);
    let value = T::from_ssz(&bytes).unwrap();
    assert_eq!(value.hash_tree_root(), root(expected_root));
    assert_eq!(value.to_ssz(), bytes);
    value
}

#[test]
fn bitlists() {
    // bitlist_1_zero_0: one zero bit.
    let b = case::<Bitlist<U<1>>>(
        "0x02",
        "0xcb592844121d926f1ca3ad4e1d6fb9d8e260ed6e3216361f7732e975a0e8bbf6",
    );
    assert_eq!(b.iter().collect::<Vec<_>>(), [false]);
    // bitlist_8_max_0: one set bit.
    let b = case::<Bitlist<U<8>>>(
        "0x03",
        "0x56d8a66fbae0300efba7ec2c531973aaae22e7a2ed6ded081b5b32d07a32780a",
    );
    assert_eq!(b.iter().collect::<Vec<_>>(), [true]);
    // bitlist_512_random_0
    case::<Bitlist<U<512>>>(
        "0x8fd702c862f8eb54dd30364cfe9307fed26ffe1f2648aae4cb83b0874d8b820c",
        "0x43ab7aa69b1948d2f934daf8b987655cada7fd334c6844742773368e0b01f34e",
    );
    // bitlist_512_max_0: 152 set bits.
    let b = case::<Bitlist<U<512>>>(
        "0xffffffffffffffffffffffffffffffffffffff01",
        "0x29aeec1f7ac64402c5eb15aeaff5da40672e828e5ef71997dcde30f17d02b098",
    );
    assert_eq!((b.len(), b.count_ones()), (152, 152));
}

#[test]
fn bitvectors() {
    // bitvec_15_max: fits one chunk, so the root is the padded bytes.
    case::<Bitvector<U<15>>>(
        "0xff7f",
        "0xff7f000000000000000000000000000000000000000000000000000000000000",
    );
    // bitvec_512_random: two chunks.
    case::<Bitvector<U<512>>>(
        "0x7da784c802a642594edd642a9809ae6250082f4b4026c05ae460eb3250573aa6959578b3971acc05344f1a7abef172cc901250d4f674b5a08ebace147216a4fb",
        "0xf10ba54fb29366559fc8dc0429b2b31601e8f5234e3f9cb7d6808b41772d0e27",
    );
}

#[test]
fn progressive_bitlists() {
    // progbitlist_zero_0_0: empty.
    let p = case::<ProgressiveBitlist<V1_6>>(
        "0x01",
        "0xf5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b",
    );
    assert!(p.is_empty());
    // progbitlist_max_1_0, progbitlist_random_5_0
    case::<ProgressiveBitlist<V1_6>>(
        "0x03",
        "0x573a032da7e6b5f5e90253e1ac50ca352bc39203f863f391e8171082e1e48840",
    );
    case::<ProgressiveBitlist<V1_6>>(
        "0x07",
        "0xd0f8f2e68690e28a09999937748762743c4e364cc7a8c4f9bc887117f2b9df29",
    );
    // progbitlist_lengthy_65_0, progbitlist_random_257_0: one and two chunks.
    case::<ProgressiveBitlist<V1_6>>(
        "0xa9a8913e35fb7b3103",
        "0xa23fb9c7a3e358909ba7620feb07cf34e846eab224284ebc73b05b7d90423a67",
    );
    case::<ProgressiveBitlist<V1_6>>(
        "0x3b29e809e6d229e0c9e8eca0379bab98c96402",
        "0xdf3cfda24accd56b7c99b10d3c34f05ec1a5ca2638a50b4b2d04c607578dc13b",
    );
    // progbitlist_max_1025_0: 828 set bits, four chunks over two subtrees.
    let p = case::<ProgressiveBitlist<V1_6>>(
        &format!("0x{}1f", "ff".repeat(103)),
        "0xc9a03e115dc4e4f5e409ad5ac057a1647b420fb2059642fbf24f13e2e6c4c0d6",
    );
    assert_eq!((p.len(), p.count_ones()), (828, 828));
}

#[test]
fn progressive_lists() {
    // proglist_bool_max_0 and proglist_uint256_max_0: empty lists of any
    // type share the root mix_in_length(zero, 0).
    let empty = "0xf5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b";
    case::<ProgressiveList<bool, V1_6>>("0x", empty);
    case::<ProgressiveList<U256, V1_6>>("0x", empty);
    // proglist_uint16_random_2: [65139]
    let l: ProgressiveList<u16, V1_6> = vec![65139].into();
    assert_eq!(l.to_ssz(), 65139u16.to_le_bytes());
    assert_eq!(
        l.hash_tree_root(),
        root("0x13444150e29ea722261ff801363db5d2f9e62f6366e49648da80afbe520eea49")
    );
    // proglist_uint8_max_5: [255, 255, 255, 255]
    let l: ProgressiveList<u8, V1_6> = vec![255; 4].into();
    assert_eq!(
        l.hash_tree_root(),
        root("0x30b7c9d14382569e7ae9ace1a1582575e2116287c70803650018d507d5a2dd2c")
    );
    // proglist_bool_max_21: seventeen trues.
    let l: ProgressiveList<bool, V1_6> = vec![true; 17].into();
    assert_eq!(
        l.hash_tree_root(),
        root("0xb421c048d1436c137bb8ca1824e2526591babd4f3489172c32c4ff2cac3afcc7")
    );
    // proglist_uint64_random_21
    let l: ProgressiveList<u64, V1_6> = vec![
        11284102487574412671,
        3882774391189485770,
        2694575571077104206,
        2878394556000591888,
        9656690871042880537,
        15054092962097664406,
    ]
    .into();
    assert_eq!(
        l.hash_tree_root(),
        root("0xb01b6d0a5604db4d9b1d99fd079f9e1864d66706104d1c27c95f568e6bf816ad")
    );
    // proglist_uint32_random_22: thirteen values, two subtrees.
    let l: ProgressiveList<u32, V1_6> = vec![
        2501741894, 1175356790, 2490183426, 2995442477, 4281449671, 327418873, 1674494464,
        2955170200, 2822587333, 2116341639, 2082025747, 1382204077, 1642752348,
    ]
    .into();
    assert_eq!(
        l.hash_tree_root(),
        root("0x6cc99b3703f5641f8f322ebd354667130975a1352617f5050cdf1d69a29ce895")
    );
    // proglist_uint256_max_5: [2^256 - 1]
    let l: ProgressiveList<U256, V1_6> = vec![U256::MAX].into();
    assert_eq!(l.to_ssz(), [0xff; 32]);
    assert_eq!(
        l.hash_tree_root(),
        root("0x5d77d62263507504220ddd0d4836f3966546526e0040405983b750b8983b8fe3")
    );
}

#[test]
fn basic_vectors_and_uints() {
    // vec_uint64_1_max: [2^64 - 1]
    let v = Vector::<u64, U<1>>::try_from(vec![u64::MAX]).unwrap();
    assert_eq!(
        v.hash_tree_root(),
        root("0xffffffffffffffff000000000000000000000000000000000000000000000000")
    );
    // uint_256_max
    let u: U256 = "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        .parse()
        .unwrap();
    assert_eq!(
        u.hash_tree_root(),
        root("0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")
    );
}
