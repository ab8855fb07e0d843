//! The types inside derived containers: literal encodings and roots from the
//! consensus-spec v1.6.1 `ssz_generic/containers` vectors.

use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, DecodeErrorKind, List, ProgressiveBitlist, ProgressiveList, Ssz,
    TreeHash, Vector, U,
};

use test_support::hex::hex32 as root;

/// `BitsStruct` of `format-ssz_generic.md`.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(rename_all = "UPPERCASE")
)]
struct BitsStruct {
    a: Bitlist<U<5>>,
    b: Bitvector<U<2>>,
    c: Bitvector<U<1>>,
    d: Bitlist<U<6>>,
    e: Bitvector<U<8>>,
}

/// `BitsStruct_random_0`: A '0x36', B '0x00', C '0x01', D '0x43', E '0x44'.
#[test]
fn bits_struct() {
    // Fixed part: offset of A, B, C, offset of D, E (11 bytes); then A, D.
    let bytes = [11, 0, 0, 0, 0x00, 0x01, 12, 0, 0, 0, 0x44, 0x36, 0x43];
    let v = BitsStruct::from_ssz(&bytes).unwrap();
    assert_eq!(
        v.a.iter().collect::<Vec<_>>(),
        [false, true, true, false, true]
    );
    assert_eq!(
        v.d.iter().collect::<Vec<_>>(),
        [true, true, false, false, false, false]
    );
    assert_eq!(v.e.as_bytes(), [0x44]);
    assert_eq!(v.to_ssz(), bytes);
    assert_eq!(
        v.hash_tree_root(),
        root("0x6043e4d8aaedeaab73bf077259d1f689f1df487f3a0f59e4b6ed6dd6bccb0270")
    );
    #[cfg(feature = "serde")]
    {
        let yaml = "A: '0x36'\nB: '0x00'\nC: '0x01'\nD: '0x43'\nE: '0x44'\n";
        assert_eq!(serde_yaml::from_str::<BitsStruct>(yaml).unwrap(), v);
    }

    // A bitlist over its limit inside the container names the field.
    let mut bad = bytes;
    bad[11] = 0x76; // A: six bits
    let err = BitsStruct::from_ssz(&bad).unwrap_err();
    assert_eq!(*err.kind(), DecodeErrorKind::TooManyBits { len: 6, max: 5 });
    // C: a bit past Bitvector[1].
    let mut bad = bytes;
    bad[5] = 0x02;
    assert_eq!(
        *BitsStruct::from_ssz(&bad).unwrap_err().kind(),
        DecodeErrorKind::BitvectorExcessBits
    );
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct VarTestStruct {
    a: u16,
    b: List<u16, U<1024>>,
    c: u8,
}

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct FixedTestStruct {
    a: u8,
    b: u64,
    c: u32,
}

/// `ComplexTestStruct` of `format-ssz_generic.md`.
#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct ComplexTestStruct {
    a: u16,
    b: List<u16, U<128>>,
    c: u8,
    d: ByteList<U<256>>,
    e: VarTestStruct,
    f: Vector<FixedTestStruct, U<4>>,
    g: Vector<VarTestStruct, U<2>>,
}

/// `ComplexTestStruct_zero_0`: every number zero; B 114 of them, E.B 347,
/// G[0].B 254, G[1].B 2; D the single byte 0.
#[test]
fn complex_test_struct_zero() {
    let var = |n: usize| VarTestStruct {
        a: 0,
        b: List::try_from(vec![0; n]).unwrap(),
        c: 0,
    };
    let v = ComplexTestStruct {
        a: 0,
        b: List::try_from(vec![0; 114]).unwrap(),
        c: 0,
        d: ByteList::try_from(vec![0]).unwrap(),
        e: var(347),
        f: Vector::from_fn(|_| FixedTestStruct { a: 0, b: 0, c: 0 }),
        g: Vector::try_from(vec![var(254), var(2)]).unwrap(),
    };
    assert_eq!(
        v.hash_tree_root(),
        root("0x3ecbfdb29679a1b5dc3258e7efb3ff536e7b4e85481bf019c98b0b7aab6717a5")
    );
    let bytes = v.to_ssz();
    // Fixed part: 2 + 4 + 1 + 4 + 4 + 4 * 13 + 4 = 71; B 228, D 1,
    // E 7 + 694, G 8 + (7 + 508) + (7 + 4).
    assert_eq!(bytes.len(), 71 + 228 + 1 + 701 + 8 + 515 + 11);
    assert_eq!(bytes[2..7], [71, 0, 0, 0, 0]); // offset of B, then C
    assert_eq!(bytes[7..15], [0x2b, 1, 0, 0, 0x2c, 1, 0, 0]); // D at 299, E at 300
    assert_eq!(ComplexTestStruct::from_ssz(&bytes).unwrap(), v);
}

/// Progressive types as container fields (`ProgressiveBitsStruct` and
/// `ProgressiveTestStruct` use them the same way).
#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct WithProgressive {
    a: ProgressiveList<u64>,
    b: ProgressiveBitlist,
    c: u8,
}

#[test]
fn progressive_fields() {
    let v = WithProgressive {
        a: vec![1, 2].into(),
        b: ProgressiveBitlist::from_bools(&[true]),
        c: 9,
    };
    // Offsets of a (9) and b (9 + 16 = 25), c, then a's and b's bytes.
    let expected: Vec<u8> = [
        &[9u8, 0, 0, 0][..],
        &[25, 0, 0, 0],
        &[9],
        &1u64.to_le_bytes(),
        &2u64.to_le_bytes(),
        &[0b11],
    ]
    .concat();
    assert_eq!(v.to_ssz(), expected);
    assert_eq!(WithProgressive::from_ssz(&expected).unwrap(), v);
}

/// A client's `Gwei`: lists of it take the `u64` bulk paths (one copy to
/// encode and decode, leaves read in place), with the same bytes and roots.
#[derive(Debug, Clone, Copy, PartialEq, Ssz, TreeHash)]
#[ssz(transparent)]
struct Gwei(u64);

#[test]
fn lists_of_uint_newtypes_are_lists_of_uints() {
    let raw: Vec<u64> = (0..300u64).map(|i| i * 0x0101_0101_0101).collect();
    let gwei: List<Gwei, U<1024>> =
        List::try_from(raw.iter().copied().map(Gwei).collect::<Vec<_>>()).unwrap();
    let raw: List<u64, U<1024>> = List::try_from(raw).unwrap();
    let bytes = raw.to_ssz();
    assert_eq!(gwei.to_ssz(), bytes);
    let mut buf = vec![7];
    gwei.ssz_append(&mut buf);
    assert_eq!(buf[1..], bytes);
    assert_eq!(List::<Gwei, U<1024>>::from_ssz(&bytes).unwrap(), gwei);
    assert_eq!(gwei.hash_tree_root(), raw.hash_tree_root());
    let vector: Vector<Gwei, U<4>> = Vector::from_ssz(&bytes[..32]).unwrap();
    assert_eq!(
        vector.hash_tree_root(),
        <[u64; 4]>::from_ssz(&bytes[..32]).unwrap().hash_tree_root()
    );
}
