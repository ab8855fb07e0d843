use peam_ssz_types::{gindex, Gindex, TreeHash};

struct Address([u8; 20]);

mod address_as_bytes {
    pub fn hash_tree_root(value: &super::Address) -> [u8; 32] {
        let mut chunk = [0u8; 32];
        chunk[..20].copy_from_slice(&value.0);
        chunk
    }
}

#[derive(TreeHash)]
struct Account {
    index: u64,
    #[ssz(with = "address_as_bytes")]
    address: Address,
}

// The field itself has a generalized index.
const ADDRESS: Gindex = gindex!(Account, address);
// Nothing below it does: the module gives only its root.
const BELOW: Gindex = gindex!(Account, address.bytes);

fn main() {}
