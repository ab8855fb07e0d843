use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(transparent)]
struct Unit;

fn main() {}
