//! Maxima (`bound::MaxLen`) on `List` and the progressive types: decoding
//! (fixed and variable-size elements, before allocating), the constructors,
//! `push`, serde and `arbitrary`; and that a maximum changes no byte, root
//! or generalized index.

use peam_ssz_types::path::gindex_of_str;
use peam_ssz_types::{
    with_max, BoundError, DecodeErrorKind, List, ProgressiveBitlist, ProgressiveByteList,
    ProgressiveList, RuntimeMax, Ssz, TreeHash, TreeLayout, Unbounded, U, V1_7,
};

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

fn exceeds(len: usize, max: usize) -> DecodeErrorKind {
    DecodeErrorKind::ExceedsMaximum { len, max }
}

#[test]
fn list_maximum_under_the_limit() {
    type L = List<u32, U<16>, U<3>>;
    assert_eq!(L::max_len(), 16);
    assert_eq!(L::maximum(), 3);
    let mut l = L::try_from(vec![1, 2, 3]).unwrap();
    assert!(l.is_full());
    assert_eq!(l.push(4), Err(BoundError { len: 4, max: 3 }));
    assert_eq!(l.insert(0, 4), Err(BoundError { len: 4, max: 3 }));
    l.pop();
    assert_eq!(
        l.extend_from_slice(&[5, 6]),
        Err(BoundError { len: 4, max: 3 })
    );
    assert_eq!(l.as_slice(), [1, 2]);
    assert_eq!(
        L::try_from(&[1u32, 2, 3, 4][..]),
        Err(BoundError { len: 4, max: 3 })
    );
    assert_eq!(L::try_from_iter(0..), Err(BoundError { len: 4, max: 3 }));
    assert_eq!(L::with_capacity(100).as_slice(), &[] as &[u32]);

    // The bytes, root and layout of List[uint32, 16].
    let plain = List::<u32, U<16>>::try_from(vec![1, 2, 3]).unwrap();
    let l = L::try_from(vec![1, 2, 3]).unwrap();
    assert_eq!(l.to_ssz(), plain.to_ssz());
    assert_eq!(l.hash_tree_root(), plain.hash_tree_root());
    assert_eq!(
        <L as TreeLayout>::LAYOUT,
        <List<u32, U<16>> as TreeLayout>::LAYOUT
    );
    assert_eq!(
        gindex_of_str::<L>("[2]"),
        gindex_of_str::<List<u32, U<16>>>("[2]")
    );

    // Decoding: the maximum, then the limit, each with its own kind.
    let four = List::<u32, U<16>>::try_from(vec![0; 4]).unwrap().to_ssz();
    assert_eq!(*L::from_ssz(&four).unwrap_err().kind(), exceeds(4, 3));
    let seventeen = vec![0u8; 17 * 4];
    assert_eq!(*L::from_ssz(&seventeen).unwrap_err().kind(), exceeds(17, 3));
    assert_eq!(
        *List::<u32, U<16>>::from_ssz(&seventeen).unwrap_err().kind(),
        DecodeErrorKind::TooManyElements { len: 17, max: 16 }
    );
    // A maximum over the limit has no effect.
    assert_eq!(
        *List::<u32, U<16>, U<100>>::from_ssz(&seventeen)
            .unwrap_err()
            .kind(),
        DecodeErrorKind::TooManyElements { len: 17, max: 16 }
    );
    assert_eq!(List::<u32, U<16>, U<100>>::maximum(), 16);
}

#[test]
fn variable_size_elements_are_counted_from_the_first_offset() {
    type Inner = List<u8, U<4>>;
    type L = ProgressiveList<Inner, V1_7, U<2>>;
    let three: ProgressiveList<Inner, V1_7> = vec![Inner::new(); 3].into();
    let bytes = three.to_ssz();
    assert_eq!(*L::from_ssz(&bytes).unwrap_err().kind(), exceeds(3, 2));
    let two: ProgressiveList<Inner, V1_7> = vec![Inner::new(); 2].into();
    assert_eq!(L::from_ssz(&two.to_ssz()).unwrap().len(), 2);
    // A bad first offset is the decoder's error, not a maximum's.
    assert_eq!(
        *L::from_ssz(&[5, 0, 0, 0, 1]).unwrap_err().kind(),
        DecodeErrorKind::InvalidListOffset { offset: 5 }
    );
}

#[test]
fn refusing_allocates_nothing_for_the_list() {
    // 100_000 offsets of empty inner lists: the unbounded decoder holds
    // 100_000 lists; the bounded one refuses from the first offset.
    type Inner = List<u8, U<4>>;
    let many: ProgressiveList<Inner, V1_7> = vec![Inner::new(); 100_000].into();
    let bytes = many.to_ssz();
    let (r, usage) =
        test_support::alloc::measure(|| ProgressiveList::<Inner, V1_7, U<8>>::from_ssz(&bytes));
    assert_eq!(*r.unwrap_err().kind(), exceeds(100_000, 8));
    assert!(usage.peak < 256, "{} bytes", usage.peak);
    let (r, usage) =
        test_support::alloc::measure(|| List::<u64, U<1024>, U<8>>::from_ssz(&[0; 8 * 1000]));
    assert_eq!(*r.unwrap_err().kind(), exceeds(1000, 8));
    assert!(usage.peak < 256, "{} bytes", usage.peak);
    let (r, usage) = test_support::alloc::measure(|| {
        ProgressiveByteList::<V1_7, U<32>>::from_ssz(&[0; 100_000])
    });
    assert_eq!(*r.unwrap_err().kind(), exceeds(100_000, 32));
    assert!(usage.peak < 256, "{} bytes", usage.peak);
    let mut bits = vec![0u8; 100_000];
    bits[99_999] = 1;
    let (r, usage) =
        test_support::alloc::measure(|| ProgressiveBitlist::<V1_7, U<64>>::from_ssz(&bits));
    assert_eq!(*r.unwrap_err().kind(), exceeds(99_999 * 8, 64));
    assert!(usage.peak < 256, "{} bytes", usage.peak);
}

#[test]
fn progressive_list_bounds() {
    type L = ProgressiveList<u16, V1_7, U<3>>;
    assert_eq!(L::maximum(), 3);
    let mut l = L::try_from_vec(vec![1, 2]).unwrap();
    l.push(3).unwrap();
    assert_eq!(l.push(4), Err(BoundError { len: 4, max: 3 }));
    assert_eq!(l.try_push(4), Err(BoundError { len: 4, max: 3 }));
    l.pop();
    assert_eq!(
        l.extend_from_slice(&[4, 5]),
        Err(BoundError { len: 4, max: 3 })
    );
    l.extend_from_slice(&[4]).unwrap();
    assert_eq!(l.as_slice(), [1, 2, 4]);
    assert_eq!(
        L::try_from_vec(vec![0; 4]),
        Err(BoundError { len: 4, max: 3 })
    );
    assert_eq!(L::try_from_iter(0..), Err(BoundError { len: 4, max: 3 }));
    let unbounded: ProgressiveList<u16, V1_7> = vec![1, 2, 4].into();
    assert_eq!(l.to_ssz(), unbounded.to_ssz());
    assert_eq!(l.hash_tree_root(), unbounded.hash_tree_root());
    assert_eq!(L::from_ssz(&unbounded.to_ssz()).unwrap(), l);
    assert_eq!(
        gindex_of_str::<L>("[2]"),
        gindex_of_str::<ProgressiveList<u16, V1_7>>("[2]")
    );
    assert_eq!(l.clone().into_bound::<Unbounded>().unwrap(), unbounded);
    assert_eq!(
        unbounded.into_bound::<U<2>>(),
        Err(BoundError { len: 3, max: 2 })
    );
    let four: ProgressiveList<u16, V1_7> = vec![0; 4].into();
    assert_eq!(
        *L::from_ssz(&four.to_ssz()).unwrap_err().kind(),
        exceeds(4, 3)
    );
    // Unbounded keeps the infallible API.
    let mut u = ProgressiveList::<u8>::new();
    u.push(1);
    u.extend([2, 3]);
    u.as_mut_vec().push(4);
    assert_eq!(u.len(), 4);
}

#[test]
fn progressive_bitlist_and_byte_list_bounds() {
    type B = ProgressiveBitlist<V1_7, U<3>>;
    let mut b = B::try_from_bools(&[true, false]).unwrap();
    b.push(true).unwrap();
    assert_eq!(b.push(true), Err(BoundError { len: 4, max: 3 }));
    assert_eq!(B::try_with_len(4), Err(BoundError { len: 4, max: 3 }));
    assert_eq!(
        B::try_from_iter(core::iter::repeat(true)),
        Err(BoundError { len: 4, max: 3 })
    );
    assert!(B::from_raw_bytes(vec![0], 4).is_err());
    let plain = ProgressiveBitlist::<V1_7>::from_bools(&[true, false, true]);
    assert_eq!(b.to_ssz(), plain.to_ssz());
    assert_eq!(b.hash_tree_root(), plain.hash_tree_root());
    assert_eq!(*B::from_ssz(&[0b1_0000]).unwrap_err().kind(), exceeds(4, 3));
    assert!("0x10".parse::<B>().is_err());
    assert_eq!("0x0d".parse::<B>().unwrap(), b);

    type Y = ProgressiveByteList<V1_7, U<2>>;
    let mut y = Y::try_from_vec(vec![1]).unwrap();
    y.push(2).unwrap();
    assert_eq!(y.push(3), Err(BoundError { len: 3, max: 2 }));
    assert_eq!(
        y.extend_from_slice(&[3]),
        Err(BoundError { len: 3, max: 2 })
    );
    assert_eq!(
        Y::try_from(&[1u8, 2, 3][..]),
        Err(BoundError { len: 3, max: 2 })
    );
    assert!("0x010203".parse::<Y>().is_err());
    assert_eq!("0x0102".parse::<Y>().unwrap(), y);
    let plain: ProgressiveByteList<V1_7> = vec![1, 2].into();
    assert_eq!(y.hash_tree_root(), plain.hash_tree_root());
    assert_eq!(*Y::from_ssz(&[1, 2, 3]).unwrap_err().kind(), exceeds(3, 2));
}

#[test]
fn a_runtime_maximum_bounds_a_container_field_while_it_decodes() {
    struct MaxBlobs;
    #[derive(Debug, PartialEq, Ssz, TreeHash)]
    struct Body {
        slot: u64,
        commitments: List<[u8; 48], U<4096>, RuntimeMax<MaxBlobs, U<4096>>>,
    }
    let bytes = Body {
        slot: 3,
        commitments: List::try_from(vec![[1; 48]; 7]).unwrap(),
    }
    .to_ssz();
    let err = with_max::<MaxBlobs, _>(6, || Body::from_ssz(&bytes)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at .commitments: 7 elements exceed the maximum 6"
    );
    let body = with_max::<MaxBlobs, _>(9, || Body::from_ssz(&bytes)).unwrap();
    assert_eq!(
        body.commitments.hash_tree_root(),
        List::<[u8; 48], U<4096>>::try_from(vec![[1; 48]; 7])
            .unwrap()
            .hash_tree_root()
    );
    // Outside a scope, the cap.
    assert!(Body::from_ssz(&bytes).is_ok());
    // Built or grown inside a scope: bounded by it.
    let mut c = body.commitments;
    assert_eq!(
        with_max::<MaxBlobs, _>(7, || c.push([2; 48])),
        Err(BoundError { len: 8, max: 7 })
    );
    assert_eq!(with_max::<MaxBlobs, _>(8, || c.push([2; 48])), Ok(()));
}

#[cfg(feature = "serde")]
#[test]
fn serde_refuses_more_than_the_maximum() {
    let l: List<u8, U<8>, U<2>> = serde_yaml::from_str("[1, 2]").unwrap();
    assert_eq!(l.as_slice(), [1, 2]);
    assert!(serde_yaml::from_str::<List<u8, U<8>, U<2>>>("[1, 2, 3]").is_err());
    assert!(serde_yaml::from_str::<ProgressiveList<u8, V1_7, U<2>>>("[1, 2, 3]").is_err());
    assert!(serde_yaml::from_str::<ProgressiveList<u8, V1_7, U<2>>>("[1, 2]").is_ok());
    assert!(serde_yaml::from_str::<ProgressiveByteList<V1_7, U<2>>>("'0x010203'").is_err());
    assert!(serde_yaml::from_str::<ProgressiveByteList<V1_7, U<2>>>("'0x0102'").is_ok());
    assert!(serde_yaml::from_str::<ProgressiveBitlist<V1_7, U<3>>>("'0x10'").is_err());
    assert!(serde_yaml::from_str::<ProgressiveBitlist<V1_7, U<3>>>("'0x0d'").is_ok());
}

#[cfg(feature = "arbitrary")]
#[test]
fn arbitrary_values_respect_the_maximum() {
    use arbitrary::{Arbitrary, Unstructured};
    let mut rng = test_support::rng::XorShift64(7);
    let mut reached = [false; 4];
    for _ in 0..200 {
        let data = rng.bytes(512);
        let mut u = Unstructured::new(&data);
        let l = List::<u8, U<64>, U<3>>::arbitrary(&mut u).unwrap();
        assert!(l.len() <= 3);
        reached[0] |= l.len() == 3;
        let p = ProgressiveList::<u8, V1_7, U<3>>::arbitrary(&mut u).unwrap();
        assert!(p.len() <= 3);
        reached[1] |= p.len() == 3;
        let b = ProgressiveBitlist::<V1_7, U<3>>::arbitrary(&mut u).unwrap();
        assert!(b.len() <= 3);
        reached[2] |= b.len() == 3;
        let y = ProgressiveByteList::<V1_7, U<3>>::arbitrary(&mut u).unwrap();
        assert!(y.len() <= 3);
        reached[3] |= y.len() == 3;
    }
    assert_eq!(reached, [true; 4]);
}
