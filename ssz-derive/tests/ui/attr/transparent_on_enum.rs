use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(transparent)]
enum Choice {
    A(u8),
}

fn main() {}
