use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
struct Container {
    #[ssz(selector = 1)]
    a: u8,
}

#[derive(Ssz)]
enum Choice {
    A(#[ssz(transparent)] u8),
}

fn main() {}
