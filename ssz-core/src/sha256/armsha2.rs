//! The ARMv8 SHA-2 instructions (AArch64 `FEAT_SHA256`): `SHA256H` and
//! `SHA256H2` do four rounds (one updates `[A, B, C, D]`, the other
//! `[E, F, G, H]`, both from the state before the rounds), `SHA256SU0` and
//! `SHA256SU1` four words of the message schedule.
//!
//! # Why four messages interleaved
//!
//! Each group of four rounds of one message depends on the previous group
//! through `SHA256H`'s result, so one message is a chain of 32 `SHA256H`
//! latencies (64 rounds of each of its two blocks, four at a time), with
//! the crypto pipes idle in between. Per group a message issues four crypto
//! instructions in the message block (`SHA256H`, `SHA256H2`, `SHA256SU0`,
//! `SHA256SU1`) and two in the padding block, whose schedule is a constant.
//! With a `SHA256H` latency of `L` cycles and `P` pipes that take these
//! instructions, the pipes stay full once `N * ops >= L * P`: the published
//! optimisation guides give `L` of 3 to 4 cycles and one or two pipes for
//! the Neoverse and Apple cores, so the padding block (`ops = 2`) needs up
//! to four messages in flight. More than four would not fit: each message
//! keeps about six vectors live (four schedule words, two state halves),
//! so four take 24 of the 32 vector registers, leaving room for the round
//! constants and temporaries; eight would spill. Hence [`hash4`], then
//! [`hash2`] and [`hash1`] for what is left of a batch.
//!
//! The speed of this backend has not been measured (no ARM machine was at
//! hand); its digests are checked against `sha2` under `qemu-aarch64`.
//!
//! Little-endian AArch64 only: the byte reversal of the loads assumes it.

use core::arch::aarch64::*;

use super::{IV, K, PADDING_WK};

/// The message words `W[4i .. 4i + 4]`, for `i` in `0..4`, as big-endian
/// 32-bit words.
#[target_feature(enable = "sha2")]
#[inline]
fn load_words(lo: &[u8; 32], hi: &[u8; 32]) -> [uint32x4_t; 4] {
    // SAFETY: `lo` and `hi` are 32 readable bytes each; the loads read
    // bytes 0..16 and 16..32 of each, and `vld1q_u8` has no alignment
    // requirement beyond that of `u8`.
    let raw = unsafe {
        [
            vld1q_u8(lo.as_ptr()),
            vld1q_u8(lo.as_ptr().add(16)),
            vld1q_u8(hi.as_ptr()),
            vld1q_u8(hi.as_ptr().add(16)),
        ]
    };
    [
        vreinterpretq_u32_u8(vrev32q_u8(raw[0])),
        vreinterpretq_u32_u8(vrev32q_u8(raw[1])),
        vreinterpretq_u32_u8(vrev32q_u8(raw[2])),
        vreinterpretq_u32_u8(vrev32q_u8(raw[3])),
    ]
}

/// Words `4g .. 4g + 4` of a table of 64 words (`g < 16`, a constant at
/// every call).
#[target_feature(enable = "sha2")]
#[inline]
fn load4(table: &[u32; 64], g: usize) -> uint32x4_t {
    let four: &[u32; 4] = &table.as_chunks::<4>().0[g];
    // SAFETY: `four` is 4 readable `u32`, exactly what the load reads.
    unsafe { vld1q_u32(four.as_ptr()) }
}

/// The initial state `(abcd, efgh)`.
#[target_feature(enable = "sha2")]
#[inline]
fn initial_state() -> (uint32x4_t, uint32x4_t) {
    // SAFETY: `IV` is 8 readable `u32`; the loads read words 0..4 and 4..8.
    unsafe { (vld1q_u32(IV.as_ptr()), vld1q_u32(IV.as_ptr().add(4))) }
}

/// The digest of the final state: the eight words big-endian.
#[target_feature(enable = "sha2")]
#[inline]
fn store_digest(abcd: uint32x4_t, efgh: uint32x4_t, out: &mut [u8; 32]) {
    let abcd = vrev32q_u8(vreinterpretq_u8_u32(abcd));
    let efgh = vrev32q_u8(vreinterpretq_u8_u32(efgh));
    // SAFETY: `out` is 32 writable bytes; the stores write bytes 0..16 and
    // 16..32, with `u8` alignment.
    unsafe {
        vst1q_u8(out.as_mut_ptr(), abcd);
        vst1q_u8(out.as_mut_ptr().add(16), efgh);
    }
}

/// Four rounds with `wk = W + K` of those rounds: `SHA256H2` takes the
/// `[A, B, C, D]` from before the rounds.
macro_rules! rounds4 {
    ($abcd:ident, $efgh:ident, $wk:expr) => {
        let wk = $wk;
        let before = $abcd;
        $abcd = vsha256hq_u32($abcd, $efgh, wk);
        $efgh = vsha256h2q_u32($efgh, before, wk);
    };
}

/// Rounds `4g .. 4g + 4` of the message block, for each message
/// `(abcd, efgh, w)` in turn; `w` is the ring of the last four word groups.
macro_rules! message_group {
    ($g:expr; $(($abcd:ident, $efgh:ident, $w:ident)),+) => {
        $(
            if $g >= 4 {
                // W[4g ..] from W[4g - 16 ..], W[4g - 12 ..], W[4g - 8 ..]
                // and W[4g - 4 ..].
                $w[$g % 4] = vsha256su1q_u32(
                    vsha256su0q_u32($w[$g % 4], $w[($g + 1) % 4]),
                    $w[($g + 2) % 4],
                    $w[($g + 3) % 4],
                );
            }
            rounds4!($abcd, $efgh, vaddq_u32($w[$g % 4], load4(&K, $g)));
        )+
    };
}

/// Rounds `4g .. 4g + 4` of the padding block, whose `W + K` is a constant.
macro_rules! padding_group {
    ($g:expr; $(($abcd:ident, $efgh:ident)),+) => {
        let wk = load4(&PADDING_WK, $g);
        $(
            rounds4!($abcd, $efgh, wk);
        )+
    };
}

/// The 64 rounds of the message block for each message, interleaved group
/// by group. Without the feed-forward.
macro_rules! message_block {
    ($(($abcd:ident, $efgh:ident, $w:ident)),+) => {
        message_group!(0; $(($abcd, $efgh, $w)),+);
        message_group!(1; $(($abcd, $efgh, $w)),+);
        message_group!(2; $(($abcd, $efgh, $w)),+);
        message_group!(3; $(($abcd, $efgh, $w)),+);
        message_group!(4; $(($abcd, $efgh, $w)),+);
        message_group!(5; $(($abcd, $efgh, $w)),+);
        message_group!(6; $(($abcd, $efgh, $w)),+);
        message_group!(7; $(($abcd, $efgh, $w)),+);
        message_group!(8; $(($abcd, $efgh, $w)),+);
        message_group!(9; $(($abcd, $efgh, $w)),+);
        message_group!(10; $(($abcd, $efgh, $w)),+);
        message_group!(11; $(($abcd, $efgh, $w)),+);
        message_group!(12; $(($abcd, $efgh, $w)),+);
        message_group!(13; $(($abcd, $efgh, $w)),+);
        message_group!(14; $(($abcd, $efgh, $w)),+);
        message_group!(15; $(($abcd, $efgh, $w)),+);
    };
}

/// The 64 rounds of the padding block for each message. Without the
/// feed-forward.
macro_rules! padding_block {
    ($(($abcd:ident, $efgh:ident)),+) => {
        padding_group!(0; $(($abcd, $efgh)),+);
        padding_group!(1; $(($abcd, $efgh)),+);
        padding_group!(2; $(($abcd, $efgh)),+);
        padding_group!(3; $(($abcd, $efgh)),+);
        padding_group!(4; $(($abcd, $efgh)),+);
        padding_group!(5; $(($abcd, $efgh)),+);
        padding_group!(6; $(($abcd, $efgh)),+);
        padding_group!(7; $(($abcd, $efgh)),+);
        padding_group!(8; $(($abcd, $efgh)),+);
        padding_group!(9; $(($abcd, $efgh)),+);
        padding_group!(10; $(($abcd, $efgh)),+);
        padding_group!(11; $(($abcd, $efgh)),+);
        padding_group!(12; $(($abcd, $efgh)),+);
        padding_group!(13; $(($abcd, $efgh)),+);
        padding_group!(14; $(($abcd, $efgh)),+);
        padding_group!(15; $(($abcd, $efgh)),+);
    };
}

/// The digests of `($lo, $hi)` pairs into `$out` places, their rounds
/// interleaved; each message names its own variables.
macro_rules! hash_interleaved {
    ($(($lo:expr, $hi:expr, $out:expr) => ($abcd:ident, $efgh:ident, $w:ident, $mid_abcd:ident, $mid_efgh:ident)),+) => {{
        let (iv_abcd, iv_efgh) = initial_state();
        $(
            let mut $w = load_words($lo, $hi);
            let (mut $abcd, mut $efgh) = (iv_abcd, iv_efgh);
        )+
        message_block!($(($abcd, $efgh, $w)),+);
        $(
            $abcd = vaddq_u32($abcd, iv_abcd);
            $efgh = vaddq_u32($efgh, iv_efgh);
            let ($mid_abcd, $mid_efgh) = ($abcd, $efgh);
        )+
        padding_block!($(($abcd, $efgh)),+);
        $(
            $abcd = vaddq_u32($abcd, $mid_abcd);
            $efgh = vaddq_u32($efgh, $mid_efgh);
            store_digest($abcd, $efgh, $out);
        )+
    }};
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
#[target_feature(enable = "sha2")]
fn hash1(lo: &[u8; 32], hi: &[u8; 32], out: &mut [u8; 32]) {
    hash_interleaved!((lo, hi, out) => (abcd0, efgh0, w0, mid_abcd0, mid_efgh0));
}

/// SHA-256 of two messages, their rounds interleaved.
#[target_feature(enable = "sha2")]
#[inline]
fn hash2(input: &[[u8; 64]; 2], out: &mut [[u8; 32]; 2]) {
    let [o0, o1] = out;
    let ((l0, h0), (l1, h1)) = (halves(&input[0]), halves(&input[1]));
    hash_interleaved!(
        (l0, h0, o0) => (abcd0, efgh0, w0, mid_abcd0, mid_efgh0),
        (l1, h1, o1) => (abcd1, efgh1, w1, mid_abcd1, mid_efgh1)
    );
}

/// SHA-256 of four messages, their rounds interleaved (see the module
/// docs for why four).
#[target_feature(enable = "sha2")]
#[inline]
fn hash4(input: &[[u8; 64]; 4], out: &mut [[u8; 32]; 4]) {
    let [o0, o1, o2, o3] = out;
    let (l0, h0) = halves(&input[0]);
    let (l1, h1) = halves(&input[1]);
    let (l2, h2) = halves(&input[2]);
    let (l3, h3) = halves(&input[3]);
    hash_interleaved!(
        (l0, h0, o0) => (abcd0, efgh0, w0, mid_abcd0, mid_efgh0),
        (l1, h1, o1) => (abcd1, efgh1, w1, mid_abcd1, mid_efgh1),
        (l2, h2, o2) => (abcd2, efgh2, w2, mid_abcd2, mid_efgh2),
        (l3, h3, o3) => (abcd3, efgh3, w3, mid_abcd3, mid_efgh3)
    );
}

/// Fours, then a pair, then a single message.
#[target_feature(enable = "sha2")]
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

/// Four messages interleaved at a time, then two, then one.
///
/// # Safety
///
/// The CPU has the SHA-2 instructions (`FEAT_SHA256`).
pub(super) unsafe fn hash_nodes(input: &[[u8; 64]], out: &mut [[u8; 32]]) {
    debug_assert_eq!(input.len(), out.len());
    // SAFETY: the caller guarantees the feature.
    unsafe { hash_batch(input, out) }
}

/// # Safety
///
/// The CPU has the SHA-2 instructions (`FEAT_SHA256`).
#[inline]
pub(super) unsafe fn hash64(input: &[u8; 64]) -> [u8; 32] {
    let (lo, hi) = halves(input);
    let mut out = [0u8; 32];
    // SAFETY: the caller guarantees the feature.
    unsafe { hash1(lo, hi, &mut out) };
    out
}

/// # Safety
///
/// The CPU has the SHA-2 instructions (`FEAT_SHA256`).
#[inline]
pub(super) unsafe fn hash_pair(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: the caller guarantees the feature.
    unsafe { hash1(left, right, &mut out) };
    out
}
