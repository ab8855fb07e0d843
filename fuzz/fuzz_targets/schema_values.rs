//! Arbitrary bytes decoded both as a derived type and through its run-time
//! schema (`peam_ssz_schema`): byte 0 picks the catalogue (even:
//! `ssz_generic`, odd: beacon), byte 1 the type in it, as the first byte
//! does for `decode_generic` and `decode_beacon`. Both paths accept or both
//! refuse with the same fault; what they accept re-encodes to the same bytes
//! with the same root (`check::against_schema`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::{select, Entry};

static GENERIC: &[Entry] = peam_ssz_fuzz::generic_schema_table!();
static BEACON: &[Entry] = peam_ssz_fuzz::beacon_schema_table!();

fuzz_target!(|data: &[u8]| {
    let Some((&catalogue, rest)) = data.split_first() else {
        return;
    };
    let table = if catalogue % 2 == 0 { GENERIC } else { BEACON };
    if let Some((entry, rest)) = select(table, rest) {
        (entry.run)(rest);
    }
});
