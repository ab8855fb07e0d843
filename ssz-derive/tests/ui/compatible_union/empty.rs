use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(compatible_union)]
enum Never {}

fn main() {}
