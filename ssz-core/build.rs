//! Names the module that derived code calls after this crate's version
//! (`__private_3_0_0` for 3.0.0), as `peam-ssz-derive` of the same version
//! names it in what it generates: a derive paired with another version of
//! the runtime fails to compile with an error that names the module it
//! wanted, and so the version (serde's `__private228` does the same).

use std::env;
use std::fs;
use std::path::Path;

fn main() {
    let version = env::var("CARGO_PKG_VERSION").expect("cargo sets CARGO_PKG_VERSION");
    let module = private_module(&version);
    let source = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"))
        .join("src")
        .join("__private.rs");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("private.rs");
    let code = format!(
        "#[doc(hidden)]\n\
         #[path = {source:?}]\n\
         pub mod {module};\n\
         \n\
         /// The same module, as this crate's own code names it.\n\
         #[allow(unused_imports)]\n\
         pub(crate) use self::{module} as __private;\n\
         \n\
         /// The name of the module that derived code calls, which\n\
         /// `peam-ssz-derive` {version} must agree with (its tests check).\n\
         #[doc(hidden)]\n\
         pub const __PRIVATE_MODULE: &str = {module:?};\n",
        source = source.display().to_string(),
    );
    fs::write(out, code).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=build.rs");
}

/// `__private_` and the version, its dots (and any pre-release or build
/// separators) as underscores: `3.0.0` -> `__private_3_0_0`. The same rule
/// as `peam-ssz-derive`'s `private_module`.
fn private_module(version: &str) -> String {
    let tail: String = version
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("__private_{tail}")
}
