use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(edition = "v1.6")]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

fn main() {}
