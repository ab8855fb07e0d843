use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(active_fields = [1])]
struct Empty {}

fn main() {}
