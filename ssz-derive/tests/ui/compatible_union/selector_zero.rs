use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(compatible_union)]
enum Choice {
    #[ssz(selector = 0)]
    A(u8),
    #[ssz(selector = 128)]
    B(u8),
}

fn main() {}
