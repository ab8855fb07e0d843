use peam_ssz_types::ConsensusJson;

struct Opaque;

// A field or option type with no consensus JSON is reported at its type.
#[derive(ConsensusJson)]
struct Checkpoint {
    epoch: u64,
    opaque: Opaque,
}

#[derive(ConsensusJson)]
enum Choice {
    None,
    Opaque(Opaque),
}

fn main() {}
