//! `#[derive(Ssz, TreeHash)]`.
