//! The containers whose derived code `benches/expansion.sh` measures:
//! the same two containers with our derives and with sigp's
//! (`ethereum_ssz_derive` and `tree_hash_derive`), each compiled only under
//! its `--cfg expansion = ".."`, so that the expanded crate's length with
//! and without one of them is the length of its derived code.

#[cfg(any(expansion = "ours2", expansion = "ours10"))]
mod ours {
    use peam_ssz_types::{List, Ssz, TreeHash, U};

    #[derive(Ssz, TreeHash)]
    pub struct Checkpoint {
        pub epoch: u64,
        pub root: [u8; 32],
    }

    #[cfg(expansion = "ours10")]
    #[derive(Ssz, TreeHash)]
    pub struct Ten {
        pub a: u64,
        pub b: [u8; 32],
        pub c: u64,
        pub d: u64,
        pub e: u64,
        pub f: u64,
        pub g: u64,
        pub h: u64,
        pub i: u64,
        pub j: List<u64, U<1024>>,
    }
}

#[cfg(any(expansion = "sigp2", expansion = "sigp10"))]
mod sigp {
    use ssz_types::{typenum::U1024, VariableList};

    #[derive(ssz_derive::Encode, ssz_derive::Decode, tree_hash_derive::TreeHash)]
    pub struct Checkpoint {
        pub epoch: u64,
        pub root: [u8; 32],
    }

    #[cfg(expansion = "sigp10")]
    #[derive(ssz_derive::Encode, ssz_derive::Decode, tree_hash_derive::TreeHash)]
    pub struct Ten {
        pub a: u64,
        pub b: [u8; 32],
        pub c: u64,
        pub d: u64,
        pub e: u64,
        pub f: u64,
        pub g: u64,
        pub h: u64,
        pub i: u64,
        pub j: VariableList<u64, U1024>,
    }
}
