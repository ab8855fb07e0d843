//! The `ssz_static` vectors against `beacon_types::beacon_v1_7_cached` (the v1.7.0-alpha.13 Gloas and Heze vectors through the persistent, cached collections, manifests checked), printing `ssz_static[cached]@v1.7.0-alpha.13/<preset>/<fork>: ...`; the harness and the
//! layout are in `common/ssz_static.rs`.

#[path = "common/ssz_static.rs"]
mod common;

use common::*;

#[test]
fn ssz_static_v1_7_cached_mainnet() {
    run_preset_v1_7_cached::<beacon_v1_7::Mainnet>();
}

#[test]
fn ssz_static_v1_7_cached_minimal() {
    run_preset_v1_7_cached::<beacon_v1_7::Minimal>();
}
