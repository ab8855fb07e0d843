use peam_ssz_types::Ssz;

#[derive(Ssz)]
enum Choice {
    #[ssz(selector = "1")]
    A(u8),
    #[ssz(selector)]
    B(u16),
    #[ssz(selector = 100000000000000000000000)]
    C(u32),
}

#[derive(Ssz)]
#[ssz(crate)]
struct NoPath {
    a: u8,
}

fn main() {}
