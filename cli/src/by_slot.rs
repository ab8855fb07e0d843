//! The containers named without a fork under `--network` (`--type
//! BeaconState`): the fork-aware enums of `beacon::forked` and
//! `beacon_v1_7::forked` read the slot at its place in the bytes, and the
//! network's schedule gives its fork. Their JSON is the beacon API's
//! `{"version": "<fork>", "data": ...}`.

use beacon_types::versioned::ForkDecodeError;
use beacon_types::ForkName;
use peam_ssz_types::json::{FromJson, Json};
use peam_ssz_types::proof::prove;
use peam_ssz_types::{snappy, ConsensusJson, TreeHash};

use crate::args::{Args, Command, Format, PresetName};
use crate::edition::SpecEdition;
use crate::hint::{other_reading, ssz_of, Reading};
use crate::input::{read_input, read_json, Input, DEFAULT_MAX_SIZE};
use crate::network::{Network, Schedule};
use crate::output::{hex, write_diff, write_json, write_proof, Outcome, Output};
use crate::target::{gindex_of, Target};
use crate::verify::verify_proof;

/// The containers whose slot lies at a place no fork moves.
pub(crate) const NAMES: [&str; 4] = [
    "BeaconState",
    "BeaconBlock",
    "SignedBeaconBlock",
    "LightClientHeader",
];

/// A fork-aware container that decodes by slot.
pub(crate) trait BySlot: TreeHash + ConsensusJson {
    /// The spec's name of the container.
    const NAME: &'static str;

    /// Decodes `bytes` as the type of the fork of their slot.
    fn decode_with(bytes: &[u8], schedule: &Schedule) -> Result<Self, ForkDecodeError>;

    /// The value's fork.
    fn fork(&self) -> ForkName;

    /// The SSZ encoding.
    fn ssz(&self) -> Vec<u8>;
}

macro_rules! by_slot {
    ($($module:ident :: $name:ident),* $(,)?) => {$(
        impl<P: beacon_types::$module::Preset> BySlot for beacon_types::$module::forked::$name<P> {
            const NAME: &'static str = stringify!($name);

            fn decode_with(bytes: &[u8], schedule: &Schedule) -> Result<Self, ForkDecodeError> {
                Self::from_ssz_with(bytes, schedule)
            }

            fn fork(&self) -> ForkName {
                self.fork_name()
            }

            fn ssz(&self) -> Vec<u8> {
                self.to_ssz()
            }
        }
    )*};
}

by_slot!(
    beacon::BeaconState,
    beacon::BeaconBlock,
    beacon::SignedBeaconBlock,
    beacon::LightClientHeader,
    beacon_v1_7::BeaconState,
    beacon_v1_7::BeaconBlock,
    beacon_v1_7::SignedBeaconBlock,
    beacon_v1_7::LightClientHeader,
);

/// What to do with a container of [`NAMES`], once its type is known.
pub(crate) trait Action {
    type Output;
    fn call<F: BySlot>(self) -> Self::Output;
}

/// Calls `action` with the container `name` of `edition` and `preset`;
/// `None` if `name` is none of [`NAMES`].
pub(crate) fn with_container<A: Action>(
    edition: SpecEdition,
    preset: PresetName,
    name: &str,
    action: A,
) -> Option<A::Output> {
    macro_rules! pick {
        ($module:ident, $preset:ident) => {{
            use beacon_types::$module::{forked, $preset};
            match name {
                "BeaconState" => action.call::<forked::BeaconState<$preset>>(),
                "BeaconBlock" => action.call::<forked::BeaconBlock<$preset>>(),
                "SignedBeaconBlock" => action.call::<forked::SignedBeaconBlock<$preset>>(),
                "LightClientHeader" => action.call::<forked::LightClientHeader<$preset>>(),
                _ => return None,
            }
        }};
    }
    Some(match (edition, preset) {
        (SpecEdition::V1_6, PresetName::Mainnet) => pick!(beacon, Mainnet),
        (SpecEdition::V1_6, PresetName::Minimal) => pick!(beacon, Minimal),
        (SpecEdition::V1_7, PresetName::Mainnet) => pick!(beacon_v1_7, Mainnet),
        (SpecEdition::V1_7, PresetName::Minimal) => pick!(beacon_v1_7, Minimal),
    })
}

/// What a command by slot runs with.
struct Context<'a> {
    args: &'a Args,
    network: &'a Network,
    edition: SpecEdition,
    preset: PresetName,
}

/// Runs the command on the container `name`, its fork read from the
/// network by the value's slot.
pub(crate) fn run(
    args: &Args,
    network: &Network,
    edition: SpecEdition,
    preset: PresetName,
    name: &str,
) -> Result<Outcome, String> {
    struct Run<'a>(Context<'a>);
    impl Action for Run<'_> {
        type Output = Result<Outcome, String>;
        fn call<F: BySlot>(self) -> Self::Output {
            run_by_slot::<F>(&self.0)
        }
    }
    let context = Context {
        args,
        network,
        edition,
        preset,
    };
    with_container(edition, preset, name, Run(context)).unwrap_or_else(|| {
        Err(format!(
            "--type {name:?}: --network finds the fork by the slot of {} only; \
             name the fork of any other (--type fulu.{name})",
            NAMES.join(", ")
        ))
    })
}

fn run_by_slot<F: BySlot>(cx: &Context) -> Result<Outcome, String> {
    let args = cx.args;
    let arg = |i: usize| args.positionals.get(i).map(String::as_str);
    match args.command {
        Command::Decode => {
            let value = load::<F>(cx, arg(0), Format::Ssz, false)?;
            write_json(&to_json(&value)?, args.output)?;
        }
        Command::Encode => {
            let value = load::<F>(cx, arg(0), Format::Json, false)?;
            let ssz = value.ssz();
            let bytes = match args.output.unwrap_or(Format::Ssz) {
                Format::SszSnappy => snappy::compress_gossip(&ssz).map_err(|e| e.to_string())?,
                Format::SszSnappyFrames => {
                    let mut out = Vec::new();
                    snappy::compress_req_resp(&ssz, &mut out);
                    out
                }
                _ => ssz,
            };
            let mut out = Output::open(args.out.as_deref())?;
            out.write(&bytes)?;
            out.finish()?;
        }
        Command::Root => {
            let value = load::<F>(cx, arg(0), Format::Ssz, false)?;
            let mut out = Output::open(None)?;
            out.write(format!("{}\n", hex(&value.hash_tree_root())).as_bytes())?;
            out.finish()?;
        }
        Command::Prove => {
            let path = arg(0).unwrap_or_default();
            let value = load::<F>(cx, arg(1), Format::Ssz, false)?;
            // The path's generalized index in the type of the value's fork.
            let target = Target {
                edition: cx.edition,
                preset: cx.preset,
                fork: value.fork().name(),
                name: F::NAME,
                network: Some(cx.network),
            };
            let gindex = gindex_of(&target, path)?;
            let proof = prove(&value, gindex).map_err(|e| format!("path {path:?}: {e}"))?;
            write_proof(path, &proof)?;
        }
        Command::Verify => {
            let value = load::<F>(cx, arg(1), Format::Ssz, false)?;
            return verify_proof(arg(0).unwrap_or_default(), &value.hash_tree_root());
        }
        Command::Diff => {
            let a = load::<F>(cx, arg(0), Format::Ssz, true)?;
            let b = load::<F>(cx, arg(1), Format::Ssz, true)?;
            if a.fork() != b.fork() {
                // Values of two forks: their types differ, so do they.
                let mut out = Output::open(None)?;
                out.write(format!("version: {} -> {}\n", a.fork(), b.fork()).as_bytes())?;
                out.finish()?;
                return Ok(Outcome::Negative);
            }
            return write_diff(&to_json(&a)?["data"], &to_json(&b)?["data"]);
        }
        Command::Types => {}
    }
    Ok(Outcome::Success)
}

/// `{"version": "<fork>", "data": ...}`.
fn to_json<F: BySlot>(value: &F) -> Result<serde_json::Value, String> {
    serde_json::to_value(Json(value)).map_err(|e| format!("JSON: {e}"))
}

/// Reads a value of `F` by the network's schedule (SSZ) or its version
/// (JSON, YAML), and says on standard error which fork it is, and why:
/// `peam-ssz: fulu BeaconState (slot 12345, epoch 385)`; with `named`,
/// after the input's name.
fn load<F: BySlot>(
    cx: &Context,
    path: Option<&str>,
    default: Format,
    named: bool,
) -> Result<F, String> {
    let input = read_input(path, cx.args.format, default)?;
    let max = cx.args.max_size.unwrap_or(DEFAULT_MAX_SIZE);
    let schedule = Schedule::new(&cx.network.config);
    let value = match input.format {
        Format::Json | Format::Yaml => read_json(&input)
            .and_then(|json| {
                serde_json::from_value::<FromJson<F>>(json)
                    .map(|v| v.0)
                    .map_err(|e| format!("{}: {e}", input.format.label()))
            })
            .map_err(|e| format!("{}: {e}", input.name))?,
        format => {
            let decompressed;
            let bytes: Result<&[u8], String> = match format {
                Format::SszSnappy | Format::SszSnappyFrames => {
                    decompressed = if format == Format::SszSnappy {
                        snappy::decompress_gossip(&input.bytes, max)
                    } else {
                        snappy::decompress_req_resp(&input.bytes, max)
                    };
                    decompressed.as_deref().map_err(|e| e.to_string())
                }
                _ => Ok(&input.bytes),
            };
            bytes
                .and_then(|bytes| decode::<F>(cx, bytes, &schedule))
                .map_err(|e| {
                    let mut message = format!("{}: {e}", input.name);
                    if let Some(hint) = diagnose::<F>(cx, &input, max) {
                        message.push_str(&format!(" ({hint})"));
                    }
                    message
                })?
        }
    };
    let whence = match schedule.slot() {
        Some(slot) => format!(
            "slot {slot}, epoch {}",
            cx.network.config.epoch_at_slot(slot)
        ),
        None => format!("the {}'s version", input.format.label()),
    };
    let prefix = if named {
        format!("{}: ", input.name)
    } else {
        String::new()
    };
    eprintln!("peam-ssz: {prefix}{} {} ({whence})", value.fork(), F::NAME);
    Ok(value)
}

/// Decodes SSZ bytes by slot; an error names the slot and its fork.
fn decode<F: BySlot>(cx: &Context, bytes: &[u8], schedule: &Schedule) -> Result<F, String> {
    F::decode_with(bytes, schedule).map_err(|e| match (&e, schedule.slot()) {
        (ForkDecodeError::NoSlot { .. }, _) | (_, None) => e.to_string(),
        (_, Some(slot)) => format!(
            "{} of slot {slot} (epoch {}, {} on {}): {e}",
            F::NAME,
            cx.network.config.epoch_at_slot(slot),
            cx.network.config.fork_at_slot(slot),
            cx.network.name,
        ),
    })
}

/// The hint after an error of decoding `input` by slot: compressed or not,
/// or the same container of the other preset or edition.
fn diagnose<F: BySlot>(cx: &Context, input: &Input, max: usize) -> Option<String> {
    let decodes = |bytes: &[u8]| F::decode_with(bytes, &Schedule::new(&cx.network.config)).is_ok();
    let bytes = match ssz_of(input, max, decodes)? {
        Reading::Hint(hint) => return Some(hint),
        Reading::Bytes(bytes) => bytes,
    };
    struct Decodes<'a> {
        bytes: &'a [u8],
        network: &'a Network,
    }
    impl Action for Decodes<'_> {
        type Output = bool;
        fn call<G: BySlot>(self) -> bool {
            G::decode_with(self.bytes, &Schedule::new(&self.network.config)).is_ok()
        }
    }
    // The other preset under the same schedule: the fork of the slot
    // stays, the sizes change.
    let other = other_reading(
        cx.edition,
        cx.preset,
        |p| format!("a configuration whose PRESET_BASE is {}", p.name()),
        |edition, preset| {
            with_container(
                edition,
                preset,
                F::NAME,
                Decodes {
                    bytes: &bytes,
                    network: cx.network,
                },
            )
            .unwrap_or(false)
        },
    )?;
    Some(format!(
        "these bytes decode as {}{} by its slot: try {}",
        other.whose,
        F::NAME,
        other.flags
    ))
}
