//! `peam-ssz`: decode, encode, hash, prove and diff SSZ values of the
//! beacon containers of every fork, or of any type given as a JSON type
//! descriptor (`--schema`), on the command line. See `docs/cli.md`
//! and `peam-ssz --help`.

mod args;
mod by_slot;
mod diff;
mod edition;
mod hint;
mod input;
mod network;
mod output;
mod run;
mod schema;
mod target;
mod verify;

use std::io::Write;
use std::process::ExitCode;

use args::{Parsed, UsageError};

fn main() -> ExitCode {
    let mut argv = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(arg) => argv.push(arg),
            Err(arg) => {
                eprintln!("peam-ssz: argument {arg:?} is not UTF-8");
                return ExitCode::from(2);
            }
        }
    }
    match args::parse(argv) {
        Ok(Parsed::Help(text)) => {
            // A closed standard output is no error worth a message here.
            let _ = std::io::stdout().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Ok(Parsed::Version) => {
            let _ = writeln!(std::io::stdout(), "peam-ssz {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Parsed::Run(args)) => match run::run(&args) {
            Ok(output::Outcome::Success) => ExitCode::SUCCESS,
            Ok(output::Outcome::Negative) => ExitCode::from(1),
            Err(message) => {
                eprintln!("peam-ssz: {message}");
                ExitCode::from(2)
            }
        },
        Err(UsageError { message, usage }) => {
            let summary = usage
                .lines()
                .find_map(|l| l.strip_prefix("Usage: "))
                .unwrap_or("peam-ssz --help");
            eprintln!("peam-ssz: {message} (usage: {summary})");
            ExitCode::from(2)
        }
    }
}
