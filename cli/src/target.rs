//! A container named by fork, and the generalized index of a path in it.

use beacon_types::beacon::{Container, ContainerVisitor};
use peam_ssz_types::path::gindex_of_str;
use peam_ssz_types::proof::Gindex;

use crate::args::PresetName;
use crate::edition::SpecEdition;
use crate::network::Network;

/// A container named by fork: its edition, preset, fork and name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Target<'a> {
    pub(crate) edition: SpecEdition,
    pub(crate) preset: PresetName,
    pub(crate) fork: &'a str,
    pub(crate) name: &'a str,
    /// `--network`, which gave the preset, if given.
    pub(crate) network: Option<&'a Network>,
}

pub(crate) fn path_error(path: &str, error: impl std::fmt::Display) -> String {
    format!("path {path:?}: {error}")
}

/// The generalized index of `path` in `target`'s container.
pub(crate) fn gindex_of(target: &Target, path: &str) -> Result<Gindex, String> {
    struct GindexOf<'a> {
        name: &'a str,
        path: &'a str,
        result: Option<Result<Gindex, String>>,
    }
    impl ContainerVisitor for GindexOf<'_> {
        fn visit<T: Container>(&mut self, name: &'static str) {
            if name == self.name {
                self.result =
                    Some(gindex_of_str::<T>(self.path).map_err(|e| path_error(self.path, e)));
            }
        }
    }
    let mut visitor = GindexOf {
        name: target.name,
        path,
        result: None,
    };
    target
        .edition
        .visit(target.preset, target.fork, &mut visitor);
    visitor.result.unwrap_or_else(|| {
        Err(format!(
            "{} has no {} in {}",
            target.fork,
            target.name,
            target.edition.rules().name
        ))
    })
}
