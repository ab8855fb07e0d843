use peam_ssz_types::Ssz;

mod as_bytes {}

#[derive(Ssz)]
struct Account {
    index: u64,
    #[ssz(skip)]
    #[ssz(skip)]
    cache: u64,
    #[ssz(with = "as_bytes", with = "as_bytes")]
    other: u64,
}

fn main() {}
