//! Reading and checking consensus-spec test cases.
//!
//! A test case is a directory of files (consensus-specs v1.6.1,
//! `tests/formats/ssz_generic` and `tests/formats/ssz_static`):
//!
//! - `serialized.ssz_snappy`: the SSZ bytes, snappy-compressed in the raw
//!   (block) format;
//! - `value.yaml`: the value, in the consensus YAML conventions;
//! - `meta.yaml` (`ssz_generic`) or `roots.yaml` (`ssz_static`): the
//!   expected `hash_tree_root`, as `root: '0x...'`.
//!
//! [`Case`] reads these files and records every file it reads, so that a
//! [`Run`] can prove that every file of the tree was looked at. [`check_valid`]
//! and [`check_invalid`] are the conditions of the formats. [`Run`] runs the
//! cases of a tree in parallel, counts them per group, and fails on any case
//! that failed, any case directory that was not run and any file that was not
//! read.
//!
//! ```no_run
//! use peam_ssz_types::V1_6;
//! use spec_tests::harness::{check_valid, vectors_dir, Run};
//!
//! let root = vectors_dir::<V1_6>().join("tests/general/phase0/ssz_generic/uints");
//! let mut run = Run::new();
//! run.expect_tree(&root);
//! let cases = spec_tests::harness::subdirs(&root.join("valid")).unwrap();
//! run.run("ssz_generic/uints", cases, |case| check_valid::<u8>(case, "meta.yaml"));
//! run.finish();
//! ```

use core::fmt::Debug;
use peam_ssz_types::{Ssz, TreeHash};
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

mod case;
mod check;
mod run;
mod stream;
mod vectors;
mod view;

pub use case::*;
pub use check::*;
pub use run::*;
pub use stream::*;
pub use vectors::*;
pub use view::*;
