use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(crate = "not a path")]
struct Checkpoint {
    epoch: u64,
}

#[derive(Ssz)]
#[ssz(crate = peam_ssz_types)]
struct Unquoted {
    epoch: u64,
}

fn main() {}
