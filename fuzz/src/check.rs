//! The properties every fuzz target asserts. A failed assertion panics, and
//! libFuzzer reports the panic as a crash with the input that caused it.

use crate::gen::Generate;
use peam_ssz_schema::{Schema, Value};
use peam_ssz_types::edition::{with_edition_named, Edition, EditionFn, Rules};
use peam_ssz_types::path::{Layout, TreeLayout};
use peam_ssz_types::sha256::{force_backend, Backend};
use peam_ssz_types::stream::IoSource;
use peam_ssz_types::view::TreeHashView;
use peam_ssz_types::{DecodeError, Gindex, Root, Ssz, TreeHash, V1_6};

/// What a type needs for the decode and round-trip checks. Not `Debug`:
/// failure messages show bytes, which the crashing input reproduces, and
/// formatting code for every container would double the build.
pub trait Checked: Ssz + TreeHash + TreeHashView + PartialEq + Generate {}

impl<T: Ssz + TreeHash + TreeHashView + PartialEq + Generate> Checked for T {}

/// Lower-case hex, for messages.
pub fn hex(bytes: &[u8]) -> String {
    peam_ssz_types::Hex(bytes).to_string()
}

/// Decodes arbitrary `bytes` as `T`. Decoding must not panic; a rejection
/// must format; an accepted input must be canonical ([`canonical`]).
pub fn decode<T: Checked>(bytes: &[u8]) {
    let decoded = T::from_ssz(bytes);
    same_as_decoding(&decoded, bytes);
    match decoded {
        Ok(value) => canonical(&value, bytes),
        Err(e) => {
            // The message walks the error's path; it must not panic either.
            let _ = e.to_string();
        }
    }
}

/// A reader that returns one byte a call.
struct OneByte<'a>(&'a [u8]);

impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

/// The view and the streams hold `bytes` as decoding does: the view
/// accepts exactly what decoding accepts, and refuses the rest with the
/// same error (kind and path); reading from a slice and from a reader of
/// one byte a call gives the same value or the same error; and an accepted
/// input's root and top nodes from the bytes are the value's.
pub fn same_as_decoding<T: Checked>(decoded: &Result<T, DecodeError>, bytes: &[u8]) {
    let viewed = T::validate_ssz(bytes);
    assert!(
        viewed.as_ref().err() == decoded.as_ref().err(),
        "the view's verdict differs from decoding's: {:?} against {:?}; input {}",
        viewed.err(),
        decoded.as_ref().err(),
        hex(bytes)
    );
    let from_slice = T::ssz_read_from(&mut &bytes[..], bytes.len());
    let from_reader = T::ssz_read_from(&mut IoSource::new(OneByte(bytes)), bytes.len());
    for (name, read) in [
        ("a slice", from_slice.map_err(|e| e.decode_error().cloned())),
        (
            "a one-byte reader",
            from_reader.map_err(|e| e.decode_error().cloned()),
        ),
    ] {
        match (decoded, read) {
            (Ok(value), Ok(read)) => assert!(
                &read == value,
                "reading from {name} gives another value; input {}",
                hex(bytes)
            ),
            (Err(e), Err(Some(read))) => assert!(
                &read == e,
                "reading from {name} refuses with {read}, decoding with {e}; input {}",
                hex(bytes)
            ),
            (decoded, read) => panic!(
                "reading from {name} and decoding differ: {:?} against {:?}; input {}",
                read.as_ref().err(),
                decoded.as_ref().err(),
                hex(bytes)
            ),
        }
    }
    if let Ok(value) = decoded {
        assert_eq!(
            T::hash_tree_root_ssz(bytes),
            value.hash_tree_root(),
            "the root from the bytes differs from the value's; input {}",
            hex(bytes)
        );
        for g in 2u128..32 {
            let g = Gindex::new(g).expect("a gindex");
            assert!(
                T::tree_node_ssz(bytes, g) == value.tree_node(g),
                "node {g} from the bytes differs from the value's; input {}",
                hex(bytes)
            );
        }
    }
}

/// `value`, decoded from `bytes`, re-encodes to exactly `bytes`, and its
/// root is stable: the same twice, and the same for the value decoded again.
pub fn canonical<T: Checked>(value: &T, bytes: &[u8]) {
    assert_eq!(
        value.ssz_len(),
        bytes.len(),
        "ssz_len of a decoded value is not its input length; input {}",
        hex(bytes)
    );
    let encoded = value.to_ssz();
    assert!(
        encoded == bytes,
        "a decoded value re-encodes differently (the decoder accepted a non-canonical input)\n \
         input  {}\n output {}",
        hex(bytes),
        hex(&encoded)
    );
    let root = value.hash_tree_root();
    assert_eq!(
        root,
        value.hash_tree_root(),
        "the root of one value changed between two calls"
    );
    let again = T::from_ssz(&encoded)
        .unwrap_or_else(|e| panic!("the re-encoding does not decode: {e}; input {}", hex(bytes)));
    assert!(
        &again == value,
        "decoding the same bytes twice gave different values"
    );
    assert_eq!(
        again.hash_tree_root(),
        root,
        "the re-decoded value has another root"
    );
}

/// Builds a value of `T` from `u`, and checks the round trip: the encoding
/// has `ssz_len` bytes, `ssz_append` writes the same bytes after what a
/// buffer holds, the encoding decodes to an equal value, and the root is the
/// same for both values and on every SHA-256 backend the CPU runs.
///
/// Input that builds no value (`arbitrary` errors) is ignored.
pub fn roundtrip<T: Checked>(data: &[u8]) {
    let Ok(value) = T::generate(&mut arbitrary::Unstructured::new(data)) else {
        return;
    };
    let bytes = value.to_ssz();
    assert_eq!(
        bytes.len(),
        value.ssz_len(),
        "to_ssz length is not ssz_len; encoding {}",
        hex(&bytes)
    );

    let prefix = [0xa5u8; 3];
    let mut buf = prefix.to_vec();
    value.ssz_append(&mut buf);
    assert!(
        buf[..3] == prefix && buf[3..] == bytes[..],
        "ssz_append differs from to_ssz; to_ssz {}",
        hex(&bytes)
    );

    let decoded = T::from_ssz(&bytes).unwrap_or_else(|e| {
        panic!(
            "the encoding of a value does not decode: {e}\n bytes {}",
            hex(&bytes)
        )
    });
    assert!(
        decoded == value,
        "decode(encode(v)) != v; encoding {}",
        hex(&bytes)
    );

    let root = value.hash_tree_root();
    assert_eq!(
        decoded.hash_tree_root(),
        root,
        "equal values, different roots; encoding {}",
        hex(&bytes)
    );
    same_root_on_every_backend(&value, root, &bytes);
}

/// The root of `value` (encoded as `bytes`) is `root` whichever SHA-256
/// backend hashes it.
pub fn same_root_on_every_backend<T: TreeHash>(value: &T, root: Root, bytes: &[u8]) {
    for &backend in Backend::ALL {
        if force_backend(Some(backend)).is_err() {
            continue;
        }
        let got = value.hash_tree_root();
        force_backend(None).expect("the detected backend runs");
        assert!(
            got == root,
            "the {} backend gives another root; encoding {}",
            backend.name(),
            hex(bytes)
        );
    }
}

/// The edition of the progressive types in `layout`; `None` when it holds
/// none, and every edition gives the same root.
fn edition(layout: &Layout) -> Option<Rules> {
    match layout {
        Layout::ProgressiveList { edition, .. } | Layout::ProgressiveBitlist { edition } => {
            Some(*edition)
        }
        Layout::Vector { elem, .. } | Layout::List { elem, .. } => edition(elem),
        Layout::Container { fields } => fields.iter().find_map(|f| edition(f.layout)),
        Layout::Union { variants } => variants.iter().find_map(|v| v.layout.and_then(edition)),
        _ => None,
    }
}

/// The root of a run-time value in the edition [`with_edition_named`] runs.
struct RootIn<'a>(&'a Value);

impl EditionFn for RootIn<'_> {
    type Output = Root;
    fn call<E: Edition>(self) -> Root {
        self.0.hash_tree_root_in::<E>()
    }
}

/// Decodes `bytes` as `T` and through `schema`, its run-time description:
/// both accept or both refuse, with the same [`Fault`](peam_ssz_types::Fault);
/// what both accept is `bytes` again, encoded either way, and has one root
/// (in the edition of `T`'s progressive types).
pub fn against_schema<T: Checked + TreeLayout>(schema: &Schema, bytes: &[u8]) {
    let derived = T::from_ssz(bytes);
    let value = schema.decode(bytes);
    match (derived, value) {
        (Ok(derived), Ok(value)) => {
            assert_eq!(
                derived.to_ssz(),
                bytes,
                "the derived type re-encodes {} otherwise",
                hex(bytes)
            );
            assert_eq!(
                value.to_ssz(),
                bytes,
                "the run-time value re-encodes {} otherwise",
                hex(bytes)
            );
            let rules = edition(T::LAYOUT).unwrap_or(V1_6::RULES);
            let root = with_edition_named(rules.name, RootIn(&value))
                .expect("an edition answers to its own name");
            assert_eq!(
                root,
                derived.hash_tree_root(),
                "the roots of {} differ ({schema})",
                hex(bytes)
            );
        }
        (Err(d), Err(s)) => assert_eq!(
            d.fault(),
            s.fault(),
            "{} is refused for other reasons: derived {d}, run-time {s} ({schema})",
            hex(bytes)
        ),
        (Ok(_), Err(s)) => panic!(
            "the derived type accepts {}, the run-time schema refuses it: {s} ({schema})",
            hex(bytes)
        ),
        (Err(d), Ok(_)) => panic!(
            "the run-time schema accepts {}, the derived type refuses it: {d} ({schema})",
            hex(bytes)
        ),
    }
}
