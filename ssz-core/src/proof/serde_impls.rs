//! Serde of proofs in the spec's field names, roots as `0x` hex.
//!
//! `SingleProof` is the `proof.yaml` of the `single_merkle_proof` vectors
//! (consensus-specs v1.6.1, `tests/formats/light_client/single_merkle_proof.md`):
//! `leaf`, `leaf_index`, `branch`. `MultiProof` takes the names of
//! `merkle-proofs.md`'s multiproof functions: `leaves`, `indices`,
//! `helper_indices` (derived from `indices`, written for readers and
//! checked when read) and `proof`. Generalized indices are integers (the
//! vectors' form); a decimal string is accepted too, for JSON readers that
//! quote large numbers.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{
    check_indices, get_helper_indices, get_helper_indices_bounded, Gindex, MultiProof, SingleProof,
};
use crate::merkle::Root;
use crate::Hex;

impl Serialize for Gindex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(self.get()) {
            Ok(small) => s.serialize_u64(small),
            Err(_) => s.serialize_u128(self.get()),
        }
    }
}

impl<'de> Deserialize<'de> for Gindex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Gindex, D::Error> {
        struct GindexVisitor;
        impl Visitor<'_> for GindexVisitor {
            type Value = Gindex;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a generalized index (an integer, 1 or more)")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Gindex, E> {
                Gindex::try_from(v).map_err(E::custom)
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Gindex, E> {
                Gindex::try_from(v).map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Gindex, E> {
                let v = u64::try_from(v)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))?;
                self.visit_u64(v)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Gindex, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(GindexVisitor)
    }
}

/// A root as `0x` and 64 hex digits.
struct HexRoot<'a>(&'a Root);

impl Serialize for HexRoot<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&Hex(self.0))
    }
}

/// A root read from `0x` and 64 hex digits (either case).
struct ParsedRoot(Root);

fn hex_digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn parse_root(text: &str) -> Option<Root> {
    let digits = text.strip_prefix("0x")?.as_bytes();
    if digits.len() != 64 {
        return None;
    }
    let mut root = [0u8; 32];
    for (out, pair) in root.iter_mut().zip(digits.chunks_exact(2)) {
        *out = (hex_digit(pair[0])? << 4) | hex_digit(pair[1])?;
    }
    Some(root)
}

impl<'de> Deserialize<'de> for ParsedRoot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ParsedRoot, D::Error> {
        struct RootVisitor;
        impl Visitor<'_> for RootVisitor {
            type Value = ParsedRoot;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a 32-byte root as `0x` and 64 hex digits")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ParsedRoot, E> {
                parse_root(v)
                    .map(ParsedRoot)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(RootVisitor)
    }
}

struct HexRoots<'a>(&'a [Root]);

impl Serialize for HexRoots<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(HexRoot))
    }
}

fn roots(parsed: Vec<ParsedRoot>) -> Vec<Root> {
    parsed.into_iter().map(|r| r.0).collect()
}

impl Serialize for SingleProof {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("SingleProof", 3)?;
        st.serialize_field("leaf", &HexRoot(&self.leaf))?;
        st.serialize_field("leaf_index", &self.leaf_index)?;
        st.serialize_field("branch", &HexRoots(&self.branch))?;
        st.end()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SingleProofForm {
    leaf: ParsedRoot,
    leaf_index: Gindex,
    branch: Vec<ParsedRoot>,
}

/// Reads the spec's form; a branch of the wrong length for `leaf_index`
/// is refused here rather than at verification.
impl<'de> Deserialize<'de> for SingleProof {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SingleProof, D::Error> {
        let form = SingleProofForm::deserialize(d)?;
        let proof = SingleProof {
            leaf: form.leaf.0,
            leaf_index: form.leaf_index,
            branch: roots(form.branch),
        };
        let depth = proof.leaf_index.depth() as usize;
        if proof.branch.len() != depth {
            return Err(de::Error::custom(super::ProofError::BranchLength {
                expected: depth,
                got: proof.branch.len(),
            }));
        }
        Ok(proof)
    }
}

impl Serialize for MultiProof {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("MultiProof", 4)?;
        st.serialize_field("leaves", &HexRoots(&self.leaves))?;
        st.serialize_field("indices", &self.indices)?;
        st.serialize_field("helper_indices", &get_helper_indices(&self.indices))?;
        st.serialize_field("proof", &HexRoots(&self.proof))?;
        st.end()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MultiProofForm {
    leaves: Vec<ParsedRoot>,
    indices: Vec<Gindex>,
    #[serde(default)]
    helper_indices: Option<Vec<Gindex>>,
    proof: Vec<ParsedRoot>,
}

/// Reads the spec's form, and refuses a multiproof that no root could
/// check: indices that [`check_indices`] refuses, leaves or proof nodes
/// of the wrong count, `helper_indices` (optional) other than
/// `get_helper_indices(indices)`.
impl<'de> Deserialize<'de> for MultiProof {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MultiProof, D::Error> {
        let form = MultiProofForm::deserialize(d)?;
        check_indices(&form.indices).map_err(de::Error::custom)?;
        // Bounded by the proof's own size (see `get_helper_indices_bounded`).
        let bound = 2 * (form.leaves.len() + form.proof.len());
        let Some(helpers) = get_helper_indices_bounded(&form.indices, bound) else {
            return Err(de::Error::custom(super::ProofError::HelperCount {
                expected: usize::MAX,
                got: form.proof.len(),
            }));
        };
        if let Some(given) = &form.helper_indices {
            if *given != helpers {
                return Err(de::Error::custom(String::from(
                    "helper_indices is not get_helper_indices(indices)",
                )));
            }
        }
        if form.leaves.len() != form.indices.len() {
            return Err(de::Error::custom(super::ProofError::LeafCount {
                expected: form.indices.len(),
                got: form.leaves.len(),
            }));
        }
        if form.proof.len() != helpers.len() {
            return Err(de::Error::custom(super::ProofError::HelperCount {
                expected: helpers.len(),
                got: form.proof.len(),
            }));
        }
        Ok(MultiProof {
            leaves: roots(form.leaves),
            indices: form.indices,
            proof: roots(form.proof),
        })
    }
}
