use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(compatible_union)]
enum Choice {
    #[ssz(selector = 1)]
    Pair(u8, u8),
    #[ssz(selector = 2)]
    Named { a: u8 },
}

fn main() {}
