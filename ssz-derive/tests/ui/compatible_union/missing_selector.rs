use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(compatible_union)]
enum Choice {
    #[ssz(selector = 1)]
    A(u8),
    B(u8),
}

fn main() {}
