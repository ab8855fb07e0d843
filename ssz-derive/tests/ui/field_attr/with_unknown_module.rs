use peam_ssz_types::{Ssz, TreeHash};

struct Address([u8; 20]);

#[derive(Ssz, TreeHash)]
struct Account {
    index: u64,
    #[ssz(with = "address_as_bytes")]
    address: Address,
}

fn main() {}
