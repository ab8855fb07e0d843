//! The `ssz_static` vectors against `beacon_types::beacon_cached` (the same containers on the persistent, cached `List` and `Vector`), printing `ssz_static[cached]@v1.6.1/<preset>/<fork>: ...`; the harness and the
//! layout are in `common/ssz_static.rs`.

#[path = "common/ssz_static.rs"]
mod common;

use common::*;

#[test]
fn ssz_static_cached_mainnet() {
    run_preset_cached::<Mainnet>();
}

#[test]
fn ssz_static_cached_minimal() {
    run_preset_cached::<Minimal>();
}
