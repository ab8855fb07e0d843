//! Fixed-size encodings written straight into memory that is not yet
//! initialised (a vector's spare capacity), so that a big encoding goes to
//! memory once instead of being zeroed first and then overwritten.
//!
//! Soundness rests on one rule: `Ssz::ssz_write_uninit` returns the bytes it
//! was given as a `&mut [u8]`, which safe code can only produce over
//! initialised memory. [`write_fixed`] checks that the returned slice is
//! exactly the one it passed in before it treats those bytes as written;
//! an implementation that returns anything else is answered by zeroing the
//! bytes and calling `ssz_write`, never by trusting it.

use crate::Ssz;
use core::mem::MaybeUninit;

/// `out` as the initialised bytes it holds.
///
/// # Safety
///
/// Every byte of `out` must be initialised.
#[inline(always)]
unsafe fn assume_init(out: &mut [MaybeUninit<u8>]) -> &mut [u8] {
    // SAFETY: `MaybeUninit<u8>` has the size, alignment and layout of `u8`,
    // so the cast keeps the pointer, length and provenance of `out`, and
    // the caller guarantees that every byte is initialised, which is all a
    // `u8` asks. The result reborrows `out` mutably for its lifetime, so
    // nothing else reaches the memory meanwhile.
    unsafe { &mut *(out as *mut [MaybeUninit<u8>] as *mut [u8]) }
}

/// `out` zeroed, as initialised bytes.
#[inline]
pub fn zeroed(out: &mut [MaybeUninit<u8>]) -> &mut [u8] {
    out.fill(MaybeUninit::new(0));
    // SAFETY: `fill` has just written every byte of `out`.
    unsafe { assume_init(out) }
}

/// `value` written by `write` into `out` zeroed first: the default
/// `Ssz::ssz_write_uninit`, and the fallback of [`write_fixed_with`].
#[inline]
pub fn write_zeroed<'a, V: ?Sized>(
    value: &V,
    out: &'a mut [MaybeUninit<u8>],
    write: impl FnOnce(&V, &mut [u8]),
) -> &'a mut [u8] {
    let out = zeroed(out);
    write(value, out);
    out
}

/// `bytes` copied into `out`, which is returned initialised.
///
/// # Panics
///
/// If the lengths differ, as `copy_from_slice` does.
#[inline]
pub fn init_from<'a>(out: &'a mut [MaybeUninit<u8>], bytes: &[u8]) -> &'a mut [u8] {
    assert_eq!(out.len(), bytes.len(), "init_from: lengths differ");
    // SAFETY: both ranges are `bytes.len()` bytes long (checked above);
    // `out` is borrowed mutably and `bytes` shared, so they cannot overlap;
    // `u8` and `MaybeUninit<u8>` share their layout, and alignment is 1.
    // After the copy every byte of `out` is initialised, as `assume_init`
    // asks.
    unsafe {
        core::ptr::copy_nonoverlapping(bytes.as_ptr(), out.as_mut_ptr().cast::<u8>(), bytes.len());
        assume_init(out)
    }
}

/// The encoding of the fixed-size `value` written into `out`, exactly
/// `T::FIXED_PART_LEN` bytes, through [`Ssz::ssz_write_uninit`]; returned
/// initialised.
#[inline]
pub fn write_fixed<'a, T: Ssz>(value: &T, out: &'a mut [MaybeUninit<u8>]) -> &'a mut [u8] {
    write_fixed_with(value, out, T::ssz_write_uninit, T::ssz_write)
}

/// [`write_fixed`] with the two writers given: `write_uninit` is tried and
/// its result checked; `write` writes zeroed bytes when that result is not
/// `out`. (Derived code names the writers of each field's type.)
#[inline]
pub fn write_fixed_with<'a, V: ?Sized>(
    value: &V,
    out: &'a mut [MaybeUninit<u8>],
    write_uninit: impl for<'b> FnOnce(&V, &'b mut [MaybeUninit<u8>]) -> &'b mut [u8],
    write: impl FnOnce(&V, &mut [u8]),
) -> &'a mut [u8] {
    let (at, len) = (out.as_ptr().cast::<u8>(), out.len());
    let proven = {
        let written = write_uninit(value, &mut *out);
        core::ptr::eq(written.as_ptr(), at) && written.len() == len
    };
    if proven {
        // SAFETY: `write_uninit` returned a `&mut [u8]` of `len` bytes at
        // `at`, exactly the bytes of `out`. A `&mut [u8]` obtained from
        // safe code is over initialised bytes (a type's safety invariant;
        // unsafe code that broke it would be unsound on its own), so every
        // byte of `out` is initialised. That reference has ended (the
        // block above), so `out` is again the only one.
        unsafe { assume_init(out) }
    } else {
        write_zeroed(value, out, write)
    }
}

/// Fills memory with fixed-size encodings one after the other: the fields
/// of a fixed-size container, the elements of a vector or list body.
pub struct FixedWriter<'a> {
    out: &'a mut [MaybeUninit<u8>],
    done: usize,
}

impl<'a> FixedWriter<'a> {
    /// A writer of `out`, from its start.
    #[inline]
    pub fn new(out: &'a mut [MaybeUninit<u8>]) -> Self {
        FixedWriter { out, done: 0 }
    }

    /// Writes the fixed-size `value` next.
    ///
    /// # Panics
    ///
    /// If fewer than `T::FIXED_PART_LEN` bytes are left.
    #[inline]
    pub fn put<T: Ssz>(&mut self, value: &T) {
        self.put_with(value, T::FIXED_PART_LEN, T::ssz_write_uninit, T::ssz_write);
    }

    /// Writes `value` next, `len` bytes, with the writers of
    /// [`write_fixed_with`].
    ///
    /// # Panics
    ///
    /// If fewer than `len` bytes are left.
    #[inline]
    pub fn put_with<V: ?Sized>(
        &mut self,
        value: &V,
        len: usize,
        write_uninit: impl for<'b> FnOnce(&V, &'b mut [MaybeUninit<u8>]) -> &'b mut [u8],
        write: impl FnOnce(&V, &mut [u8]),
    ) {
        let end = self.done + len;
        write_fixed_with(value, &mut self.out[self.done..end], write_uninit, write);
        self.done = end;
    }

    /// The whole of the memory, initialised: what was put, then zeros for
    /// whatever was not.
    #[inline]
    pub fn finish(self) -> &'a mut [u8] {
        let (done, out) = (self.done, self.out);
        zeroed(&mut out[done..]);
        // SAFETY: `put_with` wrote `out[..done]` in back-to-back ranges
        // from 0, each returned initialised by `write_fixed_with`, and the
        // rest was
        // zeroed just above: every byte of `out` is initialised.
        unsafe { assume_init(out) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DecodeError;
    use alloc::vec::Vec;

    /// A fixed-size type whose `ssz_write_uninit` returns bytes other than
    /// the ones it is given: the writer must not trust them.
    struct Liar(u8);

    impl Ssz for Liar {
        const IS_FIXED_SIZE: bool = true;
        const FIXED_PART_LEN: usize = 3;

        fn ssz_len(&self) -> usize {
            3
        }

        fn ssz_write(&self, out: &mut [u8]) {
            out.copy_from_slice(&[self.0; 3]);
        }

        fn from_ssz(_: &[u8]) -> Result<Self, DecodeError> {
            Ok(Liar(0))
        }

        fn ssz_write_uninit<'a>(&self, out: &'a mut [MaybeUninit<u8>]) -> &'a mut [u8] {
            match self.0 {
                // Too short: the first byte only.
                0 => init_from(&mut out[..1], &[9]),
                // Bytes that start elsewhere, the first left uninitialised.
                1 => init_from(&mut out[1..], &[7, 7]),
                // Honest.
                _ => init_from(out, &[self.0; 3]),
            }
        }
    }

    #[test]
    fn writes_are_checked_and_redone_when_not_proven() {
        for v in 0..3u8 {
            let mut out = [MaybeUninit::uninit(); 3];
            assert_eq!(write_fixed(&Liar(v), &mut out), &[v; 3]);
        }
        let mut buf = alloc::vec![1u8, 2];
        crate::codec::append_fixed_elements(&[Liar(0), Liar(1), Liar(2), Liar(5)], &mut buf);
        assert_eq!(buf, [1, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 5, 5, 5]);
    }

    #[test]
    fn the_writer_fills_what_was_not_put_with_zeros() {
        let mut out = [MaybeUninit::uninit(); 13];
        let mut w = FixedWriter::new(&mut out);
        w.put(&0x0102_0304_0506_0708u64);
        w.put(&true);
        assert_eq!(w.finish(), &[8, 7, 6, 5, 4, 3, 2, 1, 1, 0, 0, 0, 0]);
        assert_eq!(zeroed(&mut [MaybeUninit::uninit(); 2]), &[0, 0]);
    }

    #[test]
    fn fixed_values_encode_alike_through_every_path() {
        let values: Vec<[u16; 3]> = (0..40u16).map(|i| [i, i * 3, !i]).collect();
        let mut bulk = Vec::new();
        crate::codec::append_fixed_elements(&values, &mut bulk);
        let mut one_by_one = Vec::new();
        for v in &values {
            let mut out = [0u8; 6];
            v.ssz_write(&mut out);
            one_by_one.extend_from_slice(&out);
            assert_eq!(v.to_ssz(), out);
        }
        assert_eq!(bulk, one_by_one);
    }
}
