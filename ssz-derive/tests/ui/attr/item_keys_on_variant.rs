use peam_ssz_types::Ssz;

#[derive(Ssz)]
enum Choice {
    #[ssz(crate = "peam_ssz_types")]
    A(u8),
    #[ssz(transparent)]
    B(u16),
}

fn main() {}
