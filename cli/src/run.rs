//! The commands: the container is found by name through the fork's
//! `ContainerVisitor`, then each command runs on its Rust type, so that a
//! value goes through the library's own decoding and hashing (a mainnet
//! state at library speed).

use std::fs;
use std::io::{self, BufWriter, Read, Write};

use beacon_types::beacon::{Container, ContainerVisitor};
use peam_ssz_types::path::gindex_of_str;
use peam_ssz_types::proof::{calculate_merkle_root, prove, Gindex, SingleProof};
use peam_ssz_types::snappy;

use crate::args::{Args, Command, Format, PresetName};
use crate::by_slot;
use crate::diff;
use crate::edition::SpecEdition;
use crate::hint;
use crate::network::{self, Network};

/// How a command that ran ended.
pub enum Outcome {
    /// Done (exit 0).
    Success,
    /// `verify` found the proof wrong, or `diff` found a difference (exit 1).
    Negative,
}

/// The default bound of what an ssz_snappy input may declare: the most a
/// snappy block can hold.
pub(crate) const DEFAULT_MAX_SIZE: usize = u32::MAX as usize;

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

/// An input: its name for messages, and its bytes.
pub(crate) struct Input {
    pub(crate) name: String,
    pub(crate) bytes: Vec<u8>,
    pub(crate) format: Format,
}

pub(crate) fn read_input(
    path: Option<&str>,
    format: Option<Format>,
    default: Format,
) -> Result<Input, String> {
    let (name, bytes) = match path {
        None | Some("-") => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("standard input: {e}"))?;
            ("standard input".to_owned(), bytes)
        }
        Some(path) => {
            let bytes = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            (path.to_owned(), bytes)
        }
    };
    let format = format
        .or_else(|| path.and_then(Format::of_path))
        .unwrap_or(default);
    Ok(Input {
        name,
        bytes,
        format,
    })
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

fn path_error(path: &str, error: impl std::fmt::Display) -> String {
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

/// A value's consensus JSON, as a tree: every command that reads or writes
/// JSON or YAML goes through one, so that each container instantiates
/// serde once each way, whatever the format.
fn to_json<T: Container>(value: &T) -> Result<serde_json::Value, String> {
    serde_json::to_value(value).map_err(|e| format!("JSON: {e}"))
}

/// The tree of a JSON or YAML input.
pub(crate) fn read_json(input: &Input) -> Result<serde_json::Value, String> {
    let label = input.format.label();
    match input.format {
        Format::Yaml => serde_yaml::from_slice(&input.bytes).map_err(|e| format!("{label}: {e}")),
        _ => serde_json::from_slice(&input.bytes).map_err(|e| format!("{label}: {e}")),
    }
}

/// Writes `json` to standard output as `format` says: YAML, or else JSON
/// (pretty, with a final newline).
pub(crate) fn write_json(json: &serde_json::Value, format: Option<Format>) -> Result<(), String> {
    let mut out = Output::open(None)?;
    match format.unwrap_or(Format::Json) {
        Format::Yaml => {
            serde_yaml::to_writer(&mut out.writer, json).map_err(|e| format!("YAML: {e}"))?
        }
        _ => {
            serde_json::to_writer_pretty(&mut out.writer, json)
                .map_err(|e| format!("JSON: {e}"))?;
            out.write(b"\n")?;
        }
    }
    out.finish()
}

/// Prints each path at which `a` and `b` differ, with both values; the
/// outcome is negative when there is one.
pub(crate) fn write_diff(a: &serde_json::Value, b: &serde_json::Value) -> Result<Outcome, String> {
    let a = serde_yaml::to_value(a).map_err(|e| e.to_string())?;
    let b = serde_yaml::to_value(b).map_err(|e| e.to_string())?;
    let differences = diff::diff(&a, &b);
    let mut out = Output::open(None)?;
    for d in &differences {
        out.write(format!("{}: {} -> {}\n", d.path, d.a, d.b).as_bytes())?;
    }
    out.finish()?;
    Ok(if differences.is_empty() {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

/// Writes `proof` of `path` as JSON (the fields of the spec tests'
/// `proof.yaml`, and the path).
pub(crate) fn write_proof(path: &str, proof: &SingleProof) -> Result<(), String> {
    let mut text = format!(
        "{{\n  \"path\": {},\n  \"leaf\": \"{}\",\n  \"leaf_index\": {},\n  \"branch\": [",
        serde_json::Value::String(path.to_owned()),
        hex(&proof.leaf),
        proof.leaf_index.get()
    );
    for (i, node) in proof.branch.iter().enumerate() {
        text.push_str(if i == 0 { "\n    \"" } else { ",\n    \"" });
        text.push_str(&hex(node));
        text.push('"');
    }
    text.push_str(if proof.branch.is_empty() {
        "]\n}\n"
    } else {
        "\n  ]\n}\n"
    });
    let mut out = Output::open(None)?;
    out.write(text.as_bytes())?;
    out.finish()?;
    Ok(())
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

/// Checks the proof in the file at `path` against `root`.
pub(crate) fn verify_proof(path: &str, root: &[u8; 32]) -> Result<Outcome, String> {
    let text = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let proof: serde_yaml::Value =
        serde_yaml::from_slice(&text).map_err(|e| format!("{path}: {e}"))?;
    let field = |name: &str| {
        proof
            .get(name)
            .ok_or_else(|| format!("{path}: the proof has no {name:?}"))
    };
    let leaf = parse_node(field("leaf")?).map_err(|e| format!("{path}: leaf: {e}"))?;
    let index = match field("leaf_index")? {
        serde_yaml::Value::Number(n) => n.as_u64().map(u128::from),
        serde_yaml::Value::String(s) => s.parse::<u128>().ok(),
        _ => None,
    };
    let gindex = index.and_then(Gindex::new).ok_or_else(|| {
        format!("{path}: leaf_index: expected a generalized index (an integer >= 1)")
    })?;
    let branch = field("branch")?
        .as_sequence()
        .ok_or_else(|| format!("{path}: branch: expected a list of 0x roots"))?
        .iter()
        .enumerate()
        .map(|(i, node)| parse_node(node).map_err(|e| format!("{path}: branch[{i}]: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let computed =
        calculate_merkle_root(&leaf, &branch, gindex).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Output::open(None)?;
    if computed == *root {
        out.write(b"ok\n")?;
        out.finish()?;
        Ok(Outcome::Success)
    } else {
        out.finish()?;
        eprintln!(
            "peam-ssz: {path}: the proof leads to {}, not to {}",
            hex(&computed),
            hex(root)
        );
        Ok(Outcome::Negative)
    }
}

fn parse_node(value: &serde_yaml::Value) -> Result<[u8; 32], String> {
    parse_root(value.as_str().ok_or("expected a 0x root")?)
}

fn parse_root(text: &str) -> Result<[u8; 32], String> {
    let digits = text
        .strip_prefix("0x")
        .ok_or_else(|| format!("{text:?}: expected 0x and 64 hex digits"))?;
    if digits.len() != 64 {
        return Err(format!("{text:?}: expected 0x and 64 hex digits"));
    }
    let mut root = [0u8; 32];
    for (i, byte) in root.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&digits[2 * i..2 * i + 2], 16)
            .map_err(|_| format!("{text:?}: invalid hex digit"))?;
    }
    Ok(root)
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 + 2 * bytes.len());
    s.push_str("0x");
    for &b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    s
}

/// Standard output or a file, buffered, every error a message.
pub(crate) struct Output {
    name: String,
    pub(crate) writer: BufWriter<Box<dyn Write>>,
}

impl Output {
    pub(crate) fn open(path: Option<&str>) -> Result<Output, String> {
        let (name, sink): (String, Box<dyn Write>) = match path {
            None | Some("-") => ("standard output".into(), Box::new(io::stdout().lock())),
            Some(path) => (
                path.to_owned(),
                Box::new(fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
            ),
        };
        Ok(Output {
            name,
            writer: BufWriter::with_capacity(1 << 16, sink),
        })
    }

    pub(crate) fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.writer
            .write_all(bytes)
            .map_err(|e| format!("{}: {e}", self.name))
    }

    pub(crate) fn finish(mut self) -> Result<(), String> {
        self.writer
            .flush()
            .map_err(|e| format!("{}: {e}", self.name))
    }
}
