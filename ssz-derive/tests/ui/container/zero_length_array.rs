use peam_ssz_types::Ssz;

#[derive(Ssz)]
struct Empty {
    slot: u64,
    nothing: [u8; 0],
}

fn main() {}
