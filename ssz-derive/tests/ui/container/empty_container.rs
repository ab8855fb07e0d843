use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
struct Empty {}

fn main() {}
