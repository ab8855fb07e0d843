use peam_ssz_types::Ssz;

#[derive(Ssz)]
struct Cache {
    #[ssz(skip)]
    a: u64,
    #[ssz(skip)]
    b: u64,
}

fn main() {}
