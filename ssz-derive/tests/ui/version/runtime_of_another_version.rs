// The derive paired with a runtime of another version: `crate = "..."`
// names a stand-in whose helpers module carries the name that version 2.9.0
// would give it. The error names the module the derive wanted, and so its
// version.
mod runtime {
    pub use peam_ssz_types::{DecodeError, Ssz};

    #[doc(hidden)]
    pub mod __private_2_9_0 {}
}

#[derive(runtime::Ssz)]
#[ssz(crate = "runtime")]
struct Checkpoint {
    epoch: u64,
    slot: u64,
}

fn main() {}
