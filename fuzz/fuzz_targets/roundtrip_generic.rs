//! A value of the `ssz_generic` type that the first byte selects, built from
//! the rest of the input: encode -> decode gives an equal value, and the
//! root is the same for both and on every SHA-256 backend.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::{select, Entry};

static TABLE: &[Entry] = peam_ssz_fuzz::generic_roundtrip_table!();

fuzz_target!(|data: &[u8]| {
    if let Some((entry, rest)) = select(TABLE, data) {
        (entry.run)(rest);
    }
});
