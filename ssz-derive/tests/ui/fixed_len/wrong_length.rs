// The pinned lists make 4 + 8 + 12 = 24 bytes, not 20.
use peam_ssz_types::{ExactList, Ssz, U};

#[derive(Ssz)]
#[ssz(fixed_len = 20)]
struct Signature {
    rho: [u32; 2],
    hashes: ExactList<u32, U<3>, U<8>>,
}

fn main() {}
