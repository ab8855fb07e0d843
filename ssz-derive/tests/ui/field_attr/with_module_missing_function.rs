use peam_ssz_types::{Ssz, TreeHash};

struct Address([u8; 20]);

// A module written for `Ssz` only: deriving `TreeHash` too needs its
// `hash_tree_root`.
mod address_as_bytes {
    use super::Address;
    use peam_ssz_types::{DecodeError, Ssz};

    pub const IS_FIXED_SIZE: bool = true;
    pub const FIXED_PART_LEN: usize = 20;

    pub fn ssz_len(_: &Address) -> usize {
        20
    }

    pub fn ssz_write(value: &Address, out: &mut [u8]) {
        out.copy_from_slice(&value.0);
    }

    pub fn from_ssz(bytes: &[u8]) -> Result<Address, DecodeError> {
        <[u8; 20]>::from_ssz(bytes).map(Address)
    }
}

#[derive(Ssz, TreeHash)]
struct Account {
    index: u64,
    #[ssz(with = "address_as_bytes")]
    address: Address,
}

fn main() {}
