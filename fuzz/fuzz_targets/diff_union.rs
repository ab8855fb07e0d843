//! `Union[uint16, List[uint16, 5], Pair]` against Lighthouse and libssz,
//! and `Union[None, Pair]` (bit 1 of the first byte) against libssz and
//! Lighthouse's `Option<Pair>` (bytes and verdict: `tree_hash` has no root
//! for it): same verdict, bytes and root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::peers::{self, convert, libssz_side as ls, lighthouse as lh, ours};

fuzz_target!(|data: &[u8]| {
    if data.first().is_some_and(|m| m & 2 == 0) {
        peers::differential::<ours::Union3>(
            "Union[uint16, List[uint16, 5], Pair]",
            data,
            peers::ours::<ours::Union3>,
            &[
                ("lighthouse", peers::lighthouse::<lh::Union3>),
                ("libssz", peers::libssz::<ls::Union3>),
            ],
            |v| {
                vec![
                    (
                        "lighthouse",
                        peers::lighthouse_value(&convert::lh_union3(v)),
                    ),
                    ("libssz", peers::libssz_value(&convert::ls_union3(v))),
                ]
            },
        );
    } else {
        peers::differential::<ours::UnionOpt>(
            "Union[None, Pair]",
            data,
            peers::ours::<ours::UnionOpt>,
            &[
                ("lighthouse", peers::lighthouse_no_root::<lh::UnionOpt>),
                ("libssz", peers::libssz::<ls::UnionOpt>),
            ],
            |v| {
                vec![
                    (
                        "lighthouse",
                        peers::lighthouse_value_no_root(&convert::lh_union_opt(v)),
                    ),
                    ("libssz", peers::libssz_value(&convert::ls_union_opt(v))),
                ]
            },
        );
    }
});
