use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
enum Choice {
    #[ssz(selector = 1)]
    A(u8),
    #[ssz(selector = 2)]
    B(u16),
    #[ssz(selector = 1)]
    C(u32),
}

fn main() {}
