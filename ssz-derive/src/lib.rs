//! `#[derive(Ssz, TreeHash)]` for peam-ssz.

mod common;
mod internals;
mod ssz;
mod tree_hash;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `Ssz` (encoding and strict decoding).
#[proc_macro_derive(Ssz, attributes(ssz))]
pub fn derive_ssz(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    ssz::expand(&input).into()
}

/// Derives `TreeHash` (`hash_tree_root`).
#[proc_macro_derive(TreeHash, attributes(ssz))]
pub fn derive_tree_hash(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    tree_hash::expand(&input).into()
}
