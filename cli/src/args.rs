//! The command line, parsed by hand: seven commands and a few options each,
//! which a table of names covers without a parser crate (clap would add
//! a dozen crates and most of the build time of this tool).

use std::fmt;

use peam_ssz_types::edition::{self, Rules};

/// The commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Decode,
    Encode,
    Root,
    Prove,
    Verify,
    Diff,
    Types,
}

impl Command {
    fn parse(name: &str) -> Option<Command> {
        Some(match name {
            "decode" => Command::Decode,
            "encode" => Command::Encode,
            "root" => Command::Root,
            "prove" => Command::Prove,
            "verify" => Command::Verify,
            "diff" => Command::Diff,
            "types" => Command::Types,
            _ => return None,
        })
    }

    /// The options the command takes (each `--name VALUE`).
    fn options(self) -> &'static [&'static str] {
        const VALUE: &[&str] = &[
            "type", "schema", "edition", "network", "preset", "format", "max-size",
        ];
        match self {
            Command::Decode => &[
                "type", "schema", "edition", "network", "preset", "format", "max-size", "output",
            ],
            Command::Encode => &[
                "type", "schema", "edition", "network", "preset", "format", "output", "out",
            ],
            Command::Root | Command::Prove | Command::Diff => VALUE,
            Command::Verify => &[
                "type", "schema", "edition", "network", "preset", "format", "max-size", "root",
            ],
            Command::Types => &["edition"],
        }
    }

    /// How many positional arguments it takes.
    fn positionals(self) -> (usize, usize) {
        match self {
            Command::Decode | Command::Encode | Command::Root => (0, 1),
            Command::Prove => (1, 2),
            Command::Verify => (1, 2),
            Command::Diff => (2, 2),
            Command::Types => (0, 1),
        }
    }

    /// The `--help` text.
    pub fn help(self) -> &'static str {
        match self {
            Command::Decode => HELP_DECODE,
            Command::Encode => HELP_ENCODE,
            Command::Root => HELP_ROOT,
            Command::Prove => HELP_PROVE,
            Command::Verify => HELP_VERIFY,
            Command::Diff => HELP_DIFF,
            Command::Types => HELP_TYPES,
        }
    }
}

/// The preset the containers are sized by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresetName {
    Mainnet,
    Minimal,
}

impl PresetName {
    /// Both presets.
    pub const ALL: [PresetName; 2] = [PresetName::Mainnet, PresetName::Minimal];

    /// The name, as `--preset` and `PRESET_BASE` write it.
    pub fn name(self) -> &'static str {
        match self {
            PresetName::Mainnet => "mainnet",
            PresetName::Minimal => "minimal",
        }
    }
}

/// How the bytes of a value are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SSZ bytes.
    Ssz,
    /// SSZ in one snappy block: the `.ssz_snappy` files of the spec tests,
    /// and gossip messages.
    SszSnappy,
    /// A req/resp message: the varint of the SSZ length, then snappy frames.
    SszSnappyFrames,
    /// JSON in the consensus conventions.
    Json,
    /// YAML in the consensus conventions.
    Yaml,
}

impl Format {
    /// The name of the format in messages: `JSON`, `YAML`, `SSZ`.
    pub fn label(self) -> &'static str {
        match self {
            Format::Ssz => "SSZ",
            Format::SszSnappy => "ssz_snappy",
            Format::SszSnappyFrames => "ssz_snappy frames",
            Format::Json => "JSON",
            Format::Yaml => "YAML",
        }
    }

    /// The name `--format` takes (`ssz_snappy`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Ssz => "ssz",
            Format::SszSnappy => "ssz_snappy",
            Format::SszSnappyFrames => "ssz_snappy_frames",
            Format::Json => "json",
            Format::Yaml => "yaml",
        }
    }

    fn parse(name: &str) -> Option<Format> {
        Some(match name {
            "ssz" => Format::Ssz,
            "ssz_snappy" => Format::SszSnappy,
            "ssz_snappy_frames" => Format::SszSnappyFrames,
            "json" => Format::Json,
            "yaml" => Format::Yaml,
            _ => return None,
        })
    }

    /// The format a file name's extension names, if any.
    pub fn of_path(path: &str) -> Option<Format> {
        let ext = path.rsplit_once('.')?.1;
        Some(match ext {
            "ssz" => Format::Ssz,
            "ssz_snappy" => Format::SszSnappy,
            "json" => Format::Json,
            "yaml" | "yml" => Format::Yaml,
            _ => return None,
        })
    }

    /// Whether the format is text.
    pub fn is_text(self) -> bool {
        matches!(self, Format::Json | Format::Yaml)
    }
}

/// A parsed command line.
#[derive(Debug)]
pub struct Args {
    pub command: Command,
    pub type_name: Option<String>,
    /// `--schema FILE[#NAME]`: a JSON type descriptor, or a catalogue of
    /// named ones and the name.
    pub schema: Option<String>,
    /// `--edition`: whose containers `--type` names (v1.6.1 unless it says
    /// otherwise), or the merkleization a schema's progressive types follow.
    pub edition: Option<Rules>,
    /// `--network NAME|FILE`: a chain configuration, by name or file.
    pub network: Option<String>,
    /// `--preset`, if given (else the network's `PRESET_BASE`, else mainnet).
    pub preset: Option<PresetName>,
    pub format: Option<Format>,
    pub output: Option<Format>,
    pub out: Option<String>,
    pub max_size: Option<usize>,
    pub root: Option<String>,
    pub positionals: Vec<String>,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    Run(Args),
    /// `--help`: the text to print.
    Help(&'static str),
    /// `--version`.
    Version,
}

/// A command line that does not parse: what, and the usage to print.
#[derive(Debug)]
pub struct UsageError {
    pub message: String,
    pub usage: &'static str,
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn usage_error(message: String, usage: &'static str) -> UsageError {
    UsageError { message, usage }
}

/// Parses the arguments after the program name.
pub fn parse(args: Vec<String>) -> Result<Parsed, UsageError> {
    let mut args = args.into_iter();
    let Some(first) = args.next() else {
        return Err(usage_error("no command given".into(), HELP));
    };
    let command = match first.as_str() {
        "-h" | "--help" | "help" => {
            return Ok(match args.next().as_deref().and_then(Command::parse) {
                Some(command) => Parsed::Help(command.help()),
                None => Parsed::Help(HELP),
            })
        }
        "-V" | "--version" => return Ok(Parsed::Version),
        name => Command::parse(name)
            .ok_or_else(|| usage_error(format!("unknown command {name:?}"), HELP))?,
    };
    let usage = command.help();
    let mut parsed = Args {
        command,
        type_name: None,
        schema: None,
        edition: None,
        network: None,
        preset: None,
        format: None,
        output: None,
        out: None,
        max_size: None,
        root: None,
        positionals: Vec::new(),
    };
    let mut only_positionals = false;
    while let Some(arg) = args.next() {
        if only_positionals || arg == "-" || !arg.starts_with('-') {
            parsed.positionals.push(arg);
            continue;
        }
        if arg == "--" {
            only_positionals = true;
            continue;
        }
        if arg == "-h" || arg == "--help" {
            return Ok(Parsed::Help(usage));
        }
        let (name, inline) = match arg.strip_prefix("--") {
            Some(long) => match long.split_once('=') {
                Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
                None => (long.to_owned(), None),
            },
            None if arg == "-o" => ("out".to_owned(), None),
            None => return Err(usage_error(format!("unknown option {arg:?}"), usage)),
        };
        if !command.options().contains(&name.as_str()) {
            return Err(usage_error(
                format!("unknown option --{name} for {first}"),
                usage,
            ));
        }
        let value = match inline {
            Some(value) => value,
            None => args
                .next()
                .ok_or_else(|| usage_error(format!("--{name} needs a value"), usage))?,
        };
        let bad = |what: &str| usage_error(format!("--{name} {value:?}: {what}"), usage);
        match name.as_str() {
            "type" => parsed.type_name = Some(value),
            "schema" => parsed.schema = Some(value),
            "edition" => {
                parsed.edition = Some(Rules::named(&value).ok_or_else(|| {
                    let names: Vec<&str> = edition::ALL.iter().map(|r| r.short).collect();
                    bad(&format!("expected one of {}", names.join(", ")))
                })?)
            }
            "network" => parsed.network = Some(value),
            "preset" => {
                parsed.preset = Some(match value.as_str() {
                    "mainnet" => PresetName::Mainnet,
                    "minimal" => PresetName::Minimal,
                    _ => return Err(bad("expected mainnet or minimal")),
                })
            }
            "format" => {
                parsed.format = Some(Format::parse(&value).ok_or_else(|| {
                    bad("expected ssz, ssz_snappy, ssz_snappy_frames, json or yaml")
                })?)
            }
            "output" => {
                let format = Format::parse(&value).ok_or_else(|| {
                    bad("expected ssz, ssz_snappy, ssz_snappy_frames, json or yaml")
                })?;
                let fits = match command {
                    Command::Decode => format.is_text(),
                    _ => !format.is_text(),
                };
                if !fits {
                    return Err(bad(if command == Command::Decode {
                        "decode writes json or yaml (encode writes the binary formats)"
                    } else {
                        "encode writes ssz, ssz_snappy or ssz_snappy_frames (decode writes text)"
                    }));
                }
                parsed.output = Some(format);
            }
            "out" => parsed.out = Some(value),
            "max-size" => {
                parsed.max_size = Some(
                    value
                        .parse()
                        .map_err(|_| bad("expected a number of bytes"))?,
                )
            }
            "root" => parsed.root = Some(value),
            _ => return Err(usage_error(format!("unknown option --{name}"), usage)),
        }
    }
    let (min, max) = command.positionals();
    let n = parsed.positionals.len();
    if n < min || n > max {
        return Err(usage_error(
            format!(
                "{first} takes {} argument{}, got {n}",
                if min == max {
                    min.to_string()
                } else {
                    format!("{min} to {max}")
                },
                if max == 1 { "" } else { "s" },
            ),
            usage,
        ));
    }
    let needs_type = match command {
        Command::Types => false,
        Command::Verify => parsed.root.is_none(),
        _ => true,
    };
    if parsed.type_name.is_some() && parsed.schema.is_some() {
        return Err(usage_error(
            format!("{first} takes --type or --schema, not both"),
            usage,
        ));
    }
    if parsed.network.is_some() && parsed.schema.is_some() {
        return Err(usage_error(
            "--network applies to --type (a schema is one type, with no fork to pick)".into(),
            usage,
        ));
    }
    if needs_type && parsed.type_name.is_none() && parsed.schema.is_none() {
        return Err(usage_error(
            format!(
                "{first} needs --type FORK.CONTAINER (for example fulu.BeaconState), \
                 --network NETWORK with --type CONTAINER, or --schema FILE.json"
            ),
            usage,
        ));
    }
    Ok(Parsed::Run(parsed))
}

pub const HELP: &str = "\
peam-ssz: SSZ values of the consensus containers on the command line

Usage: peam-ssz <COMMAND> [OPTIONS] [ARGS]

Commands:
  decode   SSZ (or ssz_snappy) to JSON or YAML
  encode   JSON or YAML to SSZ (or ssz_snappy)
  root     the hash_tree_root of a value, as 0x hex
  prove    the Merkle proof of a path into a value (leaf, branch, generalized index)
  verify   check a proof against a root, or against a value's root
  diff     the paths where two values of one type differ
  types    the forks of each edition, the containers a fork has

Every command takes --help. A value is named by fork and container
(--type fulu.BeaconState) of the spec's v1.6.1 containers, or of
v1.7.0-alpha.13's with --edition v1.7 (--edition v1.7 --type
gloas.BeaconState), and sized by --preset mainnet|minimal (default
mainnet) or by a chain configuration (--network mainnet|minimal|FILE.yaml),
which also names BeaconState, BeaconBlock, SignedBeaconBlock and
LightClientHeader without a fork (--network mainnet --type BeaconState):
the fork is the one of the slot in the bytes. Or a value is described at
run time by a JSON type descriptor (--schema
FILE.json, or --schema FILE.json#NAME for one type of a file mapping names
to descriptors, as beacon-types/schemas/<version>/<preset>/<fork>.json do).
A file argument of - (or none) is standard input. When bytes do not
decode, the error says if they decode as the other preset's or edition's
container, or compressed (or not).

Exit status: 0 on success, 1 when verify fails or diff finds a difference,
2 on bad input or usage, with a one-line error on standard error.
";

/// The options that say which type a value is, alike in every command
/// that reads a value: a literal, so that each help text is one `concat!`.
macro_rules! type_options {
    () => {
        "  --schema FILE[#NAME]    instead of --type: the type as a JSON type descriptor,
                          or NAME of a file mapping names to descriptors
  --edition v1.6|v1.7     with --type, the spec's containers: v1.6 (v1.6.1,
                          phase0 to gloas and eip7805; the default) or v1.7
                          (v1.7.0-alpha.13: fulu, gloas, heze); with --schema,
                          the merkleization of progressive types (default v1.7)
  --network NETWORK       mainnet, minimal or FILE.yaml (a chain configuration
                          as the spec's config.yaml): the preset is its
                          PRESET_BASE, and --type BeaconState, BeaconBlock,
                          SignedBeaconBlock or LightClientHeader without a fork
                          takes the fork of the slot in the bytes (said on
                          standard error), its JSON {\"version\", \"data\"}
  --preset mainnet|minimal  the preset (default: the network's, else mainnet)
"
    };
}

const HELP_DECODE: &str = concat!(
    "\
peam-ssz decode: a value to JSON or YAML, in the consensus conventions

Usage: peam-ssz decode --type FORK.CONTAINER [OPTIONS] [FILE]
       peam-ssz decode --network NETWORK --type CONTAINER [OPTIONS] [FILE]
       peam-ssz decode --schema FILE[#NAME] [OPTIONS] [FILE]

Options:
  --type FORK.CONTAINER   the container (fulu.BeaconState, phase0.Checkpoint, ...),
                          or with --network CONTAINER alone (BeaconState)
",
    type_options!(),
    "  --format FORMAT         the input: ssz, ssz_snappy (a snappy block, as the
                          spec tests and gossip write it), ssz_snappy_frames (a
                          req/resp message: varint length, then snappy frames),
                          json or yaml; default from the file's extension
                          (.ssz, .ssz_snappy, .json, .yaml), else ssz
  --max-size BYTES        the most SSZ bytes ssz_snappy may declare (default 4294967295)
  --output json|yaml      the output (default json)
  -h, --help              this text
"
);

const HELP_ENCODE: &str = concat!(
    "\
peam-ssz encode: JSON or YAML (or any input format) to SSZ

Usage: peam-ssz encode --type FORK.CONTAINER [OPTIONS] [FILE]
       peam-ssz encode --network NETWORK --type CONTAINER [OPTIONS] [FILE]
       peam-ssz encode --schema FILE[#NAME] [OPTIONS] [FILE]

Options:
  --type FORK.CONTAINER   the container
",
    type_options!(),
    "  --format FORMAT         the input (ssz, ssz_snappy, ssz_snappy_frames, json,
                          yaml); default from the file's extension, else json
  --output FORMAT         ssz (default), ssz_snappy or ssz_snappy_frames
  -o, --out FILE          write there instead of standard output
  -h, --help              this text
"
);

const HELP_ROOT: &str = concat!(
    "\
peam-ssz root: the hash_tree_root of a value

Usage: peam-ssz root --type FORK.CONTAINER [OPTIONS] [FILE]
       peam-ssz root --network NETWORK --type CONTAINER [OPTIONS] [FILE]
       peam-ssz root --schema FILE[#NAME] [OPTIONS] [FILE]

Prints the root as 0x and 64 hex digits.

Options:
  --type FORK.CONTAINER   the container
",
    type_options!(),
    "  --format FORMAT         the input (ssz, ssz_snappy, ssz_snappy_frames, json,
                          yaml); default from the file's extension, else ssz
  --max-size BYTES        the most SSZ bytes ssz_snappy may declare
  -h, --help              this text
"
);

const HELP_PROVE: &str = concat!(
    "\
peam-ssz prove: the Merkle proof of a path into a value

Usage: peam-ssz prove --type FORK.CONTAINER [OPTIONS] PATH [FILE]
       peam-ssz prove --network NETWORK --type CONTAINER [OPTIONS] PATH [FILE]
       peam-ssz prove --schema FILE[#NAME] [OPTIONS] PATH [FILE]

PATH names a node as merkle-proofs.md does, fields by name and elements by
index: finalized_checkpoint.root, validators[5].effective_balance,
validators.__len__. Prints JSON: the path, the leaf, the generalized index
(leaf_index) and the branch (siblings from the leaf up), as the spec tests'
proof.yaml has them.

Options:
  --type FORK.CONTAINER   the container
",
    type_options!(),
    "  --format FORMAT         the input; default from the file's extension, else ssz
  --max-size BYTES        the most SSZ bytes ssz_snappy may declare
  -h, --help              this text
"
);

const HELP_VERIFY: &str = concat!(
    "\
peam-ssz verify: check a proof (as prove writes it, or a spec test's proof.yaml)

Usage: peam-ssz verify PROOF --root 0xROOT
       peam-ssz verify --type FORK.CONTAINER [OPTIONS] PROOF FILE
       peam-ssz verify --network NETWORK --type CONTAINER [OPTIONS] PROOF FILE
       peam-ssz verify --schema FILE[#NAME] [OPTIONS] PROOF FILE

Checks that the proof's leaf and branch lead to the root given, or to the
root of the value in FILE. Prints ok and exits 0, or says why not and
exits 1.

Options:
  --root 0xROOT           the root to check against
  --type FORK.CONTAINER   the container of FILE
",
    type_options!(),
    "  --format FORMAT         the format of FILE; default from its extension, else ssz
  --max-size BYTES        the most SSZ bytes ssz_snappy may declare
  -h, --help              this text
"
);

const HELP_DIFF: &str = concat!(
    "\
peam-ssz diff: the paths where two values of one type differ

Usage: peam-ssz diff --type FORK.CONTAINER [OPTIONS] FILE_A FILE_B
       peam-ssz diff --network NETWORK --type CONTAINER [OPTIONS] FILE_A FILE_B
       peam-ssz diff --schema FILE[#NAME] [OPTIONS] FILE_A FILE_B

Prints one line per differing leaf of the consensus JSON mapping,
PATH: A -> B, the path as prove takes it. Exits 0 when the values are
equal, 1 when they differ.

Options:
  --type FORK.CONTAINER   the container
",
    type_options!(),
    "  --format FORMAT         the format of both files; default from each one's
                          extension, else ssz
  --max-size BYTES        the most SSZ bytes ssz_snappy may declare
  -h, --help              this text
"
);

const HELP_TYPES: &str = "\
peam-ssz types: the containers of a fork, or the forks

Usage: peam-ssz types [--edition v1.6|v1.7] [FORK]

Without FORK, prints the forks, one a line: those of v1.6.1 (the default
edition), then those of v1.7.0-alpha.13 followed by --edition v1.7, which
reaches them (gloas --edition v1.7); with --edition, that edition's only.
With FORK, prints FORK.CONTAINER for each container of the fork, in the
edition --edition names (default v1.6).

Options:
  --edition v1.6|v1.7     the edition (v1.6: v1.6.1, v1.7: v1.7.0-alpha.13)
  -h, --help              this text
";
