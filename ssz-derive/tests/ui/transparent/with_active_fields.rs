use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(transparent, active_fields = [1])]
struct One {
    a: u8,
}

fn main() {}
