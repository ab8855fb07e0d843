use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
enum Choice {
    None,
    Named { a: u8 },
}

fn main() {}
