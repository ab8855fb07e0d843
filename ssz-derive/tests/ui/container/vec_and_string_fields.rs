use peam_ssz_types::Ssz;

#[derive(Ssz)]
struct Block {
    slot: u64,
    indices: Vec<u64>,
    graffiti: Vec<u8>,
    name: String,
}

fn main() {}
