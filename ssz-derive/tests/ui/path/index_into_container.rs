use peam_ssz_types::{gindex, Gindex, TreeHash};

#[derive(TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

// A container takes field names, not indices.
const FIRST: Gindex = gindex!(Checkpoint, [0]);

fn main() {
    let _ = FIRST;
}
