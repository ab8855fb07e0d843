//! The conditions of a case through the streams ([`peam_ssz_types::stream`]):
//! a valid case's value encoded into a writer gives its bytes, and its
//! bytes read from a reader that returns one byte at a time, and from one
//! that returns pieces of random sizes, give its value; an invalid case's
//! bytes are refused by the reader with the error decoding gives.

use super::*;
use peam_ssz_types::stream::{IoSink, IoSource, StreamError};
use std::io::Read;

/// A reader of `bytes` that returns at most `piece(call)` bytes a call.
struct Pieces<'a, F> {
    bytes: &'a [u8],
    calls: u64,
    piece: F,
}

impl<F: FnMut(u64) -> usize> Read for Pieces<'_, F> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.calls += 1;
        let n = (self.piece)(self.calls)
            .max(1)
            .min(buf.len())
            .min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// A piece size from 1 to 4096, pseudo-random, seeded by the case.
fn random_piece(seed: u64) -> impl FnMut(u64) -> usize {
    let mut x = seed | 1;
    move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        1 + (x % 4096) as usize
    }
}

/// `T` read from `bytes` through a reader that returns pieces of the sizes
/// `piece` gives.
fn read_through<T: Ssz>(
    bytes: &[u8],
    piece: impl FnMut(u64) -> usize,
) -> Result<T, StreamError<std::io::Error>> {
    let mut source = IoSource::new(Pieces {
        bytes,
        calls: 0,
        piece,
    });
    T::ssz_read_from(&mut source, bytes.len())
}

/// The piece sizes of a reader, by call.
type Piece = Box<dyn FnMut(u64) -> usize>;

/// The two readers of a case, by name.
fn readers(seed: u64) -> [(&'static str, Piece); 2] {
    [
        ("one byte at a time", Box::new(|_| 1)),
        ("random pieces", Box::new(random_piece(seed))),
    ]
}

fn seed_of(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The conditions of a valid case through the streams: the value of
/// `value.yaml` written into an `io::Write` is `serialized`, byte for byte,
/// and `serialized` read from a reader of one byte a call, and from one of
/// random pieces, is that value, with the root of `root_file`. A panic
/// anywhere is a failure.
pub fn check_stream<T>(case: &Case, root_file: &str) -> Result<(), String>
where
    T: Ssz + TreeHash + DeserializeOwned + PartialEq + Debug,
{
    check_stream_with::<T>(case, root_file, |yaml| {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    })
}

/// [`check_stream`], with `parse` turning the text of `value.yaml` into a
/// value (as [`check_valid_with`] takes it).
pub fn check_stream_with<T>(
    case: &Case,
    root_file: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<(), String>
where
    T: Ssz + TreeHash + PartialEq + Debug,
{
    let bytes = case.serialized()?;
    let root = case.root(root_file)?;
    let yaml = case.value_yaml()?;
    let expected = catch_panic(|| parse(&yaml))
        .and_then(|r| r)
        .map_err(|e| case.error(format!("cannot parse {VALUE_FILE}: {e}")))?;
    let mut sink = IoSink::new(Vec::new());
    catch_panic(|| expected.ssz_write_to(&mut sink))
        .map_err(|e| case.error(format!("writing: {e}")))?
        .map_err(|e| case.error(format!("writing failed: {e}")))?;
    let written = sink.into_inner();
    if written != bytes {
        return Err(case.error(format!(
            "written to a writer: {}",
            bytes_diff(&written, &bytes)
        )));
    }
    for (name, piece) in readers(seed_of(&bytes)) {
        let read = catch_panic(|| read_through::<T>(&bytes, piece))
            .map_err(|e| case.error(format!("reading {name}: {e}")))?
            .map_err(|e| case.error(format!("reading {name} failed: {e}")))?;
        if read != expected {
            return Err(case.error(format!(
                "read {name}: {}",
                debug_diff(&format!("{read:?}"), &format!("{expected:?}"))
            )));
        }
        let got = catch_panic(|| read.hash_tree_root())
            .map_err(|e| case.error(format!("hash_tree_root: {e}")))?;
        if got != root {
            return Err(case.error(format!(
                "the value read {name} has the root {}, {root_file} says {}",
                to_hex(&got),
                to_hex(&root)
            )));
        }
    }
    Ok(())
}

/// The condition of an invalid case through the streams: `serialized`
/// read from each reader is refused with the error `from_ssz` gives.
pub fn check_stream_invalid<T: Ssz + Debug>(case: &Case) -> Result<(), String> {
    let bytes = case.serialized()?;
    let expected = T::from_ssz(&bytes).err();
    for (name, piece) in readers(seed_of(&bytes)) {
        match catch_panic(|| read_through::<T>(&bytes, piece)) {
            Err(panic) => return Err(case.error(format!("reading {name}: {panic}"))),
            Ok(Ok(_)) => {
                return Err(case.error(format!(
                    "read {name}, the stream accepts {} bytes that decoding refuses",
                    bytes.len()
                )))
            }
            Ok(Err(StreamError::Decode(e))) if Some(&e) == expected.as_ref() => {}
            Ok(Err(e)) => {
                return Err(case.error(format!(
                    "read {name}, the stream refuses with `{e}`, decoding with `{}`",
                    expected.map(|e| e.to_string()).unwrap_or_default()
                )))
            }
        }
    }
    Ok(())
}
