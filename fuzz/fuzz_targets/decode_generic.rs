//! Arbitrary bytes decoded as the `ssz_generic` type that the first byte
//! selects (`catalog::generic_types`): decoding never panics, and whatever
//! decodes re-encodes to the same bytes with a stable root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::{select, Entry};

static TABLE: &[Entry] = peam_ssz_fuzz::generic_decode_table!();

fuzz_target!(|data: &[u8]| {
    if let Some((entry, rest)) = select(TABLE, data) {
        (entry.run)(rest);
    }
});
