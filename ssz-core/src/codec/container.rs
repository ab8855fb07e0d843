//! The container codec that `#[derive(Ssz)]` calls: the per-field work of
//! encoding and decoding a container (simple-serialize.md, "Vectors,
//! containers, lists"), written once here and instantiated per field type,
//! so that a derive expands to one short call per field and method.
//!
//! A container's [`FixedPart`] is a constant, computed at compile
//! time from its fields' [`FieldShape`]s: where each field (or its offset)
//! lies in the fixed part, whether the container is fixed-size, and which
//! variable-size field is the last one. The walkers below ([`LenCounter`],
//! [`ContainerWriter`], [`ContainerAppender`], [`ContainerDecoder`]) visit
//! the fields in order, one call each; their field counter is a constant
//! once the calls are inlined, so each call folds to the code that a
//! hand-written impl of that field would have.
//!
//! A field coded `with` a module goes through the `_with` methods, which
//! take the module's functions; its shape comes from the module's consts.

use crate::codec::{push_offset, read_container_offset, read_offset, write_offset};
use crate::view::SszView;
use crate::{DecodeError, DecodeErrorKind, Ssz, BYTES_PER_LENGTH_OFFSET};
use alloc::vec::Vec;

/// What a container's fixed part needs of one field: whether it is fixed-size,
/// its length in the fixed part, the one length it always encodes to if it
/// has one, and the name that decode errors report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldShape {
    /// `IS_FIXED_SIZE` of the field.
    pub is_fixed: bool,
    /// `FIXED_PART_LEN` of the field: its length, or that of an offset.
    pub fixed_len: usize,
    /// `EXACT_LEN` of the field (`None` for a field coded `with` a module).
    pub exact: Option<usize>,
    /// The field's name, for [`DecodeError::in_field`].
    pub name: &'static str,
}

impl FieldShape {
    /// The shape of a field of type `T`.
    pub const fn of<T: Ssz>(name: &'static str) -> Self {
        FieldShape::new(T::IS_FIXED_SIZE, T::FIXED_PART_LEN, T::EXACT_LEN, name)
    }

    /// The shape of a field from its type's consts (`IS_FIXED_SIZE`,
    /// `FIXED_PART_LEN`, `EXACT_LEN`).
    pub const fn new(
        is_fixed: bool,
        fixed_len: usize,
        exact: Option<usize>,
        name: &'static str,
    ) -> Self {
        FieldShape {
            is_fixed,
            fixed_len,
            exact,
            name,
        }
    }

    /// The shape of a field coded `with` a module, from the module's
    /// consts (`IS_FIXED_SIZE`, `FIXED_PART_LEN`); it has no exact length.
    pub const fn with(is_fixed: bool, fixed_len: usize, name: &'static str) -> Self {
        FieldShape::new(is_fixed, fixed_len, None, name)
    }
}

/// The fixed part of a container of `N` encoded fields, computed at
/// compile time.
#[derive(Clone, Copy, Debug)]
pub struct FixedPart<const N: usize> {
    pub(crate) shapes: [FieldShape; N],
    /// Where each field, or its offset, starts in the fixed part.
    positions: [usize; N],
    /// The length of the fixed part.
    fixed_len: usize,
    /// Whether every field is fixed-size.
    is_fixed: bool,
    /// The one length every value encodes to, if there is one (`EXACT_LEN`).
    exact_len: Option<usize>,
    /// The index of the last variable-size field (`N` when there is none):
    /// it takes the rest of the output, so its length is not computed.
    pub(crate) last_variable: usize,
}

impl<const N: usize> FixedPart<N> {
    /// The fixed part of fields of these shapes, in order.
    pub const fn new(shapes: [FieldShape; N]) -> Self {
        let mut positions = [0usize; N];
        let mut fixed_len = 0usize;
        let mut is_fixed = true;
        let mut last_variable = N;
        // The fixed part plus each variable-size field's exact length.
        let mut exact_len = Some(0usize);
        let mut i = 0;
        while i < N {
            positions[i] = fixed_len;
            fixed_len += shapes[i].fixed_len;
            if !shapes[i].is_fixed {
                is_fixed = false;
                last_variable = i;
                exact_len = match (exact_len, shapes[i].exact) {
                    (Some(total), Some(len)) => Some(total + len),
                    _ => None,
                };
            }
            i += 1;
        }
        let exact_len = match exact_len {
            Some(variable) => Some(fixed_len + variable),
            None => None,
        };
        FixedPart {
            shapes,
            positions,
            fixed_len,
            is_fixed,
            exact_len,
            last_variable,
        }
    }

    /// `EXACT_LEN` of the container: the one length all its values encode
    /// to, `None` when a variable-size field has none.
    pub const fn exact_len(&self) -> Option<usize> {
        self.exact_len
    }

    /// `IS_FIXED_SIZE` of the container.
    pub const fn is_fixed(&self) -> bool {
        self.is_fixed
    }

    /// `FIXED_PART_LEN` of the container: the length of its fixed part
    /// when it is fixed-size, that of an offset otherwise.
    pub const fn fixed_part_len(&self) -> usize {
        if self.is_fixed {
            self.fixed_len
        } else {
            BYTES_PER_LENGTH_OFFSET
        }
    }

    /// The length of the fixed part, which a fixed-size container's
    /// encoding is.
    pub const fn fixed_len(&self) -> usize {
        self.fixed_len
    }

    /// The encoding of field `i` in `bytes`, an encoding of the container
    /// that [`ContainerDecoder`] accepted: a fixed-size field where it lies
    /// in the fixed part, a variable-size one from its offset to the next
    /// one's (or to the end). What the accessors of a derived container's
    /// view read.
    ///
    /// # Panics
    ///
    /// When `i >= N`, or `bytes` was not validated.
    #[inline(always)]
    pub fn field_bytes<'a>(&self, bytes: &'a [u8], i: usize) -> &'a [u8] {
        let pos = self.positions[i];
        let shape = &self.shapes[i];
        if shape.is_fixed {
            return &bytes[pos..pos + shape.fixed_len];
        }
        let start = read_offset(bytes, pos);
        let mut end = bytes.len();
        let mut j = i + 1;
        while j < N {
            if !self.shapes[j].is_fixed {
                end = read_offset(bytes, self.positions[j]);
                break;
            }
            j += 1;
        }
        &bytes[start..end]
    }
}

/// `ssz_len` of a container: the fixed part plus each variable-size
/// field's length.
pub struct LenCounter<const N: usize> {
    fixed_part: &'static FixedPart<N>,
    field: usize,
    len: usize,
}

impl<const N: usize> LenCounter<N> {
    /// A counter at the first field.
    #[inline(always)]
    pub fn new(fixed_part: &'static FixedPart<N>) -> Self {
        LenCounter {
            fixed_part,
            field: 0,
            len: fixed_part.fixed_len,
        }
    }

    /// Counts the next field.
    #[inline(always)]
    pub fn field<T: Ssz>(&mut self, value: &T) {
        self.field += 1;
        if !T::IS_FIXED_SIZE {
            self.len += value.ssz_len();
        }
    }

    /// Counts the next field, coded with `len`.
    #[inline(always)]
    pub fn field_with<V: ?Sized>(&mut self, value: &V, len: impl FnOnce(&V) -> usize) {
        let shape = &self.fixed_part.shapes[self.field];
        self.field += 1;
        if !shape.is_fixed {
            self.len += len(value);
        }
    }

    /// The encoded length.
    #[inline(always)]
    pub fn finish(self) -> usize {
        self.len
    }
}

/// `ssz_write` of a container: each fixed-size field at its position, each
/// variable-size one's offset there and its encoding after the last.
pub struct ContainerWriter<'a, const N: usize> {
    fixed_part: &'static FixedPart<N>,
    out: &'a mut [u8],
    field: usize,
    /// Where the next variable-size field goes.
    var: usize,
}

impl<'a, const N: usize> ContainerWriter<'a, N> {
    /// A writer of `out`, the container's whole encoding, at the first
    /// field. A fixed-size container's `out` is resliced to its constant
    /// length, so that the field ranges need no bounds checks.
    #[inline(always)]
    pub fn new(fixed_part: &'static FixedPart<N>, out: &'a mut [u8]) -> Self {
        let out = if fixed_part.is_fixed {
            &mut out[..fixed_part.fixed_len]
        } else {
            out
        };
        ContainerWriter {
            fixed_part,
            out,
            field: 0,
            var: fixed_part.fixed_len,
        }
    }

    /// Writes the next field.
    #[inline(always)]
    pub fn field<T: Ssz>(&mut self, value: &T) {
        self.put(
            value,
            T::IS_FIXED_SIZE,
            T::FIXED_PART_LEN,
            T::ssz_len,
            T::ssz_write,
        );
    }

    /// Writes the next field with the functions of its `with` module.
    #[inline(always)]
    pub fn field_with<V: ?Sized>(
        &mut self,
        value: &V,
        len: impl FnOnce(&V) -> usize,
        write: impl FnOnce(&V, &mut [u8]),
    ) {
        let shape = self.fixed_part.shapes[self.field];
        self.put(value, shape.is_fixed, shape.fixed_len, len, write);
    }

    #[inline(always)]
    fn put<V: ?Sized>(
        &mut self,
        value: &V,
        is_fixed: bool,
        fixed_len: usize,
        len: impl FnOnce(&V) -> usize,
        write: impl FnOnce(&V, &mut [u8]),
    ) {
        let i = self.field;
        let pos = self.fixed_part.positions[i];
        self.field += 1;
        if is_fixed {
            write(value, &mut self.out[pos..pos + fixed_len]);
        } else {
            write_offset(self.out, pos, self.var);
            let len = if i == self.fixed_part.last_variable {
                self.out.len() - self.var
            } else {
                len(value)
            };
            write(value, &mut self.out[self.var..self.var + len]);
            self.var += len;
        }
    }
}

/// `ssz_append` of a container: the fixed part (fixed-size fields and
/// offsets) appended field by field, then the variable-size fields, so that
/// the output is written once, without a cleared copy first. Each field is
/// visited twice: [`fixed`](Self::fixed) in the first pass,
/// [`variable`](Self::variable) in the second.
pub struct ContainerAppender<'a, const N: usize> {
    fixed_part: &'static FixedPart<N>,
    buf: &'a mut Vec<u8>,
    field: usize,
    var: usize,
}

impl<'a, const N: usize> ContainerAppender<'a, N> {
    /// An appender to `buf`, at the first field of the first pass.
    #[inline(always)]
    pub fn new(fixed_part: &'static FixedPart<N>, buf: &'a mut Vec<u8>) -> Self {
        buf.reserve(fixed_part.fixed_len);
        ContainerAppender {
            fixed_part,
            buf,
            field: 0,
            var: fixed_part.fixed_len,
        }
    }

    /// First pass: the next field, or its offset.
    #[inline(always)]
    pub fn fixed<T: Ssz>(&mut self, value: &T) {
        self.field += 1;
        if T::IS_FIXED_SIZE {
            value.ssz_append(self.buf);
        } else {
            push_offset(self.buf, self.var);
            self.var += value.ssz_len();
        }
    }

    /// First pass, a field coded `with` a module.
    #[inline(always)]
    pub fn fixed_with<V: ?Sized>(
        &mut self,
        value: &V,
        len: impl Fn(&V) -> usize,
        write: impl FnOnce(&V, &mut [u8]),
    ) {
        let shape = self.fixed_part.shapes[self.field];
        self.field += 1;
        if shape.is_fixed {
            append_with(self.buf, value, len, write);
        } else {
            push_offset(self.buf, self.var);
            self.var += len(value);
        }
    }

    /// Second pass: the next field, if variable-size.
    #[inline(always)]
    pub fn variable<T: Ssz>(&mut self, value: &T) {
        if !T::IS_FIXED_SIZE {
            value.ssz_append(self.buf);
        }
    }

    /// Second pass, a field coded `with` a module. The field counter of the
    /// first pass is not reset: the module's shape is looked up by `field`,
    /// the field's index among the encoded ones.
    #[inline(always)]
    pub fn variable_with<V: ?Sized>(
        &mut self,
        field: usize,
        value: &V,
        len: impl Fn(&V) -> usize,
        write: impl FnOnce(&V, &mut [u8]),
    ) {
        if !self.fixed_part.shapes[field].is_fixed {
            append_with(self.buf, value, len, write);
        }
    }
}

/// `value` appended to `buf` with a module's `len` and `write`.
#[inline(always)]
fn append_with<V: ?Sized>(
    buf: &mut Vec<u8>,
    value: &V,
    len: impl Fn(&V) -> usize,
    write: impl FnOnce(&V, &mut [u8]),
) {
    let start = buf.len();
    buf.resize(start + len(value), 0u8);
    write(value, &mut buf[start..]);
}

/// `from_ssz` of a container, strict: a fixed-size container's input must
/// be exactly its length; a variable-size one's offsets are all read and
/// checked (simple-serialize.md, "Deserialization") before any field is
/// decoded. An error is returned with the name of the field it is in.
pub struct ContainerDecoder<'a, const N: usize> {
    fixed_part: &'static FixedPart<N>,
    bytes: &'a [u8],
    field: usize,
    /// Where each variable-size field starts and ends (unused for the
    /// fixed-size ones).
    starts: [usize; N],
    ends: [usize; N],
}

impl<'a, const N: usize> ContainerDecoder<'a, N> {
    /// A decoder of `bytes`, its offsets checked.
    #[inline(always)]
    pub fn new(fixed_part: &'static FixedPart<N>, bytes: &'a [u8]) -> Result<Self, DecodeError> {
        let fixed_len = fixed_part.fixed_len;
        let mut starts = [0usize; N];
        let mut ends = [0usize; N];
        if fixed_part.is_fixed {
            if bytes.len() != fixed_len {
                return Err(DecodeError::new(DecodeErrorKind::InvalidLength {
                    expected: fixed_len,
                    got: bytes.len(),
                }));
            }
            let bytes = &bytes[..fixed_len];
            return Ok(ContainerDecoder {
                fixed_part,
                bytes,
                field: 0,
                starts,
                ends,
            });
        }
        if bytes.len() < fixed_len {
            return Err(DecodeError::new(DecodeErrorKind::TooShort {
                min: fixed_len,
                got: bytes.len(),
            }));
        }
        let mut previous = 0usize;
        let mut last = N;
        for (i, shape) in fixed_part.shapes.iter().enumerate() {
            if shape.is_fixed {
                continue;
            }
            let offset =
                match read_container_offset(bytes, fixed_part.positions[i], previous, fixed_len) {
                    Ok(offset) => offset,
                    Err(e) => return Err(e.in_field(shape.name)),
                };
            starts[i] = offset;
            if last < N {
                ends[last] = offset;
            }
            previous = offset;
            last = i;
        }
        if last < N {
            ends[last] = bytes.len();
        }
        Ok(ContainerDecoder {
            fixed_part,
            bytes,
            field: 0,
            starts,
            ends,
        })
    }

    /// Decodes the next field.
    #[inline(always)]
    pub fn field<T: Ssz>(&mut self) -> Result<T, DecodeError> {
        let bytes = self.next_bytes(T::IS_FIXED_SIZE, T::FIXED_PART_LEN);
        T::from_ssz(bytes).map_err(|e| e.in_field(self.fixed_part.shapes[self.field - 1].name))
    }

    /// Decodes the next field with its `with` module's `from_ssz`.
    #[inline(always)]
    pub fn field_with<V>(
        &mut self,
        from_ssz: impl FnOnce(&[u8]) -> Result<V, DecodeError>,
    ) -> Result<V, DecodeError> {
        let shape = self.fixed_part.shapes[self.field];
        let bytes = self.next_bytes(shape.is_fixed, shape.fixed_len);
        from_ssz(bytes).map_err(|e| e.in_field(shape.name))
    }

    /// Validates the next field as [`ContainerDecoder::field`] decodes it:
    /// the same verdict and error, nothing allocated.
    #[inline(always)]
    pub fn validate<T: SszView>(&mut self) -> Result<(), DecodeError> {
        let bytes = self.next_bytes(T::IS_FIXED_SIZE, T::FIXED_PART_LEN);
        T::validate_ssz(bytes).map_err(|e| e.in_field(self.fixed_part.shapes[self.field - 1].name))
    }

    /// Validates the next field by decoding it with its `with` module's
    /// `from_ssz`.
    #[inline(always)]
    pub fn validate_with<V>(
        &mut self,
        from_ssz: impl FnOnce(&[u8]) -> Result<V, DecodeError>,
    ) -> Result<(), DecodeError> {
        self.field_with(from_ssz).map(drop)
    }

    #[inline(always)]
    fn next_bytes(&mut self, is_fixed: bool, fixed_len: usize) -> &'a [u8] {
        let i = self.field;
        self.field += 1;
        let bytes: &'a [u8] = self.bytes;
        if is_fixed {
            let pos = self.fixed_part.positions[i];
            &bytes[pos..pos + fixed_len]
        } else {
            &bytes[self.starts[i]..self.ends[i]]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        ContainerAppender, ContainerDecoder, ContainerWriter, FieldShape, FixedPart, LenCounter,
    };
    use crate::{DecodeErrorKind, PathSegment, Ssz};
    use alloc::vec;
    use alloc::vec::Vec;

    /// A variable-size value: bytes whose count is a multiple of `W`.
    #[derive(Clone, Debug, PartialEq)]
    struct Var<const W: usize>(Vec<u8>);

    impl<const W: usize> Ssz for Var<W> {
        const IS_FIXED_SIZE: bool = false;
        const FIXED_PART_LEN: usize = 4;
        fn ssz_len(&self) -> usize {
            self.0.len()
        }
        fn ssz_write(&self, out: &mut [u8]) {
            out.copy_from_slice(&self.0);
        }
        fn from_ssz(bytes: &[u8]) -> Result<Self, crate::DecodeError> {
            if !bytes.len().is_multiple_of(W) {
                return Err(crate::DecodeError::new(DecodeErrorKind::InvalidLength {
                    expected: bytes.len() / W * W,
                    got: bytes.len(),
                }));
            }
            Ok(Var(bytes.to_vec()))
        }
    }

    // `{ a: u16, b: Vec<u8>, c: u8, d: Vec<u16> }`, with `c` coded as if
    // by a module (same shape as `u8`).
    static LAYOUT: FixedPart<4> = FixedPart::new([
        FieldShape::of::<u16>("a"),
        FieldShape::of::<Var<1>>("b"),
        FieldShape::with(true, 1, "c"),
        FieldShape::of::<Var<2>>("d"),
    ]);

    fn encode(a: u16, b: &Var<1>, c: u8, d: &Var<2>) -> (Vec<u8>, Vec<u8>) {
        let mut len = LenCounter::new(&LAYOUT);
        len.field(&a);
        len.field(b);
        len.field_with(&c, u8::ssz_len);
        len.field(d);
        let mut out = vec![0u8; len.finish()];
        let mut w = ContainerWriter::new(&LAYOUT, &mut out);
        w.field(&a);
        w.field(b);
        w.field_with(&c, u8::ssz_len, u8::ssz_write);
        w.field(d);
        let mut buf = Vec::new();
        let mut ap = ContainerAppender::new(&LAYOUT, &mut buf);
        ap.fixed(&a);
        ap.fixed(b);
        ap.fixed_with(&c, u8::ssz_len, u8::ssz_write);
        ap.fixed(d);
        ap.variable(&a);
        ap.variable(b);
        ap.variable_with(2, &c, u8::ssz_len, u8::ssz_write);
        ap.variable(d);
        (out, buf)
    }

    type Decoded = (u16, Var<1>, u8, Var<2>);

    fn decode(bytes: &[u8]) -> Result<Decoded, crate::DecodeError> {
        let mut d = ContainerDecoder::new(&LAYOUT, bytes)?;
        Ok((
            d.field()?,
            d.field()?,
            d.field_with(u8::from_ssz)?,
            d.field()?,
        ))
    }

    #[test]
    fn exact_len_of_fields() {
        let fixed = FieldShape::new(true, 8, Some(8), "a");
        assert_eq!(FixedPart::new([fixed]).exact_len(), Some(8));
        let pinned = FieldShape::new(false, 4, Some(32), "b");
        assert_eq!(FixedPart::new([fixed, pinned]).exact_len(), Some(44));
        let list = FieldShape::new(false, 4, None, "c");
        assert_eq!(FixedPart::new([fixed, list]).exact_len(), None);
        let with = FieldShape::with(false, 4, "d");
        assert_eq!(FixedPart::new([pinned, with]).exact_len(), None);
    }

    #[test]
    fn the_fixed_part_is_that_of_the_spec() {
        assert!(!LAYOUT.is_fixed());
        assert_eq!(LAYOUT.fixed_len(), 2 + 4 + 1 + 4);
        assert_eq!(LAYOUT.fixed_part_len(), 4);
        assert_eq!(LAYOUT.positions, [0, 2, 6, 7]);
        assert_eq!(LAYOUT.last_variable, 3);
        let fixed = FixedPart::new([FieldShape::of::<u64>("x"), FieldShape::of::<u8>("y")]);
        assert!(fixed.is_fixed());
        assert_eq!(fixed.fixed_part_len(), 9);
        assert_eq!(fixed.last_variable, 2);
    }

    #[test]
    fn round_trip_by_hand() {
        let (b, d) = (Var(vec![7u8, 8, 9]), Var(vec![0x02, 0x01]));
        let (out, buf) = encode(0x0a0b, &b, 5, &d);
        // Written out by hand from simple-serialize.md: the fixed part
        // (a, offset of b = 11, c, offset of d = 14), then b, then d.
        let expected = [0x0b, 0x0a, 11, 0, 0, 0, 5, 14, 0, 0, 0, 7, 8, 9, 0x02, 0x01];
        assert_eq!(out, expected);
        assert_eq!(buf, expected);
        assert_eq!(decode(&out).unwrap(), (0x0a0b, b, 5, d));
    }

    #[test]
    fn offsets_are_checked_before_any_field() {
        let encoded = || encode(1, &Var(vec![1, 2]), 3, &Var(vec![4, 0])).0;
        let field = |err: &crate::DecodeError| err.path().cloned().collect::<Vec<_>>();
        // The first offset must be the fixed part's length.
        let mut out = encoded();
        out[2] = 12;
        let err = decode(&out).unwrap_err();
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::FirstOffsetMismatch {
                expected: 11,
                got: 12
            }
        );
        assert_eq!(field(&err), [PathSegment::Field("b")]);
        // A later offset past the end, or below the one before it: the
        // offsets are checked before `b` is decoded.
        let mut out = encoded();
        out[7] = 200;
        let err = decode(&out).unwrap_err();
        assert_eq!(
            err.kind(),
            &DecodeErrorKind::OffsetOutOfBounds {
                offset: 200,
                len: 15
            }
        );
        assert_eq!(field(&err), [PathSegment::Field("d")]);
        let mut out = encoded();
        out[7] = 10;
        assert_eq!(
            decode(&out).unwrap_err().kind(),
            &DecodeErrorKind::OffsetsDecreasing {
                previous: 11,
                offset: 10
            }
        );
        // Too short for the fixed part.
        assert_eq!(
            decode(&[0; 10]).unwrap_err().kind(),
            &DecodeErrorKind::TooShort { min: 11, got: 10 }
        );
        // A field's own error names the field: `d` is three bytes, not u16s.
        let mut out = encoded();
        out.push(0);
        assert_eq!(field(&decode(&out).unwrap_err()), [PathSegment::Field("d")]);
    }

    #[test]
    fn a_fixed_size_container_wants_its_exact_length() {
        static FIXED: FixedPart<2> =
            FixedPart::new([FieldShape::of::<u64>("x"), FieldShape::of::<u8>("y")]);
        let mut out = [0u8; 9];
        let mut w = ContainerWriter::new(&FIXED, &mut out);
        w.field(&3u64);
        w.field(&4u8);
        assert_eq!(out, [3, 0, 0, 0, 0, 0, 0, 0, 4]);
        let decode = |bytes: &[u8]| -> Result<(u64, u8), crate::DecodeError> {
            let mut d = ContainerDecoder::new(&FIXED, bytes)?;
            Ok((d.field()?, d.field()?))
        };
        assert_eq!(decode(&out).unwrap(), (3, 4));
        assert_eq!(
            decode(&out[..8]).unwrap_err().kind(),
            &DecodeErrorKind::InvalidLength {
                expected: 9,
                got: 8
            }
        );
    }
}
