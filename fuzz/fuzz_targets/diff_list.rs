//! `List[uint64, 100]` and `List[uint64, 2**40]` (bit 1 of the first byte)
//! against Lighthouse and libssz: same verdict, bytes and root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::peers::{self, convert, libssz_side as ls, lighthouse as lh, ours};

fuzz_target!(|data: &[u8]| {
    if data.first().is_some_and(|m| m & 2 == 0) {
        peers::differential::<ours::ListSmall>(
            "List[uint64, 100]",
            data,
            peers::ours::<ours::ListSmall>,
            &[
                ("lighthouse", peers::lighthouse::<lh::ListSmall>),
                ("libssz", peers::libssz::<ls::ListSmall>),
            ],
            |v| {
                let lh: lh::ListSmall = convert::lh_list(v.as_slice());
                vec![
                    ("lighthouse", peers::lighthouse_value(&lh)),
                    (
                        "libssz",
                        peers::libssz_value(&convert::ls_list::<_, 100>(v.as_slice())),
                    ),
                ]
            },
        );
    } else {
        peers::differential::<ours::ListLarge>(
            "List[uint64, 2**40]",
            data,
            peers::ours::<ours::ListLarge>,
            &[
                ("lighthouse", peers::lighthouse::<lh::ListLarge>),
                ("libssz", peers::libssz::<ls::ListLarge>),
            ],
            |v| {
                let lh: lh::ListLarge = convert::lh_list(v.as_slice());
                vec![
                    ("lighthouse", peers::lighthouse_value(&lh)),
                    (
                        "libssz",
                        peers::libssz_value(&convert::ls_list::<_, 1099511627776>(v.as_slice())),
                    ),
                ]
            },
        );
    }
});
