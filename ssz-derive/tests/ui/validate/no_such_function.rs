use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(transparent, validate = "Fp::chek")]
struct Fp(u32);

impl Fp {
    #[allow(dead_code)]
    fn check(&self) -> Result<(), peam_ssz_types::DecodeErrorKind> {
        Ok(())
    }
}

fn main() {}
