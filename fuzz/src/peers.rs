//! Differential checks against two other SSZ implementations:
//!
//! - Lighthouse: `ethereum_ssz` + `ssz_types` + `tree_hash`, with their
//!   derives (`#[ssz(enum_behaviour = "union")]` for unions);
//! - `libssz` + `libssz-types` + `libssz-merkle`, with its derive.
//!
//! Each shape is declared three times, once per library, with the same SSZ
//! type. [`run`] feeds the same bytes to the three decoders and asserts the
//! same verdict, the same re-encoding (the input itself) and the same root.
//! A verdict where a peer departs from the spec on a known input class is
//! listed in [`known_deviation`], with the spec text it departs from.
//!
//! Shapes:
//!
//! | shape | SSZ type |
//! |---|---|
//! | header | `BeaconBlockHeader` (fixed-size container) |
//! | list | `List[uint64, 100]`, `List[uint64, 2**40]` |
//! | bitlist | `Bitlist[9]`, `Bitlist[2048]` |
//! | nested | a variable-size container with nested lists, a list of containers, a bitlist and a variable-size inner container |
//! | union | `Union[uint16, List[uint16, 5], Pair]`; `Union[None, Pair]` (Lighthouse: `Option<Pair>`, which has no root there) |

use crate::check::hex;
use crate::gen::{length, Generate};
use arbitrary::Unstructured;
use peam_ssz_types::{Ssz, TreeHash};

/// Our side of each shape.
pub mod ours {
    use peam_ssz_types::{Bitlist, List, Ssz, TreeHash, U};

    /// `BeaconBlockHeader`.
    pub type Header = spec_tests::beacon::phase0::BeaconBlockHeader;
    /// `List[uint64, 100]`.
    pub type ListSmall = List<u64, U<100>>;
    /// `List[uint64, 2**40]`.
    pub type ListLarge = List<u64, U<1099511627776>>;
    /// `Bitlist[9]`.
    pub type BitsSmall = Bitlist<U<9>>;
    /// `Bitlist[2048]`.
    pub type BitsLarge = Bitlist<U<2048>>;

    /// A fixed-size container.
    #[derive(Ssz, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub struct Pair {
        pub x: u64,
        pub y: u32,
    }

    /// A variable-size container.
    #[derive(Ssz, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub struct Inner {
        pub p: List<u8, U<7>>,
        pub q: u32,
    }

    /// A variable-size container with nested lists.
    #[derive(Ssz, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub struct Nested {
        pub a: u16,
        pub b: List<List<u16, U<5>>, U<4>>,
        pub c: u8,
        pub d: List<Pair, U<3>>,
        pub e: Bitlist<U<9>>,
        pub f: Inner,
    }

    /// `Union[uint16, List[uint16, 5], Pair]`.
    #[derive(Ssz, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub enum Union3 {
        A(u16),
        B(List<u16, U<5>>),
        C(Pair),
    }

    /// `Union[None, Pair]`.
    #[derive(Ssz, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub enum UnionOpt {
        None,
        Some(Pair),
    }
}

/// Lighthouse's side.
pub mod lighthouse {
    use ssz_derive::{Decode, Encode};
    use ssz_types::typenum::{U100, U1099511627776, U2048, U3, U4, U5, U7, U9};
    use ssz_types::{BitList, VariableList};
    use tree_hash_derive::TreeHash;

    #[derive(Encode, Decode, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub struct Header {
        pub slot: u64,
        pub proposer_index: u64,
        pub parent_root: [u8; 32],
        pub state_root: [u8; 32],
        pub body_root: [u8; 32],
    }

    pub type ListSmall = VariableList<u64, U100>;
    pub type ListLarge = VariableList<u64, U1099511627776>;
    pub type BitsSmall = BitList<U9>;
    pub type BitsLarge = BitList<U2048>;

    #[derive(Encode, Decode, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub struct Pair {
        pub x: u64,
        pub y: u32,
    }

    #[derive(Encode, Decode, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub struct Inner {
        pub p: VariableList<u8, U7>,
        pub q: u32,
    }

    #[derive(Encode, Decode, TreeHash, Clone, Debug, PartialEq, Eq)]
    pub struct Nested {
        pub a: u16,
        pub b: VariableList<VariableList<u16, U5>, U4>,
        pub c: u8,
        pub d: VariableList<Pair, U3>,
        pub e: BitList<U9>,
        pub f: Inner,
    }

    #[derive(Encode, Decode, TreeHash, Clone, Debug, PartialEq, Eq)]
    #[ssz(enum_behaviour = "union")]
    #[tree_hash(enum_behaviour = "union")]
    pub enum Union3 {
        A(u16),
        B(VariableList<u16, U5>),
        C(Pair),
    }

    /// `Union[None, Pair]`: `ethereum_ssz` encodes `Option<T>` as this
    /// union; `tree_hash` does not hash it.
    pub type UnionOpt = Option<Pair>;
}

/// libssz's side.
pub mod libssz_side {
    use libssz_derive::{HashTreeRoot, SszDecode, SszEncode};
    use libssz_types::{SszBitlist, SszList};

    #[derive(SszEncode, SszDecode, HashTreeRoot, Clone, Debug, PartialEq, Eq)]
    pub struct Header {
        pub slot: u64,
        pub proposer_index: u64,
        pub parent_root: [u8; 32],
        pub state_root: [u8; 32],
        pub body_root: [u8; 32],
    }

    pub type ListSmall = SszList<u64, 100>;
    pub type ListLarge = SszList<u64, 1099511627776>;
    pub type BitsSmall = SszBitlist<9>;
    pub type BitsLarge = SszBitlist<2048>;

    #[derive(SszEncode, SszDecode, HashTreeRoot, Clone, Debug, PartialEq, Eq)]
    pub struct Pair {
        pub x: u64,
        pub y: u32,
    }

    #[derive(SszEncode, SszDecode, HashTreeRoot, Clone, Debug, PartialEq, Eq)]
    pub struct Inner {
        pub p: SszList<u8, 7>,
        pub q: u32,
    }

    #[derive(SszEncode, SszDecode, HashTreeRoot, Clone, Debug, PartialEq, Eq)]
    pub struct Nested {
        pub a: u16,
        pub b: SszList<SszList<u16, 5>, 4>,
        pub c: u8,
        pub d: SszList<Pair, 3>,
        pub e: SszBitlist<9>,
        pub f: Inner,
    }

    #[derive(SszEncode, SszDecode, HashTreeRoot, Clone, Debug, PartialEq, Eq)]
    #[ssz(enum_behaviour = "union")]
    pub enum Union3 {
        A(u16),
        B(SszList<u16, 5>),
        C(Pair),
    }

    #[derive(SszEncode, SszDecode, HashTreeRoot, Clone, Debug, PartialEq, Eq)]
    #[ssz(enum_behaviour = "union")]
    pub enum UnionOpt {
        None,
        Some(Pair),
    }
}

// ---------------------------------------------------------------------------
// Values of our shapes from fuzz input.
// ---------------------------------------------------------------------------

impl Generate for ours::Pair {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Ok(ours::Pair {
            x: Generate::generate(u)?,
            y: Generate::generate(u)?,
        })
    }
}

impl Generate for ours::Inner {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Ok(ours::Inner {
            p: Generate::generate(u)?,
            q: Generate::generate(u)?,
        })
    }
}

impl Generate for ours::Nested {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Ok(ours::Nested {
            a: Generate::generate(u)?,
            b: Generate::generate(u)?,
            c: Generate::generate(u)?,
            d: Generate::generate(u)?,
            e: Generate::generate(u)?,
            f: Generate::generate(u)?,
        })
    }
}

impl Generate for ours::Union3 {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Ok(match u.choose_index(3)? {
            0 => ours::Union3::A(Generate::generate(u)?),
            1 => ours::Union3::B(Generate::generate(u)?),
            _ => ours::Union3::C(Generate::generate(u)?),
        })
    }
}

impl Generate for ours::UnionOpt {
    fn generate(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        Ok(if u.arbitrary()? {
            ours::UnionOpt::Some(Generate::generate(u)?)
        } else {
            ours::UnionOpt::None
        })
    }
}

// ---------------------------------------------------------------------------
// One decode per library.
// ---------------------------------------------------------------------------

/// What a library made of an input: its re-encoding and its root (`None`
/// where the library has no root for the shape), or its error.
pub type Outcome = Result<(Vec<u8>, Option<[u8; 32]>), String>;

/// A library's decoder, by name.
pub type Peer<'a> = (&'a str, fn(&[u8]) -> Outcome);

/// Our decoder.
pub fn ours<T: Ssz + TreeHash>(bytes: &[u8]) -> Outcome {
    T::from_ssz(bytes)
        .map(|v| (v.to_ssz(), Some(v.hash_tree_root())))
        .map_err(|e| e.to_string())
}

/// Lighthouse's decoder.
pub fn lighthouse<T: ssz::Decode + ssz::Encode + tree_hash::TreeHash>(bytes: &[u8]) -> Outcome {
    T::from_ssz_bytes(bytes)
        .map(|v| (v.as_ssz_bytes(), Some(v.tree_hash_root().0)))
        .map_err(|e| format!("{e:?}"))
}

/// Lighthouse's decoder, for a shape `tree_hash` does not hash.
pub fn lighthouse_no_root<T: ssz::Decode + ssz::Encode>(bytes: &[u8]) -> Outcome {
    T::from_ssz_bytes(bytes)
        .map(|v| (v.as_ssz_bytes(), None))
        .map_err(|e| format!("{e:?}"))
}

/// libssz's decoder.
pub fn libssz<T: libssz::SszDecode + libssz::SszEncode + libssz_merkle::HashTreeRoot>(
    bytes: &[u8],
) -> Outcome {
    T::from_ssz_bytes(bytes)
        .map(|v| {
            (
                v.to_ssz(),
                Some(v.hash_tree_root(&libssz_merkle::Sha2Hasher)),
            )
        })
        .map_err(|e| format!("{e:?}"))
}

/// A peer verdict that differs from ours on purpose: the peer departs from
/// consensus-specs v1.6.1 `ssz/simple-serialize.md` on this class of
/// input, and we follow the spec. Returns the reason, or `None` when the
/// difference is not a known one (and so a failure).
pub fn known_deviation(
    _peer: &str,
    _shape: &str,
    _bytes: &[u8],
    _ours: &Outcome,
) -> Option<&'static str> {
    None
}

/// Feeds `bytes` to our decoder and each peer's, and asserts that they
/// agree: same verdict; on success, every re-encoding is the input and
/// every root is ours.
pub fn run(shape: &str, bytes: &[u8], ours: fn(&[u8]) -> Outcome, peers: &[Peer<'_>]) {
    let mine = ours(bytes);
    if let Ok((encoded, _)) = &mine {
        assert!(
            encoded == bytes,
            "{shape}: we accept a non-canonical input\n input  {}\n output {}",
            hex(bytes),
            hex(encoded)
        );
    }
    for (peer, decode) in peers {
        let theirs = decode(bytes);
        match (&mine, &theirs) {
            (Ok((_, our_root)), Ok((encoded, root))) => {
                if encoded != bytes {
                    if let Some(_reason) = known_deviation(peer, shape, bytes, &mine) {
                        continue;
                    }
                    panic!(
                        "{shape}: {peer} re-encodes an input we accept differently\n input  {}\n {peer} {}",
                        hex(bytes),
                        hex(encoded)
                    );
                }
                if let (Some(a), Some(b)) = (our_root, root) {
                    assert!(
                        a == b,
                        "{shape}: roots differ from {peer}'s\n input {}\n ours   {}\n {peer} {}",
                        hex(bytes),
                        hex(a),
                        hex(b)
                    );
                }
            }
            (Err(_), Err(_)) => {}
            (Ok(_), Err(e)) | (Err(e), Ok(_)) => {
                if known_deviation(peer, shape, bytes, &mine).is_some() {
                    continue;
                }
                let (we, they) = if mine.is_ok() {
                    ("accept".to_owned(), format!("rejects it: {e}"))
                } else {
                    (format!("reject ({e})"), "accepts it".to_owned())
                };
                panic!(
                    "{shape}: we {we} an input, {peer} {they}\n input {}",
                    hex(bytes)
                );
            }
        }
    }
}

/// Applies up to four edits drawn from `u` to `bytes`: set a byte, flip a
/// bit, truncate, append, or overwrite four bytes with an offset-like
/// little-endian `u32` near the length.
pub fn mutate(bytes: &mut Vec<u8>, u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let edits = u.int_in_range(0u8..=4)?;
    for _ in 0..edits {
        let len = bytes.len();
        match u.int_in_range(0u8..=4)? {
            0 if len > 0 => {
                let i = u.choose_index(len)?;
                bytes[i] = u.arbitrary()?;
            }
            1 if len > 0 => {
                let i = u.choose_index(len)?;
                bytes[i] ^= 1 << u.int_in_range(0u8..=7)?;
            }
            2 => {
                let n = length(u, len, len)?;
                bytes.truncate(n);
            }
            3 => bytes.push(u.arbitrary()?),
            _ if len >= 4 => {
                let i = u.choose_index(len - 3)?;
                let delta: i8 = u.arbitrary()?;
                let v = (len as i64 + i64::from(delta)).max(0) as u32;
                bytes[i..i + 4].copy_from_slice(&v.to_le_bytes());
            }
            _ => {}
        }
    }
    Ok(())
}

/// The body of a differential target. `data[0]` picks the mode: raw bytes
/// (the rest of `data`), or a value of ours built from the rest, whose
/// encoding every peer must accept, encode identically (through
/// `to_peers`) and hash to the same root, and which is then mutated and fed
/// to the three decoders.
pub fn differential<T: Ssz + TreeHash + Generate>(
    shape: &str,
    data: &[u8],
    ours: fn(&[u8]) -> Outcome,
    peers: &[Peer<'_>],
    to_peers: impl Fn(&T) -> Vec<(&'static str, Outcome)>,
) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        run(shape, rest, ours, peers);
        return;
    }
    let mut u = Unstructured::new(rest);
    let Ok(value) = T::generate(&mut u) else {
        return;
    };
    let bytes = value.to_ssz();
    let root = value.hash_tree_root();
    for (peer, outcome) in to_peers(&value) {
        let (encoded, their_root) = outcome.unwrap_or_else(|e| panic!("{shape}: {peer}: {e}"));
        assert!(
            encoded == bytes,
            "{shape}: {peer} encodes a value differently\n ours   {}\n {peer} {}",
            hex(&bytes),
            hex(&encoded)
        );
        if let Some(r) = their_root {
            assert!(
                r == root,
                "{shape}: {peer} hashes a value differently; bytes {}",
                hex(&bytes)
            );
        }
    }
    run(shape, &bytes, ours, peers);
    let mut mutated = bytes;
    if mutate(&mut mutated, &mut u).is_ok() {
        run(shape, &mutated, ours, peers);
    }
}

/// The encoding and root of a Lighthouse value.
pub fn lighthouse_value<T: ssz::Encode + tree_hash::TreeHash>(v: &T) -> Outcome {
    Ok((v.as_ssz_bytes(), Some(v.tree_hash_root().0)))
}

/// The encoding of a Lighthouse value `tree_hash` does not hash.
pub fn lighthouse_value_no_root<T: ssz::Encode>(v: &T) -> Outcome {
    Ok((v.as_ssz_bytes(), None))
}

/// The encoding and root of a libssz value.
pub fn libssz_value<T: libssz::SszEncode + libssz_merkle::HashTreeRoot>(v: &T) -> Outcome {
    Ok((
        v.to_ssz(),
        Some(v.hash_tree_root(&libssz_merkle::Sha2Hasher)),
    ))
}

// ---------------------------------------------------------------------------
// Our values as peer values.
// ---------------------------------------------------------------------------

/// Conversions of our values to the peers' types.
pub mod convert {
    use super::{libssz_side as ls, lighthouse as lh, ours};
    use peam_ssz_types::{Bitlist, Length};

    fn bools<N: Length>(bits: &Bitlist<N>) -> Vec<bool> {
        bits.iter().collect()
    }

    pub fn lh_header(h: &ours::Header) -> lh::Header {
        lh::Header {
            slot: h.slot,
            proposer_index: h.proposer_index,
            parent_root: h.parent_root.0,
            state_root: h.state_root.0,
            body_root: h.body_root.0,
        }
    }

    pub fn ls_header(h: &ours::Header) -> ls::Header {
        ls::Header {
            slot: h.slot,
            proposer_index: h.proposer_index,
            parent_root: h.parent_root.0,
            state_root: h.state_root.0,
            body_root: h.body_root.0,
        }
    }

    pub fn lh_list<T: Clone, N: ssz_types::typenum::Unsigned>(
        v: &[T],
    ) -> ssz_types::VariableList<T, N> {
        ssz_types::VariableList::new(v.to_vec()).expect("within the limit")
    }

    pub fn ls_list<T: Clone, const N: usize>(v: &[T]) -> libssz_types::SszList<T, N> {
        libssz_types::SszList::try_from(v.to_vec()).unwrap_or_else(|_| panic!("within the limit"))
    }

    pub fn lh_bits<N: ssz_types::typenum::Unsigned + Clone>(
        bits: &[bool],
    ) -> ssz_types::BitList<N> {
        let mut out = ssz_types::BitList::with_capacity(bits.len()).expect("within the limit");
        for (i, &b) in bits.iter().enumerate() {
            out.set(i, b).expect("in range");
        }
        out
    }

    pub fn ls_bits<const N: usize>(bits: &[bool]) -> libssz_types::SszBitlist<N> {
        let mut out = libssz_types::SszBitlist::with_length(bits.len()).expect("within the limit");
        for (i, &b) in bits.iter().enumerate() {
            out.set(i, b).expect("in range");
        }
        out
    }

    pub fn our_bits<N: Length>(bits: &Bitlist<N>) -> Vec<bool> {
        bools(bits)
    }

    pub fn lh_pair(p: &ours::Pair) -> lh::Pair {
        lh::Pair { x: p.x, y: p.y }
    }

    pub fn ls_pair(p: &ours::Pair) -> ls::Pair {
        ls::Pair { x: p.x, y: p.y }
    }

    pub fn lh_nested(n: &ours::Nested) -> lh::Nested {
        lh::Nested {
            a: n.a,
            b: lh_list(
                &n.b.iter()
                    .map(|l| lh_list(l.as_slice()))
                    .collect::<Vec<_>>(),
            ),
            c: n.c,
            d: lh_list(&n.d.iter().map(lh_pair).collect::<Vec<_>>()),
            e: lh_bits(&bools(&n.e)),
            f: lh::Inner {
                p: lh_list(n.f.p.as_slice()),
                q: n.f.q,
            },
        }
    }

    pub fn ls_nested(n: &ours::Nested) -> ls::Nested {
        ls::Nested {
            a: n.a,
            b: ls_list(
                &n.b.iter()
                    .map(|l| ls_list(l.as_slice()))
                    .collect::<Vec<_>>(),
            ),
            c: n.c,
            d: ls_list(&n.d.iter().map(ls_pair).collect::<Vec<_>>()),
            e: ls_bits(&bools(&n.e)),
            f: ls::Inner {
                p: ls_list(n.f.p.as_slice()),
                q: n.f.q,
            },
        }
    }

    pub fn lh_union3(v: &ours::Union3) -> lh::Union3 {
        match v {
            ours::Union3::A(a) => lh::Union3::A(*a),
            ours::Union3::B(b) => lh::Union3::B(lh_list(b.as_slice())),
            ours::Union3::C(c) => lh::Union3::C(lh_pair(c)),
        }
    }

    pub fn ls_union3(v: &ours::Union3) -> ls::Union3 {
        match v {
            ours::Union3::A(a) => ls::Union3::A(*a),
            ours::Union3::B(b) => ls::Union3::B(ls_list(b.as_slice())),
            ours::Union3::C(c) => ls::Union3::C(ls_pair(c)),
        }
    }

    pub fn lh_union_opt(v: &ours::UnionOpt) -> lh::UnionOpt {
        match v {
            ours::UnionOpt::None => None,
            ours::UnionOpt::Some(p) => Some(lh_pair(p)),
        }
    }

    pub fn ls_union_opt(v: &ours::UnionOpt) -> ls::UnionOpt {
        match v {
            ours::UnionOpt::None => ls::UnionOpt::None,
            ours::UnionOpt::Some(p) => ls::UnionOpt::Some(ls_pair(p)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness fails when a peer disagrees: here a peer whose limit is
    /// one less, on a list of 100 elements.
    #[test]
    #[should_panic(expected = "we accept an input, lighthouse rejects it")]
    fn a_disagreement_fails() {
        type Shorter = ssz_types::VariableList<u64, ssz_types::typenum::U99>;
        run(
            "List[uint64, 100]",
            &[0u8; 800],
            ours::<ours::ListSmall>,
            &[("lighthouse", lighthouse::<Shorter>)],
        );
    }

    /// The peers agree with us on a few literal inputs (accepted and
    /// rejected), so the targets start from a harness that passes.
    #[test]
    fn peers_agree_on_literal_inputs() {
        let bits: &[Peer<'_>] = &[
            ("lighthouse", lighthouse::<lighthouse::BitsSmall>),
            ("libssz", libssz::<libssz_side::BitsSmall>),
        ];
        for input in [
            &[0x01][..],
            &[0x00],
            &[],
            &[0xff, 0x03],
            &[0xff, 0x04],
            &[0x01, 0x00],
        ] {
            run("Bitlist[9]", input, ours::<ours::BitsSmall>, bits);
        }
        let unions: &[Peer<'_>] = &[
            ("lighthouse", lighthouse::<lighthouse::Union3>),
            ("libssz", libssz::<libssz_side::Union3>),
        ];
        for input in [
            &[0x00, 0x01, 0x02][..],
            &[0x01],
            &[0x02],
            &[0x03, 0x00],
            &[0x80],
        ] {
            run("Union3", input, ours::<ours::Union3>, unions);
        }
        assert!(
            ours::<ours::Union3>(&[0x01]).is_ok(),
            "an empty list option"
        );
        assert!(ours::<ours::BitsSmall>(&[0x01]).is_ok(), "an empty bitlist");
    }
}
