use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[repr(u8)]
enum Choice {
    A(u8) = 1,
    B(u16) = 2,
}

fn main() {}
