//! A value of a run-time type: its schema and its canonical encoding.

use std::fmt;

use peam_ssz_core::{Current, DecodeError, Edition, Gindex, ProofError, Root, TreeHash};

use crate::decode::{check, element_parts, field_parts};
use crate::schema::{Kind, Schema};
use crate::tree::{node, root};

/// A value of a [`Schema`]: the type and the value's canonical SSZ
/// encoding, checked when the value was made.
///
/// Made by [`Schema::decode`] (bytes from outside, strictly checked) or
/// [`Schema::value_from_json`]; a value cannot be made that does not fit
/// its schema. Two values are equal when their types and encodings are:
/// SSZ has one encoding per value.
///
/// Keeping the encoding makes decoding cost one copy of the input and no
/// other allocation; the root, a proof or the JSON are computed from it.
#[derive(Clone, PartialEq, Eq)]
pub struct Value {
    schema: Schema,
    bytes: Vec<u8>,
}

impl Schema {
    /// Decodes a value from exactly `bytes`, with the checks and errors of
    /// the derived types (the same [`DecodeError`] kinds and path, and so
    /// the same [`DecodeError::fault`]).
    ///
    /// Allocates the copy of `bytes` and nothing else that lives past the
    /// call (the checks take a few words per variable-size field).
    ///
    /// ```
    /// use peam_ssz_schema::Schema;
    /// use peam_ssz_core::Fault;
    ///
    /// let schema = Schema::from_json_str(r#"{"kind": "BitList", "limit": 8}"#)?;
    /// let value = schema.decode(&[0b1101])?;
    /// assert_eq!(value.as_ssz(), [0b1101]);
    /// assert_eq!(schema.decode(&[0x00, 0x10]).unwrap_err().fault(), Fault::Limit);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(&self, bytes: &[u8]) -> Result<Value, DecodeError> {
        check(self, bytes)?;
        Ok(Value {
            schema: self.clone(),
            bytes: bytes.to_vec(),
        })
    }

    /// [`Schema::decode`] of bytes already owned: no copy.
    pub fn decode_vec(&self, bytes: Vec<u8>) -> Result<Value, DecodeError> {
        check(self, &bytes)?;
        Ok(Value {
            schema: self.clone(),
            bytes,
        })
    }

    /// Wraps an encoding made by this crate, already known to be canonical.
    pub(crate) fn trusted(&self, bytes: Vec<u8>) -> Value {
        Value {
            schema: self.clone(),
            bytes,
        }
    }
}

impl Value {
    /// The value's type.
    pub fn schema(&self) -> &Schema {
        &self.schema
    }

    /// The SSZ encoding.
    pub fn as_ssz(&self) -> &[u8] {
        &self.bytes
    }

    /// The SSZ encoding, in a new vector.
    pub fn to_ssz(&self) -> Vec<u8> {
        self.bytes.clone()
    }

    /// The SSZ encoding, without copying.
    pub fn into_ssz(self) -> Vec<u8> {
        self.bytes
    }

    /// `hash_tree_root` in the current edition (v1.7: see
    /// [`peam_ssz_core::edition`]).
    pub fn hash_tree_root(&self) -> Root {
        self.hash_tree_root_in::<Current>()
    }

    /// `hash_tree_root` in edition `E` ([`V1_6`](peam_ssz_core::V1_6) or
    /// [`V1_7`](peam_ssz_core::V1_7)): they differ for progressive types
    /// only.
    pub fn hash_tree_root_in<E: Edition>(&self) -> Root {
        root::<E>(&self.schema, &self.bytes)
    }

    /// The node `gindex` of the value's tree in edition `E`
    /// ([`Gindex::ROOT`] is the root): what a proof is made of.
    pub fn tree_node_in<E: Edition>(&self, gindex: Gindex) -> Result<Root, ProofError> {
        node::<E>(&self.schema, &self.bytes, gindex)
    }

    /// The value seen in edition `E`: a [`TreeHash`] whose root and nodes
    /// are those of `E`, for [`peam_ssz_core::proof::prove`] and
    /// [`peam_ssz_core::proof::prove_multi`].
    pub fn in_edition<E: Edition>(&self) -> InEdition<'_, E> {
        InEdition {
            value: self,
            edition: core::marker::PhantomData,
        }
    }

    /// The fields of a container or progressive container, by name, in
    /// order; `None` for other kinds.
    pub fn fields(&self) -> Option<Vec<(&str, Value)>> {
        match self.schema.kind() {
            Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. } => Some(
                fields
                    .iter()
                    .zip(field_parts(fields, &self.bytes))
                    .map(|(f, p)| (f.name.as_str(), f.schema.trusted(p.to_vec())))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The field `name` of a container or progressive container.
    pub fn field(&self, name: &str) -> Option<Value> {
        match self.schema.kind() {
            Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. } => {
                let i = fields.iter().position(|f| f.name == name)?;
                let part = field_parts(fields, &self.bytes)[i];
                Some(fields[i].schema.trusted(part.to_vec()))
            }
            _ => None,
        }
    }

    /// The elements of a vector, list or progressive list; `None` for
    /// other kinds (bitfields and byte strings are read whole through
    /// [`Value::as_ssz`]).
    pub fn elements(&self) -> Option<Vec<Value>> {
        match self.schema.kind() {
            Kind::Vector { element, .. }
            | Kind::List { element, .. }
            | Kind::ProgressiveList { element } => Some(
                element_parts(element, &self.bytes)
                    .into_iter()
                    .map(|p| element.trusted(p.to_vec()))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The selector and the value of a union; `None` for other kinds, and
    /// a `None` value for the `None` option of a v1.6.1 union.
    pub fn union(&self) -> Option<(u8, Option<Value>)> {
        let (&selector, body) = self.bytes.split_first()?;
        match self.schema.kind() {
            Kind::CompatibleUnion { options } => {
                let t = options.iter().find(|(s, _)| *s == selector)?;
                Some((selector, Some(t.1.trusted(body.to_vec()))))
            }
            Kind::Union { options } => match options.get(selector as usize)? {
                Some(t) => Some((selector, Some(t.trusted(body.to_vec())))),
                None => Some((selector, None)),
            },
            _ => None,
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", self.schema, self.to_json())
    }
}

/// The value's root and nodes in the current edition.
impl TreeHash for Value {
    fn hash_tree_root(&self) -> Root {
        Value::hash_tree_root(self)
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        self.tree_node_in::<Current>(gindex)
    }
}

/// A [`Value`] merkleized in edition `E` ([`Value::in_edition`]).
#[derive(Clone, Copy, Debug)]
pub struct InEdition<'a, E> {
    value: &'a Value,
    edition: core::marker::PhantomData<E>,
}

impl<E: Edition> TreeHash for InEdition<'_, E> {
    fn hash_tree_root(&self) -> Root {
        self.value.hash_tree_root_in::<E>()
    }

    fn tree_node(&self, gindex: Gindex) -> Result<Root, ProofError> {
        self.value.tree_node_in::<E>(gindex)
    }
}
