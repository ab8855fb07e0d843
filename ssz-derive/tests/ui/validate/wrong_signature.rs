// The hook returns `Result<(), E>` with `DecodeError: From<E>`, not a bool.
use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(transparent, validate = "Fp::is_canonical")]
struct Fp(u32);

impl Fp {
    fn is_canonical(&self) -> bool {
        self.0 < 2_130_706_433
    }
}

fn main() {}
