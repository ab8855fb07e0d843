//! Paths as owned data: [`Path`], a list of [`Step`]s that parses, prints,
//! serializes and outlives what it was built from.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::{parse_path, Layout, PathError, PathStep, TreeLayout};
use crate::gindex::Gindex;

/// A step of a [`Path`]: [`PathStep`] owning its field name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// A field of a container, or the value of a union's variant, by name.
    Field(String),
    /// An element of a vector, list or bitfield.
    Index(u64),
    /// `__len__`: the length mix-in of a list or bitlist.
    Len,
    /// `__selector__`: the selector mix-in of a union.
    Selector,
}

impl Step {
    /// The step as [`PathStep`], borrowing the name.
    pub fn as_step(&self) -> PathStep<'_> {
        match self {
            Step::Field(name) => PathStep::Field(name),
            Step::Index(i) => PathStep::Index(*i),
            Step::Len => PathStep::Len,
            Step::Selector => PathStep::Selector,
        }
    }

    /// The step a name stands for in the list form of a path: `"__len__"`
    /// and `"__selector__"` are the mix-ins, any other name a field.
    pub fn name(name: &str) -> Step {
        match name {
            "__len__" => Step::Len,
            "__selector__" => Step::Selector,
            name => Step::Field(name.to_string()),
        }
    }
}

impl From<PathStep<'_>> for Step {
    fn from(step: PathStep<'_>) -> Step {
        match step {
            PathStep::Field(name) => Step::Field(name.to_string()),
            PathStep::Index(i) => Step::Index(i),
            PathStep::Len => Step::Len,
            PathStep::Selector => Step::Selector,
        }
    }
}

impl From<u64> for Step {
    fn from(index: u64) -> Step {
        Step::Index(index)
    }
}

impl From<&str> for Step {
    /// [`Step::name`].
    fn from(name: &str) -> Step {
        Step::name(name)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_step(), f)
    }
}

/// A path through a value's tree, as data: what
/// `get_generalized_index(typ, *path)` takes (`ssz/merkle-proofs.md`,
/// consensus-specs v1.6.1), owned.
///
/// It has two forms, and converts between them:
///
/// - the spec's notation, `"validators[5].effective_balance"`
///   ([`FromStr`], [`Display`](fmt::Display));
/// - the list form, one entry per step: field names, indices, `"__len__"`
///   and `"__selector__"` (`["validators", 5, "effective_balance"]`), as
///   serde writes it (feature `serde`); serde reads either form.
///
/// It builds from an iterator of steps ([`FromIterator`] of [`Step`],
/// `&str` or [`PathStep`]), or step by step ([`Path::field`],
/// [`Path::index`], [`Path::length`], [`Path::selector`]).
///
/// ```
/// use peam_ssz_core::path::{Path, Step};
///
/// let path: Path = "validators[5].effective_balance".parse()?;
/// assert_eq!(path, Path::root().field("validators").index(5).field("effective_balance"));
/// assert_eq!(path.to_string(), "validators[5].effective_balance");
/// let from_list: Path = [Step::name("validators"), Step::Index(5), Step::name("effective_balance")]
///     .into_iter()
///     .collect();
/// assert_eq!(from_list, path);
///
/// // The index in the tree of a `Vector[uint64, 8]`.
/// let g = "[5]".parse::<Path>()?.gindex::<[u64; 8]>()?;
/// assert_eq!(g.get(), 3);
/// # Ok::<(), peam_ssz_core::path::PathError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path {
    steps: Vec<Step>,
}

impl Path {
    /// The empty path, which names the root.
    pub const fn root() -> Path {
        Path { steps: Vec::new() }
    }

    /// Parses the spec's notation (see [`gindex_of_str`](super::gindex_of_str)).
    pub fn parse(text: &str) -> Result<Path, PathError> {
        parse_path(text)
            .map(|step| step.map(Step::from))
            .collect::<Result<Vec<_>, _>>()
            .map(|steps| Path { steps })
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the path has no steps (names the root).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Appends a step.
    pub fn push(&mut self, step: impl Into<Step>) {
        self.steps.push(step.into());
    }

    /// The path with a field step appended (the name as given, even
    /// `"__len__"`: use [`Step::name`] for the list form's reading).
    pub fn field(mut self, name: &str) -> Path {
        self.steps.push(Step::Field(name.to_string()));
        self
    }

    /// The path with an index step appended.
    pub fn index(mut self, index: u64) -> Path {
        self.steps.push(Step::Index(index));
        self
    }

    /// The path with `__len__` appended.
    pub fn length(mut self) -> Path {
        self.steps.push(Step::Len);
        self
    }

    /// The path with `__selector__` appended.
    pub fn selector(mut self) -> Path {
        self.steps.push(Step::Selector);
        self
    }

    /// The steps as [`PathStep`]s, borrowing the names.
    pub fn iter(&self) -> impl Iterator<Item = PathStep<'_>> + Clone + '_ {
        self.steps.iter().map(Step::as_step)
    }

    /// `get_generalized_index(T, *self)`.
    pub fn gindex<T: TreeLayout + ?Sized>(&self) -> Result<Gindex, PathError> {
        PathLike::gindex_in(self, T::LAYOUT)
    }
}

impl FromStr for Path {
    type Err = PathError;

    fn from_str(text: &str) -> Result<Path, PathError> {
        Path::parse(text)
    }
}

/// The spec's notation: names joined by `.`, indices in brackets. A field
/// name that is not made of ASCII letters, digits and `_` prints as is and
/// does not parse back; the list form (serde) keeps it.
impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            if i > 0 && !matches!(step, Step::Index(_)) {
                f.write_str(".")?;
            }
            fmt::Display::fmt(step, f)?;
        }
        Ok(())
    }
}

impl<S: Into<Step>> FromIterator<S> for Path {
    fn from_iter<I: IntoIterator<Item = S>>(steps: I) -> Path {
        Path {
            steps: steps.into_iter().map(Into::into).collect(),
        }
    }
}

impl<S: Into<Step>> Extend<S> for Path {
    fn extend<I: IntoIterator<Item = S>>(&mut self, steps: I) {
        self.steps.extend(steps.into_iter().map(Into::into));
    }
}

impl From<Vec<Step>> for Path {
    fn from(steps: Vec<Step>) -> Path {
        Path { steps }
    }
}

impl From<&[PathStep<'_>]> for Path {
    fn from(steps: &[PathStep<'_>]) -> Path {
        steps.iter().copied().collect()
    }
}

impl From<Path> for Vec<Step> {
    fn from(path: Path) -> Vec<Step> {
        path.steps
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a Step;
    type IntoIter = core::slice::Iter<'a, Step>;

    fn into_iter(self) -> Self::IntoIter {
        self.steps.iter()
    }
}

/// Anything that names a node by a path: [`Path`], text in the spec's
/// notation (`str`, `String`), a slice or array of [`PathStep`]s or
/// [`Step`]s. The proof functions that take a path
/// ([`prove_path`](crate::proof::prove_path),
/// [`Partial::get`](crate::proof::Partial::get)) take any of them.
pub trait PathLike {
    /// Calls `f` with each step in order, stopping at the first error
    /// (its own, such as a syntax error, or `f`'s).
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError>;

    /// Walks the path from a value of `layout`: the node it names and the
    /// layout of what is there.
    fn walk_in<'l>(&self, layout: &'l Layout) -> Result<(Gindex, &'l Layout), PathError> {
        let mut at = (Gindex::ROOT, layout);
        let mut position = 0;
        self.for_each_step(&mut |step| {
            at = super::walk_step(at, step, position)?;
            position += 1;
            Ok(())
        })?;
        Ok(at)
    }

    /// The node the path names below the root of a value of `layout`.
    fn gindex_in(&self, layout: &Layout) -> Result<Gindex, PathError> {
        self.walk_in(layout).map(|(g, _)| g)
    }
}

fn each<'a>(
    steps: impl Iterator<Item = PathStep<'a>>,
    f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
) -> Result<(), PathError> {
    for step in steps {
        f(step)?;
    }
    Ok(())
}

impl PathLike for Path {
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError> {
        each(self.iter(), f)
    }
}

impl PathLike for [Step] {
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError> {
        each(self.iter().map(Step::as_step), f)
    }
}

impl PathLike for [PathStep<'_>] {
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError> {
        each(self.iter().copied(), f)
    }
}

impl<const N: usize> PathLike for [PathStep<'_>; N] {
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError> {
        each(self.iter().copied(), f)
    }
}

/// The spec's notation; a path that does not parse is refused as such
/// before any step is looked up.
impl PathLike for str {
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError> {
        // One pass to check the syntax, one to walk: no allocation.
        for step in parse_path(self) {
            step?;
        }
        for step in parse_path(self) {
            f(step?)?;
        }
        Ok(())
    }
}

impl PathLike for String {
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError> {
        self.as_str().for_each_step(f)
    }
}

impl<P: PathLike + ?Sized> PathLike for &P {
    fn for_each_step(
        &self,
        f: &mut dyn FnMut(PathStep<'_>) -> Result<(), PathError>,
    ) -> Result<(), PathError> {
        (**self).for_each_step(f)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Path, Step};
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::fmt;
    use serde::de::{self, SeqAccess, Visitor};
    use serde::ser::SerializeSeq;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// A step of the list form: a name (`"__len__"`, `"__selector__"` or a
    /// field) or an index.
    impl Serialize for Step {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Step::Field(name) => s.serialize_str(name),
                Step::Index(i) => s.serialize_u64(*i),
                Step::Len => s.serialize_str("__len__"),
                Step::Selector => s.serialize_str("__selector__"),
            }
        }
    }

    impl<'de> Deserialize<'de> for Step {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
            struct StepVisitor;
            impl Visitor<'_> for StepVisitor {
                type Value = Step;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a field name, `__len__`, `__selector__` or an index")
                }
                fn visit_u64<E: de::Error>(self, v: u64) -> Result<Step, E> {
                    Ok(Step::Index(v))
                }
                fn visit_i64<E: de::Error>(self, v: i64) -> Result<Step, E> {
                    u64::try_from(v)
                        .map(Step::Index)
                        .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<Step, E> {
                    Ok(Step::name(v))
                }
            }
            d.deserialize_any(StepVisitor)
        }
    }

    /// The list form.
    impl Serialize for Path {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut seq = s.serialize_seq(Some(self.steps.len()))?;
            for step in &self.steps {
                seq.serialize_element(step)?;
            }
            seq.end()
        }
    }

    /// The list form, or a string in the spec's notation.
    impl<'de> Deserialize<'de> for Path {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Path, D::Error> {
            struct PathVisitor;
            impl<'de> Visitor<'de> for PathVisitor {
                type Value = Path;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a list of steps or a path in the spec's notation")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<Path, E> {
                    Path::parse(v).map_err(E::custom)
                }
                fn visit_string<E: de::Error>(self, v: String) -> Result<Path, E> {
                    self.visit_str(&v)
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Path, A::Error> {
                    // No capacity from the input's size hint: it is
                    // untrusted; the vector grows with the steps read.
                    let mut steps = Vec::new();
                    while let Some(step) = seq.next_element::<Step>()? {
                        steps.push(step);
                    }
                    Ok(Path { steps })
                }
            }
            d.deserialize_any(PathVisitor)
        }
    }
}
