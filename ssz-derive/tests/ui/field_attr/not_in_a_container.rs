use peam_ssz_types::Ssz;

mod as_bytes {}

#[derive(Ssz)]
enum Payload {
    A(#[ssz(with = "as_bytes")] u64),
    B(#[ssz(skip)] u32),
}

#[derive(Ssz)]
#[ssz(transparent)]
struct Gwei(#[ssz(with = "as_bytes")] u64);

fn main() {}
