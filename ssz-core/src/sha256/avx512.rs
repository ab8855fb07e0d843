//! AVX-512: sixteen messages at once, one per 32-bit lane of `__m512i`.
//!
//! The rounds are `sha256_lanes!`; this module provides the vector
//! functions it calls and the transposes between messages and lanes. It is
//! `avx2.rs` with 16 lanes: same structure, same order. What differs:
//! rotations are one instruction (`vprord`), the three-input functions one
//! `vpternlogd` each, and the transposes have 16 rows and four 128-bit
//! lanes.
//!
//! `vpternlogd`'s immediate is the truth table of `f(x, y, z)`: bit
//! `4x + 2y + z` is `f(x, y, z)`. Hence `0x96` for `x ^ y ^ z`, `0xca` for
//! `Ch` and `0xe8` for `Maj` (checked against their definitions in the
//! tests).
//!
//! The AVX-512 intrinsics and target features are stable since Rust 1.89:
//! this module needs that compiler, whatever `rust-version` says.

// Rust 1.89 is needed for the AVX-512 intrinsics (see above).

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// Messages per group.
const LANES: usize = 16;

type V = __m512i;

/// `vpternlogd` truth tables (see the module docs).
pub(super) const XOR3: i32 = 0x96;
pub(super) const CH: i32 = 0xca;
pub(super) const MAJ: i32 = 0xe8;

#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn add(x: V, y: V) -> V {
    _mm512_add_epi32(x, y)
}

#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn splat(c: u32) -> V {
    _mm512_set1_epi32(c as i32)
}

/// `x ^ y ^ z`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn xor3(x: V, y: V, z: V) -> V {
    _mm512_ternarylogic_epi32::<XOR3>(x, y, z)
}

/// `ROTR^n(x)`: one `vprord`.
macro_rules! ror {
    ($x:expr, $n:literal) => {
        _mm512_ror_epi32::<$n>($x)
    };
}

#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn big_sigma0(x: V) -> V {
    xor3(ror!(x, 2), ror!(x, 13), ror!(x, 22))
}

#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn big_sigma1(x: V) -> V {
    xor3(ror!(x, 6), ror!(x, 11), ror!(x, 25))
}

#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn small_sigma0(x: V) -> V {
    xor3(ror!(x, 7), ror!(x, 18), _mm512_srli_epi32::<3>(x))
}

#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn small_sigma1(x: V) -> V {
    xor3(ror!(x, 17), ror!(x, 19), _mm512_srli_epi32::<10>(x))
}

/// `Ch(x, y, z)`: `y` where `x` is set, else `z`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn ch(x: V, y: V, z: V) -> V {
    _mm512_ternarylogic_epi32::<CH>(x, y, z)
}

/// `Maj(x, y, z)`: the majority of each bit.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn maj(x: V, y: V, z: V) -> V {
    _mm512_ternarylogic_epi32::<MAJ>(x, y, z)
}

/// Swaps the bytes of every 32-bit word (SHA-256 words are big-endian).
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn bswap(x: V) -> V {
    // `_mm512_set_epi32` lists the words from the highest; each 128-bit
    // lane gets the byte indices 3, 2, 1, 0, 7, 6, 5, 4, ... (lowest first).
    let mask = _mm512_set_epi32(
        0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203, //
        0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203, //
        0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203, //
        0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203,
    );
    _mm512_shuffle_epi8(x, mask)
}

/// The 32- then 64-bit unpacks of `transpose`, on rows `4q .. 4q + 4`:
/// lane `L` of `u[o]` holds word `4L + o` of the four rows.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn unpack4(r0: V, r1: V, r2: V, r3: V) -> [V; 4] {
    let t0 = _mm512_unpacklo_epi32(r0, r1);
    let t1 = _mm512_unpackhi_epi32(r0, r1);
    let t2 = _mm512_unpacklo_epi32(r2, r3);
    let t3 = _mm512_unpackhi_epi32(r2, r3);
    [
        _mm512_unpacklo_epi64(t0, t2),
        _mm512_unpackhi_epi64(t0, t2),
        _mm512_unpacklo_epi64(t1, t3),
        _mm512_unpackhi_epi64(t1, t3),
    ]
}

/// Transposes 16 rows of 16 words: word `k` of row `j` becomes word `j` of
/// row `k`.
///
/// Within each 128-bit lane `L`, [`unpack4`] gathers word `4L + o` of rows
/// `4q .. 4q + 4` into `u[q][o]`; then row `4L + o` of the result is lane
/// `L` of `u[0][o]`, `u[1][o]`, `u[2][o]`, `u[3][o]`: a 4 x 4 transpose of
/// 128-bit lanes, in two rounds of `shuffle_i32x4`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn transpose(r: [V; 16]) -> [V; 16] {
    let u = [
        unpack4(r[0], r[1], r[2], r[3]),
        unpack4(r[4], r[5], r[6], r[7]),
        unpack4(r[8], r[9], r[10], r[11]),
        unpack4(r[12], r[13], r[14], r[15]),
    ];
    let mut rows = [_mm512_setzero_si512(); 16];
    for o in 0..4 {
        // [A0, A1, B0, B1], [A2, A3, B2, B3], [C0, C1, D0, D1], [C2, C3, D2, D3]
        // for A, B, C, D = u[0][o], .., u[3][o]; then lanes 0 and 2, 1 and 3.
        let ab01 = _mm512_shuffle_i32x4::<0x44>(u[0][o], u[1][o]);
        let ab23 = _mm512_shuffle_i32x4::<0xee>(u[0][o], u[1][o]);
        let cd01 = _mm512_shuffle_i32x4::<0x44>(u[2][o], u[3][o]);
        let cd23 = _mm512_shuffle_i32x4::<0xee>(u[2][o], u[3][o]);
        rows[o] = _mm512_shuffle_i32x4::<0x88>(ab01, cd01);
        rows[4 + o] = _mm512_shuffle_i32x4::<0xdd>(ab01, cd01);
        rows[8 + o] = _mm512_shuffle_i32x4::<0x88>(ab23, cd23);
        rows[12 + o] = _mm512_shuffle_i32x4::<0xdd>(ab23, cd23);
    }
    rows
}

/// Words `0 .. 16` of the messages, one message per lane.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn load_words(input: &[[u8; 64]; LANES]) -> [V; 16] {
    let mut r = [_mm512_setzero_si512(); 16];
    for (j, m) in input.iter().enumerate() {
        // SAFETY: `m` is 64 readable bytes, the size of the load, and
        // `loadu` accepts any alignment.
        r[j] = unsafe { _mm512_loadu_si512(m.as_ptr().cast()) };
    }
    let rows = transpose(r);
    let mut w = [_mm512_setzero_si512(); 16];
    for k in 0..16 {
        w[k] = bswap(rows[k]);
    }
    w
}

/// Stores the digests: word `i` of message `j` is lane `j` of `s[i]`.
///
/// [`unpack4`] on the 8 rows gives, in lane `L` of `u[q][o]`, words
/// `4q .. 4q + 4` of message `4L + o`; message `4L + o`'s digest is lane `L`
/// of `u[0][o]` then of `u[1][o]`. Two `shuffle_i32x4` put the digests of
/// messages `o` and `4 + o` (lanes 0, 1) in one register, those of `8 + o`
/// and `12 + o` (lanes 2, 3) in another, each stored as two 256-bit halves.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn store_digests(s: [V; 8], out: &mut [[u8; 32]; LANES]) {
    let u = [
        unpack4(bswap(s[0]), bswap(s[1]), bswap(s[2]), bswap(s[3])),
        unpack4(bswap(s[4]), bswap(s[5]), bswap(s[6]), bswap(s[7])),
    ];
    for (o, (&a, &b)) in u[0].iter().zip(&u[1]).enumerate() {
        // [A0, A1, B0, B1] -> [A0, B0, A1, B1]; [A2, A3, B2, B3] -> [A2, B2, A3, B3]
        // for A, B = u[0][o], u[1][o].
        let x01 = _mm512_shuffle_i32x4::<0x44>(a, b);
        let x23 = _mm512_shuffle_i32x4::<0xee>(a, b);
        let x01 = _mm512_shuffle_i32x4::<0xd8>(x01, x01);
        let x23 = _mm512_shuffle_i32x4::<0xd8>(x23, x23);
        let digests = [
            (o, _mm512_castsi512_si256(x01)),
            (4 + o, _mm512_extracti64x4_epi64::<1>(x01)),
            (8 + o, _mm512_castsi512_si256(x23)),
            (12 + o, _mm512_extracti64x4_epi64::<1>(x23)),
        ];
        for (j, d) in digests {
            // SAFETY: `out[j]` (`j < 16`, checked by the indexing) is 32
            // writable bytes, the size of the store, and `storeu` accepts
            // any alignment.
            unsafe { _mm256_storeu_si256(out[j].as_mut_ptr().cast(), d) };
        }
    }
}

/// SHA-256 of sixteen messages.
#[target_feature(enable = "avx512f,avx512bw")]
fn hash_group(input: &[[u8; 64]; LANES], out: &mut [[u8; 32]; LANES]) {
    let mut w = load_words(input);
    let s = sha256_lanes!(w);
    store_digests(s, out);
}

#[target_feature(enable = "avx512f,avx512bw")]
fn hash_groups(input: &[[[u8; 64]; LANES]], out: &mut [[[u8; 32]; LANES]]) {
    for (i, o) in input.iter().zip(out) {
        hash_group(i, o);
    }
}

/// Whole groups of sixteen, then [`remainder`](super::lanes::remainder).
///
/// # Safety
///
/// The CPU has AVX-512 F and BW, and SHA-NI if `sha_ni`.
pub(super) unsafe fn hash_nodes(input: &[[u8; 64]], out: &mut [[u8; 32]], sha_ni: bool) {
    let (groups, rest) = input.as_chunks::<LANES>();
    let (out_groups, out_rest) = out.as_chunks_mut::<LANES>();
    // SAFETY: the caller guarantees AVX-512 F and BW.
    unsafe { hash_groups(groups, out_groups) };
    // SAFETY: the caller guarantees SHA-NI if `sha_ni`, and AVX-512 F and
    // BW for the padded group.
    unsafe {
        super::lanes::remainder::<LANES>(rest, out_rest, sha_ni, |i, o| hash_group(i, o));
    }
}
