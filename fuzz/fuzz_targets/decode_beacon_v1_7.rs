//! Arbitrary bytes decoded as the consensus-specs v1.7.0-alpha.13 container
//! that the first byte selects (`catalog::beacon_v1_7_entries`: every
//! container of fulu, gloas and heze, the progressive Gloas and Heze ones
//! among them, for the minimal and mainnet presets): decoding never panics,
//! the view and the streams agree with it, and whatever decodes re-encodes
//! to the same bytes with a stable root.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_fuzz::{select, Entry};

static TABLE: &[Entry] = peam_ssz_fuzz::beacon_v1_7_decode_table!();

fuzz_target!(|data: &[u8]| {
    if let Some((entry, rest)) = select(TABLE, data) {
        (entry.run)(rest);
    }
});
