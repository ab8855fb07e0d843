use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
enum Choice {
    #[ssz(selector = 1)]
    A(u8),
    B(u16),
    C(u32),
}

fn main() {}
