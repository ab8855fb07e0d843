use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(active_fields = [])]
struct Square {
    side: u16,
}

fn main() {}
