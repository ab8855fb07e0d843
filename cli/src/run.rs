//! The commands: the container is found by name through the fork's
//! `ContainerVisitor`, then each command runs on its Rust type, so that a
//! value goes through the library's own decoding and hashing (a mainnet
//! state at library speed).

use beacon_types::beacon::{Container, ContainerVisitor};
use peam_ssz_types::path::gindex_of_str;
use peam_ssz_types::proof::prove;
use peam_ssz_types::snappy;

use crate::args::{Args, Command, Format, PresetName};
use crate::by_slot;
use crate::edition::SpecEdition;
use crate::hint;
use crate::input::{read_input, read_json, Input, DEFAULT_MAX_SIZE};
use crate::network::{self, Network};
use crate::output::{hex, write_diff, write_json, write_proof, Outcome, Output};
use crate::target::{path_error, Target};
use crate::verify::{parse_root, verify_proof};

pub fn run(args: &Args) -> Result<Outcome, String> {
    if args.command == Command::Types {
        return types(args);
    }
    if args.command == Command::Verify && args.type_name.is_none() && args.schema.is_none() {
        // Against a root given on the command line: no type needed.
        let root = parse_root(args.root.as_deref().unwrap_or_default())?;
        return verify_proof(&args.positionals[0], &root);
    }
    if args.command == Command::Verify && args.root.is_some() {
        return Err("verify takes --root or --type (or --schema) with a value, not both".into());
    }
    if let Some(schema) = &args.schema {
        return crate::schema::run(args, schema);
    }
    let edition = SpecEdition::of(args.edition);
    let network = args.network.as_deref().map(Network::load).transpose()?;
    let preset = network::preset_of(args.preset, network.as_ref())?;
    let type_name = args.type_name.as_deref().unwrap_or_default();
    match (type_name.split_once('.'), &network) {
        (Some((fork, name)), _) => run_named(
            args,
            &Target {
                edition,
                preset,
                fork,
                name,
                network: network.as_ref(),
            },
        ),
        (None, Some(network)) => by_slot::run(args, network, edition, preset, type_name),
        (None, None) => Err(format!(
            "--type {type_name:?}: expected FORK.CONTAINER, for example fulu.BeaconState \
             (or, with --network, one of {} alone: its fork is its slot's)",
            by_slot::NAMES.join(", ")
        )),
    }
}

/// Runs the command on `target`'s container.
fn run_named(args: &Args, target: &Target) -> Result<Outcome, String> {
    let type_name = args.type_name.as_deref().unwrap_or_default();
    let mut dispatch = Dispatch {
        target,
        args,
        result: None,
    };
    if !target
        .edition
        .visit(target.preset, target.fork, &mut dispatch)
    {
        return Err(format!(
            "--type {type_name:?}: {}",
            target.edition.unknown_fork(target.fork)
        ));
    }
    let (fork, name) = (target.fork, target.name);
    dispatch.result.unwrap_or_else(|| {
        let edition = match target.edition {
            SpecEdition::V1_6 => String::new(),
            other => format!(" --edition {}", other.short()),
        };
        Err(format!(
            "--type {type_name:?}: {fork} has no container {name:?} (`peam-ssz types{edition} {fork}` lists them)"
        ))
    })
}

struct Dispatch<'a> {
    target: &'a Target<'a>,
    args: &'a Args,
    result: Option<Result<Outcome, String>>,
}

impl ContainerVisitor for Dispatch<'_> {
    fn visit<T: Container>(&mut self, name: &'static str) {
        if self.result.is_none() && name == self.target.name {
            self.result = Some(run_typed::<T>(self.args, self.target));
        }
    }
}

fn load<T: Container>(input: &Input, max: usize, target: &Target) -> Result<T, String> {
    let result = match input.format {
        Format::Ssz => peam_ssz_types::decode::<T>(&input.bytes).map_err(|e| e.to_string()),
        Format::SszSnappy => {
            snappy::decode_gossip::<T>(&input.bytes, max).map_err(|e| e.to_string())
        }
        Format::SszSnappyFrames => {
            snappy::decode_req_resp::<T>(&input.bytes, max).map_err(|e| e.to_string())
        }
        Format::Json | Format::Yaml => read_json(input).and_then(|json| {
            serde_json::from_value::<T>(json).map_err(|e| format!("{}: {e}", input.format.label()))
        }),
    };
    result.map_err(|e| {
        let mut message = format!("{}: {e}", input.name);
        if let Some(hint) = hint::diagnose(target, input, max) {
            message.push_str(&format!(" ({hint})"));
        }
        message
    })
}

fn load_arg<T: Container>(
    args: &Args,
    target: &Target,
    path: Option<&str>,
    default: Format,
) -> Result<T, String> {
    let input = read_input(path, args.format, default)?;
    load::<T>(&input, args.max_size.unwrap_or(DEFAULT_MAX_SIZE), target)
}

fn run_typed<T: Container>(args: &Args, target: &Target) -> Result<Outcome, String> {
    let arg = |i: usize| args.positionals.get(i).map(String::as_str);
    match args.command {
        Command::Decode => {
            let value = load_arg::<T>(args, target, arg(0), Format::Ssz)?;
            write_json(&to_json(&value)?, args.output)?;
        }
        Command::Encode => {
            let value = load_arg::<T>(args, target, arg(0), Format::Json)?;
            let bytes = match args.output.unwrap_or(Format::Ssz) {
                Format::SszSnappy => {
                    snappy::encode_gossip(&value, usize::MAX).map_err(|e| e.to_string())?
                }
                Format::SszSnappyFrames => {
                    snappy::encode_req_resp(&value, usize::MAX).map_err(|e| e.to_string())?
                }
                _ => value.to_ssz(),
            };
            let mut out = Output::open(args.out.as_deref())?;
            out.write(&bytes)?;
            out.finish()?;
        }
        Command::Root => {
            let value = load_arg::<T>(args, target, arg(0), Format::Ssz)?;
            let mut out = Output::open(None)?;
            out.write(format!("{}\n", hex(&value.hash_tree_root())).as_bytes())?;
            out.finish()?;
        }
        Command::Prove => {
            let path = arg(0).unwrap_or_default();
            let gindex = gindex_of_str::<T>(path).map_err(|e| path_error(path, e))?;
            let value = load_arg::<T>(args, target, arg(1), Format::Ssz)?;
            let proof = prove(&value, gindex).map_err(|e| format!("path {path:?}: {e}"))?;
            write_proof(path, &proof)?;
        }
        Command::Verify => {
            let value = load_arg::<T>(args, target, arg(1), Format::Ssz)?;
            return verify_proof(arg(0).unwrap_or_default(), &value.hash_tree_root());
        }
        Command::Diff => {
            let a = load_arg::<T>(args, target, arg(0), Format::Ssz)?;
            let b = load_arg::<T>(args, target, arg(1), Format::Ssz)?;
            return write_diff(&to_json(&a)?, &to_json(&b)?);
        }
        Command::Types => {}
    }
    Ok(Outcome::Success)
}

/// A value's consensus JSON, as a tree: every command that reads or writes
/// JSON or YAML goes through one, so that each container instantiates
/// serde once each way, whatever the format.
fn to_json<T: Container>(value: &T) -> Result<serde_json::Value, String> {
    serde_json::to_value(value).map_err(|e| format!("JSON: {e}"))
}

/// `types`: the forks of every edition (those of another than the default
/// with the `--edition` that reaches them), of one edition, or the
/// containers of a fork.
fn types(args: &Args) -> Result<Outcome, String> {
    struct Names(Vec<&'static str>);
    impl ContainerVisitor for Names {
        fn visit<T: Container>(&mut self, name: &'static str) {
            self.0.push(name);
        }
    }
    let edition = SpecEdition::of(args.edition);
    let mut out = Output::open(None)?;
    match args.positionals.first() {
        None => {
            let editions = match args.edition {
                Some(_) => vec![edition],
                None => SpecEdition::ALL.to_vec(),
            };
            for e in editions {
                for fork in e.forks() {
                    let line = match (args.edition, e) {
                        (None, SpecEdition::V1_7) => format!("{fork} --edition {}\n", e.short()),
                        _ => format!("{fork}\n"),
                    };
                    out.write(line.as_bytes())?;
                }
            }
        }
        Some(fork) => {
            let mut names = Names(Vec::new());
            if !edition.visit(PresetName::Mainnet, fork, &mut names) {
                return Err(edition.unknown_fork(fork));
            }
            for name in names.0 {
                out.write(format!("{fork}.{name}\n").as_bytes())?;
            }
        }
    }
    out.finish()?;
    Ok(Outcome::Success)
}
