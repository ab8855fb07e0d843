use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
struct Unit;

fn main() {}
