use peam_ssz_types::Ssz;

mod as_bytes {}

#[derive(Ssz)]
struct Account {
    #[ssz(with = as_bytes)]
    a: u64,
    #[ssz(with = 1)]
    b: u64,
    #[ssz(with = "not a path")]
    c: u64,
    #[ssz(with)]
    d: u64,
    #[ssz(skip = true)]
    e: u64,
    f: u64,
}

fn main() {}
