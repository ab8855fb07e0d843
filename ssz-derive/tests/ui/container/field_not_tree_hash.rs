use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz)]
struct OnlySsz {
    a: u8,
}

#[derive(Ssz, TreeHash)]
struct Container {
    inner: OnlySsz,
}

fn main() {}
