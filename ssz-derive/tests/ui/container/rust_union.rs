use peam_ssz_types::Ssz;

#[derive(Ssz)]
union Bits {
    a: u32,
    b: f32,
}

fn main() {}
