//! The snapshot of one container's expansion: `#[derive(Ssz, TreeHash)]`
//! of the container below, laid out one statement a line, is compared with
//! the committed `tests/expand/container.expanded`, so that every change of
//! the generated code shows up in review. After an intended change,
//! `SSZ_DERIVE_SNAPSHOT=write cargo test -p peam-ssz-derive --lib snapshot`
//! rewrites the file.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// The container: fixed-size fields, a nested container, a field coded
/// `with` a module, a skipped one and a variable-size list, generic over a
/// preset as the spec's containers are.
const INPUT: &str = r#"
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
"#;

const SNAPSHOT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/expand/container.expanded"
);

/// `tokens` one statement, item or brace a line, indented by depth.
fn layout(tokens: TokenStream) -> String {
    let mut out = String::new();
    let mut line = String::new();
    write_tokens(tokens, 0, false, &mut out, &mut line);
    flush(0, &mut out, &mut line);
    out
}

fn flush(depth: usize, out: &mut String, line: &mut String) {
    let text = line.trim();
    if !text.is_empty() {
        out.push_str(&"    ".repeat(depth));
        out.push_str(text);
        out.push('\n');
    }
    line.clear();
}

/// `inline`: inside parentheses or brackets, where `;` does not end a line.
fn write_tokens(
    tokens: TokenStream,
    depth: usize,
    inline: bool,
    out: &mut String,
    line: &mut String,
) {
    let mut joint = true;
    for tt in tokens {
        if !joint && !line.is_empty() {
            line.push(' ');
        }
        joint = false;
        match tt {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                line.push('{');
                flush(depth, out, line);
                write_tokens(g.stream(), depth + 1, false, out, line);
                flush(depth + 1, out, line);
                line.push('}');
                flush(depth, out, line);
            }
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    _ => ("", ""),
                };
                line.push_str(open);
                write_tokens(g.stream(), depth, true, out, line);
                line.push_str(close);
            }
            TokenTree::Punct(p) => {
                line.push(p.as_char());
                if p.as_char() == ';' && !inline {
                    flush(depth, out, line);
                } else {
                    joint = p.spacing() == Spacing::Joint || p.as_char() == '\'';
                }
            }
            other => line.push_str(&other.to_string()),
        }
    }
}

#[test]
fn the_expansion_of_a_container_is_the_committed_one() {
    let input: syn::DeriveInput = syn::parse_str(INPUT).unwrap();
    let ssz = crate::ssz::expand(&input);
    let tree_hash = crate::tree_hash::expand(&input);
    let got = format!(
        "// #[derive(Ssz)]\n{}\n// #[derive(TreeHash)]\n{}",
        layout(ssz),
        layout(tree_hash)
    );
    if std::env::var_os("SSZ_DERIVE_SNAPSHOT").is_some_and(|v| v == "write") {
        std::fs::write(SNAPSHOT, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(SNAPSHOT).unwrap_or_default();
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(g, w)| g != w)
            .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
        panic!(
            "the expansion differs from {SNAPSHOT} from line {} on ({} lines now, {} committed):\n  now:       {:?}\n  committed: {:?}\nreview the change, then rewrite the file with \
             `SSZ_DERIVE_SNAPSHOT=write cargo test -p peam-ssz-derive --lib snapshot`",
            line + 1,
            got.lines().count(),
            want.lines().count(),
            got.lines().nth(line),
            want.lines().nth(line),
        );
    }
}
