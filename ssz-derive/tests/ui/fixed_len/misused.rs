use peam_ssz_types::Ssz;

// A newtype takes its field's length.
#[derive(Ssz)]
#[ssz(transparent, fixed_len = 8)]
struct Gwei(u64);

// A length is a number, not a string.
#[derive(Ssz)]
#[ssz(fixed_len = "8")]
struct Checkpoint {
    epoch: u64,
}

// A flag without a length.
#[derive(Ssz)]
#[ssz(fixed_len)]
struct Slot {
    slot: u64,
}

// Not on a union.
#[derive(Ssz)]
#[ssz(fixed_len = 9)]
enum Payload {
    None,
    Big(u64),
}

fn main() {}
