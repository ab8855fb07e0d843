use peam_ssz_types::{gindex, Gindex, TreeHash};

#[derive(TreeHash)]
struct Checkpoint {
    epoch: u64,
    root: [u8; 32],
}

#[derive(TreeHash)]
struct State {
    slot: u64,
    finalized_checkpoint: Checkpoint,
}

const ROOT: Gindex = gindex!(State, finalized_checkpoint.rot);

fn main() {
    let _ = ROOT;
}
