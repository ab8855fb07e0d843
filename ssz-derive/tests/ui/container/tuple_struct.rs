use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
struct Pair(u8, u16);

fn main() {}
