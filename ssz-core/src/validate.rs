//! What the derive's `#[ssz(validate = "...")]` and `#[ssz(fixed_len = ...)]`
//! call, compiled once here (re-exported by `__private_<version>`, see `build.rs`).
//!
//! A validation hook is a function `fn(&T) -> Result<(), E>` where
//! `DecodeError: From<E>`. A hook that returns a plain-data error (a
//! [`DecodeErrorKind`](crate::DecodeErrorKind)) lets [`validate_all`] test a
//! whole batch of values without a branch per value, which is what keeps a
//! list of field elements decoding at the speed of a list of `u32`.

use crate::{DecodeError, Ssz};
use alloc::vec::Vec;

/// Values [`validate_all`] tests together before it looks for the first
/// refused one.
const BATCH: usize = 64;

/// `value`, if `check` accepts it; its refusal otherwise. The last step of
/// `from_ssz` of a type with `#[ssz(validate = "check")]`.
#[inline]
pub fn validated<T, E>(value: T, check: impl FnOnce(&T) -> Result<(), E>) -> Result<T, DecodeError>
where
    DecodeError: From<E>,
{
    match check(&value) {
        Ok(()) => Ok(value),
        Err(e) => Err(DecodeError::from(e)),
    }
}

/// Runs `check` on every one of `values`: `Ok` if it accepts them all,
/// else the refusal of the first one it refuses, at that value's index.
///
/// The values are tested in batches, the results of a batch and-ed
/// together, so that a check that inlines to a comparison is vectorised;
/// only a batch with a refusal is walked again to find it.
#[inline]
pub fn validate_all<T, E>(
    values: &[T],
    check: impl Fn(&T) -> Result<(), E>,
) -> Result<(), DecodeError>
where
    DecodeError: From<E>,
{
    for (b, batch) in values.chunks(BATCH).enumerate() {
        let all = batch.iter().fold(true, |ok, v| ok & check(v).is_ok());
        if !all {
            return first_refusal(batch, b * BATCH, &check);
        }
    }
    Ok(())
}

#[cold]
fn first_refusal<T, E>(
    batch: &[T],
    base: usize,
    check: &impl Fn(&T) -> Result<(), E>,
) -> Result<(), DecodeError>
where
    DecodeError: From<E>,
{
    for (i, v) in batch.iter().enumerate() {
        if let Err(e) = check(v) {
            return Err(DecodeError::from(e).at_index(base + i));
        }
    }
    Ok(())
}

/// `Ssz::from_ssz_many` of a transparent newtype with a validation hook:
/// one pass over the bytes, each value decoded with the field type's
/// `from_ssz`, wrapped, checked and written into `out`'s spare capacity,
/// the checks' results or-ed into one flag (for a basic field type and a
/// check that inlines to a comparison, a loop of loads, compares and
/// stores that the compiler vectorises). On a refusal `out` keeps the
/// values before the refused one, and the error names its index: found
/// again, on that cold path, by the two-pass decoding, which also
/// gives the field type's own error for bytes it refuses.
#[inline]
pub fn transparent_from_ssz_many_checked<W, T: Ssz, E>(
    bytes: &[u8],
    out: &mut Vec<W>,
    mut wrap: impl FnMut(T) -> W,
    unwrap: impl FnMut(W) -> T,
    check: impl Fn(&W) -> Result<(), E>,
) -> Result<(), DecodeError>
where
    DecodeError: From<E>,
{
    let size = T::FIXED_PART_LEN;
    if !T::IS_FIXED_SIZE || size == 0 || !bytes.len().is_multiple_of(size) {
        return checked_in_two_passes(bytes, out, wrap, unwrap, check);
    }
    let chunks = bytes.chunks_exact(size);
    let count = chunks.len();
    out.reserve(count);
    let start = out.len();
    let mut written = 0;
    let mut all = true;
    for (chunk, slot) in chunks.zip(&mut out.spare_capacity_mut()[..count]) {
        let Ok(value) = T::from_ssz(chunk) else {
            all = false;
            break;
        };
        let value = wrap(value);
        all &= check(&value).is_ok();
        slot.write(value);
        written += 1;
    }
    // SAFETY: the first `written` slots of the spare capacity, those after
    // `start`, were each given a value by `slot.write` above (in order,
    // counted as they were written), and `reserve` made room for them.
    unsafe { out.set_len(start + written) };
    if all {
        return Ok(());
    }
    out.truncate(start);
    checked_in_two_passes(bytes, out, wrap, unwrap, check)
}

/// [`transparent_from_ssz_many_checked`] as two passes: the field type's
/// bulk decoder (`transparent_from_ssz_many` of `__private_<version>`),
/// then `check` on every value it appended: the values before the first
/// refused one kept in `out`, and the error at its index.
#[cold]
fn checked_in_two_passes<W, T: Ssz, E>(
    bytes: &[u8],
    out: &mut Vec<W>,
    wrap: impl FnMut(T) -> W,
    unwrap: impl FnMut(W) -> T,
    check: impl Fn(&W) -> Result<(), E>,
) -> Result<(), DecodeError>
where
    DecodeError: From<E>,
{
    let start = out.len();
    crate::__private::transparent_from_ssz_many(bytes, out, wrap, unwrap)?;
    let result = validate_all(&out[start..], check);
    if let Err(e) = &result {
        if let Some(crate::PathSegment::Index(i)) = e.path().last() {
            out.truncate(start + i);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DecodeErrorKind, PathSegment};

    fn below_ten(v: &u32) -> Result<(), DecodeErrorKind> {
        if *v < 10 {
            Ok(())
        } else {
            Err(DecodeErrorKind::Custom("not below ten"))
        }
    }

    #[test]
    fn validate_all_names_the_first_refused_value() {
        let mut values: Vec<u32> = (0..200).map(|i| i % 10).collect();
        assert_eq!(validate_all(&values, below_ten), Ok(()));
        values[130] = 10;
        values[150] = 11;
        let err = validate_all(&values, below_ten).unwrap_err();
        assert_eq!(*err.kind(), DecodeErrorKind::Custom("not below ten"));
        assert_eq!(err.path().collect::<Vec<_>>(), [&PathSegment::Index(130)]);
        assert_eq!(validate_all(&[] as &[u32], below_ten), Ok(()));
    }

    #[derive(Debug, PartialEq)]
    struct Small(u32);

    fn small(v: &Small) -> Result<(), DecodeErrorKind> {
        below_ten(&v.0)
    }

    fn decode_small(bytes: &[u8], out: &mut Vec<Small>) -> Result<(), DecodeError> {
        transparent_from_ssz_many_checked(bytes, out, Small, |s: Small| s.0, small)
    }

    #[test]
    fn one_pass_decoding_keeps_the_values_before_a_refusal() {
        let values: Vec<u32> = (0..300).map(|i| i % 10).collect();
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let mut out = vec![Small(7)];
        assert_eq!(decode_small(&bytes, &mut out), Ok(()));
        assert_eq!(out.len(), 301);
        assert!(out[1..].iter().zip(&values).all(|(s, v)| s.0 == *v));
        // A refused value: the ones before it kept, the error at its index.
        let mut bad = bytes.clone();
        bad[4 * 201..4 * 202].copy_from_slice(&10u32.to_le_bytes());
        bad[4 * 250..4 * 251].copy_from_slice(&11u32.to_le_bytes());
        let mut out = vec![Small(7)];
        let err = decode_small(&bad, &mut out).unwrap_err();
        assert_eq!(*err.kind(), DecodeErrorKind::Custom("not below ten"));
        assert_eq!(err.path().collect::<Vec<_>>(), [&PathSegment::Index(201)]);
        assert_eq!(out.len(), 1 + 201);
        // Bytes that are not a whole number of values: `u32`'s own error.
        let mut out = Vec::new();
        let err = decode_small(&bytes[..7], &mut out).unwrap_err();
        assert!(matches!(
            err.kind(),
            DecodeErrorKind::NotMultipleOfElement { len: 7, element: 4 }
        ));
    }

    #[test]
    fn validated_keeps_or_refuses() {
        assert_eq!(validated(3u32, below_ten), Ok(3));
        assert_eq!(
            *validated(12u32, below_ten).unwrap_err().kind(),
            DecodeErrorKind::Custom("not below ten")
        );
    }
}
