use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
enum Choice {
    #[ssz(selector = 0)]
    A(u8),
    #[ssz(selector = 128)]
    B(u16),
    #[ssz(selector = 100000000000)]
    C(u32),
}

fn main() {}
