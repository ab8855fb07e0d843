use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(transparent)]
struct Two(u8, u16);

fn main() {}
