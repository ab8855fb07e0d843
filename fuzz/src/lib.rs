//! Support code of the peam-ssz fuzz targets (`fuzz_targets/`).
//!
//! - [`catalog`]: which types the targets decode, by selector byte.
//! - `generic_decode_table!()`, `generic_roundtrip_table!()`,
//!   `beacon_decode_table!()`, `beacon_roundtrip_table!()` and their
//!   `beacon_v1_7_` twins: one [`Entry`]
//!   per type of the catalog, with the check monomorphised for it (generated
//!   by `build.rs` from the catalog of `beacon-types` and the `spec-tests`
//!   sources). They are macros so that
//!   each target instantiates only the checks it runs.
//! - [`gen`]: typed values built from fuzz input.
//! - [`check`]: the properties asserted on every type.
//! - [`peers`]: differential checks against Lighthouse and libssz.
//! - [`schemas`]: the run-time schema of every catalog type, and
//!   `generic_schema_table!()`, `beacon_schema_table!()`: the entries whose
//!   check ([`check::against_schema`]) holds the run-time path against the
//!   derived type.

pub mod catalog;
pub mod check;
pub mod gen;
pub mod peers;
pub mod schemas;

/// A type the targets can select: its name and one check, monomorphised
/// for it.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The catalog name (`vec_uint16_31`, `electra::BeaconState<Minimal>`).
    pub name: &'static str,
    /// The check: [`check::decode`] or [`check::roundtrip`] of the type.
    pub run: fn(&[u8]),
}

// `GENERIC_NAMES`, `BEACON_NAMES`, the table macros and the `Generate`
// impls of the containers.
include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Splits a fuzz input into the entry its first byte selects (modulo the
/// table length) and the rest.
pub fn select<'a>(table: &'static [Entry], data: &'a [u8]) -> Option<(&'static Entry, &'a [u8])> {
    let (&first, rest) = data.split_first()?;
    Some((&table[usize::from(first) % table.len()], rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated tables follow the catalog's order, which the seed tool
    /// relies on.
    #[test]
    fn tables_follow_the_catalog() {
        let names: Vec<String> = catalog::generic_types()
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(GENERIC_NAMES.to_vec(), names);
        let table: &[Entry] = generic_decode_table!();
        assert_eq!(table.iter().map(|e| e.name).collect::<Vec<_>>(), names);
        assert!(BEACON_NAMES.len() > 100 && BEACON_NAMES.len() <= 256);
        assert!(BEACON_V1_7_NAMES.len() > 100 && BEACON_V1_7_NAMES.len() <= 256);
    }

    /// A fork's container resolves to the module that defines it.
    #[test]
    fn beacon_names_resolve_to_their_module() {
        let entries = catalog::beacon_entries();
        let label = |preset, fork, name| {
            catalog::beacon_index(&entries, preset, fork, name).map(|i| entries[i].label())
        };
        assert_eq!(
            label("mainnet", "fulu", "Checkpoint").as_deref(),
            Some("phase0::Checkpoint")
        );
        assert_eq!(
            label("minimal", "fulu", "BeaconState").as_deref(),
            Some("fulu::BeaconState<Minimal>")
        );
        assert_eq!(
            label("mainnet", "gloas", "Attestation").as_deref(),
            Some("electra::Attestation<Mainnet>")
        );
        assert_eq!(label("mainnet", "fulu", "NoSuchType"), None);
        assert_eq!(
            entries.iter().map(|e| e.label()).collect::<Vec<_>>(),
            BEACON_NAMES
        );

        let entries = catalog::beacon_v1_7_entries();
        let label = |preset, fork, name| {
            catalog::beacon_index(&entries, preset, fork, name).map(|i| entries[i].label())
        };
        assert_eq!(
            label("minimal", "gloas", "BeaconState").as_deref(),
            Some("v1.7 gloas::BeaconState<Minimal>")
        );
        assert_eq!(
            label("mainnet", "heze", "Checkpoint").as_deref(),
            Some("v1.7 fulu::Checkpoint")
        );
        assert_eq!(
            entries.iter().map(|e| e.label()).collect::<Vec<_>>(),
            BEACON_V1_7_NAMES
        );
    }

    #[test]
    fn case_names_map_to_entries() {
        assert_eq!(
            catalog::generic_case_types("uints", "uint_128_max"),
            ["uint_128"]
        );
        assert_eq!(
            catalog::generic_case_types("basic_vector", "vec_uint16_16_random"),
            ["vec_uint16_16", "arr_uint16_16"]
        );
        assert!(catalog::generic_case_types("basic_vector", "vec_bool_0").is_empty());
        assert_eq!(
            catalog::generic_case_types("containers", "BitsStruct_lengthy_offset_0_zeroed"),
            ["BitsStruct"]
        );
        assert_eq!(
            catalog::generic_case_types("compatible_unions", "CompatibleUnionABCA_selector_6_none"),
            ["CompatibleUnionABCA"]
        );
    }
}
