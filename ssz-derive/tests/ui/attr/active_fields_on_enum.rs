use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
#[ssz(active_fields = [1])]
enum Choice {
    A(u8),
}

fn main() {}
