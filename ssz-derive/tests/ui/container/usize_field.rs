use peam_ssz_types::{Ssz, TreeHash};

#[derive(Ssz, TreeHash)]
struct Validator {
    index: usize,
    balance: i64,
    effective_balance: u64,
}

fn main() {}
