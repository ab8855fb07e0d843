//! Arbitrary bytes decoded as the beacon container that the first byte
//! selects (`catalog::beacon_entries`: every container of every fork, for
//! the minimal and mainnet presets): decoding never panics, and whatever
//! decodes re-encodes to the same bytes with a stable root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::{select, Entry};

static TABLE: &[Entry] = peam_ssz_fuzz::beacon_decode_table!();

fuzz_target!(|data: &[u8]| {
    if let Some((entry, rest)) = select(TABLE, data) {
        (entry.run)(rest);
    }
});
