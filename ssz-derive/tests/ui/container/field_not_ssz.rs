use peam_ssz_types::Ssz;

struct NotSsz;

// One error, at the field: not one per use of the field's type in the
// generated code.
#[derive(Ssz)]
struct Container {
    a: u8,
    b: NotSsz,
}

fn main() {}
