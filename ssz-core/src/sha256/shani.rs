//! The SHA extensions (SHA-NI): `sha256rnds2` does two rounds,
//! `sha256msg1`/`sha256msg2` four words of the message schedule.
//!
//! `sha256rnds2` waits for the previous one, so one message leaves most of
//! the unit idle: [`hash4`] and [`hash2`] run four or two messages' rounds
//! interleaved (on a Zen 3, four take 56% of the time of one, two 65%). The
//! state lives in two registers, `abef = [F, E, B, A]` and
//! `cdgh = [H, G, D, C]` (lowest 32-bit lane first), as the instructions
//! want it.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use super::{IV, K, PADDING_WK};

/// The message words `W[4i .. 4i + 4]`, for `i` in `0..4`.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn load_words(lo: &[u8; 32], hi: &[u8; 32]) -> [__m128i; 4] {
    let bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    // SAFETY: `lo` and `hi` are 32 readable bytes each; the loads read
    // bytes 0..16 and 16..32 of each, and `loadu` accepts any alignment.
    let raw = unsafe {
        [
            _mm_loadu_si128(lo.as_ptr().cast()),
            _mm_loadu_si128(lo.as_ptr().add(16).cast()),
            _mm_loadu_si128(hi.as_ptr().cast()),
            _mm_loadu_si128(hi.as_ptr().add(16).cast()),
        ]
    };
    [
        _mm_shuffle_epi8(raw[0], bswap),
        _mm_shuffle_epi8(raw[1], bswap),
        _mm_shuffle_epi8(raw[2], bswap),
        _mm_shuffle_epi8(raw[3], bswap),
    ]
}

/// The initial state `(abef, cdgh)`.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn initial_state() -> (__m128i, __m128i) {
    (
        _mm_set_epi32(IV[0] as i32, IV[1] as i32, IV[4] as i32, IV[5] as i32),
        _mm_set_epi32(IV[2] as i32, IV[3] as i32, IV[6] as i32, IV[7] as i32),
    )
}

/// `W[4g .. 4g + 4]` for `g >= 4`, from `w0 = W[4g - 16 ..]`,
/// `w1 = W[4g - 12 ..]`, `w2 = W[4g - 8 ..]` and `w3 = W[4g - 4 ..]`:
/// `sha256msg1` adds `σ0(W[t-15])` to `W[t-16]`, the `alignr` supplies
/// `W[t-7]`, and `sha256msg2` adds `σ1(W[t-2])`.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn schedule(w0: __m128i, w1: __m128i, w2: __m128i, w3: __m128i) -> __m128i {
    let t = _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8::<4>(w3, w2));
    _mm_sha256msg2_epu32(t, w3)
}

/// `K[4g .. 4g + 4]`.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn k4(g: usize) -> __m128i {
    _mm_set_epi32(
        K[4 * g + 3] as i32,
        K[4 * g + 2] as i32,
        K[4 * g + 1] as i32,
        K[4 * g] as i32,
    )
}

/// `PADDING_WK[2r .. 2r + 2]` in the low lanes, where `sha256rnds2` reads
/// them.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn padding_wk2(r: usize) -> __m128i {
    _mm_set_epi32(0, 0, PADDING_WK[2 * r + 1] as i32, PADDING_WK[2 * r] as i32)
}

/// The digest of the final state.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn store_digest(abef: __m128i, cdgh: __m128i, out: &mut [u8; 32]) {
    // [B, A, D, C] and [F, E, H, G]; reversing the bytes of each 64-bit
    // half gives A, B, C, D and E, F, G, H big-endian.
    let rev64 = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    let abcd = _mm_shuffle_epi8(_mm_unpackhi_epi64(abef, cdgh), rev64);
    let efgh = _mm_shuffle_epi8(_mm_unpacklo_epi64(abef, cdgh), rev64);
    // SAFETY: `out` is 32 writable bytes; the stores write bytes 0..16 and
    // 16..32, and `storeu` accepts any alignment.
    unsafe {
        _mm_storeu_si128(out.as_mut_ptr().cast(), abcd);
        _mm_storeu_si128(out.as_mut_ptr().add(16).cast(), efgh);
    }
}

/// Four rounds of the message block, group `$g` (rounds `4g .. 4g + 4`), for
/// each message `(abef, cdgh, w)` in turn; `w` is the ring of the last four
/// word groups.
macro_rules! message_group {
    ($g:expr; $(($abef:ident, $cdgh:ident, $w:ident)),+) => {
        $(
            if $g >= 4 {
                $w[$g % 4] = schedule(
                    $w[$g % 4],
                    $w[($g + 1) % 4],
                    $w[($g + 2) % 4],
                    $w[($g + 3) % 4],
                );
            }
            let wk = _mm_add_epi32($w[$g % 4], k4($g));
            $cdgh = _mm_sha256rnds2_epu32($cdgh, $abef, wk);
            $abef = _mm_sha256rnds2_epu32($abef, $cdgh, _mm_shuffle_epi32::<0x0e>(wk));
        )+
    };
}

/// Four rounds of the padding block, group `$g`.
macro_rules! padding_group {
    ($g:expr; $(($abef:ident, $cdgh:ident)),+) => {
        $(
            $cdgh = _mm_sha256rnds2_epu32($cdgh, $abef, padding_wk2(2 * $g));
            $abef = _mm_sha256rnds2_epu32($abef, $cdgh, padding_wk2(2 * $g + 1));
        )+
    };
}

/// The 64 rounds of the message block, for each message `(abef, cdgh, w)`
/// interleaved group by group: the state in `abef`, `cdgh`, the words in
/// `w` (used up as the schedule's ring). Without the feed-forward.
macro_rules! message_block {
    ($(($abef:ident, $cdgh:ident, $w:ident)),+) => {
        message_group!(0; $(($abef, $cdgh, $w)),+);
        message_group!(1; $(($abef, $cdgh, $w)),+);
        message_group!(2; $(($abef, $cdgh, $w)),+);
        message_group!(3; $(($abef, $cdgh, $w)),+);
        message_group!(4; $(($abef, $cdgh, $w)),+);
        message_group!(5; $(($abef, $cdgh, $w)),+);
        message_group!(6; $(($abef, $cdgh, $w)),+);
        message_group!(7; $(($abef, $cdgh, $w)),+);
        message_group!(8; $(($abef, $cdgh, $w)),+);
        message_group!(9; $(($abef, $cdgh, $w)),+);
        message_group!(10; $(($abef, $cdgh, $w)),+);
        message_group!(11; $(($abef, $cdgh, $w)),+);
        message_group!(12; $(($abef, $cdgh, $w)),+);
        message_group!(13; $(($abef, $cdgh, $w)),+);
        message_group!(14; $(($abef, $cdgh, $w)),+);
        message_group!(15; $(($abef, $cdgh, $w)),+);
    };
}

/// The 64 rounds of the padding block, for each message `(abef, cdgh)`.
/// Without the feed-forward.
macro_rules! padding_block {
    ($(($abef:ident, $cdgh:ident)),+) => {
        padding_group!(0; $(($abef, $cdgh)),+);
        padding_group!(1; $(($abef, $cdgh)),+);
        padding_group!(2; $(($abef, $cdgh)),+);
        padding_group!(3; $(($abef, $cdgh)),+);
        padding_group!(4; $(($abef, $cdgh)),+);
        padding_group!(5; $(($abef, $cdgh)),+);
        padding_group!(6; $(($abef, $cdgh)),+);
        padding_group!(7; $(($abef, $cdgh)),+);
        padding_group!(8; $(($abef, $cdgh)),+);
        padding_group!(9; $(($abef, $cdgh)),+);
        padding_group!(10; $(($abef, $cdgh)),+);
        padding_group!(11; $(($abef, $cdgh)),+);
        padding_group!(12; $(($abef, $cdgh)),+);
        padding_group!(13; $(($abef, $cdgh)),+);
        padding_group!(14; $(($abef, $cdgh)),+);
        padding_group!(15; $(($abef, $cdgh)),+);
    };
}

/// The two 32-byte halves of a message.
#[inline]
fn halves(m: &[u8; 64]) -> (&[u8; 32], &[u8; 32]) {
    let (c, _) = m.as_chunks::<32>();
    (&c[0], &c[1])
}

/// SHA-256 of the 64-byte message `lo ‖ hi`. Not `#[inline]`: the
/// compression is compiled here, at this crate's optimization level, even
/// where `hash_pair` is inlined into a crate built without optimization.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
fn hash1(lo: &[u8; 32], hi: &[u8; 32], out: &mut [u8; 32]) {
    let mut w = load_words(lo, hi);
    let (iv_abef, iv_cdgh) = initial_state();
    let (mut abef, mut cdgh) = (iv_abef, iv_cdgh);
    message_block!((abef, cdgh, w));
    abef = _mm_add_epi32(abef, iv_abef);
    cdgh = _mm_add_epi32(cdgh, iv_cdgh);
    let (mid_abef, mid_cdgh) = (abef, cdgh);
    padding_block!((abef, cdgh));
    abef = _mm_add_epi32(abef, mid_abef);
    cdgh = _mm_add_epi32(cdgh, mid_cdgh);
    store_digest(abef, cdgh, out);
}

/// The digests of messages `$input[k]` into `$out[k]`, for each listed `k`,
/// their rounds interleaved; each message names its own variables.
macro_rules! hash_interleaved {
    ($input:ident, $out:ident;
     $($k:literal => ($abef:ident, $cdgh:ident, $w:ident, $mid_abef:ident, $mid_cdgh:ident)),+) => {{
        let (iv_abef, iv_cdgh) = initial_state();
        $(
            let (lo, hi) = halves(&$input[$k]);
            let mut $w = load_words(lo, hi);
            let (mut $abef, mut $cdgh) = (iv_abef, iv_cdgh);
        )+
        message_block!($(($abef, $cdgh, $w)),+);
        $(
            $abef = _mm_add_epi32($abef, iv_abef);
            $cdgh = _mm_add_epi32($cdgh, iv_cdgh);
            let ($mid_abef, $mid_cdgh) = ($abef, $cdgh);
        )+
        padding_block!($(($abef, $cdgh)),+);
        $(
            $abef = _mm_add_epi32($abef, $mid_abef);
            $cdgh = _mm_add_epi32($cdgh, $mid_cdgh);
            store_digest($abef, $cdgh, &mut $out[$k]);
        )+
    }};
}

/// SHA-256 of two messages, their rounds interleaved.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn hash2(input: &[[u8; 64]; 2], out: &mut [[u8; 32]; 2]) {
    hash_interleaved!(input, out;
        0 => (abef0, cdgh0, w0, mid_abef0, mid_cdgh0),
        1 => (abef1, cdgh1, w1, mid_abef1, mid_cdgh1)
    );
}

/// SHA-256 of four messages, their rounds interleaved: the registers no
/// longer hold all four schedules, but the `sha256rnds2` chains hide each
/// other's latency better than two do.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
#[inline]
fn hash4(input: &[[u8; 64]; 4], out: &mut [[u8; 32]; 4]) {
    hash_interleaved!(input, out;
        0 => (abef0, cdgh0, w0, mid_abef0, mid_cdgh0),
        1 => (abef1, cdgh1, w1, mid_abef1, mid_cdgh1),
        2 => (abef2, cdgh2, w2, mid_abef2, mid_cdgh2),
        3 => (abef3, cdgh3, w3, mid_abef3, mid_cdgh3)
    );
}

/// Fours, then a pair, then a single message.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
fn hash_batch(input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    let (fours, rest) = input.as_chunks::<4>();
    let (out_fours, out_rest) = out.as_chunks_mut::<4>();
    for (i, o) in fours.iter().zip(out_fours) {
        hash4(i, o);
    }
    let (pairs, rest) = rest.as_chunks::<2>();
    let (out_pairs, out_rest) = out_rest.as_chunks_mut::<2>();
    if let ([i], [o]) = (pairs, out_pairs) {
        hash2(i, o);
    }
    if let ([m], [o]) = (rest, out_rest) {
        let (lo, hi) = halves(m);
        hash1(lo, hi, o);
    }
}

/// Pairs only (for measurements).
#[cfg(test)]
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) fn hash_batch_2way(input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    for (i, o) in input
        .as_chunks::<2>()
        .0
        .iter()
        .zip(out.as_chunks_mut::<2>().0)
    {
        hash2(i, o);
    }
}

/// Each message hashed one at a time (for measurements).
#[cfg(test)]
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(super) fn hash_batch_1way(input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    for (m, o) in input.iter().zip(out) {
        let (lo, hi) = halves(m);
        hash1(lo, hi, o);
    }
}

/// Four messages interleaved at a time, then two, then one.
///
/// # Safety
///
/// The CPU has SHA-NI, SSE2, SSSE3 and SSE4.1.
pub(super) unsafe fn hash_nodes(input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    debug_assert_eq!(input.len(), out.len());
    // SAFETY: the caller guarantees the features.
    unsafe { hash_batch(input, out) }
}

/// # Safety
///
/// The CPU has SHA-NI, SSE2, SSSE3 and SSE4.1.
#[inline]
pub(super) unsafe fn hash64(input: &[u8; 64]) -> [u8; 32] {
    let (lo, hi) = halves(input);
    let mut out = [0u8; 32];
    // SAFETY: the caller guarantees the features.
    unsafe { hash1(lo, hi, &mut out) };
    out
}

/// # Safety
///
/// The CPU has SHA-NI, SSE2, SSSE3 and SSE4.1.
#[inline]
pub(super) unsafe fn hash_pair(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: the caller guarantees the features.
    unsafe { hash1(left, right, &mut out) };
    out
}
