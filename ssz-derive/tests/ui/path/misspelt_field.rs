use peam_ssz_types::{gindex, Gindex, TreeHash};

#[derive(TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

const ROOT: Gindex = gindex!(Checkpoint, rooot);

fn main() {
    let _ = ROOT;
}
