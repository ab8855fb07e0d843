//! The conditions of a case read through a view ([`peam_ssz_types::view`]):
//! the bytes of a valid case make a view whose value, root and tree nodes
//! are the decoded value's; those of an invalid case are refused with the
//! error decoding gives.

use super::*;
use peam_ssz_types::view::{view, SszView, TreeHashView};
use peam_ssz_types::Gindex;

/// Depths of the tree whose nodes a view is checked at: the fields of
/// every container of the spec (at most 64 of them) and a level below.
const NODE_DEPTHS: u32 = 7;

/// Nodes per depth checked at most.
const NODES_PER_DEPTH: u128 = 64;

/// The conditions of a valid case through a view: the bytes decode to the
/// value of `value.yaml`; `view::<T>` accepts them (the view's `to_value`
/// decodes them); its root, computed
/// from the bytes, is the root of `root_file`; and every node of the top
/// [`NODE_DEPTHS`] levels of its tree (each field's root, for a container)
/// is the decoded value's. A panic anywhere is a failure.
pub fn check_view<T>(case: &Case, root_file: &str) -> Result<(), String>
where
    T: TreeHashView + DeserializeOwned + PartialEq + Debug,
{
    check_view_with::<T>(case, root_file, |yaml| {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    })
}

/// [`check_view`], with `parse` turning the text of `value.yaml` into a
/// value (as [`check_valid_with`] takes it).
pub fn check_view_with<T>(
    case: &Case,
    root_file: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<(), String>
where
    T: TreeHashView + PartialEq + Debug,
{
    let bytes = case.serialized()?;
    let root = case.root(root_file)?;
    let yaml = case.value_yaml()?;
    let expected = catch_panic(|| parse(&yaml))
        .and_then(|r| r)
        .map_err(|e| case.error(format!("cannot parse {VALUE_FILE}: {e}")))?;
    let decoded = catch_panic(|| T::from_ssz(&bytes))
        .map_err(|e| case.error(format!("decoding: {e}")))?
        .map_err(|e| case.error(format!("decoding failed: {e}")))?;
    if decoded != expected {
        return Err(case.error(format!("the decoded value differs from {VALUE_FILE}")));
    }
    catch_panic(|| T::validate_ssz(&bytes))
        .map_err(|e| case.error(format!("view: {e}")))?
        .map_err(|e| case.error(format!("the view refuses bytes that decode: {e}")))?;
    catch_panic(|| view::<T>(&bytes).map(drop))
        .map_err(|e| case.error(format!("view: {e}")))?
        .map_err(|e| case.error(format!("view::<T> refuses bytes that decode: {e}")))?;
    let got = catch_panic(|| T::hash_tree_root_ssz(&bytes))
        .map_err(|e| case.error(format!("hash_tree_root from the bytes: {e}")))?;
    if got != root {
        return Err(case.error(format!(
            "the root from the bytes is {}, {root_file} says {}",
            to_hex(&got),
            to_hex(&root)
        )));
    }
    for depth in 1..NODE_DEPTHS {
        let first = 1u128 << depth;
        let mut any = false;
        for g in first..first + (1u128 << depth).min(NODES_PER_DEPTH) {
            let g = Gindex::new(g).expect("a gindex");
            let from_bytes = catch_panic(|| T::tree_node_ssz(&bytes, g))
                .map_err(|e| case.error(format!("tree_node({g}) from the bytes: {e}")))?;
            let from_value = decoded.tree_node(g);
            if from_bytes != from_value {
                return Err(case.error(format!(
                    "node {g} from the bytes is {from_bytes:?}, from the value {from_value:?}"
                )));
            }
            any |= from_value.is_ok();
        }
        if !any {
            break;
        }
    }
    Ok(())
}

/// The condition of an invalid case through a view: `view::<T>` refuses
/// the bytes with the error `decode::<T>` gives. Accepting them, or
/// panicking, is a failure.
pub fn check_view_invalid<T: SszView + Debug>(case: &Case) -> Result<(), String> {
    let bytes = case.serialized()?;
    let expected = T::from_ssz(&bytes).err();
    match catch_panic(|| T::validate_ssz(&bytes)) {
        Err(panic) => Err(case.error(format!("the view {panic}"))),
        Ok(Ok(())) => Err(case.error(format!(
            "the view accepts {} bytes that decoding refuses ({expected:?})",
            bytes.len()
        ))),
        Ok(Err(e)) if Some(&e) != expected.as_ref() => Err(case.error(format!(
            "the view refuses with `{e}`, decoding with `{}`",
            expected.map(|e| e.to_string()).unwrap_or_default()
        ))),
        Ok(Err(_)) => Ok(()),
    }
}

/// `bytes` through a view and a stream as through decoding, for the suites
/// whose cases are not files (Lean, ssz-specs): the view's verdict and
/// error are decoding's, the stream (a slice source) reads the same value
/// or fails with the same error, and an accepted input's root from the
/// bytes is the value's.
pub fn same_through_views_and_streams<T>(bytes: &[u8]) -> Result<(), String>
where
    T: TreeHashView + PartialEq + Debug,
{
    let decoded = catch_panic(|| T::from_ssz(bytes))?;
    let viewed = catch_panic(|| T::validate_ssz(bytes))?;
    if viewed.as_ref().err() != decoded.as_ref().err() {
        return Err(format!(
            "the view's verdict {viewed:?} differs from decoding's {:?}",
            decoded.as_ref().err()
        ));
    }
    let streamed = catch_panic(|| T::ssz_read_from(&mut &bytes[..], bytes.len()))?;
    match (&decoded, streamed) {
        (Ok(value), Ok(read)) if &read == value => {}
        (Err(e), Err(read)) if read.decode_error() == Some(e) => {}
        (decoded, streamed) => {
            return Err(format!(
                "the stream gives {:?}, decoding {:?}",
                streamed.err(),
                decoded.as_ref().err()
            ))
        }
    }
    if let Ok(value) = &decoded {
        let root = catch_panic(|| T::hash_tree_root_ssz(bytes))?;
        if root != value.hash_tree_root() {
            return Err("the root from the bytes differs from the value's".into());
        }
    }
    Ok(())
}
