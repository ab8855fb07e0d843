use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(active_fields = [1, 0, 1])]
struct Square {
    side: u16,
    color: u8,
    extra: u8,
}

fn main() {}
