use peam_ssz_types::{List, Ssz};

#[derive(Ssz)]
struct Balances {
    balances: List<u64, 1024>,
}

fn main() {}
