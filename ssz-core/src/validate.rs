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
/// the field type's bulk decoder (`transparent_from_ssz_many` of `__private_<version>`),
/// then `check` on every value it appended. On a refusal `out` keeps the
/// values before the refused one, and the error names its index.
#[inline]
pub fn transparent_from_ssz_many_checked<W, T: Ssz, E>(
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

    #[test]
    fn validated_keeps_or_refuses() {
        assert_eq!(validated(3u32, below_ten), Ok(3));
        assert_eq!(
            *validated(12u32, below_ten).unwrap_err().kind(),
            DecodeErrorKind::Custom("not below ten")
        );
    }
}
