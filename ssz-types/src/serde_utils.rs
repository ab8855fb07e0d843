//! Helpers for `#[serde(with = "...")]` in the consensus conventions, where
//! integers are written as decimal strings (`"12"`) and bytes as `0x` hex.
//!
//! Every `quoted_*` module serializes a decimal string and accepts either a
//! string or, in self-describing formats, a plain number:
//!
//! ```
//! use peam_ssz_types::serde_utils;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Deposit {
//!     #[serde(with = "serde_utils::quoted_u64")]
//!     amount: u64,
//!     #[serde(with = "serde_utils::quoted_u128")]
//!     big: u128,
//! }
//!
//! let d: Deposit = serde_yaml::from_str("amount: '32000000000'\nbig: 7")?;
//! assert_eq!(d, Deposit { amount: 32_000_000_000, big: 7 });
//! assert_eq!(serde_yaml::to_string(&d)?, "amount: '32000000000'\nbig: '7'\n");
//! # Ok::<(), serde_yaml::Error>(())
//! ```
//!
//! [`quoted_int_seq`] does the same for every element of a `Vec`, [`List`],
//! [`Vector`] or [`ProgressiveList`] (for example a `ProgressiveList<u128>`
//! written as `['1', '2']`), with the bound of the type enforced while
//! reading.

use crate::U256;
#[cfg(doc)]
use crate::{List, ProgressiveList, Vector};
use core::fmt;
use core::marker::PhantomData;
use serde::de::{Error, SeqAccess, Unexpected, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

mod private {
    pub trait Sealed {}
}
pub(crate) use private::Sealed;

/// An integer that [`quoted_int`] writes as a decimal string.
pub trait QuotedInt: Sized + fmt::Display + core::str::FromStr + private::Sealed {
    /// The type's name, for error messages.
    const NAME: &'static str;
    /// The value of `v`, if it fits.
    fn from_u128(v: u128) -> Option<Self>;
}

macro_rules! quoted_int {
    ($($t:ident => $module:ident),*) => {$(
        impl private::Sealed for $t {}

        impl QuotedInt for $t {
            const NAME: &'static str = stringify!($t);

            #[inline]
            fn from_u128(v: u128) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
        }

        #[doc = concat!("`", stringify!($t), "` as a decimal string; reads a string or a number.")]
        pub mod $module {
            use super::*;

            /// Writes the decimal string.
            pub fn serialize<S: Serializer>(value: &$t, serializer: S) -> Result<S::Ok, S::Error> {
                quoted_int::serialize(value, serializer)
            }

            /// Reads a decimal string or a number.
            pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<$t, D::Error> {
                quoted_int::deserialize(deserializer)
            }
        }
    )*};
}

quoted_int!(
    u8 => quoted_u8,
    u16 => quoted_u16,
    u32 => quoted_u32,
    u64 => quoted_u64,
    u128 => quoted_u128,
    usize => quoted_usize
);

impl private::Sealed for U256 {}

impl QuotedInt for U256 {
    const NAME: &'static str = "uint256";

    #[inline]
    fn from_u128(v: u128) -> Option<Self> {
        Some(v.into())
    }
}

struct QuotedVisitor<T>(PhantomData<T>);

impl<T: QuotedInt> Visitor<'_> for QuotedVisitor<T>
where
    <T as core::str::FromStr>::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {} as a decimal string or a number", T::NAME)
    }

    fn visit_str<E: Error>(self, s: &str) -> Result<T, E> {
        s.parse::<T>()
            .map_err(|e| E::custom(format_args!("invalid {} {s:?}: {e}", T::NAME)))
    }

    fn visit_u64<E: Error>(self, v: u64) -> Result<T, E> {
        T::from_u128(v.into()).ok_or_else(|| E::invalid_value(Unexpected::Unsigned(v), &self))
    }

    fn visit_u128<E: Error>(self, v: u128) -> Result<T, E> {
        T::from_u128(v).ok_or_else(|| E::invalid_value(Unexpected::Other("a large integer"), &self))
    }

    fn visit_i64<E: Error>(self, v: i64) -> Result<T, E> {
        u128::try_from(v)
            .ok()
            .and_then(T::from_u128)
            .ok_or_else(|| E::invalid_value(Unexpected::Signed(v), &self))
    }

    fn visit_i128<E: Error>(self, v: i128) -> Result<T, E> {
        u128::try_from(v)
            .ok()
            .and_then(T::from_u128)
            .ok_or_else(|| E::invalid_value(Unexpected::Other("an integer out of range"), &self))
    }
}

pub(crate) fn deserialize_quoted<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: QuotedInt,
    <T as core::str::FromStr>::Err: fmt::Display,
    D: Deserializer<'de>,
{
    if deserializer.is_human_readable() {
        deserializer.deserialize_any(QuotedVisitor(PhantomData))
    } else {
        deserializer.deserialize_str(QuotedVisitor(PhantomData))
    }
}

/// Any [`QuotedInt`] as a decimal string; reads a string or a number.
pub mod quoted_int {
    use super::*;

    /// Writes the decimal string.
    pub fn serialize<T: QuotedInt, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    /// Reads a decimal string or a number.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: QuotedInt,
        <T as core::str::FromStr>::Err: fmt::Display,
        D: Deserializer<'de>,
    {
        deserialize_quoted(deserializer)
    }
}

/// A sequence type that [`quoted_int_seq`] reads and writes.
pub trait QuotedSeq: Sized + private::Sealed {
    /// The element type.
    type Item: QuotedInt;
    /// The most elements the type holds.
    fn max_len() -> usize;
    /// The exact number of elements, for vectors.
    const EXACT_LEN: Option<usize>;
    /// The elements.
    fn items(&self) -> &[Self::Item];
    /// The value holding `items`, already checked against the bounds.
    fn from_items(items: Vec<Self::Item>) -> Self;
}

impl<T: QuotedInt> private::Sealed for Vec<T> {}

impl<T: QuotedInt> QuotedSeq for Vec<T> {
    type Item = T;
    const EXACT_LEN: Option<usize> = None;

    fn max_len() -> usize {
        usize::MAX
    }

    fn items(&self) -> &[T] {
        self
    }

    fn from_items(items: Vec<T>) -> Self {
        items
    }
}

/// Each element of a `Vec`, [`List`], [`Vector`] or [`ProgressiveList`] of
/// integers as a decimal string; reads strings or numbers, enforcing the
/// type's bound.
pub mod quoted_int_seq {
    use super::*;

    struct Quoted<'a, T>(&'a T);

    impl<T: QuotedInt> Serialize for Quoted<'_, T> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self.0)
        }
    }

    struct Unquoted<T>(T);

    impl<'de, T: QuotedInt> Deserialize<'de> for Unquoted<T>
    where
        <T as core::str::FromStr>::Err: fmt::Display,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserialize_quoted(deserializer).map(Unquoted)
        }
    }

    /// Writes a sequence of decimal strings.
    pub fn serialize<C: QuotedSeq, S: Serializer>(
        value: &C,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(value.items().iter().map(Quoted))
    }

    /// Reads a sequence of decimal strings or numbers.
    pub fn deserialize<'de, C, D>(deserializer: D) -> Result<C, D::Error>
    where
        C: QuotedSeq,
        <C::Item as core::str::FromStr>::Err: fmt::Display,
        D: Deserializer<'de>,
    {
        struct SeqVisitor<C>(PhantomData<C>);

        impl<'de, C: QuotedSeq> Visitor<'de> for SeqVisitor<C>
        where
            <C::Item as core::str::FromStr>::Err: fmt::Display,
        {
            type Value = C;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match C::EXACT_LEN {
                    Some(n) => write!(f, "a sequence of {n} integers"),
                    None => write!(f, "a sequence of at most {} integers", C::max_len()),
                }
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<C, A::Error> {
                let max = C::max_len();
                let hint = seq.size_hint().unwrap_or(0).min(max).min(4096);
                let mut items = Vec::with_capacity(hint);
                while let Some(Unquoted(v)) = seq.next_element::<Unquoted<C::Item>>()? {
                    if items.len() >= max {
                        return Err(A::Error::custom(format_args!(
                            "more than {} elements",
                            C::max_len()
                        )));
                    }
                    items.push(v);
                }
                if let Some(n) = C::EXACT_LEN {
                    if items.len() != n || n == 0 {
                        return Err(A::Error::invalid_length(items.len(), &self));
                    }
                }
                Ok(C::from_items(items))
            }
        }

        deserializer.deserialize_seq(SeqVisitor(PhantomData))
    }
}

/// `Vec<u8>` as a `0x`-prefixed hex string.
pub mod hex_bytes {
    use super::*;

    /// Writes `0x` and lowercase hex.
    pub fn serialize<S: Serializer>(value: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        crate::serde_support::serialize_hex(value, serializer)
    }

    /// Reads `0x`-prefixed hex (either case).
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        crate::serde_support::deserialize_hex(deserializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{List, ProgressiveList, Vector, U};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Ints {
        #[serde(with = "quoted_u8")]
        a: u8,
        #[serde(with = "quoted_u16")]
        b: u16,
        #[serde(with = "quoted_u32")]
        c: u32,
        #[serde(with = "quoted_u64")]
        d: u64,
        #[serde(with = "quoted_u128")]
        e: u128,
        #[serde(with = "quoted_usize")]
        f: usize,
        #[serde(with = "quoted_int")]
        g: U256,
    }

    #[test]
    fn quoted_ints_read_strings_and_numbers() {
        let yaml = "a: 1\nb: '2'\nc: 3\nd: 18446744073709551615\ne: '340282366920938463463374607431768211455'\nf: 6\ng: '7'\n";
        let v: Ints = serde_yaml::from_str(yaml).unwrap();
        assert_eq!(
            v,
            Ints {
                a: 1,
                b: 2,
                c: 3,
                d: u64::MAX,
                e: u128::MAX,
                f: 6,
                g: U256::from(7u8)
            }
        );
        assert_eq!(
            serde_yaml::to_string(&v).unwrap(),
            "a: '1'\nb: '2'\nc: '3'\nd: '18446744073709551615'\ne: '340282366920938463463374607431768211455'\nf: '6'\ng: '7'\n"
        );
        // Out of range, negative, not a number.
        for bad in [
            "a: 256\nb: 0\nc: 0\nd: 0\ne: 0\nf: 0\ng: 0\n",
            "a: '256'\nb: 0\nc: 0\nd: 0\ne: 0\nf: 0\ng: 0\n",
            "a: -1\nb: 0\nc: 0\nd: 0\ne: 0\nf: 0\ng: 0\n",
            "a: 0\nb: 0\nc: 0\nd: '18446744073709551616'\ne: 0\nf: 0\ng: 0\n",
            "a: 0\nb: 0\nc: 0\nd: 0\ne: 0\nf: 0\ng: x\n",
            "a: 0\nb: 0\nc: 0\nd: 1.5\ne: 0\nf: 0\ng: 0\n",
        ] {
            assert!(serde_yaml::from_str::<Ints>(bad).is_err(), "{bad}");
        }
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Seqs {
        #[serde(with = "quoted_int_seq")]
        list: List<u64, U<3>>,
        #[serde(with = "quoted_int_seq")]
        vector: Vector<u128, U<2>>,
        #[serde(with = "quoted_int_seq")]
        progressive: ProgressiveList<u128>,
        #[serde(with = "quoted_int_seq")]
        vec: Vec<u8>,
        #[serde(with = "hex_bytes")]
        bytes: Vec<u8>,
    }

    #[test]
    fn quoted_sequences_enforce_bounds() {
        let yaml = "list: [1, '2']\nvector: ['340282366920938463463374607431768211455', 0]\nprogressive: ['5']\nvec: []\nbytes: '0x0aff'\n";
        let v: Seqs = serde_yaml::from_str(yaml).unwrap();
        assert_eq!(v.list.as_slice(), [1, 2]);
        assert_eq!(v.vector.as_slice(), [u128::MAX, 0]);
        assert_eq!(v.progressive.as_slice(), [5]);
        assert_eq!(v.bytes, [0x0a, 0xff]);
        assert_eq!(
            serde_yaml::to_string(&v).unwrap(),
            "list:\n- '1'\n- '2'\nvector:\n- '340282366920938463463374607431768211455'\n- '0'\nprogressive:\n- '5'\nvec: []\nbytes: '0x0aff'\n"
        );
        let too_long = yaml.replace("[1, '2']", "[1, 2, 3, 4]");
        assert!(serde_yaml::from_str::<Seqs>(&too_long).is_err());
        let short = yaml.replace(", 0]", "]");
        assert!(serde_yaml::from_str::<Seqs>(&short).is_err());
    }
}
