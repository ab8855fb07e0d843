use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(selector = 1)]
struct Container {
    a: u8,
}

fn main() {}
