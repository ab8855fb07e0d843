use peam_ssz_types::{gindex, Gindex, TreeHash};

#[derive(TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

// `epoch` is a basic value, a leaf: nothing is below it.
const BELOW: Gindex = gindex!(Checkpoint, epoch[0]);

fn main() {
    let _ = BELOW;
}
