//! The conditions of the formats: a valid case round-trips and has its
//! root, an invalid one fails to decode, without panicking.

use super::*;

pub(super) fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_owned();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes in all)", &s[..end], s.len())
}

/// Where two byte strings first differ, with some bytes of context.
pub(super) fn bytes_diff(got: &[u8], expected: &[u8]) -> String {
    let at = got
        .iter()
        .zip(expected)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(expected.len()));
    let from = at.saturating_sub(8);
    let window = |b: &[u8]| to_hex(&b[from.min(b.len())..(at + 24).min(b.len())]);
    format!(
        "{} bytes, expected {}; first difference at byte {at}: got {} expected {} (from byte {from})",
        got.len(),
        expected.len(),
        window(got),
        window(expected),
    )
}

/// Where two `Debug` renderings first differ, with some context.
pub(super) fn debug_diff(got: &str, expected: &str) -> String {
    let at = got
        .bytes()
        .zip(expected.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(expected.len()));
    let snippet = |s: &str| {
        let mut from = at.saturating_sub(60);
        while !s.is_char_boundary(from) {
            from -= 1;
        }
        let mut to = (at + 100).min(s.len());
        while !s.is_char_boundary(to) {
            to += 1;
        }
        s.get(from..to).unwrap_or("").to_owned()
    };
    format!(
        "first difference at char {at} of the Debug output: got `...{}...`, expected `...{}...`",
        snippet(got),
        snippet(expected)
    )
}

/// Calls `f`, turning a panic into an error message.
pub fn catch_panic<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a non-string payload".to_owned());
        format!("panicked: {msg}")
    })
}

/// The conditions of a valid case, with the value read by serde from
/// `value.yaml` (see [`check_valid_with`]).
pub fn check_valid<T>(case: &Case, root_file: &str) -> Result<(), String>
where
    T: Ssz + TreeHash + DeserializeOwned + PartialEq + Debug,
{
    check_valid_with::<T>(case, root_file, |yaml| {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    })
}

/// The conditions of a valid case (consensus-specs v1.6.1,
/// `tests/formats/ssz_generic` and `ssz_static`), with `parse` turning the
/// text of `value.yaml` into a value:
///
/// - decoding `serialized` gives the value of `value.yaml`;
/// - encoding that value gives `serialized` byte for byte (through
///   [`Ssz::to_ssz`], and [`Ssz::ssz_append`] after other bytes), and
///   [`Ssz::ssz_len`] is its length;
/// - its `hash_tree_root` is the `root` of `root_file`.
///
/// Every file is read before anything is checked. A panic anywhere is a
/// failure.
pub fn check_valid_with<T>(
    case: &Case,
    root_file: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<(), String>
where
    T: Ssz + TreeHash + PartialEq + Debug,
{
    let bytes = case.serialized()?;
    let yaml = case.value_yaml()?;
    let root = case.root(root_file)?;

    let expected = catch_panic(|| parse(&yaml))
        .and_then(|r| r)
        .map_err(|e| case.error(format!("cannot parse {VALUE_FILE}: {e}")))?;

    let decoded = catch_panic(|| T::from_ssz(&bytes))
        .map_err(|e| case.error(format!("decoding: {e}")))?
        .map_err(|e| {
            case.error(format!(
                "decoding {} bytes failed: {e} (bytes {})",
                bytes.len(),
                truncate(&to_hex(&bytes), 200)
            ))
        })?;
    if decoded != expected {
        return Err(case.error(format!(
            "the decoded value differs from {VALUE_FILE}: {}",
            debug_diff(&format!("{decoded:?}"), &format!("{expected:?}"))
        )));
    }

    let len =
        catch_panic(|| expected.ssz_len()).map_err(|e| case.error(format!("ssz_len: {e}")))?;
    if len != bytes.len() {
        return Err(case.error(format!(
            "ssz_len is {len}, the encoding is {} bytes",
            bytes.len()
        )));
    }
    let encoded =
        catch_panic(|| expected.to_ssz()).map_err(|e| case.error(format!("encoding: {e}")))?;
    if encoded != bytes {
        return Err(case.error(format!("encoding: {}", bytes_diff(&encoded, &bytes))));
    }
    let appended = catch_panic(|| {
        let mut buf = vec![0xa5; 3];
        expected.ssz_append(&mut buf);
        buf
    })
    .map_err(|e| case.error(format!("ssz_append: {e}")))?;
    if appended[..3] != [0xa5; 3] || appended[3..] != bytes[..] {
        return Err(case.error(format!(
            "ssz_append after 3 bytes: {}",
            bytes_diff(&appended, &[&[0xa5; 3][..], &bytes].concat())
        )));
    }

    let got = catch_panic(|| expected.hash_tree_root())
        .map_err(|e| case.error(format!("hash_tree_root: {e}")))?;
    if got != root {
        return Err(case.error(format!(
            "hash_tree_root is {}, {root_file} says {}",
            to_hex(&got),
            to_hex(&root)
        )));
    }
    Ok(())
}

/// The condition of an invalid case: decoding `serialized` fails with an
/// error. Decoding to a value, or panicking, is a failure.
pub fn check_invalid<T: Ssz + Debug>(case: &Case) -> Result<(), String> {
    let bytes = case.serialized()?;
    match catch_panic(|| T::from_ssz(&bytes)) {
        Err(panic) => Err(case.error(format!(
            "decoding {} bytes must fail with an error, it {panic}",
            bytes.len()
        ))),
        Ok(Ok(value)) => Err(case.error(format!(
            "decoding must fail, but {} bytes {} decoded to {}",
            bytes.len(),
            truncate(&to_hex(&bytes), 200),
            truncate(&format!("{value:?}"), 300)
        ))),
        Ok(Err(_)) => Ok(()),
    }
}
