use super::*;

#[test]
fn depth_for_is_ceil_log2() {
    let cases = [
        (0, 0),
        (1, 0),
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 3),
        (1 << 40, 40),
    ];
    for (n, depth) in cases {
        assert_eq!(depth_for(n), depth, "{n}");
    }
    assert_eq!(depth_for((1 << 40) + 1), 41);
    assert_eq!(depth_for(u128::MAX), 128);
}

#[test]
fn paths_parse_step_by_step() {
    let steps: Result<alloc::vec::Vec<_>, _> =
        parse_path("validators[5].effective_balance").collect();
    assert_eq!(
        steps.unwrap(),
        [
            PathStep::Field("validators"),
            PathStep::Index(5),
            PathStep::Field("effective_balance"),
        ]
    );
    let steps: Result<alloc::vec::Vec<_>, _> = parse_path("[3].__len__.__selector__").collect();
    assert_eq!(
        steps.unwrap(),
        [PathStep::Index(3), PathStep::Len, PathStep::Selector]
    );
    for (bad, position, offset) in [
        (".a", 0, 0),
        ("a..b", 1, 2),
        ("a[", 1, 2),
        ("a[]", 1, 2),
        ("a[1x]", 1, 3),
        ("a b", 1, 1),
        ("a[18446744073709551616]", 1, 2),
    ] {
        let err = parse_path(bad).find_map(Result::err).unwrap();
        assert_eq!(
            (err.position, err.kind),
            (position, PathErrorKind::Syntax { offset }),
            "{bad}"
        );
    }
    assert_eq!(parse_path("").count(), 0);
}

#[test]
fn vectors_of_basic_values_index_their_chunks() {
    // `Vector[uint16, 20]`: 16 per chunk, 2 chunks.
    let layout = Layout::Vector {
        elem: <u16 as TreeLayout>::LAYOUT,
        length: 20,
    };
    assert_eq!(layout.gindex(&[PathStep::Index(15)]).unwrap().get(), 2);
    assert_eq!(layout.gindex(&[PathStep::Index(16)]).unwrap().get(), 3);
    // A bitlist of 600 bits: 3 chunks (depth 2) below the data root.
    let bits = Layout::Bitlist { limit: 600 };
    assert_eq!(
        bits.gindex(&[PathStep::Index(599)]).unwrap().get(),
        2 * 4 + 2
    );
    assert_eq!(bits.gindex(&[PathStep::Len]).unwrap().get(), 3);
}
