//! What a decoding error may be instead: bytes that fail as the container
//! asked for are tried, as a diagnosis only, compressed or not, and as the
//! same container of the other preset and the other edition. What decodes
//! becomes a hint after the error; the command still fails.

use std::borrow::Cow;

use beacon_types::beacon::{Container, ContainerVisitor};
use beacon_types::beacon_v1_7::without_maxima;
use peam_ssz_types::snappy;

use crate::args::{Format, PresetName};
use crate::edition::SpecEdition;
use crate::input::Input;
use crate::target::Target;

/// The hint for `input`, which did not decode as `target`'s container, if
/// some other reading of it decodes.
pub(crate) fn diagnose(target: &Target, input: &Input, max: usize) -> Option<String> {
    let bytes = ssz_of(input, max, |bytes| decodes(target, bytes))?;
    let bytes = match bytes {
        Reading::Hint(hint) => return Some(hint),
        Reading::Bytes(bytes) => bytes,
    };
    let preset_flag = |p: PresetName| match target.network {
        Some(network) => network.preset_flag(p),
        None => format!("--preset {}", p.name()),
    };
    let other = other_reading(
        target.edition,
        target.preset,
        preset_flag,
        |edition, preset| {
            decodes(
                &Target {
                    edition,
                    preset,
                    ..*target
                },
                &bytes,
            )
        },
    );
    if let Some(other) = other {
        return Some(format!(
            "these bytes decode as {}{}.{}: try {}",
            other.whose, target.fork, target.name, other.flags
        ));
    }
    // The v1.7.0-alpha.13 Gloas containers carry maxima that the spec
    // asserts of blocks on the chain, beyond their SSZ types; the schema
    // of the edition is the SSZ type alone.
    if target.edition == SpecEdition::V1_7 && without_maxima(|| decodes(target, &bytes)) {
        return Some(format!(
            "the SSZ type reads these bytes, past a maximum the spec asserts of a {} on the \
             chain: --schema beacon-types/schemas/{}/{}/{}.json#{} decodes the type alone",
            target.name,
            target.edition.rules().name,
            target.preset.name(),
            target.fork,
            target.name
        ));
    }
    None
}

/// What [`ssz_of`] makes of an input.
pub(crate) enum Reading<'a> {
    /// A hint already: the input decodes in another format.
    Hint(String),
    /// The SSZ bytes the input holds, to try as other types.
    Bytes(Cow<'a, [u8]>),
}

/// The SSZ bytes of a binary input, or the hint that its format is another
/// one (`decodes` says whether bytes are the container asked for); `None`
/// for text, or a compressed input that does not decompress.
pub(crate) fn ssz_of<'a>(
    input: &'a Input,
    max: usize,
    decodes: impl Fn(&[u8]) -> bool,
) -> Option<Reading<'a>> {
    match input.format {
        Format::Ssz => {
            for format in [Format::SszSnappy, Format::SszSnappyFrames] {
                if decompress(format, &input.bytes, max).is_some_and(|bytes| decodes(&bytes)) {
                    return Some(Reading::Hint(format!(
                        "the input looks snappy-compressed: try --format {}",
                        format.name()
                    )));
                }
            }
            Some(Reading::Bytes(Cow::Borrowed(&input.bytes)))
        }
        Format::SszSnappy | Format::SszSnappyFrames => {
            match decompress(input.format, &input.bytes, max) {
                Some(bytes) => Some(Reading::Bytes(Cow::Owned(bytes))),
                None if decodes(&input.bytes) => Some(Reading::Hint(
                    "the input is not compressed: try --format ssz".to_owned(),
                )),
                None => None,
            }
        }
        Format::Json | Format::Yaml => None,
    }
}

/// The SSZ bytes of a compressed input, if they decompress.
fn decompress(format: Format, bytes: &[u8], max: usize) -> Option<Vec<u8>> {
    match format {
        Format::SszSnappy => snappy::decompress_gossip(bytes, max).ok(),
        Format::SszSnappyFrames => snappy::decompress_req_resp(bytes, max).ok(),
        _ => None,
    }
}

/// Another preset and edition than those asked for, under which bytes
/// decode: whose they are (`minimal's `) and the options that say so.
pub(crate) struct Other {
    pub(crate) whose: String,
    pub(crate) flags: String,
}

/// The first other (edition, preset) under which `decodes` holds: the
/// other preset first, then the other edition, then both. `preset_flag`
/// says how to ask for a preset (`--preset minimal`).
pub(crate) fn other_reading(
    edition: SpecEdition,
    preset: PresetName,
    preset_flag: impl Fn(PresetName) -> String,
    decodes: impl Fn(SpecEdition, PresetName) -> bool,
) -> Option<Other> {
    let other_preset = PresetName::ALL.into_iter().find(|p| *p != preset)?;
    let other_edition = SpecEdition::ALL.into_iter().find(|e| *e != edition)?;
    [
        (edition, other_preset),
        (other_edition, preset),
        (other_edition, other_preset),
    ]
    .into_iter()
    .find(|&(e, p)| decodes(e, p))
    .map(|(e, p)| {
        let mut whose = Vec::new();
        let mut flags = Vec::new();
        if p != preset {
            whose.push(p.name().to_owned());
            flags.push(preset_flag(p));
        }
        if e != edition {
            whose.push(e.rules().name.to_owned());
            flags.push(format!("--edition {}", e.short()));
        }
        Other {
            whose: format!("{}'s ", whose.join(" ")),
            flags: flags.join(" "),
        }
    })
}

/// Whether `bytes` decode as `target`'s container.
fn decodes(target: &Target, bytes: &[u8]) -> bool {
    struct Decodes<'a> {
        name: &'a str,
        bytes: &'a [u8],
        ok: bool,
    }
    impl ContainerVisitor for Decodes<'_> {
        fn visit<T: Container>(&mut self, name: &'static str) {
            if name == self.name {
                self.ok = T::from_ssz(self.bytes).is_ok();
            }
        }
    }
    let mut visitor = Decodes {
        name: target.name,
        bytes,
        ok: false,
    };
    target
        .edition
        .visit(target.preset, target.fork, &mut visitor);
    visitor.ok
}
