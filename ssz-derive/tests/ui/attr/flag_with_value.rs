use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(transparent = true)]
struct Slot(u64);

#[derive(Ssz)]
#[ssz(compatible_union(yes))]
enum Choice {
    #[ssz(selector = 1)]
    A(u8),
}

fn main() {}
