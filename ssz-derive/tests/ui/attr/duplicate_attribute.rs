use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(transparent, transparent)]
struct Slot(u64);

#[derive(Ssz)]
#[ssz(crate = "peam_ssz_types")]
#[ssz(crate = "peam_ssz_types")]
struct Two {
    a: u8,
}

#[derive(Ssz)]
enum Choice {
    #[ssz(selector = 1, selector = 2)]
    A(u8),
}

fn main() {}
