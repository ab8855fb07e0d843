use peam_ssz_types::{Ssz, TreeHash};

struct NotSsz;

// A non-generic union: the missing impl is reported at the variant's type,
// with no pointer to `trivial_bounds`.
#[derive(Ssz, TreeHash)]
enum Payload {
    None,
    Value(NotSsz),
}

fn main() {}
