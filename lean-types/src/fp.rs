//! `Fp`: an element of the KoalaBear field, the basic type of the XMSS
//! containers.

use peam_ssz_types::{DecodeErrorKind, Ssz, TreeHash};

/// An element of the KoalaBear field, `P = 2^31 - 2^24 + 1`, as leanSpec
/// serializes it (`crypto/koalabear.py`): a basic SSZ type of 4 bytes,
/// little-endian, packed eight to a chunk like a `uint32`. Decoding refuses
/// a value `>= P`: only canonical residues are valid.
///
/// It is a `uint32` with a validity check (`#[ssz(transparent, validate =
/// "...")]`), so vectors and lists of it take the bulk paths of `u32`:
/// one copy to encode, one copy and a batched comparison to decode, the
/// packed bytes read in place to hash.
///
/// ```
/// use peam_ssz_lean::Fp;
/// use peam_ssz_types::{Ssz, TreeHash};
///
/// let max = Fp::new(Fp::P - 1).unwrap();
/// assert_eq!(max.to_ssz(), [0x00, 0x00, 0x00, 0x7f]);
/// assert_eq!([max; 8].hash_tree_root(), [Fp::P - 1; 8].hash_tree_root());
///
/// assert!(Fp::new(Fp::P).is_none());
/// let err = <[Fp; 2]>::from_ssz(&[0, 0, 0, 0, 1, 0, 0, 0x7f]).unwrap_err();
/// assert_eq!(err.to_string(), "at [1]: Fp: value not below P = 2^31 - 2^24 + 1");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Ssz, TreeHash)]
#[ssz(transparent, validate = "Fp::check")]
#[repr(transparent)]
pub struct Fp(u32);

/// What decoding a non-canonical `Fp` reports.
pub const FP_NOT_CANONICAL: DecodeErrorKind =
    DecodeErrorKind::Custom("Fp: value not below P = 2^31 - 2^24 + 1");

impl Fp {
    /// The modulus, `2^31 - 2^24 + 1 = 2130706433`.
    pub const P: u32 = (1 << 31) - (1 << 24) + 1;

    /// Zero.
    pub const ZERO: Fp = Fp(0);

    /// The element `value`, if it is below [`Fp::P`].
    #[inline]
    pub const fn new(value: u32) -> Option<Fp> {
        if value < Fp::P {
            Some(Fp(value))
        } else {
            None
        }
    }

    /// The element `value mod P` (how leanSpec builds one from an integer).
    #[inline]
    pub const fn reduce(value: u32) -> Fp {
        Fp(value % Fp::P)
    }

    /// The canonical residue, below [`Fp::P`].
    #[inline]
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The check every decoded `Fp` passes: a plain comparison, so that
    /// decoding a list of them tests a batch at a time.
    #[inline]
    fn check(&self) -> Result<(), DecodeErrorKind> {
        if self.0 < Fp::P {
            Ok(())
        } else {
            Err(FP_NOT_CANONICAL)
        }
    }
}

impl From<Fp> for u32 {
    #[inline]
    fn from(fp: Fp) -> u32 {
        fp.0
    }
}

impl TryFrom<u32> for Fp {
    type Error = u32;

    /// The element `value`, or `value` back if it is not below `P`.
    #[inline]
    fn try_from(value: u32) -> Result<Fp, u32> {
        Fp::new(value).ok_or(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peam_ssz_types::{List, U};

    #[test]
    fn p_is_koalabear() {
        assert_eq!(Fp::P, 2_130_706_433);
        assert_eq!(Fp::P - 1, 0x7f00_0000);
    }

    #[test]
    fn decoding_refuses_p_and_above_everywhere() {
        assert_eq!(
            Fp::from_ssz(&0x7f00_0000u32.to_le_bytes()),
            Ok(Fp(Fp::P - 1))
        );
        for bad in [Fp::P, Fp::P + 1, u32::MAX] {
            let bytes = bad.to_le_bytes();
            assert_eq!(*Fp::from_ssz(&bytes).unwrap_err().kind(), FP_NOT_CANONICAL);
            // In a vector (the array path) and a list (the bulk path), at
            // the index of the bad element.
            let mut many = [0u8; 4 * 100];
            many[4 * 77..4 * 78].copy_from_slice(&bytes);
            let err = List::<Fp, U<128>>::from_ssz(&many).unwrap_err();
            assert_eq!(*err.kind(), FP_NOT_CANONICAL);
            assert_eq!(err.to_string(), format!("at [77]: {FP_NOT_CANONICAL}"));
            let err = <[Fp; 100]>::from_ssz(&many).unwrap_err();
            assert_eq!(err.to_string(), format!("at [77]: {FP_NOT_CANONICAL}"));
            let err = List::<[Fp; 8], U<16>>::from_ssz(&many[..4 * 80]).unwrap_err();
            assert_eq!(err.to_string(), format!("at [9][5]: {FP_NOT_CANONICAL}"));
        }
    }

    #[test]
    fn fp_packs_like_u32() {
        let values: Vec<u32> = (0..37).map(|i| i * 1_000_003).collect();
        let fps: Vec<Fp> = values.iter().map(|&v| Fp::new(v).unwrap()).collect();
        let a = List::<Fp, U<64>>::try_from(fps).unwrap();
        let b = List::<u32, U<64>>::try_from(values).unwrap();
        assert_eq!(a.to_ssz(), b.to_ssz());
        assert_eq!(a.hash_tree_root(), b.hash_tree_root());
        assert_eq!(List::<Fp, U<64>>::from_ssz(&b.to_ssz()), Ok(a));
        assert_eq!(Fp::reduce(Fp::P + 5), Fp(5));
    }
}
