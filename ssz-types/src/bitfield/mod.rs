//! Bitfields: `Bitlist[N]`, `Bitvector[N]` and `ProgressiveBitlist`, bits
//! packed eight to a byte, bit `i` in byte `i / 8` at position `i % 8`
//! (least significant first).
//!
//! The two bitlists keep their bits in one private buffer (`buf::BitBuf`):
//! the bound (a limit, or none) and the root are all that differ.

mod bitlist;
mod bitvector;
pub(crate) mod buf;
mod progressive;
#[cfg(test)]
mod tests;

pub use bitlist::Bitlist;
pub use bitvector::Bitvector;
pub use buf::Bits;
pub use progressive::ProgressiveBitlist;
