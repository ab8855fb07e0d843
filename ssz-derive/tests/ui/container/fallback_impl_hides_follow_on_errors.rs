use peam_ssz_types::{Ssz, TreeHash};

// The attribute error is the only error: the fallback impl keeps uses of
// the type from failing too.
#[derive(Ssz, TreeHash)]
#[ssz(unknown)]
struct Container {
    a: u8,
}

fn encode(c: &Container) -> Vec<u8> {
    c.to_ssz()
}

fn root(c: &Container) -> [u8; 32] {
    c.hash_tree_root()
}

fn main() {}
