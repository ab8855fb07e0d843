//! The container codec over a stream ([`crate::stream`]), beside
//! [`ContainerDecoder`](super::container::ContainerDecoder) and
//! [`ContainerWriter`](super::container::ContainerWriter): what
//! `#[derive(Ssz)]`'s `ssz_read_from` and `ssz_write_to` call, one call per
//! field and pass, over the same [`FixedPart`].
//!
//! Reading is in two passes over the fields, as the bytes come: the fixed
//! part (each fixed-size field decoded, each offset read and checked),
//! then each variable-size field with the length its offsets give. The
//! slice decoder checks every offset before it decodes any field, and
//! decodes the fields in order; so that a stream fails with the same error
//! on the same bytes, the first fixed-size field that fails to decode is
//! held (its bytes read to the end, the fixed-size fields after it read
//! and dropped) while the later offsets are checked, and is returned in
//! the second pass at its place among the fields, after the variable-size
//! fields before it have been read.

use super::container::FixedPart;
use super::offset::{check_container_offset, read_offset, write_offset};
use crate::stream::{read_bytes, skip, Counted, Sink, Source, StreamError};
use crate::{DecodeError, DecodeErrorKind, Ssz, BYTES_PER_LENGTH_OFFSET};

/// Fixed-size fields up to this long are read into a buffer on the stack
/// and decoded with `from_ssz`; longer ones are read as they arrive.
const SMALL: usize = 256;

/// `ssz_read_from` of a container: [`fixed`](Self::fixed) for each field in
/// order (the fixed part), then [`field`](Self::field) for each field in
/// order, given what `fixed` returned for it.
pub struct ContainerStreamReader<'s, S: Source + ?Sized, const N: usize> {
    fixed_part: &'static FixedPart<N>,
    source: &'s mut S,
    len: usize,
    /// The field the next call is for, in the current pass.
    field: usize,
    /// Whether the second pass has begun.
    second: bool,
    /// The last offset read (0 before the first).
    previous: usize,
    /// The last variable-size field whose offset was read (`N` for none).
    last: usize,
    starts: [usize; N],
    ends: [usize; N],
    /// The first fixed-size field that failed to decode, and its error.
    held: Option<(usize, DecodeError)>,
}

impl<'s, S: Source + ?Sized, const N: usize> ContainerStreamReader<'s, S, N> {
    /// A reader of the next `len` bytes of `source`, a container of
    /// `fixed_part`: the length checked as `ContainerDecoder::new` checks
    /// it, before anything is read.
    #[inline]
    pub fn new(
        fixed_part: &'static FixedPart<N>,
        source: &'s mut S,
        len: usize,
    ) -> Result<Self, StreamError<S::Error>> {
        let fixed_len = fixed_part.fixed_len();
        if fixed_part.is_fixed() {
            if len != fixed_len {
                return Err(StreamError::Decode(DecodeError::new(
                    DecodeErrorKind::InvalidLength {
                        expected: fixed_len,
                        got: len,
                    },
                )));
            }
        } else if len < fixed_len {
            return Err(StreamError::Decode(DecodeError::new(
                DecodeErrorKind::TooShort {
                    min: fixed_len,
                    got: len,
                },
            )));
        }
        Ok(ContainerStreamReader {
            fixed_part,
            source,
            len,
            field: 0,
            second: false,
            previous: 0,
            last: N,
            starts: [0; N],
            ends: [0; N],
            held: None,
        })
    }

    /// First pass: the next field, decoded if it is fixed-size (`None`
    /// when it is held back by an earlier field's error), or its offset
    /// read and checked (`None`).
    #[inline]
    pub fn fixed<T: Ssz>(&mut self) -> Result<Option<T>, StreamError<S::Error>> {
        let i = self.field;
        self.field += 1;
        if !T::IS_FIXED_SIZE {
            self.offset(i)?;
            return Ok(None);
        }
        let len = T::FIXED_PART_LEN;
        if self.held.is_some() {
            skip(self.source, len)?;
            return Ok(None);
        }
        let result = if len <= SMALL {
            let mut buf = [0u8; SMALL];
            let bytes = &mut buf[..len];
            self.source.read_exact(bytes)?;
            T::from_ssz(bytes)
        } else {
            let mut inner: &mut S = &mut *self.source;
            let mut counted = Counted::new(&mut inner);
            match T::ssz_read_from(&mut counted, len) {
                Ok(value) => Ok(value),
                Err(StreamError::Decode(e)) => {
                    let read = counted.read();
                    skip(self.source, len - read)?;
                    Err(e)
                }
                Err(other) => return Err(other),
            }
        };
        Ok(self.hold(i, result))
    }

    /// First pass, a field coded `with` a module: its bytes read and
    /// decoded with the module's `from_ssz` if it is fixed-size, else its
    /// offset.
    #[inline]
    pub fn fixed_with<V>(
        &mut self,
        from_ssz: impl FnOnce(&[u8]) -> Result<V, DecodeError>,
    ) -> Result<Option<V>, StreamError<S::Error>> {
        let i = self.field;
        self.field += 1;
        let shape = self.fixed_part.shapes[i];
        if !shape.is_fixed {
            self.offset(i)?;
            return Ok(None);
        }
        if self.held.is_some() {
            skip(self.source, shape.fixed_len)?;
            return Ok(None);
        }
        let bytes = read_bytes(self.source, shape.fixed_len)?;
        Ok(self.hold(i, from_ssz(&bytes)))
    }

    /// The value, or `None` with the error held for the second pass.
    #[inline]
    fn hold<T>(&mut self, i: usize, result: Result<T, DecodeError>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                self.held = Some((i, e.in_field(self.fixed_part.shapes[i].name)));
                None
            }
        }
    }

    /// Reads and checks the offset of variable-size field `i`, as
    /// `ContainerDecoder::new` does.
    #[inline]
    fn offset(&mut self, i: usize) -> Result<(), StreamError<S::Error>> {
        let mut bytes = [0u8; BYTES_PER_LENGTH_OFFSET];
        self.source.read_exact(&mut bytes)?;
        let offset = check_container_offset(
            read_offset(&bytes, 0),
            self.previous,
            self.fixed_part.fixed_len(),
            self.len,
        )
        .map_err(|e| StreamError::Decode(e.in_field(self.fixed_part.shapes[i].name)))?;
        self.starts[i] = offset;
        if self.last < N {
            self.ends[self.last] = offset;
        }
        self.previous = offset;
        self.last = i;
        Ok(())
    }

    /// The start of the second pass: the last variable-size field ends
    /// where the input does.
    #[inline]
    fn second_pass(&mut self) {
        if !self.second {
            self.second = true;
            self.field = 0;
            if self.last < N {
                self.ends[self.last] = self.len;
            }
        }
    }

    /// Second pass: the next field, `fixed` as the first pass returned it
    /// for a fixed-size one, else read with the length its offsets give;
    /// or the error held in the first pass, at its field.
    #[inline]
    pub fn field<T: Ssz>(&mut self, fixed: Option<T>) -> Result<T, StreamError<S::Error>> {
        let i = self.next_field()?;
        if T::IS_FIXED_SIZE {
            return fixed.ok_or_else(not_read);
        }
        let len = self.ends[i] - self.starts[i];
        let name = self.fixed_part.shapes[i].name;
        T::ssz_read_from(self.source, len).map_err(|e| e.map_decode(|e| e.in_field(name)))
    }

    /// Second pass, a field coded `with` a module: its bytes read and
    /// decoded with the module's `from_ssz` if it is variable-size.
    #[inline]
    pub fn field_with<V>(
        &mut self,
        fixed: Option<V>,
        from_ssz: impl FnOnce(&[u8]) -> Result<V, DecodeError>,
    ) -> Result<V, StreamError<S::Error>> {
        let i = self.next_field()?;
        let shape = self.fixed_part.shapes[i];
        if shape.is_fixed {
            return fixed.ok_or_else(not_read);
        }
        let bytes = read_bytes(self.source, self.ends[i] - self.starts[i])?;
        from_ssz(&bytes).map_err(|e| StreamError::Decode(e.in_field(shape.name)))
    }

    /// The index of the second pass's next field, or the error held for
    /// it.
    #[inline]
    fn next_field(&mut self) -> Result<usize, StreamError<S::Error>> {
        self.second_pass();
        let i = self.field;
        self.field += 1;
        if matches!(self.held, Some((k, _)) if k == i) {
            if let Some((_, e)) = self.held.take() {
                return Err(StreamError::Decode(e));
            }
        }
        Ok(i)
    }
}

/// A fixed-size field that the first pass did not decode, asked for in the
/// second: only after an error held at an earlier field, which the second
/// pass returns first; never reached from the derive's calls.
#[cold]
fn not_read<E>() -> StreamError<E> {
    StreamError::Decode(DecodeError::new(DecodeErrorKind::Custom(
        "container field not read in the first pass",
    )))
}

/// Bytes of the buffer in which [`ContainerStreamWriter`] gathers the
/// fixed part before it writes it.
const FIXED_BUF: usize = 512;

/// `ssz_write_to` of a container: [`fixed`](Self::fixed) for each field in
/// order (the fixed part, gathered in a small buffer), then
/// [`variable`](Self::variable) for each field in order, then
/// [`finish`](Self::finish).
pub struct ContainerStreamWriter<'s, S: Sink + ?Sized, const N: usize> {
    fixed_part: &'static FixedPart<N>,
    sink: &'s mut S,
    field: usize,
    /// The offset of the next variable-size field.
    var: usize,
    buf: [u8; FIXED_BUF],
    used: usize,
}

impl<'s, S: Sink + ?Sized, const N: usize> ContainerStreamWriter<'s, S, N> {
    /// A writer to `sink`, at the first field of the first pass.
    #[inline]
    pub fn new(fixed_part: &'static FixedPart<N>, sink: &'s mut S) -> Self {
        ContainerStreamWriter {
            fixed_part,
            sink,
            field: 0,
            var: fixed_part.fixed_len(),
            buf: [0; FIXED_BUF],
            used: 0,
        }
    }

    /// First pass: the next field, or its offset.
    #[inline]
    pub fn fixed<T: Ssz>(&mut self, value: &T) -> Result<(), S::Error> {
        let i = self.field;
        self.field += 1;
        if !T::IS_FIXED_SIZE {
            return self.offset(i, || value.ssz_len());
        }
        let len = T::FIXED_PART_LEN;
        if len > FIXED_BUF - self.used {
            self.flush()?;
        }
        if len <= FIXED_BUF {
            value.ssz_write(&mut self.buf[self.used..self.used + len]);
            self.used += len;
            Ok(())
        } else {
            value.ssz_write_to(self.sink)
        }
    }

    /// First pass, a field coded `with` a module.
    #[inline]
    pub fn fixed_with<V: ?Sized>(
        &mut self,
        value: &V,
        len: impl FnOnce(&V) -> usize,
        write: impl FnOnce(&V, &mut [u8]),
    ) -> Result<(), S::Error> {
        let i = self.field;
        self.field += 1;
        let shape = self.fixed_part.shapes[i];
        if !shape.is_fixed {
            return self.offset(i, || len(value));
        }
        self.flush()?;
        write_with(self.sink, value, shape.fixed_len, write)
    }

    /// The offset of variable-size field `i`; its length (`len`) is only
    /// computed when a later offset needs it.
    #[inline]
    fn offset(&mut self, i: usize, len: impl FnOnce() -> usize) -> Result<(), S::Error> {
        if FIXED_BUF - self.used < BYTES_PER_LENGTH_OFFSET {
            self.flush()?;
        }
        write_offset(&mut self.buf, self.used, self.var);
        self.used += BYTES_PER_LENGTH_OFFSET;
        if i != self.fixed_part.last_variable {
            self.var += len();
        }
        Ok(())
    }

    /// Writes what the fixed part has gathered.
    #[inline]
    fn flush(&mut self) -> Result<(), S::Error> {
        if self.used > 0 {
            let used = core::mem::take(&mut self.used);
            self.sink.write_all(&self.buf[..used])?;
        }
        Ok(())
    }

    /// Second pass: the next field, if variable-size.
    #[inline]
    pub fn variable<T: Ssz>(&mut self, value: &T) -> Result<(), S::Error> {
        self.flush()?;
        if T::IS_FIXED_SIZE {
            return Ok(());
        }
        value.ssz_write_to(self.sink)
    }

    /// Second pass, a field coded `with` a module; `field` is its index
    /// among the encoded ones.
    #[inline]
    pub fn variable_with<V: ?Sized>(
        &mut self,
        field: usize,
        value: &V,
        len: impl FnOnce(&V) -> usize,
        write: impl FnOnce(&V, &mut [u8]),
    ) -> Result<(), S::Error> {
        self.flush()?;
        if self.fixed_part.shapes[field].is_fixed {
            return Ok(());
        }
        let n = len(value);
        write_with(self.sink, value, n, write)
    }

    /// The end: the fixed part written, if no variable-size field did.
    #[inline]
    pub fn finish(mut self) -> Result<(), S::Error> {
        self.flush()
    }
}

/// `value`'s `len` bytes, written by a module's `write` into a buffer, to
/// `sink`.
fn write_with<V: ?Sized, S: Sink + ?Sized>(
    sink: &mut S,
    value: &V,
    len: usize,
    write: impl FnOnce(&V, &mut [u8]),
) -> Result<(), S::Error> {
    let mut buf = alloc::vec![0u8; len];
    write(value, &mut buf);
    sink.write_all(&buf)
}
