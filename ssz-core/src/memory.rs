//! Memory advice for big buffers: transparent huge pages on Linux.
//!
//! Private: the codec ([`crate::codec`]) and the trait defaults call it on
//! every buffer they allocate for an encoding, a decoded sequence or a tree's
//! leaves.

use alloc::vec::Vec;

/// Bytes from which a new buffer is worth backing with huge pages.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64"),
    not(miri)
))]
const HUGE_PAGE_MIN: usize = 4 << 20;

/// Asks the kernel to back a new, still untouched buffer of at least
/// [`HUGE_PAGE_MIN`] bytes with transparent huge pages (Linux, where the
/// system's setting is `madvise` or `always`): the first writes to a 100 MB
/// encoding or decoded list then take a few dozen page faults rather than
/// tens of thousands, which on a virtual machine cost more than the copying.
/// Advice only: it changes neither the contents nor who owns the memory,
/// and does nothing where it is not supported.
#[inline]
pub(crate) fn advise_huge_pages<T>(buf: &mut Vec<T>) {
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64"),
        not(miri)
    ))]
    {
        let bytes = buf.capacity().saturating_mul(core::mem::size_of::<T>());
        if bytes >= HUGE_PAGE_MIN {
            huge_pages::advise(buf.as_mut_ptr().cast(), bytes);
        }
    }
    #[cfg(not(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64"),
        not(miri)
    )))]
    let _ = buf;
}

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64"),
    not(miri)
))]
mod huge_pages {
    use core::ffi::{c_int, c_void};

    /// The huge page size of both architectures.
    const HUGE_PAGE: usize = 2 << 20;
    /// `MADV_HUGEPAGE` of `<asm-generic/mman-common.h>`, which both
    /// architectures use.
    const MADV_HUGEPAGE: c_int = 14;

    extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }

    /// Advises the whole huge pages inside `len` bytes at `ptr`.
    pub(super) fn advise(ptr: *mut u8, len: usize) {
        let start = (ptr as usize).next_multiple_of(HUGE_PAGE);
        let end = (ptr as usize).saturating_add(len) & !(HUGE_PAGE - 1);
        if end > start {
            // SAFETY: `madvise` is the C library's (std links it on Linux),
            // declared with its C signature. The range `start..end` lies
            // inside the `len` bytes at `ptr`, an allocation the caller
            // holds, and is page-aligned as `madvise` requires.
            // `MADV_HUGEPAGE` changes only how the kernel backs the range,
            // not its contents, its mapping or who owns it; on failure
            // (no transparent huge pages) nothing changes, so the result is
            // ignored.
            unsafe { madvise(start as *mut c_void, end - start, MADV_HUGEPAGE) };
        }
    }
}
