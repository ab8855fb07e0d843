use peam_ssz_types::{gindex, Gindex, List, TreeHash, U};

#[derive(TreeHash)]
struct Block {
    roots: List<[u8; 32], U<16>>,
}

// The list's limit is 16: index 16 names no node.
const PAST_THE_LIMIT: Gindex = gindex!(Block, roots[16]);

fn main() {
    let _ = PAST_THE_LIMIT;
}
