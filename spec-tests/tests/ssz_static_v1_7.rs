//! The `ssz_static` vectors against `beacon_types::beacon_v1_7` (the v1.7.0-alpha.13 Gloas and Heze vectors, manifests checked), printing `ssz_static@v1.7.0-alpha.13/<preset>/<fork>: ...`, and through schemas, views and streams (`ssz_static[schema]`, `[view]`, `[stream]`); the harness and the
//! layout are in `common/ssz_static.rs`.

#[path = "common/ssz_static.rs"]
mod common;

use common::*;

#[test]
fn ssz_static_v1_7_mainnet() {
    run_preset_v1_7::<beacon_v1_7::Mainnet>();
}

#[test]
fn ssz_static_v1_7_minimal() {
    run_preset_v1_7::<beacon_v1_7::Minimal>();
}

#[test]
fn ssz_static_schema_v1_7_mainnet() {
    run_preset_v1_7_schema::<beacon_v1_7::Mainnet>();
}

#[test]
fn ssz_static_schema_v1_7_minimal() {
    run_preset_v1_7_schema::<beacon_v1_7::Minimal>();
}

#[test]
fn schemas_match_the_derived_types_v1_7() {
    check_shapes_v1_7::<beacon_v1_7::Mainnet>();
    check_shapes_v1_7::<beacon_v1_7::Minimal>();
}

#[test]
fn ssz_static_view_v1_7_mainnet() {
    run_preset_v1_7_view::<beacon_v1_7::Mainnet>();
}

#[test]
fn ssz_static_view_v1_7_minimal() {
    run_preset_v1_7_view::<beacon_v1_7::Minimal>();
}

#[test]
fn ssz_static_stream_v1_7_mainnet() {
    run_preset_v1_7_stream::<beacon_v1_7::Mainnet>();
}

#[test]
fn ssz_static_stream_v1_7_minimal() {
    run_preset_v1_7_stream::<beacon_v1_7::Minimal>();
}
