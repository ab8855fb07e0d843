use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
enum Choice {
    None,
    Pair(u8, u16),
    Empty(),
}

fn main() {}
