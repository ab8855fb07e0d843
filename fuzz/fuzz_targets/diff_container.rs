//! A variable-size container with nested lists (`peers::ours::Nested`)
//! against Lighthouse and libssz: same verdict, bytes and root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::peers::{self, convert, libssz_side as ls, lighthouse as lh, ours};

fuzz_target!(|data: &[u8]| {
    peers::differential::<ours::Nested>(
        "Nested",
        data,
        peers::ours::<ours::Nested>,
        &[
            ("lighthouse", peers::lighthouse::<lh::Nested>),
            ("libssz", peers::libssz::<ls::Nested>),
        ],
        |v| {
            vec![
                (
                    "lighthouse",
                    peers::lighthouse_value(&convert::lh_nested(v)),
                ),
                ("libssz", peers::libssz_value(&convert::ls_nested(v))),
            ]
        },
    );
});
