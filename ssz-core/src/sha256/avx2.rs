//! AVX2: eight messages at once, one per 32-bit lane of `__m256i`.
//!
//! The rounds are `sha256_lanes!`; this module provides the vector
//! functions it calls and the transposes between messages and lanes. The
//! AVX-512 backend (`avx512.rs`) is this file with 16 lanes: same
//! structure, same order, so the two read side by side.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// Messages per group.
const LANES: usize = 8;

type V = __m256i;

#[target_feature(enable = "avx2")]
#[inline]
fn add(x: V, y: V) -> V {
    _mm256_add_epi32(x, y)
}

#[target_feature(enable = "avx2")]
#[inline]
fn splat(c: u32) -> V {
    _mm256_set1_epi32(c as i32)
}

/// `x ^ y ^ z`.
#[target_feature(enable = "avx2")]
#[inline]
fn xor3(x: V, y: V, z: V) -> V {
    _mm256_xor_si256(_mm256_xor_si256(x, y), z)
}

/// `ROTR^n(x)`: AVX2 has no rotation, so two shifts and an or.
macro_rules! ror {
    ($x:expr, $n:literal) => {
        _mm256_or_si256(
            _mm256_srli_epi32::<$n>($x),
            _mm256_slli_epi32::<{ 32 - $n }>($x),
        )
    };
}

#[target_feature(enable = "avx2")]
#[inline]
fn big_sigma0(x: V) -> V {
    xor3(ror!(x, 2), ror!(x, 13), ror!(x, 22))
}

#[target_feature(enable = "avx2")]
#[inline]
fn big_sigma1(x: V) -> V {
    xor3(ror!(x, 6), ror!(x, 11), ror!(x, 25))
}

#[target_feature(enable = "avx2")]
#[inline]
fn small_sigma0(x: V) -> V {
    xor3(ror!(x, 7), ror!(x, 18), _mm256_srli_epi32::<3>(x))
}

#[target_feature(enable = "avx2")]
#[inline]
fn small_sigma1(x: V) -> V {
    xor3(ror!(x, 17), ror!(x, 19), _mm256_srli_epi32::<10>(x))
}

/// `Ch(x, y, z) = ((y ^ z) & x) ^ z`: `y` where `x` is set, else `z`.
#[target_feature(enable = "avx2")]
#[inline]
fn ch(x: V, y: V, z: V) -> V {
    _mm256_xor_si256(_mm256_and_si256(_mm256_xor_si256(y, z), x), z)
}

/// `Maj(x, y, z) = ((x ^ y) & (y ^ z)) ^ y`: `y` where `x == y`, else `z`.
/// The next round's `y ^ z` is this round's `x ^ y`, which the compiler
/// reuses.
#[target_feature(enable = "avx2")]
#[inline]
fn maj(x: V, y: V, z: V) -> V {
    _mm256_xor_si256(
        _mm256_and_si256(_mm256_xor_si256(x, y), _mm256_xor_si256(y, z)),
        y,
    )
}

/// Swaps the bytes of every 32-bit word (SHA-256 words are big-endian).
#[target_feature(enable = "avx2")]
#[inline]
fn bswap(x: V) -> V {
    let mask = _mm256_setr_epi8(
        3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, //
        3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
    );
    _mm256_shuffle_epi8(x, mask)
}

/// Transposes 8 rows of 8 words: word `k` of row `j` becomes word `j` of
/// row `k`.
///
/// Within each 128-bit lane `L`, the 32- then 64-bit unpacks gather word
/// `4L + o` of rows `4q .. 4q + 4` into `u[4q + o]`; the lanes then pair up.
#[target_feature(enable = "avx2")]
#[inline]
fn transpose(r: [V; 8]) -> [V; 8] {
    let t = [
        _mm256_unpacklo_epi32(r[0], r[1]),
        _mm256_unpackhi_epi32(r[0], r[1]),
        _mm256_unpacklo_epi32(r[2], r[3]),
        _mm256_unpackhi_epi32(r[2], r[3]),
        _mm256_unpacklo_epi32(r[4], r[5]),
        _mm256_unpackhi_epi32(r[4], r[5]),
        _mm256_unpacklo_epi32(r[6], r[7]),
        _mm256_unpackhi_epi32(r[6], r[7]),
    ];
    let u = [
        _mm256_unpacklo_epi64(t[0], t[2]),
        _mm256_unpackhi_epi64(t[0], t[2]),
        _mm256_unpacklo_epi64(t[1], t[3]),
        _mm256_unpackhi_epi64(t[1], t[3]),
        _mm256_unpacklo_epi64(t[4], t[6]),
        _mm256_unpackhi_epi64(t[4], t[6]),
        _mm256_unpacklo_epi64(t[5], t[7]),
        _mm256_unpackhi_epi64(t[5], t[7]),
    ];
    // Row `4L + o` of the result is lane `L` of `u[o]`, then of `u[4 + o]`.
    [
        _mm256_permute2x128_si256::<0x20>(u[0], u[4]),
        _mm256_permute2x128_si256::<0x20>(u[1], u[5]),
        _mm256_permute2x128_si256::<0x20>(u[2], u[6]),
        _mm256_permute2x128_si256::<0x20>(u[3], u[7]),
        _mm256_permute2x128_si256::<0x31>(u[0], u[4]),
        _mm256_permute2x128_si256::<0x31>(u[1], u[5]),
        _mm256_permute2x128_si256::<0x31>(u[2], u[6]),
        _mm256_permute2x128_si256::<0x31>(u[3], u[7]),
    ]
}

/// Words `0 .. 16` of the messages, one message per lane.
#[target_feature(enable = "avx2")]
#[inline]
fn load_words(input: &[[u8; 64]; LANES]) -> [V; 16] {
    let mut lo = [_mm256_setzero_si256(); 8];
    let mut hi = [_mm256_setzero_si256(); 8];
    for (j, m) in input.iter().enumerate() {
        // SAFETY: `m` is 64 readable bytes; the two 32-byte loads read
        // `m[0..32]` and `m[32..64]`, and `loadu` accepts any alignment.
        unsafe {
            lo[j] = _mm256_loadu_si256(m.as_ptr().cast());
            hi[j] = _mm256_loadu_si256(m.as_ptr().add(32).cast());
        }
    }
    let lo = transpose(lo);
    let hi = transpose(hi);
    let mut w = [_mm256_setzero_si256(); 16];
    for k in 0..8 {
        w[k] = bswap(lo[k]);
        w[8 + k] = bswap(hi[k]);
    }
    w
}

/// Stores the digests: word `i` of message `j` is lane `j` of `s[i]`.
#[target_feature(enable = "avx2")]
#[inline]
fn store_digests(s: [V; 8], out: &mut [[u8; 32]; LANES]) {
    let rows = transpose(s);
    for (o, row) in out.iter_mut().zip(rows) {
        // SAFETY: `o` is 32 writable bytes, the size of the store, and
        // `storeu` accepts any alignment.
        unsafe { _mm256_storeu_si256(o.as_mut_ptr().cast(), bswap(row)) };
    }
}

/// SHA-256 of eight messages.
#[target_feature(enable = "avx2")]
fn hash_group(input: &[[u8; 64]; LANES], out: &mut [[u8; 32]; LANES]) {
    let mut w = load_words(input);
    let s = sha256_lanes!(w);
    store_digests(s, out);
}

#[target_feature(enable = "avx2")]
fn hash_groups(input: &[[[u8; 64]; LANES]], out: &mut [[[u8; 32]; LANES]]) {
    for (i, o) in input.iter().zip(out) {
        hash_group(i, o);
    }
}

/// Whole groups of eight, then [`remainder`](super::lanes::remainder).
///
/// # Safety
///
/// The CPU has AVX2, and SHA-NI if `sha_ni`.
pub(super) unsafe fn hash_nodes(input: &[[u8; 64]], out: &mut [[u8; 32]], sha_ni: bool) {
    let (groups, rest) = input.as_chunks::<LANES>();
    let (out_groups, out_rest) = out.as_chunks_mut::<LANES>();
    // SAFETY: the caller guarantees AVX2.
    unsafe { hash_groups(groups, out_groups) };
    // SAFETY: the caller guarantees SHA-NI if `sha_ni`, and AVX2 for the
    // padded group.
    unsafe {
        super::lanes::remainder::<LANES>(rest, out_rest, sha_ni, |i, o| hash_group(i, o));
    }
}
