//! `BeaconBlockHeader` against Lighthouse and libssz: same verdict, bytes
//! and root (see `peers::differential` for the two input modes).
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::peers::{self, convert, libssz_side as ls, lighthouse as lh, ours};

fuzz_target!(|data: &[u8]| {
    peers::differential::<ours::Header>(
        "BeaconBlockHeader",
        data,
        peers::ours::<ours::Header>,
        &[
            ("lighthouse", peers::lighthouse::<lh::Header>),
            ("libssz", peers::libssz::<ls::Header>),
        ],
        |v| {
            vec![
                (
                    "lighthouse",
                    peers::lighthouse_value(&convert::lh_header(v)),
                ),
                ("libssz", peers::libssz_value(&convert::ls_header(v))),
            ]
        },
    );
});
