use peam_ssz_types::Ssz;

struct NotSsz;

// A newtype: the missing impl is reported once, at the field's type (the
// bound stays, or the bulk helpers would each report it again).
#[derive(Ssz)]
#[ssz(transparent)]
struct Wrapper(NotSsz);

fn main() {}
