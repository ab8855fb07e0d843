use peam_ssz_types::TreeHash;

// A basic type and a composite one (or basic types of different sizes)
// cannot have compatible merkleization.
#[derive(TreeHash)]
#[ssz(compatible_union)]
enum Choice {
    #[ssz(selector = 1)]
    Byte(u8),
    #[ssz(selector = 2)]
    Word(u16),
}

fn root(c: &Choice) -> [u8; 32] {
    c.hash_tree_root()
}

fn main() {
    let _ = root(&Choice::Byte(1));
}
