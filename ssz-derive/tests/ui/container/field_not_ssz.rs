use peam_ssz_types::Ssz;

struct NotSsz;

#[derive(Ssz)]
struct Container {
    a: u8,
    b: NotSsz,
}

fn main() {}
