//! Conversions between alloy-primitives' types and this crate's (feature
//! `alloy`).
//!
//! The alloy types are SSZ types themselves (`peam-ssz-core` implements
//! [`Ssz`](crate::Ssz), [`TreeHash`](crate::TreeHash) and
//! [`TreeLayout`](crate::path::TreeLayout) for them), so a container may
//! hold either; these conversions are for code that has one and needs the
//! other:
//!
//! | alloy-primitives | this crate | conversion |
//! |---|---|---|
//! | `FixedBytes<N>` (`B256`, ...) | [`FixedBytes<N>`] ([`Bytes32`](crate::Bytes32), ...) | `From`, both ways |
//! | `FixedBytes<N>`, `Bloom` | [`ByteVector<L>`] | `TryFrom` (the lengths must match), both ways |
//! | `Address` | [`Bytes20`] | `From`, both ways |
//! | `Bloom` | [`FixedBytes<256>`] | `From`, both ways |
//! | `U256` | [`U256`] | `From`, both ways |
//! | `Bytes` | [`ByteList<N>`] | `TryFrom` into the list (its limit), `From` out of it |
//! | `Bytes` | [`ProgressiveByteList<E>`] | `From`, both ways |
//!
//! Convert into alloy's `U256` with `.into()` (or `<U256 as From<_>>`):
//! `alloy_primitives::U256::from(x)` is ruint's inherent `Uint::from`,
//! which takes precedence over the `From` impl and does not accept this
//! crate's [`U256`].
//!
//! `alloy_primitives::Bytes` is not an SSZ type on its own: it has no
//! bound, and which byte list it stands for (`ByteList[N]` for some `N`, or
//! a `ProgressiveByteList`) is the container's choice, made by the field's
//! type.
//!
//! ```
//! use alloy_primitives::{address, Address, B256, U256 as AlloyU256};
//! use peam_ssz_types::{Bytes20, Bytes32, Ssz, TreeHash, U256};
//!
//! #[derive(Ssz, TreeHash)]
//! struct Withdrawal {
//!     index: u64,
//!     validator_index: u64,
//!     address: Address,
//!     amount: u64,
//! }
//!
//! let w = Withdrawal {
//!     index: 1,
//!     validator_index: 2,
//!     address: address!("0x00000000219ab540356cbb839cbe05303d7705fa"),
//!     amount: 32_000_000_000,
//! };
//! assert_eq!(w.to_ssz()[16..36], w.address[..]);
//!
//! let ours: Bytes20 = w.address.into();
//! assert_eq!(ours.hash_tree_root(), w.address.hash_tree_root());
//! assert_eq!(Address::from(ours), w.address);
//!
//! let value = AlloyU256::from(10u64).pow(AlloyU256::from(30u64));
//! assert_eq!(U256::from(value).to_string(), value.to_string());
//! assert_eq!(B256::from(Bytes32::new([7; 32])), B256::repeat_byte(7));
//! ```

use crate::{
    BoundError, ByteList, ByteVector, Bytes20, FixedBytes, Length, LengthError,
    ProgressiveByteList, U256,
};
use alloy_primitives as alloy;

/// The alloy-primitives crate these impls are for, so that a client can
/// name its types (`peam_ssz_types::alloy::alloy_primitives::B256`) and
/// macros (`address!`, `b256!`) without a second dependency line that
/// must agree on the version.
pub use ::alloy_primitives;

impl<const N: usize> From<alloy::FixedBytes<N>> for FixedBytes<N> {
    #[inline]
    fn from(bytes: alloy::FixedBytes<N>) -> Self {
        FixedBytes(bytes.0)
    }
}

impl<const N: usize> From<FixedBytes<N>> for alloy::FixedBytes<N> {
    #[inline]
    fn from(bytes: FixedBytes<N>) -> Self {
        alloy::FixedBytes(bytes.0)
    }
}

impl From<alloy::Address> for Bytes20 {
    #[inline]
    fn from(address: alloy::Address) -> Self {
        FixedBytes(address.0 .0)
    }
}

impl From<Bytes20> for alloy::Address {
    #[inline]
    fn from(bytes: Bytes20) -> Self {
        alloy::Address::new(bytes.0)
    }
}

impl From<alloy::Bloom> for FixedBytes<256> {
    #[inline]
    fn from(bloom: alloy::Bloom) -> Self {
        FixedBytes(bloom.0 .0)
    }
}

impl From<FixedBytes<256>> for alloy::Bloom {
    #[inline]
    fn from(bytes: FixedBytes<256>) -> Self {
        alloy::Bloom::new(bytes.0)
    }
}

/// Copies the bytes, if `L` is `N`.
impl<L: Length, const N: usize> TryFrom<alloy::FixedBytes<N>> for ByteVector<L> {
    type Error = LengthError;

    #[inline]
    fn try_from(bytes: alloy::FixedBytes<N>) -> Result<Self, LengthError> {
        ByteVector::try_from(&bytes.0[..])
    }
}

/// Copies the bytes, if `L` is `N`.
impl<L: Length, const N: usize> TryFrom<ByteVector<L>> for alloy::FixedBytes<N> {
    type Error = LengthError;

    #[inline]
    fn try_from(bytes: ByteVector<L>) -> Result<Self, LengthError> {
        FixedBytes::<N>::from_slice(&bytes).map(Into::into)
    }
}

/// Copies the bytes, if `L` is 256.
impl<L: Length> TryFrom<alloy::Bloom> for ByteVector<L> {
    type Error = LengthError;

    #[inline]
    fn try_from(bloom: alloy::Bloom) -> Result<Self, LengthError> {
        ByteVector::try_from(bloom.as_slice())
    }
}

/// Copies the bytes, if `L` is 256.
impl<L: Length> TryFrom<ByteVector<L>> for alloy::Bloom {
    type Error = LengthError;

    #[inline]
    fn try_from(bytes: ByteVector<L>) -> Result<Self, LengthError> {
        FixedBytes::<256>::from_slice(&bytes).map(Into::into)
    }
}

impl From<alloy::U256> for U256 {
    #[inline]
    fn from(value: alloy::U256) -> Self {
        // Both hold four 64-bit limbs, least significant first.
        U256::from_limbs(value.into_limbs())
    }
}

impl From<U256> for alloy::U256 {
    #[inline]
    fn from(value: U256) -> Self {
        alloy::U256::from_limbs(value.into_limbs())
    }
}

/// Copies the bytes, if there are at most `N::USIZE` of them.
impl<N: Length> TryFrom<alloy::Bytes> for ByteList<N> {
    type Error = BoundError;

    #[inline]
    fn try_from(bytes: alloy::Bytes) -> Result<Self, BoundError> {
        ByteList::try_from(&bytes[..])
    }
}

impl<N: Length> From<ByteList<N>> for alloy::Bytes {
    #[inline]
    fn from(list: ByteList<N>) -> Self {
        alloy::Bytes::from(list.into_vec())
    }
}

impl<E> From<alloy::Bytes> for ProgressiveByteList<E, crate::Unbounded> {
    #[inline]
    fn from(bytes: alloy::Bytes) -> Self {
        ProgressiveByteList::from(&bytes[..])
    }
}

impl<E, M> From<ProgressiveByteList<E, M>> for alloy::Bytes {
    #[inline]
    fn from(list: ProgressiveByteList<E, M>) -> Self {
        alloy::Bytes::from(list.into_vec())
    }
}

/// `#[serde(with = "peam_ssz_types::alloy::quoted_u256")]` on an alloy
/// `U256` field: the consensus mapping of `uint256`, a decimal string
/// (reading a string or an integer), as [`U256`] has. alloy's own serde
/// impl writes `"0x"` hex, which the consensus formats do not use.
///
/// The byte types need no adapter: alloy writes `FixedBytes<N>`, `Address`
/// and `Bloom` as `"0x"` and lowercase hex, as the consensus formats do.
///
/// ```
/// use peam_ssz_types::alloy::alloy_primitives::U256;
///
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Payload {
///     #[serde(with = "peam_ssz_types::alloy::quoted_u256")]
///     base_fee_per_gas: U256,
/// }
///
/// let p: Payload = serde_yaml::from_str("base_fee_per_gas: '7000000000'")?;
/// assert_eq!(p.base_fee_per_gas, U256::from(7_000_000_000u64));
/// assert_eq!(serde_yaml::to_string(&p)?, "base_fee_per_gas: '7000000000'\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
pub mod quoted_u256 {
    use super::alloy;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes the decimal string.
    pub fn serialize<S: Serializer>(value: &alloy::U256, serializer: S) -> Result<S::Ok, S::Error> {
        crate::U256::from(*value).serialize(serializer)
    }

    /// Reads a decimal string or an integer.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<alloy::U256, D::Error> {
        crate::U256::deserialize(deserializer).map(Into::into)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bytes32, List, Ssz, TreeHash, Vector, U};
    use alloc::vec::Vec;
    use alloy::{Address, Bloom, B256};

    /// Each of `values`, converted into ours.
    fn converted<A: Copy, B: From<A>>(values: &[A]) -> Vec<B> {
        values.iter().map(|&v| B::from(v)).collect()
    }

    fn pattern<const N: usize>(seed: u8) -> [u8; N] {
        core::array::from_fn(|i| (i as u8).wrapping_mul(73).wrapping_add(seed))
    }

    #[test]
    fn conversions_roundtrip_and_keep_the_root() {
        let b = B256::new(pattern(1));
        let ours = Bytes32::from(b);
        assert_eq!(ours.0, b.0);
        assert_eq!(B256::from(ours), b);
        assert_eq!(ours.hash_tree_root(), b.hash_tree_root());
        assert_eq!(ours.to_ssz(), b.to_ssz());

        let key = alloy::FixedBytes::<48>::new(pattern(2));
        let ours = FixedBytes::<48>::from(key);
        assert_eq!(ours.hash_tree_root(), key.hash_tree_root());
        assert_eq!(alloy::FixedBytes::from(ours), key);

        let a = Address::new(pattern(3));
        let ours = Bytes20::from(a);
        assert_eq!(ours.hash_tree_root(), a.hash_tree_root());
        assert_eq!(Address::from(ours), a);

        let bloom = Bloom::new(pattern(4));
        let ours = FixedBytes::<256>::from(bloom);
        let heap = ByteVector::<U<256>>::try_from(bloom).unwrap();
        assert_eq!(ours.hash_tree_root(), bloom.hash_tree_root());
        assert_eq!(heap.hash_tree_root(), bloom.hash_tree_root());
        assert_eq!(heap.to_ssz(), bloom.to_ssz());
        assert_eq!(Bloom::from(ours), bloom);
        assert_eq!(Bloom::try_from(heap).unwrap(), bloom);
    }

    #[test]
    fn byte_vector_conversions_check_the_length() {
        let b = B256::new(pattern(5));
        assert_eq!(
            ByteVector::<U<31>>::try_from(b).unwrap_err(),
            LengthError {
                len: 32,
                expected: 31
            }
        );
        let v = ByteVector::<U<32>>::try_from(b).unwrap();
        assert_eq!(v.hash_tree_root(), b.hash_tree_root());
        assert!(alloy::FixedBytes::<33>::try_from(v.clone()).is_err());
        assert_eq!(B256::try_from(v).unwrap(), b);
        assert!(Bloom::try_from(ByteVector::<U<255>>::zero()).is_err());
        assert!(ByteVector::<U<257>>::try_from(Bloom::ZERO).is_err());
    }

    #[test]
    fn u256_conversions_keep_value_encoding_and_root() {
        let values = [
            alloy::U256::ZERO,
            alloy::U256::from(1u64),
            alloy::U256::from(u128::MAX) + alloy::U256::from(5u64),
            alloy::U256::MAX,
            alloy::U256::from_be_bytes(pattern::<32>(6)),
        ];
        for v in values {
            let ours = U256::from(v);
            assert_eq!(ours.to_string(), v.to_string());
            assert_eq!(ours.to_ssz(), v.to_ssz());
            assert_eq!(ours.hash_tree_root(), v.hash_tree_root());
            // `.into()`: ruint's inherent `Uint::from` would shadow `From`.
            let back: alloy::U256 = ours.into();
            assert_eq!(back, v);
        }
    }

    #[test]
    fn bytes_convert_into_bounded_lists_only_within_the_limit() {
        let bytes = alloy::Bytes::from(pattern::<40>(7).to_vec());
        let list = ByteList::<U<40>>::try_from(bytes.clone()).unwrap();
        assert_eq!(list.as_bytes(), &bytes[..]);
        assert_eq!(alloy::Bytes::from(list), bytes);
        assert!(ByteList::<U<39>>::try_from(bytes.clone()).is_err());
        let progressive = <ProgressiveByteList>::from(bytes.clone());
        assert_eq!(alloy::Bytes::from(progressive), bytes);
    }

    #[test]
    fn containers_of_alloy_types_match_containers_of_ours() {
        #[derive(Debug, PartialEq, crate::Ssz, crate::TreeHash)]
        struct PayloadAlloy {
            parent_hash: B256,
            fee_recipient: Address,
            logs_bloom: Bloom,
            base_fee_per_gas: alloy::U256,
            block_hash: B256,
            roots: Vector<B256, U<5>>,
            withdrawals_to: List<Address, U<16>>,
        }

        #[derive(Debug, PartialEq, crate::Ssz, crate::TreeHash)]
        struct PayloadOurs {
            parent_hash: Bytes32,
            fee_recipient: Bytes20,
            logs_bloom: ByteVector<U<256>>,
            base_fee_per_gas: U256,
            block_hash: Bytes32,
            roots: Vector<Bytes32, U<5>>,
            withdrawals_to: List<Bytes20, U<16>>,
        }

        let alloy_value = PayloadAlloy {
            parent_hash: B256::new(pattern(8)),
            fee_recipient: Address::new(pattern(9)),
            logs_bloom: Bloom::new(pattern(10)),
            base_fee_per_gas: alloy::U256::from(7_000_000_000u64),
            block_hash: B256::new(pattern(11)),
            roots: Vector::try_from((0..5u8).map(|i| B256::new(pattern(i))).collect::<Vec<_>>())
                .unwrap(),
            withdrawals_to: List::try_from(
                (0..3u8)
                    .map(|i| Address::new(pattern(i)))
                    .collect::<Vec<_>>(),
            )
            .unwrap(),
        };
        let ours = PayloadOurs {
            parent_hash: alloy_value.parent_hash.into(),
            fee_recipient: alloy_value.fee_recipient.into(),
            logs_bloom: alloy_value.logs_bloom.try_into().unwrap(),
            base_fee_per_gas: alloy_value.base_fee_per_gas.into(),
            block_hash: alloy_value.block_hash.into(),
            roots: Vector::try_from(converted(&alloy_value.roots)).unwrap(),
            withdrawals_to: List::try_from(converted(&alloy_value.withdrawals_to)).unwrap(),
        };
        let bytes = alloy_value.to_ssz();
        assert_eq!(bytes, ours.to_ssz());
        assert_eq!(alloy_value.hash_tree_root(), ours.hash_tree_root());
        assert_eq!(PayloadAlloy::from_ssz(&bytes).unwrap(), alloy_value);
        // Every node agrees too, so proofs do.
        for g in 1..256u128 {
            let g = crate::Gindex::new(g).unwrap();
            assert_eq!(alloy_value.tree_node(g), ours.tree_node(g), "{g:?}");
        }
        // A truncated encoding is rejected at the field that is short.
        assert!(PayloadAlloy::from_ssz(&bytes[..bytes.len() - 1]).is_err());
        assert!(PayloadAlloy::from_ssz(&bytes[..100]).is_err());
    }

    #[test]
    fn persistent_lists_of_b256_read_their_leaves_in_place() {
        // `B256` hands its memory to merkleization as the leaves; the
        // persistent tree takes it only for whole pairs of chunks.
        for len in [0usize, 1, 2, 7, 64, 1000, 1001] {
            let roots: Vec<B256> = (0..len)
                .map(|i| B256::new(pattern((i % 251) as u8)))
                .collect();
            let ours: Vec<Bytes32> = roots.iter().map(|&r| r.into()).collect();
            let mut persistent =
                crate::PersistentList::<B256, U<8192>>::try_from_vec(roots.clone()).unwrap();
            let list = List::<Bytes32, U<8192>>::try_from(ours.clone()).unwrap();
            assert_eq!(persistent.hash_tree_root(), list.hash_tree_root(), "{len}");
            if len > 0 {
                persistent.set(len / 2, B256::repeat_byte(0xff)).unwrap();
                let mut ours = ours;
                ours[len / 2] = Bytes32::new([0xff; 32]);
                let list = List::<Bytes32, U<8192>>::try_from(ours).unwrap();
                assert_eq!(persistent.hash_tree_root(), list.hash_tree_root(), "{len}");
            }
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_writes_the_consensus_text() {
        #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        struct Fields {
            root: B256,
            address: Address,
            #[serde(with = "super::quoted_u256")]
            amount: alloy::U256,
        }
        #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        struct OurFields {
            root: Bytes32,
            address: Bytes20,
            amount: U256,
        }
        let fields = Fields {
            root: B256::new(pattern(12)),
            address: Address::new(pattern(13)),
            amount: alloy::U256::MAX - alloy::U256::from(1u64),
        };
        let ours = OurFields {
            root: fields.root.into(),
            address: fields.address.into(),
            amount: fields.amount.into(),
        };
        let text = serde_yaml::to_string(&fields).unwrap();
        assert_eq!(text, serde_yaml::to_string(&ours).unwrap());
        assert_eq!(serde_yaml::from_str::<Fields>(&text).unwrap(), fields);
        // Too big for uint256: an error, not a wrapped value.
        let over = text.replace(&ours.amount.to_string(), &format!("{}0", ours.amount));
        assert!(serde_yaml::from_str::<Fields>(&over).is_err());
    }
}
