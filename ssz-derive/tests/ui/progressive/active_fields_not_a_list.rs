use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz(active_fields = 101)]
struct Square {
    side: u16,
}

#[derive(Ssz)]
#[ssz(active_fields = [1, -1])]
struct Circle {
    radius: u16,
}

fn main() {}
