//! Prints the SHA-256 backend that merkleization runs on this machine, why,
//! and what the first-use timing measured for each backend.
//!
//! `cargo run --release -p peam-ssz-core --example backend`; set
//! `PEAM_SSZ_BACKEND` to pin one.

use peam_ssz_core::sha256::{backend_choice, Backend};

fn main() {
    let choice = backend_choice();
    println!("backend: {} ({:?})", choice.backend.name(), choice.reason);
    for &b in Backend::ALL {
        match choice.ns_per_node(b) {
            Some(ns) => println!("  {:<9} {ns:6.1} ns per node", b.name()),
            None if b.is_supported() => println!("  {:<9} not timed", b.name()),
            None => println!("  {:<9} not supported", b.name()),
        }
    }
}
