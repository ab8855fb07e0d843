//! The `ssz_static` vectors against the containers of `beacon_types::beacon` (v1.6.1, every fork), printing `ssz_static@v1.6.1/<preset>/<fork>: P passed, F failed`, through the run-time schemas (`ssz_static[schema]@...`) through views (`ssz_static[view]@...`) and through streams (`ssz_static[stream]@...`); the harness and the
//! layout are in `common/ssz_static.rs`.

#[path = "common/ssz_static.rs"]
mod common;

use common::*;

#[test]
fn ssz_static_mainnet() {
    run_preset::<Mainnet>();
}

#[test]
fn ssz_static_minimal() {
    run_preset::<Minimal>();
}

#[test]
fn ssz_static_schema_mainnet() {
    run_preset_schema::<Mainnet>();
}

#[test]
fn ssz_static_schema_minimal() {
    run_preset_schema::<Minimal>();
}

#[test]
fn schemas_match_the_derived_types() {
    check_shapes_v1_6::<Mainnet>();
    check_shapes_v1_6::<Minimal>();
}

#[test]
fn ssz_static_view_mainnet() {
    run_preset_view::<Mainnet>();
}

#[test]
fn ssz_static_view_minimal() {
    run_preset_view::<Minimal>();
}

#[test]
fn ssz_static_stream_mainnet() {
    run_preset_stream::<Mainnet>();
}

#[test]
fn ssz_static_stream_minimal() {
    run_preset_stream::<Minimal>();
}
