//! `uint256`: [`U256`], a 256-bit unsigned integer as SSZ stores it.

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

/// `uint256`: a 256-bit unsigned integer, little-endian in SSZ.
///
/// It carries the conversions, comparisons and decimal text that consensus
/// code needs (and `checked_add`/`checked_sub`), not a full arithmetic
/// library.
///
/// ```
/// use peam_ssz_types::{Ssz, U256};
///
/// let max: U256 = "115792089237316195423570985008687907853269984665640564039457584007913129639935".parse()?;
/// assert_eq!(max, U256::MAX);
/// assert_eq!(U256::from(1u64).to_ssz()[..2], [1, 0]);
/// let big = U256::from(u128::MAX).checked_add(U256::ONE).unwrap();
/// assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct U256 {
    // Least significant limb first.
    limbs: [u64; 4],
}

/// Why a string is not a [`U256`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseU256Error {
    /// The string is empty.
    Empty,
    /// A character other than `0-9`.
    InvalidDigit,
    /// The number is 2^256 or more.
    Overflow,
}

impl fmt::Display for ParseU256Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseU256Error::Empty => "cannot parse uint256 from an empty string",
            ParseU256Error::InvalidDigit => "invalid digit in uint256",
            ParseU256Error::Overflow => "number too large for uint256",
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseU256Error {}

/// A [`U256`] does not fit the smaller integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct U256OverflowError;

impl fmt::Display for U256OverflowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("uint256 value out of range")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for U256OverflowError {}

/// The bytes in reverse order (`<[u8]>::reverse` is not `const` on the
/// minimum supported Rust version).
const fn reversed(bytes: [u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        out[i] = bytes[31 - i];
        i += 1;
    }
    out
}

/// 10^19, the largest power of ten in a `u64`.
const TEN_POW_19: u64 = 10_000_000_000_000_000_000;

impl U256 {
    /// 0.
    pub const ZERO: U256 = U256 { limbs: [0; 4] };
    /// 1.
    pub const ONE: U256 = U256 {
        limbs: [1, 0, 0, 0],
    };
    /// 2^256 - 1.
    pub const MAX: U256 = U256 {
        limbs: [u64::MAX; 4],
    };

    /// The value of the 64-bit limbs, least significant first.
    #[inline]
    pub const fn from_limbs(limbs: [u64; 4]) -> Self {
        U256 { limbs }
    }

    /// The 64-bit limbs, least significant first.
    #[inline]
    pub const fn into_limbs(self) -> [u64; 4] {
        self.limbs
    }

    /// The value of 32 little-endian bytes (its SSZ encoding).
    pub const fn from_le_bytes(bytes: [u8; 32]) -> Self {
        let mut limbs = [0u64; 4];
        let mut i = 0;
        while i < 4 {
            let mut b = [0u8; 8];
            let mut j = 0;
            while j < 8 {
                b[j] = bytes[8 * i + j];
                j += 1;
            }
            limbs[i] = u64::from_le_bytes(b);
            i += 1;
        }
        U256 { limbs }
    }

    /// The 32 little-endian bytes (its SSZ encoding).
    pub const fn to_le_bytes(self) -> [u8; 32] {
        let mut out = [0u8; 32];
        let mut i = 0;
        while i < 4 {
            let b = self.limbs[i].to_le_bytes();
            let mut j = 0;
            while j < 8 {
                out[8 * i + j] = b[j];
                j += 1;
            }
            i += 1;
        }
        out
    }

    /// The value of 32 big-endian bytes.
    pub const fn from_be_bytes(bytes: [u8; 32]) -> Self {
        U256::from_le_bytes(reversed(bytes))
    }

    /// The 32 big-endian bytes.
    pub const fn to_be_bytes(self) -> [u8; 32] {
        reversed(self.to_le_bytes())
    }

    /// Whether the value is 0.
    #[inline]
    pub const fn is_zero(&self) -> bool {
        self.limbs[0] == 0 && self.limbs[1] == 0 && self.limbs[2] == 0 && self.limbs[3] == 0
    }

    /// The number of significant bits (0 for 0).
    pub const fn bits(&self) -> u32 {
        let mut i = 4;
        while i > 0 {
            i -= 1;
            if self.limbs[i] != 0 {
                return 64 * i as u32 + (64 - self.limbs[i].leading_zeros());
            }
        }
        0
    }

    /// `self + rhs`, or `None` on overflow.
    pub const fn checked_add(self, rhs: U256) -> Option<U256> {
        match add_limbs(self.limbs, rhs.limbs, false) {
            (limbs, false) => Some(U256 { limbs }),
            (_, true) => None,
        }
    }

    /// `self - rhs`, or `None` if `rhs > self`: `self + !rhs + 1`, whose
    /// carry out is set exactly when nothing is borrowed.
    pub const fn checked_sub(self, rhs: U256) -> Option<U256> {
        let r = rhs.limbs;
        match add_limbs(self.limbs, [!r[0], !r[1], !r[2], !r[3]], true) {
            (limbs, true) => Some(U256 { limbs }),
            (_, false) => None,
        }
    }

    /// `self * rhs + add`, or `None` on overflow.
    fn checked_mul_add_u64(self, rhs: u64, add: u64) -> Option<U256> {
        let mut limbs = [0u64; 4];
        let mut carry = add as u128;
        for (out, &limb) in limbs.iter_mut().zip(&self.limbs) {
            let t = limb as u128 * rhs as u128 + carry;
            *out = t as u64;
            carry = t >> 64;
        }
        (carry == 0).then_some(U256 { limbs })
    }

    /// `(self / d, self % d)`, `d != 0`.
    fn div_rem_u64(self, d: u64) -> (U256, u64) {
        let mut q = [0u64; 4];
        let mut rem = 0u64;
        for i in (0..4).rev() {
            let cur = ((rem as u128) << 64) | self.limbs[i] as u128;
            q[i] = (cur / d as u128) as u64;
            rem = (cur % d as u128) as u64;
        }
        (U256 { limbs: q }, rem)
    }

    /// The decimal digits, into a stack buffer; returns where they start.
    fn decimal(self, buf: &mut [u8; 78]) -> usize {
        let mut pos = buf.len();
        let mut n = self;
        loop {
            let (q, mut r) = n.div_rem_u64(TEN_POW_19);
            // Nineteen digits, zero-padded unless this is the leading part.
            for _ in 0..19 {
                pos -= 1;
                buf[pos] = b'0' + (r % 10) as u8;
                r /= 10;
                if q.is_zero() && r == 0 {
                    break;
                }
            }
            if q.is_zero() {
                return pos;
            }
            n = q;
        }
    }
}

impl Ord for U256 {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs.iter().rev().cmp(other.limbs.iter().rev())
    }
}

impl PartialOrd for U256 {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `a + b + carry`, limb by limb from the least significant, and the carry
/// out of the top limb.
#[inline]
const fn add_limbs(a: [u64; 4], b: [u64; 4], mut carry: bool) -> ([u64; 4], bool) {
    let mut limbs = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s1, c1) = a[i].overflowing_add(b[i]);
        let (s2, c2) = s1.overflowing_add(carry as u64);
        limbs[i] = s2;
        carry = c1 | c2;
        i += 1;
    }
    (limbs, carry)
}

mod sealed {
    pub trait Sealed {}

    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
    impl Sealed for usize {}
}

/// The unsigned integers of at most 64 bits (`u8`, `u16`, `u32`, `u64`,
/// `usize`): each converts into a [`U256`] (`From`) and back with a check
/// (`TryFrom<U256>`). Sealed: implemented for those types only.
pub trait SmallUint: sealed::Sealed + Copy + TryFrom<u64> + TryInto<u64> {}

impl<T: sealed::Sealed + Copy + TryFrom<u64> + TryInto<u64>> SmallUint for T {}

impl<T: SmallUint> From<T> for U256 {
    #[inline]
    fn from(v: T) -> U256 {
        match v.try_into() {
            Ok(low) => U256 {
                limbs: [low, 0, 0, 0],
            },
            // Every `SmallUint` has at most 64 bits (`usize` too, on every
            // target Rust supports), so the conversion cannot fail.
            Err(_) => unreachable!("a SmallUint has at most 64 bits"),
        }
    }
}

impl U256 {
    /// The value as a `T` of at most 64 bits, or an error if it does not fit
    /// (what each `TryFrom<U256>` of those types calls).
    #[inline]
    fn narrow<T: SmallUint>(self) -> Result<T, U256OverflowError> {
        match self.limbs {
            [low, 0, 0, 0] => T::try_from(low).map_err(|_| U256OverflowError),
            _ => Err(U256OverflowError),
        }
    }
}

/// `TryFrom<U256>` for each `SmallUint`, through `U256::narrow`. (Not one
/// generic impl: the orphan rule refuses `impl<T> TryFrom<U256> for T`.)
macro_rules! try_from_u256 {
    ($($small:ty),*) => {$(
        impl TryFrom<U256> for $small {
            type Error = U256OverflowError;

            #[inline]
            fn try_from(v: U256) -> Result<$small, U256OverflowError> {
                v.narrow()
            }
        }
    )*};
}

try_from_u256!(u8, u16, u32, u64, usize);

impl From<bool> for U256 {
    #[inline]
    fn from(v: bool) -> U256 {
        U256 {
            limbs: [v as u64, 0, 0, 0],
        }
    }
}

impl From<u128> for U256 {
    #[inline]
    fn from(v: u128) -> U256 {
        U256 {
            limbs: [v as u64, (v >> 64) as u64, 0, 0],
        }
    }
}

impl TryFrom<U256> for u128 {
    type Error = U256OverflowError;

    #[inline]
    fn try_from(v: U256) -> Result<u128, U256OverflowError> {
        if v.limbs[2] != 0 || v.limbs[3] != 0 {
            return Err(U256OverflowError);
        }
        Ok(v.limbs[0] as u128 | (v.limbs[1] as u128) << 64)
    }
}

impl From<[u8; 32]> for U256 {
    /// From little-endian bytes.
    #[inline]
    fn from(bytes: [u8; 32]) -> U256 {
        U256::from_le_bytes(bytes)
    }
}

/// Decimal.
impl fmt::Display for U256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 78];
        let start = self.decimal(&mut buf);
        // The buffer holds only ASCII digits.
        let digits = core::str::from_utf8(&buf[start..]).unwrap_or("");
        f.pad_integral(true, "", digits)
    }
}

impl fmt::Debug for U256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Minimal hexadecimal, `0x`-prefixed with `{:#x}`.
impl fmt::LowerHex for U256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let mut s = String::with_capacity(64);
        let top = self.limbs.iter().rposition(|&l| l != 0).unwrap_or(0);
        write!(s, "{:x}", self.limbs[top])?;
        for limb in self.limbs[..top].iter().rev() {
            write!(s, "{limb:016x}")?;
        }
        f.pad_integral(true, "0x", &s)
    }
}

/// Parses decimal digits (leading zeros allowed, no sign).
impl FromStr for U256 {
    type Err = ParseU256Error;

    fn from_str(s: &str) -> Result<U256, ParseU256Error> {
        if s.is_empty() {
            return Err(ParseU256Error::Empty);
        }
        if !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseU256Error::InvalidDigit);
        }
        let mut n = U256::ZERO;
        // Up to 19 digits at a time: n = n * 10^k + chunk.
        for chunk in s.as_bytes().chunks(19) {
            let value = chunk
                .iter()
                .fold(0u64, |acc, &b| acc * 10 + (b - b'0') as u64);
            let scale = 10u64.pow(chunk.len() as u32);
            n = n
                .checked_mul_add_u64(scale, value)
                .ok_or(ParseU256Error::Overflow)?;
        }
        Ok(n)
    }
}

// `uint256`: 32 little-endian bytes, a basic type; the codec alloy's
// `U256` has too.
peam_ssz_core::__uint256_codec!(U256, |v: &U256| v.to_le_bytes(), U256::from_le_bytes);

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::de::{Error, Unexpected, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// A decimal string, as the consensus formats write every integer.
    impl Serialize for U256 {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    pub(crate) struct U256Visitor;

    impl Visitor<'_> for U256Visitor {
        type Value = U256;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a uint256 as a decimal string or an integer")
        }

        fn visit_str<E: Error>(self, s: &str) -> Result<U256, E> {
            s.parse().map_err(E::custom)
        }

        fn visit_u64<E: Error>(self, v: u64) -> Result<U256, E> {
            Ok(v.into())
        }

        fn visit_u128<E: Error>(self, v: u128) -> Result<U256, E> {
            Ok(v.into())
        }

        fn visit_i64<E: Error>(self, v: i64) -> Result<U256, E> {
            u64::try_from(v)
                .map(U256::from)
                .map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
        }

        fn visit_i128<E: Error>(self, v: i128) -> Result<U256, E> {
            u128::try_from(v)
                .map(U256::from)
                .map_err(|_| E::invalid_value(Unexpected::Other("a negative integer"), &self))
        }
    }

    /// From a decimal string or, in self-describing formats, an integer.
    impl<'de> Deserialize<'de> for U256 {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            if deserializer.is_human_readable() {
                deserializer.deserialize_any(U256Visitor)
            } else {
                deserializer.deserialize_str(U256Visitor)
            }
        }
    }

    /// A decimal string, read quoted or not (the consensus JSON of integers
    /// of 64 bits and more).
    impl crate::json::ConsensusJson for U256 {
        fn serialize_json<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }

        fn deserialize_json<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            crate::serde_utils::deserialize_quoted(deserializer)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ssz, TreeHash};

    const MAX_DEC: &str =
        "115792089237316195423570985008687907853269984665640564039457584007913129639935";

    #[test]
    fn decimal_round_trips() {
        assert_eq!(U256::MAX.to_string(), MAX_DEC);
        assert_eq!(MAX_DEC.parse::<U256>().unwrap(), U256::MAX);
        assert_eq!(U256::ZERO.to_string(), "0");
        assert_eq!("0".parse::<U256>().unwrap(), U256::ZERO);
        assert_eq!("000".parse::<U256>().unwrap(), U256::ZERO);
        assert_eq!(U256::from(u64::MAX).to_string(), "18446744073709551615");
        assert_eq!(
            U256::from(u128::MAX).to_string(),
            "340282366920938463463374607431768211455"
        );
        // 10^19 and 10^38: a carry across the 19-digit groups.
        assert_eq!(U256::from(TEN_POW_19).to_string(), "10000000000000000000");
        let e38 = U256::from(10u128.pow(38));
        assert_eq!(e38.to_string(), format!("1{}", "0".repeat(38)));
        assert_eq!(format!("1{}", "0".repeat(38)).parse::<U256>().unwrap(), e38);
        // 2^255, computed by hand as the top bit.
        let two_255 = U256::from_limbs([0, 0, 0, 1 << 63]);
        assert_eq!(
            two_255.to_string(),
            "57896044618658097711785492504343953926634992332820282019728792003956564819968"
        );
        for v in [
            1u128,
            9,
            10,
            99,
            1234567890123456789012345,
            u64::MAX as u128 + 1,
        ] {
            assert_eq!(U256::from(v).to_string(), v.to_string());
            assert_eq!(v.to_string().parse::<U256>().unwrap(), U256::from(v));
        }
        assert_eq!(format!("{:>5}", U256::from(42u8)), "   42");
    }

    #[test]
    fn parsing_rejects() {
        assert_eq!("".parse::<U256>(), Err(ParseU256Error::Empty));
        assert_eq!("-1".parse::<U256>(), Err(ParseU256Error::InvalidDigit));
        assert_eq!("+1".parse::<U256>(), Err(ParseU256Error::InvalidDigit));
        assert_eq!("1 ".parse::<U256>(), Err(ParseU256Error::InvalidDigit));
        assert_eq!("0x1".parse::<U256>(), Err(ParseU256Error::InvalidDigit));
        // 2^256 and a long string of nines.
        assert_eq!(
            "115792089237316195423570985008687907853269984665640564039457584007913129639936"
                .parse::<U256>(),
            Err(ParseU256Error::Overflow)
        );
        assert_eq!(
            "9".repeat(100).parse::<U256>(),
            Err(ParseU256Error::Overflow)
        );
        // Leading zeros do not count towards overflow.
        assert_eq!(
            format!("{}{MAX_DEC}", "0".repeat(50))
                .parse::<U256>()
                .unwrap(),
            U256::MAX
        );
    }

    #[test]
    fn bytes_and_conversions() {
        let mut le = [0u8; 32];
        le[0] = 1;
        le[31] = 0x80;
        let v = U256::from_le_bytes(le);
        assert_eq!(v.into_limbs(), [1, 0, 0, 1 << 63]);
        assert_eq!(v.to_le_bytes(), le);
        let mut be = le;
        be.reverse();
        assert_eq!(U256::from_be_bytes(be), v);
        assert_eq!(v.to_be_bytes(), be);
        assert_eq!(U256::from(le), v);
        assert_eq!(v.bits(), 256);
        assert_eq!(U256::ONE.bits(), 1);
        assert_eq!(U256::ZERO.bits(), 0);
        assert_eq!(u64::try_from(U256::from(7u8)), Ok(7));
        assert_eq!(u8::try_from(U256::from(256u16)), Err(U256OverflowError));
        assert_eq!(usize::try_from(U256::from(usize::MAX)), Ok(usize::MAX));
        assert_eq!(
            u32::try_from(U256::from(u64::from(u32::MAX) + 1)),
            Err(U256OverflowError)
        );
        assert_eq!(
            u16::try_from(U256::from(1u128 << 64)),
            Err(U256OverflowError)
        );
        assert_eq!(u64::try_from(v), Err(U256OverflowError));
        assert_eq!(u128::try_from(U256::from(u128::MAX)), Ok(u128::MAX));
        assert_eq!(u128::try_from(U256::MAX), Err(U256OverflowError));
        assert_eq!(U256::from(true), U256::ONE);
        assert_eq!(
            U256::from(5u32).to_ssz()[..],
            [&[5u8][..], &[0; 31]].concat()[..]
        );
        assert_eq!(format!("{:x}", U256::from(0xabcu32)), "abc");
        assert_eq!(
            format!("{:#x}", U256::from_limbs([1, 2, 0, 0])),
            "0x20000000000000001"
        );
        assert_eq!(format!("{:x}", U256::ZERO), "0");
        assert_eq!(format!("{:?}", U256::from(3u8)), "3");
    }

    #[test]
    fn ordering_and_arithmetic() {
        let a = U256::from_limbs([u64::MAX, 0, 0, 0]);
        let b = U256::from_limbs([0, 1, 0, 0]);
        assert!(a < b);
        assert!(U256::MAX > b);
        assert_eq!(a.checked_add(U256::ONE), Some(b));
        assert_eq!(b.checked_sub(U256::ONE), Some(a));
        assert_eq!(U256::MAX.checked_add(U256::ONE), None);
        assert_eq!(U256::ZERO.checked_sub(U256::ONE), None);
        assert_eq!(U256::MAX.checked_sub(U256::MAX), Some(U256::ZERO));
        assert_eq!(U256::ZERO.checked_sub(U256::ZERO), Some(U256::ZERO));
        assert_eq!(U256::ONE.checked_sub(U256::MAX), None);
        assert_eq!(
            U256::from(u128::MAX).checked_sub(U256::from(u64::MAX)),
            Some(U256::from(u128::MAX - u128::from(u64::MAX)))
        );
        let mut sorted = vec![U256::MAX, b, U256::ZERO, a];
        sorted.sort();
        assert_eq!(sorted, [U256::ZERO, a, b, U256::MAX]);
    }

    #[test]
    fn ssz_and_root() {
        assert_eq!(U256::MAX.to_ssz(), [0xff; 32]);
        assert_eq!(U256::from_ssz(&[0xff; 32]).unwrap(), U256::MAX);
        assert!(U256::from_ssz(&[0; 31]).is_err());
        assert_eq!(U256::MAX.hash_tree_root(), [0xff; 32]);
        let l = crate::List::<U256, crate::U<4>>::try_from(vec![U256::ONE, U256::MAX]).unwrap();
        let enc = l.to_ssz();
        assert_eq!(enc.len(), 64);
        assert_eq!(enc[0], 1);
        assert_eq!(enc[32..], [0xff; 32]);
        assert_eq!(crate::List::<U256, crate::U<4>>::from_ssz(&enc).unwrap(), l);
        assert!(crate::List::<U256, crate::U<4>>::from_ssz(&enc[1..]).is_err());
    }
}
