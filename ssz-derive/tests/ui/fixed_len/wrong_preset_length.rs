// A generic container is checked for each preset it is used with.
use peam_ssz_types::{ExactList, Length, Ssz, U};

trait Preset {
    type Dimension: Length;
    const SIGNATURE_LEN: usize;
}

struct Good;
impl Preset for Good {
    type Dimension = U<3>;
    const SIGNATURE_LEN: usize = 4 + 12;
}

struct Bad;
impl Preset for Bad {
    type Dimension = U<3>;
    const SIGNATURE_LEN: usize = 4 + 16;
}

#[derive(Ssz)]
#[ssz(fixed_len = P::SIGNATURE_LEN)]
struct Signature<P: Preset> {
    hashes: ExactList<u32, P::Dimension, U<8>>,
}

const GOOD: usize = <Signature<Good> as Ssz>::FIXED_PART_LEN;
const BAD: usize = <Signature<Bad> as Ssz>::FIXED_PART_LEN;

fn main() {
    let _ = (GOOD, BAD);
}
