//! The SHA-256 of many messages at once, one message per 32-bit lane of a
//! vector register: the algorithm that the AVX2 (8 lanes) and AVX-512
//! (16 lanes) backends share, written once.
//!
//! `sha256_lanes!` expands to the whole hash of a 64-byte message: the
//! message block from the initial state, then the padding block, each with
//! its feed-forward. It is a macro rather than a generic function so that
//! it expands inside each backend's `#[target_feature]` function, where the
//! module that invokes it provides the vector type and these functions
//! (FIPS 180-4, 4.1.2):
//!
//! | function | value, in every lane |
//! |---|---|
//! | `add(x, y)` | `x + y` (mod 2^32) |
//! | `splat(c)` | the constant `c` |
//! | `big_sigma0(x)` | `ROTR2(x) ^ ROTR13(x) ^ ROTR22(x)` |
//! | `big_sigma1(x)` | `ROTR6(x) ^ ROTR11(x) ^ ROTR25(x)` |
//! | `small_sigma0(x)` | `ROTR7(x) ^ ROTR18(x) ^ SHR3(x)` |
//! | `small_sigma1(x)` | `ROTR17(x) ^ ROTR19(x) ^ SHR10(x)` |
//! | `ch(x, y, z)` | `(x & y) ^ (!x & z)` |
//! | `maj(x, y, z)` | `(x & y) ^ (x & z) ^ (y & z)` |
//!
//! The backends differ only in those one-line functions and in how they
//! transpose 64-byte messages into words (`w[t]` holds word `t` of every
//! message, lane `j` of message `j`) and the state back into digests.

/// The hash of the messages whose words are in `$w: [V; 16]` (consumed as
/// the schedule's ring buffer): the final state, `[a, b, .., h]`, each word
/// across the lanes.
macro_rules! sha256_lanes {
    ($w:ident) => {{
        let iv = [
            splat($crate::sha256::IV[0]),
            splat($crate::sha256::IV[1]),
            splat($crate::sha256::IV[2]),
            splat($crate::sha256::IV[3]),
            splat($crate::sha256::IV[4]),
            splat($crate::sha256::IV[5]),
            splat($crate::sha256::IV[6]),
            splat($crate::sha256::IV[7]),
        ];
        let mid = lanes_compress!(message $w, iv);
        lanes_compress!(padding $w, mid)
    }};
}

/// One block's 64 rounds from `$s`, plus the feed-forward `$s + ...`.
/// `message`: the words are `$w`, and the schedule is computed in place;
/// `padding`: `W + K` is the constant `PADDING_WK`.
macro_rules! lanes_compress {
    ($kind:ident $w:ident, $s:ident) => {{
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = $s;
        lanes_eight!($kind $w, 0, a, b, c, d, e, f, g, h);
        lanes_eight!($kind $w, 8, a, b, c, d, e, f, g, h);
        lanes_eight!($kind $w, 16, a, b, c, d, e, f, g, h);
        lanes_eight!($kind $w, 24, a, b, c, d, e, f, g, h);
        lanes_eight!($kind $w, 32, a, b, c, d, e, f, g, h);
        lanes_eight!($kind $w, 40, a, b, c, d, e, f, g, h);
        lanes_eight!($kind $w, 48, a, b, c, d, e, f, g, h);
        lanes_eight!($kind $w, 56, a, b, c, d, e, f, g, h);
        [
            add($s[0], a),
            add($s[1], b),
            add($s[2], c),
            add($s[3], d),
            add($s[4], e),
            add($s[5], f),
            add($s[6], g),
            add($s[7], h),
        ]
    }};
}

/// Rounds `$t .. $t + 8`. A round leaves the new `a` in the variable of `h`
/// and the new `e` in that of `d`, so the names rotate by one per round and
/// are back in place after eight: no moves.
macro_rules! lanes_eight {
    ($kind:ident $w:ident, $t:expr, $a:ident, $b:ident, $c:ident, $d:ident,
     $e:ident, $f:ident, $g:ident, $h:ident) => {
        lanes_round!($a, $b, $c, $d, $e, $f, $g, $h, lanes_wk!($kind $w, $t));
        lanes_round!($h, $a, $b, $c, $d, $e, $f, $g, lanes_wk!($kind $w, $t + 1));
        lanes_round!($g, $h, $a, $b, $c, $d, $e, $f, lanes_wk!($kind $w, $t + 2));
        lanes_round!($f, $g, $h, $a, $b, $c, $d, $e, lanes_wk!($kind $w, $t + 3));
        lanes_round!($e, $f, $g, $h, $a, $b, $c, $d, lanes_wk!($kind $w, $t + 4));
        lanes_round!($d, $e, $f, $g, $h, $a, $b, $c, lanes_wk!($kind $w, $t + 5));
        lanes_round!($c, $d, $e, $f, $g, $h, $a, $b, lanes_wk!($kind $w, $t + 6));
        lanes_round!($b, $c, $d, $e, $f, $g, $h, $a, lanes_wk!($kind $w, $t + 7));
    };
}

/// One round (FIPS 180-4, 6.2.2 step 3), given `W[t] + K[t]`:
/// `T1 = h + Σ1(e) + Ch(e, f, g) + W[t] + K[t]`, `d += T1`,
/// `h = T1 + Σ0(a) + Maj(a, b, c)`. `h + W + K` does not depend on this
/// round's `e`, so it is added first, off the critical path.
macro_rules! lanes_round {
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident,
     $wk:expr) => {
        let t1 = add(add($h, $wk), add(big_sigma1($e), ch($e, $f, $g)));
        $d = add($d, t1);
        $h = add(t1, add(big_sigma0($a), maj($a, $b, $c)));
    };
}

/// `W[t] + K[t]` of round `$t`.
///
/// For the message block, `W[t]` for `t >= 16` is computed in place in the
/// ring `$w` of the last 16 words: slot `t % 16` holds `W[t - 16]` and
/// becomes `W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]`.
macro_rules! lanes_wk {
    (message $w:ident, $t:expr) => {
        add(
            if $t < 16 {
                $w[$t % 16]
            } else {
                $w[$t % 16] = add(
                    add($w[$t % 16], small_sigma0($w[($t + 1) % 16])),
                    add($w[($t + 9) % 16], small_sigma1($w[($t + 14) % 16])),
                );
                $w[$t % 16]
            },
            splat($crate::sha256::K[$t]),
        )
    };
    (padding $w:ident, $t:expr) => {
        splat($crate::sha256::PADDING_WK[$t])
    };
}

/// Hashes the messages after a wide backend's last whole group: fewer than
/// `L` of them.
///
/// Up to `L / 2` messages go to the single-message path if it is SHA-NI
/// (about as fast per message as half a group's lanes); a single message
/// otherwise goes to the portable backend; the rest is one more group,
/// padded with zero messages, through `group`.
///
/// # Safety
///
/// `sha_ni` only if the CPU has SHA-NI.
#[inline]
pub(super) unsafe fn remainder<const L: usize>(
    input: &[[u8; 64]],
    out: &mut [[u8; 32]],
    sha_ni: bool,
    group: impl FnOnce(&[[u8; 64]; L], &mut [[u8; 32]; L]),
) {
    debug_assert!(input.len() < L && input.len() == out.len());
    let n = input.len();
    if n == 0 {
        return;
    }
    if sha_ni && n <= L / 2 {
        // SAFETY: the caller guarantees SHA-NI when `sha_ni`.
        unsafe { super::shani::hash_nodes(input, out) };
    } else if !sha_ni && n == 1 {
        super::portable::hash_nodes(input, out);
    } else {
        let mut padded = [[0u8; 64]; L];
        padded[..n].copy_from_slice(input);
        let mut digests = [[0u8; 32]; L];
        group(&padded, &mut digests);
        out.copy_from_slice(&digests[..n]);
    }
}
