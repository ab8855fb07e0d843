// A plain list can hold any number of elements, so the container has no
// one length to be held at.
use peam_ssz_types::{List, Ssz, U};

#[derive(Ssz)]
#[ssz(fixed_len = 12)]
struct Signature {
    rho: [u32; 2],
    hashes: List<u32, U<8>>,
}

fn main() {}
