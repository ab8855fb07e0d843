//! SSZ types described at run time.
//!
//! A [`Schema`] is an SSZ type known only when the program runs: read from
//! a JSON type descriptor ([`Schema::from_json`], the `typeDescriptor` of
//! the ssz-specs vectors) or built with its constructors, each of which
//! refuses an illegal declaration with a typed [`SchemaError`]. A
//! [`Value`] of a schema is decoded from bytes with the checks, errors and
//! allocation bound of the derived types ([`Schema::decode`]), encoded,
//! merkleized in either edition ([`Value::hash_tree_root_in`]), rendered
//! to and read from JSON ([`Value::to_json`], [`Schema::value_from_json`]),
//! addressed by paths ([`Schema::gindex`]) and proven
//! ([`peam_ssz_core::proof::prove`] through [`Value::in_edition`]).
//!
//! It is the slow path, for tools, explorers and test harnesses: a value
//! keeps its SSZ encoding and computes everything else from it.
//!
//! ```
//! use peam_ssz_schema::Schema;
//!
//! let schema = Schema::from_json_str(
//!     r#"{"kind": "List", "elementType": {"kind": "Uint16", "bits": 16}, "limit": 4}"#,
//! )?;
//! let value = schema.decode(&[1, 0, 2, 0])?;
//! assert_eq!(value.to_json().to_string(), "[1,2]");
//! assert_eq!(value.to_ssz(), [1, 0, 2, 0]);
//! let root = value.hash_tree_root();
//! assert_eq!(root, schema.value_from_json_str("[1, 2]")?.hash_tree_root());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The guide is `docs/schema.md`.

#![deny(missing_docs)]

mod decode;
mod descriptor;
mod json;
mod path;
mod schema;
mod tree;
mod value;

pub use json::{JsonError, JsonStyle};
pub use schema::{
    compatible, FieldDef, Kind, Schema, SchemaError, MAX_ACTIVE_FIELDS, MAX_NESTING, MAX_SELECTOR,
};
pub use value::{InEdition, Value};

/// The crate's guide (`docs/schema.md`), whose examples compile as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/schema.md")]
pub struct SchemaDoc;
