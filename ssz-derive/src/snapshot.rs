//! Snapshots of the derive's output, one per shape it generates: each
//! input below is expanded, formatted by `prettyplease` and compared with
//! the committed `tests/expand/<name>.expanded`, so that every change of
//! the generated code shows up in review as a readable diff.
//!
//! After an intended change, one command rewrites them all:
//!
//! ```text
//! SSZ_DERIVE_SNAPSHOT=write cargo test -p peam-ssz-derive --lib snapshot
//! ```

/// Which derive a snapshot expands.
#[derive(Clone, Copy)]
enum Derive {
    /// `#[derive(Ssz, TreeHash)]`, the two one after the other.
    SszTreeHash,
    /// `#[derive(ConsensusJson)]`.
    ConsensusJson,
    /// The path impls alone (`TreeLayout` and `Field<ID>`, what `gindex!`
    /// and run-time paths read), a part of `#[derive(TreeHash)]`.
    Path,
}

/// One snapshot: its file name under `tests/expand/`, the derive, the input.
struct Case {
    name: &'static str,
    derive: Derive,
    input: &'static str,
}

const CASES: &[Case] = &[
    // Fixed-size fields, a nested container, a field coded `with` a module,
    // a skipped one and a variable-size list, generic over a preset as the
    // spec's containers are.
    Case {
        name: "container",
        derive: Derive::SszTreeHash,
        input: r#"
pub struct Block<P: Preset> {
    pub slot: u64,
    pub parent_root: [u8; 32],
    pub source: Checkpoint,
    #[ssz(with = "gas")]
    pub gas: Gas,
    #[ssz(skip)]
    pub cache: Cache,
    pub data: List<u64, P::Limit>,
}
"#,
    },
    // EIP-7495: fields at the positions of `active_fields`.
    Case {
        name: "progressive_container",
        derive: Derive::SszTreeHash,
        input: r#"
#[ssz(active_fields = [1, 0, 1], edition = "v1.7")]
pub struct Square {
    pub side: u16,
    pub color: u8,
}
"#,
    },
    // `Union[None, uint8, uint64]` with explicit selectors.
    Case {
        name: "union",
        derive: Derive::SszTreeHash,
        input: r#"
pub enum Sparse {
    #[ssz(selector = 0)]
    Nothing,
    #[ssz(selector = 5)]
    Five(u8),
    #[ssz(selector = 127)]
    Last(u64),
}
"#,
    },
    // EIP-8016: variants of compatible progressive containers.
    Case {
        name: "compatible_union",
        derive: Derive::SszTreeHash,
        input: r#"
#[ssz(compatible_union)]
pub enum Shape {
    #[ssz(selector = 1)]
    Square(Square),
    #[ssz(selector = 2)]
    Circle(Circle),
}
"#,
    },
    // A newtype coded as its one field.
    Case {
        name: "transparent",
        derive: Derive::SszTreeHash,
        input: r#"
#[ssz(transparent)]
pub struct Slot(u64);
"#,
    },
    // The consensus JSON of a container: integers as decimal strings.
    Case {
        name: "consensus_json",
        derive: Derive::ConsensusJson,
        input: r#"
pub struct Fork {
    pub previous_version: Bytes4,
    pub current_version: Bytes4,
    pub epoch: u64,
    #[ssz(skip)]
    pub cache: Cache,
}
"#,
    },
    // The path impls of a container, as `gindex!(Checkpoint, root)` uses
    // them.
    Case {
        name: "path",
        derive: Derive::Path,
        input: r#"
pub struct Checkpoint {
    pub epoch: u64,
    pub root: [u8; 32],
}
"#,
    },
];

/// `tokens`, a sequence of items, as prettyplease formats them.
fn format(tokens: proc_macro2::TokenStream) -> String {
    let file: syn::File = syn::parse2(tokens).expect("the expansion parses as items");
    prettyplease::unparse(&file)
}

/// The formatted expansion of `case`.
fn expand(case: &Case) -> String {
    let input: syn::DeriveInput = syn::parse_str(case.input).unwrap();
    match case.derive {
        Derive::SszTreeHash => format!(
            "// #[derive(Ssz)]\n{}\n// #[derive(TreeHash)]\n{}",
            format(crate::ssz::expand(&input)),
            format(crate::tree_hash::expand(&input)),
        ),
        Derive::ConsensusJson => format!(
            "// #[derive(ConsensusJson)]\n{}",
            format(crate::json::expand(&input))
        ),
        Derive::Path => {
            let model = crate::internals::model(&input)
                .unwrap_or_else(|_| panic!("{}: the input is rejected", case.name));
            format!(
                "// the path impls of #[derive(TreeHash)]\n{}",
                format(crate::path::expand(&model))
            )
        }
    }
}

fn path_of(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/expand")
        .join(format!("{name}.expanded"))
}

#[test]
fn every_expansion_is_the_committed_one() {
    let write = std::env::var_os("SSZ_DERIVE_SNAPSHOT").is_some_and(|v| v == "write");
    let mut stale = Vec::new();
    for case in CASES {
        let got = expand(case);
        let path = path_of(case.name);
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if got == want {
            continue;
        }
        if write {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(g, w)| g != w)
            .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
        stale.push(format!(
            "{} from line {} on ({} lines now, {} committed):\n  now:       {:?}\n  committed: {:?}",
            path.display(),
            line + 1,
            got.lines().count(),
            want.lines().count(),
            got.lines().nth(line),
            want.lines().nth(line),
        ));
    }
    assert!(
        stale.is_empty(),
        "the expansion differs from\n{}\nreview the change, then rewrite the files with \
         `SSZ_DERIVE_SNAPSHOT=write cargo test -p peam-ssz-derive --lib snapshot`",
        stale.join("\n")
    );
}

/// Every file under `tests/expand/` is one of the cases: a shape whose case
/// was removed leaves no stale snapshot behind.
#[test]
fn every_committed_snapshot_has_its_case() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expand");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let stem = name.strip_suffix(".expanded").unwrap_or(&name);
        assert!(
            CASES.iter().any(|c| c.name == stem),
            "tests/expand/{name} has no case in src/snapshot.rs"
        );
    }
}
