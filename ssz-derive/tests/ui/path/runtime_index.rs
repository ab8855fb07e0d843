use peam_ssz_types::{gindex, try_gindex, List, TreeHash, U};

#[derive(TreeHash)]
struct Block {
    roots: List<[u8; 32], U<16>>,
}

// Constants are indices of `gindex!`, alone or in arithmetic.
const LAST: u64 = 15;

fn main() {
    let _ = gindex!(Block, roots[LAST]);
    let _ = gindex!(Block, roots[LAST - 1]);
    let i = 3u64;
    // The right macro for a variable.
    let _ = try_gindex!(Block, roots[i]);
    // A variable, alone and at the left of an operator: each says
    // `try_gindex!` as well as rustc's E0435.
    let _ = gindex!(Block, roots[i]);
    let _ = gindex!(Block, roots[i + 1]);
}
