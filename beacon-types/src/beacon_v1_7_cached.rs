//! The Fulu and Gloas containers of v1.7.0-alpha.13 instantiated with the
//! persistent, cached collections: the same generated fork files as
//! [`crate::beacon_v1_7`], compiled a second time with `List`, `Vector` and
//! `ProgressiveList` mapped to
//! [`PersistentList`](peam_ssz_types::PersistentList),
//! [`PersistentVector`](peam_ssz_types::PersistentVector) and
//! [`PersistentProgressiveList`](peam_ssz_types::PersistentProgressiveList),
//! so that a client keeps its Gloas state incrementally and the
//! `ssz_static` vectors run through the cached types too
//! (`tests/ssz_static.rs`, `ssz_static[cached]@v1.7.0-alpha.13/...`).
//! Progressive bitlists and byte lists (aggregation bits, transactions)
//! stay plain: they are small and decoded once.
//!
//! ```
//! use beacon_types::beacon_v1_7_cached::{gloas, Minimal};
//! use peam_ssz_types::{PersistentProgressiveList, Ssz, TreeHash, V1_7};
//!
//! let mut state = gloas::BeaconState::<Minimal>::default();
//! let _: &PersistentProgressiveList<u64, V1_7> = &state.balances;
//! state.balances.push(32_000_000_000);
//! let plain = beacon_types::beacon_v1_7::gloas::BeaconState::<Minimal>::from_ssz(&state.to_ssz()).unwrap();
//! assert_eq!(state.hash_tree_root(), plain.hash_tree_root());
//! ```

pub use crate::beacon_v1_7::{
    preset, Container, ContainerVisitor, Mainnet, Minimal, Preset, Quot, Sum, FORKS, VECTOR_FORKS,
};

/// `List`, `Vector` and `ProgressiveList` for the fork files: the
/// persistent, cached types; the leaf types and the progressive bitlists
/// and byte lists are those of [`crate::beacon_v1_7`].
pub mod collections {
    pub use crate::beacon_v1_7::collections::{uint256_serde, Bytes20, Bytes32, Uint256};
    pub use peam_ssz_types::{
        PersistentList as List, PersistentProgressiveList as ProgressiveList,
        PersistentVector as Vector, ProgressiveBitlist, ProgressiveByteList,
    };
}

#[path = "beacon_v1_7/fulu.rs"]
pub mod fulu;
// Until the generator imports the progressive types through
// `collections` (as it does `List` and `Vector`), the Gloas file is
// compiled from a copy that does; `tests::the_gloas_copy_is_the_generated_file`
// checks that the copy differs from `beacon_v1_7/gloas.rs` in that import
// only.
#[path = "beacon_v1_7_cached/gloas.rs"]
pub mod gloas;

/// As [`crate::beacon_v1_7::visit_fork_containers`], for the cached
/// instantiation.
pub fn visit_fork_containers<P: Preset, V: ContainerVisitor>(fork: &str, visitor: &mut V) -> bool {
    match fork {
        "fulu" => fulu::visit_containers::<P, V>(visitor),
        "gloas" => gloas::visit_containers::<P, V>(visitor),
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    /// The import of the generated Gloas file, and what the copy has
    /// instead.
    const GENERATED: &str = "use peam_ssz_types::{
    Bitvector, ByteList, ByteVector, Prod, ProgressiveBitlist, ProgressiveByteList,
    ProgressiveList, Ssz, TreeHash, U, V1_7,
};";
    const COPY: &str =
        "use peam_ssz_types::{Bitvector, ByteList, ByteVector, Prod, Ssz, TreeHash, U, V1_7};";
    const COLLECTIONS: &str = "use super::collections::{List, Vector};\n";
    const COLLECTIONS_COPY: &str = "use super::collections::{List, Vector};
use super::collections::{ProgressiveBitlist, ProgressiveByteList, ProgressiveList};
";

    #[test]
    fn the_gloas_copy_is_the_generated_file() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let generated = std::fs::read_to_string(dir.join("beacon_v1_7/gloas.rs")).unwrap();
        let copy = std::fs::read_to_string(dir.join("beacon_v1_7_cached/gloas.rs")).unwrap();
        assert!(
            generated.contains(GENERATED),
            "the generated import changed"
        );
        assert_eq!(
            copy,
            generated
                .replace(GENERATED, COPY)
                .replace(COLLECTIONS, COLLECTIONS_COPY)
        );
    }
}
