//! Generalized indices of paths into a run-time type
//! (`get_generalized_index`, ssz/merkle-proofs.md v1.6.1, with the
//! progressive shapes of EIP-7916 and EIP-7495).

use peam_ssz_core::merkle::depth_for;
use peam_ssz_core::path::{parse_path, progressive_chunk, PathError, PathErrorKind, PathStep};
use peam_ssz_core::{Current, Edition, Gindex, BYTES_PER_CHUNK};

use crate::schema::{Kind, Schema};

const NODE2: Gindex = match Gindex::new(2) {
    Some(g) => g,
    None => Gindex::ROOT,
};
const NODE3: Gindex = match Gindex::new(3) {
    Some(g) => g,
    None => Gindex::ROOT,
};

fn fail<T>(position: usize, kind: PathErrorKind) -> Result<T, PathError> {
    Err(PathError { position, kind })
}

/// Bytes an element takes among the leaves: its size when basic (packed),
/// a chunk otherwise.
fn item_len(element: &Schema) -> u64 {
    if element.is_basic() {
        element.fixed_part() as u64
    } else {
        BYTES_PER_CHUNK as u64
    }
}

/// The node of element `index` among `bound` elements of `item` bytes.
fn packed(index: u64, bound: u64, item: u64) -> Option<Gindex> {
    let chunks = (bound as u128 * item as u128).div_ceil(BYTES_PER_CHUNK as u128);
    let depth = depth_for(chunks);
    Gindex::at(
        depth,
        index as u128 * item as u128 / BYTES_PER_CHUNK as u128,
    )
}

impl Schema {
    /// `get_generalized_index(type, *path)` in the current edition: the
    /// node `path` names, relative to the root of a value of this type.
    /// Field names step into containers, indices into vectors, lists and
    /// bitfields, `__len__` to a list's length; into a union, an index
    /// step names the option of that selector and `__selector__` the
    /// selector.
    ///
    /// ```
    /// use peam_ssz_core::path::PathStep;
    /// use peam_ssz_schema::Schema;
    ///
    /// let schema = Schema::from_json_str(r#"{"kind": "Container", "fields": [
    ///     {"name": "a", "type": {"kind": "Uint64", "bits": 64}},
    ///     {"name": "b", "type": {"kind": "List", "elementType": {"kind": "Uint64", "bits": 64}, "limit": 8}}]}"#)?;
    /// assert_eq!(schema.gindex(&[PathStep::Field("b"), PathStep::Len])?.get(), 7);
    /// assert_eq!(schema.gindex_str("b[5]")?.get(), 13);
    /// assert_eq!(schema.gindex_str("c").unwrap_err().fault().as_str(), "NO_SUCH_FIELD");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gindex<'a>(&self, path: &[PathStep<'a>]) -> Result<Gindex, PathError> {
        self.gindex_in::<Current>(path)
    }

    /// [`Schema::gindex`] in edition `E`: the nodes of progressive types
    /// differ between editions.
    pub fn gindex_in<'a, E: Edition>(&self, path: &[PathStep<'a>]) -> Result<Gindex, PathError> {
        let mut schema = self.clone();
        let mut g = Gindex::ROOT;
        for (position, &step) in path.iter().enumerate() {
            let (rel, next) = step_in::<E>(&schema, step, position)?;
            g = g.concat(rel).ok_or(PathError {
                position,
                kind: PathErrorKind::Overflow,
            })?;
            schema = next;
        }
        Ok(g)
    }

    /// [`Schema::gindex`] of a path written as text
    /// (`"validators[5].effective_balance"`, `"body.__len__"`).
    pub fn gindex_str(&self, path: &str) -> Result<Gindex, PathError> {
        let steps = parse_path(path).collect::<Result<Vec<_>, _>>()?;
        self.gindex(&steps)
    }

    /// [`Schema::gindex_str`] in edition `E`.
    pub fn gindex_str_in<E: Edition>(&self, path: &str) -> Result<Gindex, PathError> {
        let steps = parse_path(path).collect::<Result<Vec<_>, _>>()?;
        self.gindex_in::<E>(&steps)
    }
}

fn step_in<'a, E: Edition>(
    schema: &Schema,
    step: PathStep<'a>,
    position: usize,
) -> Result<(Gindex, Schema), PathError> {
    let overflow = move || PathError {
        position,
        kind: PathErrorKind::Overflow,
    };
    let uint64 = || Schema::uint(64).map_err(|_| overflow());
    let below_data = |g: Option<Gindex>| NODE2.concat(g?);
    if schema.is_basic() {
        return fail(position, PathErrorKind::BelowBasic);
    }
    match step {
        PathStep::Field(name) => match schema.kind() {
            Kind::Container { fields } => {
                let i = fields
                    .iter()
                    .position(|f| f.name == name)
                    .ok_or(PathError {
                        position,
                        kind: PathErrorKind::NoSuchField { name: name.into() },
                    })?;
                let g =
                    Gindex::at(depth_for(fields.len() as u128), i as u128).ok_or_else(overflow)?;
                Ok((g, fields[i].schema.clone()))
            }
            Kind::ProgressiveContainer {
                active_fields,
                fields,
            } => {
                let i = fields
                    .iter()
                    .position(|f| f.name == name)
                    .ok_or(PathError {
                        position,
                        kind: PathErrorKind::NoSuchField { name: name.into() },
                    })?;
                // The position of the i-th field among the layout's 1s.
                let p = active_fields
                    .iter()
                    .enumerate()
                    .filter(|(_, &on)| on)
                    .nth(i)
                    .map(|(p, _)| p as u64)
                    .ok_or_else(overflow)?;
                let g = below_data(progressive_chunk(p, E::RULES)).ok_or_else(overflow)?;
                Ok((g, fields[i].schema.clone()))
            }
            _ => fail(position, PathErrorKind::NoSuchField { name: name.into() }),
        },
        PathStep::Index(index) => {
            let boolean = Schema::boolean;
            let (g, next, bound) = match schema.kind() {
                Kind::Vector { element, length } => (
                    packed(index, *length, item_len(element)),
                    element.clone(),
                    Some(*length),
                ),
                Kind::List { element, limit } => (
                    below_data(packed(index, *limit, item_len(element))),
                    element.clone(),
                    Some(*limit),
                ),
                Kind::ByteVector { length } => (
                    packed(index, *length, 1),
                    uint_schema(8, overflow())?,
                    Some(*length),
                ),
                Kind::ByteList { limit } => (
                    below_data(packed(index, *limit, 1)),
                    uint_schema(8, overflow())?,
                    Some(*limit),
                ),
                Kind::BitVector { length } => (
                    Gindex::at(
                        depth_for(u128::from(length.div_ceil(256))),
                        index as u128 / 256,
                    ),
                    boolean(),
                    Some(*length),
                ),
                Kind::BitList { limit } => (
                    below_data(Gindex::at(
                        depth_for(u128::from(limit.div_ceil(256))),
                        index as u128 / 256,
                    )),
                    boolean(),
                    Some(*limit),
                ),
                Kind::ProgressiveList { element } => {
                    let chunk = index as u128 * item_len(element) as u128 / 32;
                    (
                        u64::try_from(chunk)
                            .ok()
                            .and_then(|c| below_data(progressive_chunk(c, E::RULES))),
                        element.clone(),
                        None,
                    )
                }
                Kind::ProgressiveByteList => (
                    below_data(progressive_chunk(index / 32, E::RULES)),
                    uint_schema(8, overflow())?,
                    None,
                ),
                Kind::ProgressiveBitList => (
                    below_data(progressive_chunk(index / 256, E::RULES)),
                    boolean(),
                    None,
                ),
                Kind::CompatibleUnion { options } => {
                    let option = options
                        .iter()
                        .find(|(s, _)| *s as u64 == index)
                        .map(|(_, t)| t.clone());
                    match option {
                        Some(t) => return Ok((NODE2, t)),
                        None => {
                            return fail(
                                position,
                                PathErrorKind::IndexOutOfRange {
                                    index,
                                    bound: options.last().map_or(0, |(s, _)| *s as u64 + 1),
                                },
                            )
                        }
                    }
                }
                Kind::Union { options } => {
                    let option = usize::try_from(index).ok().and_then(|i| options.get(i));
                    match option {
                        Some(Some(t)) => return Ok((NODE2, t.clone())),
                        Some(None) => {
                            return fail(
                                position,
                                PathErrorKind::NoValue {
                                    name: "None".into(),
                                },
                            )
                        }
                        None => {
                            return fail(
                                position,
                                PathErrorKind::IndexOutOfRange {
                                    index,
                                    bound: options.len() as u64,
                                },
                            )
                        }
                    }
                }
                _ => return fail(position, PathErrorKind::NotIndexable),
            };
            if let Some(bound) = bound {
                if index >= bound {
                    return fail(position, PathErrorKind::IndexOutOfRange { index, bound });
                }
            }
            Ok((g.ok_or_else(overflow)?, next))
        }
        PathStep::Len => match schema.kind() {
            Kind::List { .. }
            | Kind::ByteList { .. }
            | Kind::BitList { .. }
            | Kind::ProgressiveList { .. }
            | Kind::ProgressiveByteList
            | Kind::ProgressiveBitList => Ok((NODE3, uint64()?)),
            _ => fail(position, PathErrorKind::NoLength),
        },
        PathStep::Selector => match schema.kind() {
            Kind::CompatibleUnion { .. } | Kind::Union { .. } => {
                Ok((NODE3, uint_schema(8, overflow())?))
            }
            _ => fail(position, PathErrorKind::NoSelector),
        },
    }
}

fn uint_schema(bits: u64, overflow: PathError) -> Result<Schema, PathError> {
    Schema::uint(bits).map_err(|_| overflow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use peam_ssz_core::{Edition, V1_6, V1_7};

    #[test]
    fn progressive_chunks_follow_the_edition() {
        // v1.7: chunk 0 is the left child of the spine's root; v1.6: the
        // right one.
        assert_eq!(progressive_chunk(0, V1_7::RULES).map(Gindex::get), Some(2));
        assert_eq!(progressive_chunk(0, V1_6::RULES).map(Gindex::get), Some(3));
        // Chunk 1 opens the second subtree (4 chunks, depth 2): 3 -> 6 -> 24.
        assert_eq!(progressive_chunk(1, V1_7::RULES).map(Gindex::get), Some(24));
        assert_eq!(
            progressive_chunk(1, V1_6::RULES).map(Gindex::get),
            Some(2 * 2 * 4 + 4)
        );
        let schema = Schema::progressive_list(Schema::uint(64).unwrap()).unwrap();
        // Elements 0..3 share chunk 0; below the length mix-in (node 2).
        assert_eq!(
            schema
                .gindex_in::<V1_7>(&[PathStep::Index(3)])
                .map(Gindex::get),
            Ok(4)
        );
        assert_eq!(
            schema
                .gindex_in::<V1_6>(&[PathStep::Index(3)])
                .map(Gindex::get),
            Ok(5)
        );
    }
}
