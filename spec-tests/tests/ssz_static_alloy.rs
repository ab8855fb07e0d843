//! The `ssz_static` vectors against `beacon_types::beacon_alloy` (phase0 to capella on alloy-primitives' types), printing `ssz_static[alloy]@v1.6.1/<preset>/<fork>: ...`; the harness and the
//! layout are in `common/ssz_static.rs`.

#[path = "common/ssz_static.rs"]
mod common;

use common::*;

#[test]
fn ssz_static_alloy_mainnet() {
    run_preset_alloy::<Mainnet>();
}

#[test]
fn ssz_static_alloy_minimal() {
    run_preset_alloy::<Minimal>();
}
