//! The README's quickstart is `examples/quickstart.rs`: its "Quickstart"
//! block, line for line, is the example after the example's header comment,
//! so that `cargo run --example quickstart` runs the code the README shows.

use std::path::Path;

/// The first `rust` block after `## Quickstart`.
fn quickstart_block(readme: &str) -> &str {
    let section = &readme[readme
        .find("\n## Quickstart\n")
        .expect("a Quickstart section")..];
    let start = section.find("```rust\n").expect("a rust block") + "```rust\n".len();
    let end = start + section[start..].find("```\n").expect("the block's end");
    &section[start..end]
}

#[test]
#[cfg_attr(
    target_family = "wasm",
    ignore = "the wasm32-wasip1 runner gives no file system"
)]
fn the_quickstart_example_is_the_readmes_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // In the workspace, the README above the crate; in the published
    // package, cargo's copy of it beside the manifest.
    let readme = [dir.join("../README.md"), dir.join("README.md")]
        .iter()
        .find_map(|path| std::fs::read_to_string(path).ok())
        .expect("README.md");
    let example = std::fs::read_to_string(dir.join("examples/quickstart.rs")).unwrap();
    // The header comment, then a blank line, then the README's code.
    let code = &example[example.find("\n\n").expect("a header comment") + 2..];
    assert_eq!(
        quickstart_block(&readme),
        code,
        "README.md's Quickstart block and examples/quickstart.rs differ"
    );
}
