//! Generalized indices from paths (`get_generalized_index`,
//! `ssz/merkle-proofs.md`, consensus-specs v1.6.1): static paths through
//! `gindex!`, run-time paths through `gindex_of`/`gindex_of_str`, checked
//! against a reference written here from the spec's pseudo-code, and
//! concatenation against `concat_generalized_indices`.

use peam_ssz_types::path::{gindex_of, gindex_of_str, Layout, PathErrorKind, PathStep, TreeLayout};
use peam_ssz_types::{
    gindex, try_gindex, Bitlist, Bitvector, ByteList, Bytes32, Gindex, List, ProgressiveBitlist,
    ProgressiveByteList, ProgressiveList, Ssz, TreeHash, Vector, U, U256,
};

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
struct Small {
    a: u16,
    b: u8,
}

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
struct Inner {
    x: u64,
    y: List<u16, U<1024>>,
    bits: Bitlist<U<300>>,
    v: Vector<Small, U<3>>,
    small: Small,
    compat: Compat,
}

/// `class Square(ProgressiveContainer(active_fields=[1, 0, 1]))`.
#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
#[ssz(active_fields = [1, 0, 1])]
struct Square {
    side: u16,
    color: u8,
}

/// A progressive container whose fields reach the third subtree.
#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
#[ssz(active_fields = [1, 0, 0, 0, 0, 1, 0, 1])]
struct Sparse {
    first: u8,
    fifth: Small,
    seventh: List<u8, U<40>>,
}

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
enum Choice {
    #[ssz(selector = 0)]
    None,
    #[ssz(selector = 1)]
    Pair(Small),
    #[ssz(selector = 2)]
    Bytes(List<u8, U<7>>),
}

/// A compatible union (EIP-8016) of the two progressive containers.
#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
#[ssz(compatible_union)]
enum Compat {
    #[ssz(selector = 1)]
    Sq(Square),
    #[ssz(selector = 2)]
    Sp(Sparse),
}

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
#[ssz(transparent)]
struct Wrapped(Inner);

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
#[ssz(transparent)]
struct Gwei(u64);

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
struct Outer {
    a: u8,
    inner: Inner,
    list: List<Inner, U<5>>,
    bv: Bitvector<U<513>>,
    bytes: ByteList<U<100>>,
    prog: ProgressiveList<Small>,
    pbits: ProgressiveBitlist,
    pbytes: ProgressiveByteList,
    u: U256,
    fixed: Bytes32,
    arr: [u32; 9],
    choice: Choice,
    square: Square,
    sparse: Sparse,
    wrapped: Wrapped,
    gwei: Gwei,
}

fn g(v: u128) -> Gindex {
    Gindex::new(v).unwrap()
}

#[test]
fn static_paths_are_constants() {
    const X: Gindex = gindex!(Inner, x);
    const Y_LEN: Gindex = gindex!(Inner, y.__len__);
    const SMALL_B: Gindex = gindex!(Outer, inner.small.b);
    const LIST_3_V_2: Gindex = gindex!(Outer, list[3].v[2].a);
    assert_eq!(X, g(8));
    assert_eq!(Y_LEN, g(9 * 2 + 1));
    // Outer has 16 fields (depth 4), Inner 5 (depth 3), Small 2 (depth 1).
    assert_eq!(SMALL_B, g(((16 + 1) * 8 + 4) * 2 + 1));
    let list_3 = (16 + 2) * 2 * 8 + 3;
    assert_eq!(LIST_3_V_2, g(((list_3 * 8 + 3) * 4 + 2) * 2));
    assert_eq!(gindex!(Outer, choice.__selector__), g((16 + 11) * 2 + 1));
    assert_eq!(gindex!(Outer, choice.Pair.b), g(((16 + 11) * 2) * 2 + 1));
    assert_eq!(gindex!(Outer, wrapped.small), g((16 + 14) * 8 + 4));
    assert_eq!(gindex!(Wrapped, v[1]), g((8 + 3) * 4 + 1));
    assert_eq!(gindex!(Outer, gwei), g(16 + 15));
    assert_eq!(gindex!([u64; 8], [5]), g(3));
    // A compatible union's value is node 2; `seventh` is chunk 7 of the
    // progressive tree below `mix_in_active_fields` (the current edition:
    // right, right, left, then leaf 2 of 16).
    let compat = (16 + 1) * 8 + 5;
    assert_eq!(
        gindex!(Outer, inner.compat.Sp.seventh),
        g(((((compat * 2) * 2) * 2 + 1) * 2 + 1) * 2 * 16 + 2)
    );
}

#[test]
fn run_time_paths_agree_with_static_ones() {
    let i = 3u64;
    assert_eq!(
        try_gindex!(Outer, list[i].v[2].a),
        Ok(gindex!(Outer, list[3].v[2].a))
    );
    assert_eq!(
        gindex_of_str::<Outer>("list[3].v[2].a"),
        Ok(gindex!(Outer, list[3].v[2].a))
    );
    assert_eq!(
        gindex_of::<Outer>(&[
            PathStep::Field("inner"),
            PathStep::Field("y"),
            PathStep::Len
        ]),
        Ok(gindex!(Outer, inner.y.__len__))
    );
    let err = try_gindex!(Outer, list[i + 2]).unwrap_err();
    assert_eq!(err.position, 1);
    assert_eq!(
        err.kind,
        PathErrorKind::IndexOutOfRange { index: 5, bound: 5 }
    );
    let err = gindex_of_str::<Outer>("inner.smal.b").unwrap_err();
    assert_eq!(err.position, 1);
    assert_eq!(
        err.kind,
        PathErrorKind::NoSuchField {
            name: "smal".into()
        }
    );
    assert_eq!(err.to_string(), "path step 1: no field or variant `smal`");
}

// ---------------------------------------------------------------------
// An independent reference: the types above described by hand, and
// `get_generalized_index` written from the spec's pseudo-code
// (merkle-proofs.md v1.6.1, "SSZ object to index"), extended to the
// other types by their merkleization (simple-serialize.md v1.6.1).

#[derive(Clone, Debug)]
enum R {
    Basic(u128),
    Vector(Box<R>, u128),
    List(Box<R>, u128),
    Bitvector(u128),
    Bitlist(u128),
    ProgressiveList(Box<R>),
    ProgressiveBitlist,
    Container(Vec<(&'static str, R)>),
    Progressive(Vec<bool>, Vec<(&'static str, R)>),
    Union(Vec<(&'static str, Option<R>)>),
}

#[derive(Clone, Debug)]
enum P {
    Name(String),
    Index(u64),
    Len,
    Selector,
}

fn small() -> R {
    R::Container(vec![("a", R::Basic(2)), ("b", R::Basic(1))])
}

fn inner() -> R {
    R::Container(vec![
        ("x", R::Basic(8)),
        ("y", R::List(Box::new(R::Basic(2)), 1024)),
        ("bits", R::Bitlist(300)),
        ("v", R::Vector(Box::new(small()), 3)),
        ("small", small()),
        (
            "compat",
            R::Union(vec![("Sq", Some(square())), ("Sp", Some(sparse()))]),
        ),
    ])
}

fn square() -> R {
    R::Progressive(
        vec![true, false, true],
        vec![("side", R::Basic(2)), ("color", R::Basic(1))],
    )
}

fn sparse() -> R {
    R::Progressive(
        vec![true, false, false, false, false, true, false, true],
        vec![
            ("first", R::Basic(1)),
            ("fifth", small()),
            ("seventh", R::List(Box::new(R::Basic(1)), 40)),
        ],
    )
}

fn outer() -> R {
    R::Container(vec![
        ("a", R::Basic(1)),
        ("inner", inner()),
        ("list", R::List(Box::new(inner()), 5)),
        ("bv", R::Bitvector(513)),
        ("bytes", R::List(Box::new(R::Basic(1)), 100)),
        ("prog", R::ProgressiveList(Box::new(small()))),
        ("pbits", R::ProgressiveBitlist),
        ("pbytes", R::ProgressiveList(Box::new(R::Basic(1)))),
        ("u", R::Basic(32)),
        ("fixed", R::Vector(Box::new(R::Basic(1)), 32)),
        ("arr", R::Vector(Box::new(R::Basic(4)), 9)),
        (
            "choice",
            R::Union(vec![
                ("None", None),
                ("Pair", Some(small())),
                ("Bytes", Some(R::List(Box::new(R::Basic(1)), 7))),
            ]),
        ),
        ("square", square()),
        ("sparse", sparse()),
        ("wrapped", inner()),
        ("gwei", R::Basic(8)),
    ])
}

fn item_length(t: &R) -> u128 {
    match t {
        R::Basic(n) => *n,
        _ => 32,
    }
}

fn get_power_of_two_ceil(x: u128) -> u128 {
    if x <= 1 {
        1
    } else {
        2 * get_power_of_two_ceil(x.div_ceil(2))
    }
}

fn chunk_count(t: &R) -> u128 {
    match t {
        R::Basic(_) => 1,
        R::Bitvector(n) | R::Bitlist(n) => n.div_ceil(256),
        R::Vector(e, n) | R::List(e, n) => (n * item_length(e)).div_ceil(32),
        R::Container(f) => f.len() as u128,
        _ => unreachable!(),
    }
}

/// `merkleize_progressive`'s chunk `c` below `root`, with the order of
/// the children as an argument (`rest_right` false: v1.6.1).
/// The order of the test types' progressive trees: they take the default
/// edition, the current spec (the binary subtree on the left).
const RECURSION_LEFT: bool =
    <peam_ssz_types::edition::Current as peam_ssz_types::Edition>::RULES.progressive_recursion_left;

fn progressive(root: u128, c: u128, recursion_left: bool) -> Option<u128> {
    let (rest, binary) = if recursion_left { (0, 1) } else { (1, 0) };
    let (mut root, mut c, mut n) = (root, c, 1u128);
    while c >= n {
        root = root.checked_mul(2)? + rest;
        c -= n;
        n = n.checked_mul(4)?;
    }
    (root.checked_mul(2)? + binary)
        .checked_mul(n)?
        .checked_add(c)
}

/// `get_generalized_index(typ, *path)`; `None` where the spec's asserts
/// fail, the step does not exist, or the result exceeds 128 bits (a
/// generalized index of depth 128 does not fit either).
fn reference(t: &R, path: &[P]) -> Option<u128> {
    let mut root: u128 = 1;
    let mut typ = t.clone();
    for p in path {
        if let R::Basic(_) = typ {
            return None;
        }
        match p {
            P::Len => {
                if !matches!(
                    typ,
                    R::List(..) | R::Bitlist(_) | R::ProgressiveList(_) | R::ProgressiveBitlist
                ) {
                    return None;
                }
                typ = R::Basic(8);
                root = root.checked_mul(2)?.checked_add(1)?;
            }
            P::Selector => {
                if !matches!(typ, R::Union(_)) {
                    return None;
                }
                typ = R::Basic(1);
                root = root.checked_mul(2)?.checked_add(1)?;
            }
            P::Name(name) => match typ.clone() {
                R::Container(fields) => {
                    let pos = fields.iter().position(|(n, _)| n == name)? as u128;
                    root = root
                        .checked_mul(get_power_of_two_ceil(chunk_count(&typ)))?
                        .checked_add(pos)?;
                    typ = fields[pos as usize].1.clone();
                }
                R::Progressive(active, fields) => {
                    let k = fields.iter().position(|(n, _)| n == name)?;
                    let pos = active.iter().enumerate().filter(|(_, on)| **on).nth(k)?.0 as u128;
                    root = progressive(root.checked_mul(2)?, pos, RECURSION_LEFT)?;
                    typ = fields[k].1.clone();
                }
                R::Union(variants) => {
                    let (_, v) = variants.iter().find(|(n, _)| n == name)?;
                    typ = v.clone()?;
                    root = root.checked_mul(2)?;
                }
                _ => return None,
            },
            P::Index(i) => {
                let i = *i as u128;
                let (pos, base, elem) = match &typ {
                    R::Vector(e, n) | R::List(e, n) if i < *n => (
                        i * item_length(e) / 32,
                        (matches!(typ, R::List(..)) as u128) + 1,
                        (**e).clone(),
                    ),
                    R::Bitvector(n) | R::Bitlist(n) if i < *n => (
                        i / 256,
                        (matches!(typ, R::Bitlist(_)) as u128) + 1,
                        R::Basic(1),
                    ),
                    R::ProgressiveList(e) => {
                        root = progressive(
                            root.checked_mul(2)?,
                            i * item_length(e) / 32,
                            RECURSION_LEFT,
                        )?;
                        typ = (**e).clone();
                        continue;
                    }
                    R::ProgressiveBitlist => {
                        root = progressive(root.checked_mul(2)?, i / 256, RECURSION_LEFT)?;
                        typ = R::Basic(1);
                        continue;
                    }
                    _ => return None,
                };
                root = root
                    .checked_mul(base)?
                    .checked_mul(get_power_of_two_ceil(chunk_count(&typ)))?
                    .checked_add(pos)?;
                typ = elem;
            }
        }
    }
    // Depth 127 is the deepest a u128 holds.
    (root.leading_zeros() >= 1).then_some(root)
}

/// `concat_generalized_indices` as the spec writes it.
fn concat_reference(indices: &[u128]) -> Option<u128> {
    let mut o: u128 = 1;
    for &i in indices {
        let floor = 1u128 << (127 - i.leading_zeros());
        o = o.checked_mul(floor)?.checked_add(i - floor)?;
    }
    Some(o)
}

/// xorshift64*: seeded, so a failure reproduces.
use test_support::rng::XorShift64Star as Rng;

/// A random path through `t`: mostly steps that exist, with indices near
/// the bounds, and now and then one that does not.
fn random_path(rng: &mut Rng, t: &R) -> Vec<P> {
    let mut path = Vec::new();
    let mut typ = t.clone();
    loop {
        if rng.below_u64(6) == 0 {
            break;
        }
        if rng.below_u64(12) == 0 {
            // A step that may not exist here.
            path.push(match rng.below_u64(4) {
                0 => P::Name("nope".into()),
                1 => P::Len,
                2 => P::Selector,
                _ => P::Index(rng.next() >> rng.below_u64(64)),
            });
            break;
        }
        let index = |rng: &mut Rng, n: u128| -> u64 {
            match rng.below_u64(4) {
                0 => n as u64,
                1 => (n as u64).saturating_sub(1),
                _ => rng.below_u64(n as u64 + 1),
            }
        };
        let (step, next) = match &typ {
            R::Basic(_) => break,
            R::Container(f) | R::Progressive(_, f) => {
                let (name, t) = &f[rng.below_u64(f.len() as u64) as usize];
                (P::Name((*name).into()), t.clone())
            }
            R::Union(v) => {
                let (name, t) = &v[rng.below_u64(v.len() as u64) as usize];
                if rng.below_u64(3) == 0 {
                    (P::Selector, R::Basic(1))
                } else {
                    match t {
                        Some(t) => (P::Name((*name).into()), t.clone()),
                        None => (P::Name((*name).into()), R::Basic(1)),
                    }
                }
            }
            R::Vector(e, n) => (P::Index(index(rng, *n)), (**e).clone()),
            R::List(e, n) if rng.below_u64(4) > 0 => (P::Index(index(rng, *n)), (**e).clone()),
            R::Bitvector(n) => (P::Index(index(rng, *n)), R::Basic(1)),
            R::Bitlist(n) if rng.below_u64(4) > 0 => (P::Index(index(rng, *n)), R::Basic(1)),
            R::ProgressiveList(e) if rng.below_u64(4) > 0 => {
                (P::Index(rng.next() >> rng.below_u64(64)), (**e).clone())
            }
            R::ProgressiveBitlist if rng.below_u64(4) > 0 => {
                (P::Index(rng.next() >> rng.below_u64(64)), R::Basic(1))
            }
            _ => (P::Len, R::Basic(8)),
        };
        path.push(step);
        typ = next;
    }
    path
}

fn steps(path: &[P]) -> Vec<PathStep<'_>> {
    path.iter()
        .map(|p| match p {
            P::Name(n) => PathStep::Field(n),
            P::Index(i) => PathStep::Index(*i),
            P::Len => PathStep::Len,
            P::Selector => PathStep::Selector,
        })
        .collect()
}

fn text(path: &[P]) -> String {
    let mut s = String::new();
    for p in path {
        match p {
            P::Index(i) => s += &format!("[{i}]"),
            p => {
                if !s.is_empty() {
                    s.push('.');
                }
                s += &match p {
                    P::Name(n) => n.clone(),
                    P::Len => "__len__".into(),
                    _ => "__selector__".into(),
                };
            }
        }
    }
    s
}

#[test]
fn random_paths_agree_with_the_reference() {
    let t = outer();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut ok, mut err) = (0, 0);
    for _ in 0..20_000 {
        let path = random_path(&mut rng, &t);
        let want = reference(&t, &path);
        let got = gindex_of::<Outer>(&steps(&path));
        assert_eq!(
            got.as_ref().ok().copied().map(Gindex::get),
            want,
            "path {path:?}"
        );
        assert_eq!(
            gindex_of_str::<Outer>(&text(&path)),
            got,
            "path {}",
            text(&path)
        );
        if got.is_ok() {
            ok += 1;
        } else {
            err += 1;
        }
        // Concatenation: the index of a prefix, then of the rest in the
        // subtree the prefix reaches.
        if let Ok(whole) = got {
            let k = rng.below_u64(path.len() as u64 + 1) as usize;
            let mut layout: &Layout = <Outer as TreeLayout>::LAYOUT;
            let s = steps(&path);
            for (n, step) in s[..k].iter().enumerate() {
                layout = layout.step(*step, n).unwrap().1;
            }
            let head = gindex_of::<Outer>(&s[..k]).unwrap();
            let tail = layout.gindex(&s[k..]).unwrap();
            assert_eq!(head.concat(tail), Some(whole));
            assert_eq!(
                concat_reference(&[head.get(), tail.get()]),
                Some(whole.get())
            );
        }
    }
    // Both kinds of path were drawn, many times.
    assert!(ok > 5_000 && err > 1_000, "{ok} found, {err} refused");
}

#[test]
fn both_progressive_orders_agree_with_the_reference() {
    use peam_ssz_types::path::{progressive_chunk, progressive_container_field};
    use peam_ssz_types::{Edition, V1_6, V1_7};
    let mut rng = Rng(7);
    for _ in 0..10_000 {
        let c = rng.next() >> rng.below_u64(64);
        for edition in [V1_6::RULES, V1_7::RULES] {
            assert_eq!(
                progressive_chunk(c, edition).map(Gindex::get),
                progressive(1, c as u128, edition.progressive_recursion_left),
                "chunk {c}"
            );
        }
        let c = c % 256;
        assert_eq!(
            progressive_container_field(c, V1_6::RULES).map(Gindex::get),
            progressive(2, c as u128, true)
        );
    }
    // Small cases worked by hand: with the recursion on the left, chunk 0
    // is the right child (3), chunks 1..5 the leaves of node 5 (20..24).
    assert_eq!(progressive_chunk(0, V1_6::RULES), Some(g(3)));
    assert_eq!(progressive_chunk(1, V1_6::RULES), Some(g(20)));
    assert_eq!(progressive_chunk(4, V1_6::RULES), Some(g(23)));
    // Chunk 5 starts the subtree of 16 leaves: node 9 = left, left, right.
    assert_eq!(progressive_chunk(5, V1_6::RULES), Some(g(9 * 16)));
    assert_eq!(progressive_chunk(0, V1_7::RULES), Some(g(2)));
    assert_eq!(progressive_chunk(1, V1_7::RULES), Some(g(24)));
}

type Deep = List<List<List<u64, U<{ 1 << 50 }>>, U<{ 1 << 50 }>>, U<{ 1 << 50 }>>;

#[test]
fn indices_that_do_not_fit_are_errors() {
    // Two lists of limit 2^50 of lists: 51 levels each with the length
    // mix-in; the innermost `List[uint64, 2**50]` adds 1 + 48: past 127.
    let ok = gindex_of_str::<Deep>("[3][5]").unwrap();
    assert_eq!(ok.depth(), 2 * 51);
    let err = gindex_of_str::<Deep>("[3][5][7]").unwrap_err();
    assert_eq!(err.position, 2);
    assert_eq!(err.kind, PathErrorKind::Overflow);
    // A progressive list has no limit: its last element is ~98 levels deep.
    let path = format!("[{m}][{m}]", m = u64::MAX);
    let err = gindex_of_str::<ProgressiveList<ProgressiveList<Small>>>(&path).unwrap_err();
    assert_eq!(err.kind, PathErrorKind::Overflow);
    assert_eq!(err.position, 1);
    assert_eq!(
        try_gindex!(Deep, [3][5][7]).unwrap_err().kind,
        PathErrorKind::Overflow
    );
}

#[test]
fn random_path_strings_never_panic_and_agree_with_their_steps() {
    use peam_ssz_types::path::parse_path;
    let tokens = [
        "inner",
        "list",
        "choice",
        "Pair",
        "Bytes",
        "None",
        "x",
        "y",
        "v",
        "small",
        "compat",
        "Sp",
        "seventh",
        "prog",
        "pbits",
        "bv",
        ".",
        ".",
        "[",
        "]",
        "[0]",
        "[3]",
        "[255]",
        "[256]",
        "[4294967296]",
        "[18446744073709551615]",
        "[18446744073709551616]",
        "__len__",
        "__selector__",
        "é",
        " ",
        "-",
        "0",
    ];
    let mut rng = Rng(99);
    for _ in 0..50_000 {
        let mut path = String::new();
        for _ in 0..rng.below_u64(10) {
            path += tokens[rng.below_u64(tokens.len() as u64) as usize];
        }
        let got = gindex_of_str::<Outer>(&path);
        let parsed: Result<Vec<PathStep>, _> = parse_path(&path).collect();
        match parsed {
            Ok(steps) => assert_eq!(gindex_of::<Outer>(&steps), got, "{path}"),
            Err(e) => assert_eq!(got, Err(e), "{path}"),
        }
    }
}

#[test]
fn untrusted_paths_never_panic() {
    for path in [
        "",
        ".",
        "..",
        "[",
        "]",
        "[]",
        "[x]",
        "a[",
        "a]",
        "a..b",
        "inner.",
        ".inner",
        "[99999999999999999999999]",
        "inner[0]",
        "a.b",
        "choice.None",
        "choice.None.x",
        "inner.x.y",
        "u[0]",
        "fixed[32]",
        "é",
        "list[0]x",
    ] {
        let _ = gindex_of_str::<Outer>(path);
    }
    assert_eq!(gindex_of_str::<Outer>(""), Ok(Gindex::ROOT));
    assert_eq!(
        gindex_of_str::<Outer>("choice.None").unwrap_err().kind,
        PathErrorKind::NoValue {
            name: "None".into()
        }
    );
    assert_eq!(
        gindex_of_str::<Outer>("a.b").unwrap_err().kind,
        PathErrorKind::BelowBasic
    );
    assert_eq!(
        gindex_of_str::<Outer>("inner[0]").unwrap_err().kind,
        PathErrorKind::NotIndexable
    );
    assert_eq!(
        gindex_of_str::<Outer>("inner.__len__").unwrap_err().kind,
        PathErrorKind::NoLength
    );
    assert_eq!(
        gindex_of_str::<Outer>("inner.__selector__")
            .unwrap_err()
            .kind,
        PathErrorKind::NoSelector
    );
    let err = gindex_of_str::<Outer>("list[0]x").unwrap_err();
    assert_eq!(
        (err.position, err.kind),
        (2, PathErrorKind::Syntax { offset: 7 })
    );
    let err = gindex_of_str::<Outer>("fixed[32]").unwrap_err();
    assert_eq!(
        err.kind,
        PathErrorKind::IndexOutOfRange {
            index: 32,
            bound: 32
        }
    );
}

/// Two steps of one name in a path, and fields named as the marker types
/// of `gindex!` would shadow: the path means what it says.
#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
struct Wrapper {
    pad: u64,
    message: Message,
}

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq)]
struct Message {
    message: u64,
    other: u32,
}

#[test]
fn a_name_twice_in_one_path() {
    const G: Gindex = gindex!(Wrapper, message.message);
    // `Wrapper`: two fields, `message` at 3; `Message`: two fields, its
    // `message` at 2: 3 then 2 is 0b110.
    assert_eq!(G.get(), 6);
    assert_eq!(try_gindex!(Wrapper, message.message).unwrap(), G);
    assert_eq!(gindex_of_str::<Wrapper>("message.message").unwrap(), G);
}
