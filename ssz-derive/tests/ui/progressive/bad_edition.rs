use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(active_fields = [1, 0, 1], edition = "v1.8")]
struct Square {
    side: u16,
    color: u8,
}

#[derive(Ssz, TreeHash)]
#[ssz(active_fields = [1, 1], edition = 16)]
struct Circle {
    radius: u16,
    color: u8,
}

fn main() {}
