use peam_ssz_types::Ssz;

// The hook is a path in a string, as `with` is.
#[derive(Ssz)]
#[ssz(transparent, validate = Fp::check)]
struct Fp(u32);

// Without a function.
#[derive(Ssz)]
#[ssz(transparent, validate)]
struct Gwei(u64);

// Not on a union (check the value after decoding it instead).
#[derive(Ssz)]
#[ssz(validate = "check")]
enum Payload {
    None,
    Big(u64),
}

// Not on a field.
#[derive(Ssz)]
struct Checkpoint {
    #[ssz(validate = "check")]
    epoch: u64,
}

fn main() {}
