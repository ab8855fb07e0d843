use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
enum Never {}

fn main() {}
