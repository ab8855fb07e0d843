use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(compatible_union)]
enum Choice {
    #[ssz(selector = 3)]
    A(u8),
    #[ssz(selector = 3)]
    B(u8),
}

fn main() {}
