use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
enum Choice {
    A(u8),
    None,
}

#[derive(Ssz)]
enum Explicit {
    #[ssz(selector = 1)]
    None,
    #[ssz(selector = 0)]
    A(u8),
}

fn main() {}
