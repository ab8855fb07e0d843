use peam_ssz_types::Ssz;

struct NotSsz;

// A newtype: the missing impl is reported once, at the field's type (the
// impl's bound, under a binder, keeps the bulk helpers from reporting it
// again).
#[derive(Ssz)]
#[ssz(transparent)]
struct Wrapper(NotSsz);

fn main() {}
