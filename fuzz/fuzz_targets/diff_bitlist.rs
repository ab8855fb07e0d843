//! `Bitlist[9]` and `Bitlist[2048]` (bit 1 of the first byte) against
//! Lighthouse and libssz: same verdict, bytes and root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::peers::{self, convert, libssz_side as ls, lighthouse as lh, ours};

fuzz_target!(|data: &[u8]| {
    if data.first().is_some_and(|m| m & 2 == 0) {
        peers::differential::<ours::BitsSmall>(
            "Bitlist[9]",
            data,
            peers::ours::<ours::BitsSmall>,
            &[
                ("lighthouse", peers::lighthouse::<lh::BitsSmall>),
                ("libssz", peers::libssz::<ls::BitsSmall>),
            ],
            |v| {
                let bits = convert::our_bits(v);
                let lh: lh::BitsSmall = convert::lh_bits(&bits);
                let ls: ls::BitsSmall = convert::ls_bits(&bits);
                vec![
                    ("lighthouse", peers::lighthouse_value(&lh)),
                    ("libssz", peers::libssz_value(&ls)),
                ]
            },
        );
    } else {
        peers::differential::<ours::BitsLarge>(
            "Bitlist[2048]",
            data,
            peers::ours::<ours::BitsLarge>,
            &[
                ("lighthouse", peers::lighthouse::<lh::BitsLarge>),
                ("libssz", peers::libssz::<ls::BitsLarge>),
            ],
            |v| {
                let bits = convert::our_bits(v);
                let lh: lh::BitsLarge = convert::lh_bits(&bits);
                let ls: ls::BitsLarge = convert::ls_bits(&bits);
                vec![
                    ("lighthouse", peers::lighthouse_value(&lh)),
                    ("libssz", peers::libssz_value(&ls)),
                ]
            },
        );
    }
});
