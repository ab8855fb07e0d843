use peam_ssz_types::Ssz;

mod as_bytes {}

#[derive(Ssz)]
struct Account {
    index: u64,
    #[ssz(skip, with = "as_bytes")]
    cache: u64,
}

fn main() {}
