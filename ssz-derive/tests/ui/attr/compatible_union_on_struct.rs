use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(compatible_union)]
struct Container {
    a: u8,
}

fn main() {}
