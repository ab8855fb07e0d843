use peam_ssz_types::Ssz;

// Every error is reported in one build, not only the first.
#[derive(Ssz)]
#[ssz(bogus, transparent, active_fields = [2])]
struct Container {
    #[ssz(selector = 1)]
    a: u8,
    b: u8,
}

fn main() {}
