//! Bitfields: `Bitlist[N]`, `Bitvector[N]` and `ProgressiveBitlist`, bits
//! packed eight to a byte, bit `i` in byte `i / 8` at position `i % 8`
//! (least significant first).
//!
//! The two bitlists are names of one storage, [`BitSeq<K>`] (see `seq.rs`),
//! over one private buffer (`buf::BitBuf`): the bound (a limit, or none),
//! the root, the tree layout and `arbitrary` are all that differ, each in
//! the type's own file.

mod bitlist;
mod bitvector;
pub(crate) mod buf;
mod progressive;
mod seq;
mod stream;
#[cfg(test)]
mod tests;
mod view;

pub use bitlist::{Bitlist, BitlistKind};
pub use bitvector::Bitvector;
pub use buf::Bits;
pub use progressive::{ProgressiveBitKind, ProgressiveBitlist};
pub use seq::{BitKind, BitSeq};
pub use view::BitsView;
