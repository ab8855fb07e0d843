use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(transparant)]
struct Slot(u64);

#[derive(Ssz)]
#[ssz(selectr = 1)]
enum Choice {
    A(u8),
}

fn main() {}
