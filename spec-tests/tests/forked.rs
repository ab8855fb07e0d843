//! Every `ssz_static` `BeaconState`, `BeaconBlock` and `SignedBeaconBlock`
//! case of every fork, decoded through the fork-aware containers
//! (`beacon::forked`, `beacon_v1_7::forked` and their cached twins) with a
//! chain configuration whose fork epochs put the case's slot in the first
//! epoch of its fork and the next fork one epoch later: the fork read from
//! the bytes, the root of `roots.yaml`, the same bytes back, the same value
//! as decoding at the fork, and the beacon API's JSON back to the value.
//! Prints `ssz_static[forked]@<edition>/<preset>/<fork>: P passed, F failed`.

use beacon_types::beacon_v1_7::without_maxima;
use beacon_types::config::ChainConfig;
use beacon_types::versioned::ForkDecodeError;
use beacon_types::{beacon, beacon_cached, beacon_v1_7, beacon_v1_7_cached, ForkName};
use peam_ssz_types::edition::{V1_6, V1_7};
use peam_ssz_types::json::{FromJson, Json};
use peam_ssz_types::{ConsensusJson, TreeHash};
use spec_tests::harness::{subdirs, vectors_dir, Case, Run, SpecEdition};
use std::path::Path;

/// What the test asks of each fork-aware container.
trait Forked: Sized + PartialEq + core::fmt::Debug + TreeHash + ConsensusJson {
    fn with(bytes: &[u8], config: &ChainConfig) -> Result<Self, ForkDecodeError>;
    fn at(fork: ForkName, bytes: &[u8]) -> Result<Self, ForkDecodeError>;
    fn fork(&self) -> ForkName;
    fn ssz(&self) -> Vec<u8>;
}

macro_rules! forked {
    ($($ty:ty),* $(,)?) => {$(
        impl Forked for $ty {
            fn with(bytes: &[u8], config: &ChainConfig) -> Result<Self, ForkDecodeError> {
                <$ty>::from_ssz_with(bytes, config)
            }
            fn at(fork: ForkName, bytes: &[u8]) -> Result<Self, ForkDecodeError> {
                <$ty>::from_ssz_at(fork, bytes)
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

forked!(
    beacon::forked::BeaconState<beacon::Mainnet>,
    beacon::forked::BeaconState<beacon::Minimal>,
    beacon::forked::BeaconBlock<beacon::Mainnet>,
    beacon::forked::BeaconBlock<beacon::Minimal>,
    beacon::forked::SignedBeaconBlock<beacon::Mainnet>,
    beacon::forked::SignedBeaconBlock<beacon::Minimal>,
    beacon_cached::forked::BeaconState<beacon::Mainnet>,
    beacon_cached::forked::BeaconState<beacon::Minimal>,
    beacon_v1_7::forked::BeaconState<beacon_v1_7::Mainnet>,
    beacon_v1_7::forked::BeaconState<beacon_v1_7::Minimal>,
    beacon_v1_7::forked::BeaconBlock<beacon_v1_7::Mainnet>,
    beacon_v1_7::forked::BeaconBlock<beacon_v1_7::Minimal>,
    beacon_v1_7::forked::SignedBeaconBlock<beacon_v1_7::Mainnet>,
    beacon_v1_7::forked::SignedBeaconBlock<beacon_v1_7::Minimal>,
    beacon_v1_7_cached::forked::BeaconState<beacon_v1_7::Mainnet>,
    beacon_v1_7_cached::forked::BeaconState<beacon_v1_7::Minimal>,
);

/// The preset's built-in configuration with the forks up to `fork` at
/// epoch 0 (`fork` itself at `epoch`) and the ones after it at `epoch + 1`
/// and later: `epoch` is `fork`'s first, the next fork's is right after.
fn config_at(preset: &str, fork: ForkName, epoch: u64) -> ChainConfig {
    let mut config = match preset {
        "mainnet" => ChainConfig::mainnet(),
        _ => ChainConfig::minimal(),
    };
    // Latest first, so that the epochs stay in fork order at every step.
    for f in ForkName::ALL.into_iter().rev() {
        let at = if f > fork {
            epoch.checked_add(1)
        } else if f == fork {
            Some(epoch)
        } else {
            Some(0)
        };
        if f != ForkName::Phase0 {
            config
                .set_fork_epoch(f, at.filter(|&e| e != u64::MAX))
                .unwrap_or_else(|e| panic!("{f} at {at:?}: {e}"));
        }
    }
    config
}

/// Checks one case of `fork`'s `T` through the fork-aware `F`.
fn check<F: Forked>(case: &Case, preset: &str, fork: ForkName) -> Result<(), String> {
    let bytes = case.serialized()?;
    let root = case.root("roots.yaml")?;
    let slot = read_slot::<F>(&bytes)?;
    let epoch = slot / config_of(preset).slots_per_epoch();
    let config = config_at(preset, fork, epoch);
    let value = F::with(&bytes, &config).map_err(|e| format!("decode by slot {slot}: {e}"))?;
    if value.fork() != fork {
        return Err(format!("slot {slot}: fork {}, not {fork}", value.fork()));
    }
    if value.hash_tree_root() != root {
        return Err("root differs from roots.yaml".into());
    }
    if value.ssz() != bytes {
        return Err("encoding differs from the bytes".into());
    }
    if F::at(fork, &bytes).map_err(|e| e.to_string())? != value {
        return Err("decoding at the fork gives another value".into());
    }
    let json = serde_json::to_string(&Json(&value)).map_err(|e| e.to_string())?;
    let prefix = format!("{{\"version\":\"{fork}\",\"data\":");
    if !json.starts_with(&prefix) {
        return Err(format!("JSON does not start with {prefix}"));
    }
    let back: FromJson<F> = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    if back.0 != value {
        return Err("JSON gives another value".into());
    }
    // The slot one epoch later falls in the next fork: the same bytes are
    // not read as this fork's.
    if let Some(next) = fork.next() {
        let moved = config_at(preset, next, epoch);
        if let Ok(v) = F::with(&bytes, &moved) {
            if v.fork() != next {
                return Err(format!("with {next} at the slot's epoch: {}", v.fork()));
            }
        }
    }
    Ok(())
}

fn config_of(preset: &str) -> ChainConfig {
    match preset {
        "mainnet" => ChainConfig::mainnet(),
        _ => ChainConfig::minimal(),
    }
}

/// The slot the containers read: `BeaconState` at byte 40, `BeaconBlock` at
/// 0, `SignedBeaconBlock` behind the offset of `message` (written here as
/// the spec lays the bytes out, apart from the code under test).
fn read_slot<F>(bytes: &[u8]) -> Result<u64, String> {
    let name = core::any::type_name::<F>();
    let at = if name.contains("SignedBeaconBlock<") {
        let offset = bytes.get(..4).ok_or("no offset")?;
        u32::from_le_bytes(offset.try_into().map_err(|_| "offset")?) as usize
    } else if name.contains("BeaconState<") {
        40
    } else {
        0
    };
    let slot = bytes.get(at..at + 8).ok_or("no slot")?;
    Ok(u64::from_le_bytes(slot.try_into().map_err(|_| "slot")?))
}

/// Runs `F` over the cases of `ty` of every fork in `forks` of the edition
/// `E`'s vectors for `preset`, one group per fork.
fn run<E: SpecEdition, F: Forked>(
    run: &mut Run,
    preset: &str,
    forks: &[ForkName],
    ty: &str,
    variant: &str,
    lift: bool,
) {
    let root = vectors_dir::<E>();
    for &fork in forks {
        let dir = root.join(format!("tests/{preset}/{fork}/ssz_static/{ty}"));
        let cases = cases_under(&dir);
        if cases.is_empty() {
            run.fail(format!(
                "no {ty} case for {preset}/{fork} in {}",
                dir.display()
            ));
            continue;
        }
        let group = format!("ssz_static[forked{variant}]@{}/{preset}/{fork}", E::NAME);
        run.run(&group, cases, |case| {
            if lift {
                without_maxima(|| check::<F>(case, preset, fork))
            } else {
                check::<F>(case, preset, fork)
            }
        });
    }
}

fn cases_under(dir: &Path) -> Vec<std::path::PathBuf> {
    subdirs(dir)
        .unwrap_or_default()
        .into_iter()
        .flat_map(|suite| subdirs(&suite).unwrap_or_default())
        .collect()
}

const V1_6_FORKS: [ForkName; 8] = [
    ForkName::Phase0,
    ForkName::Altair,
    ForkName::Bellatrix,
    ForkName::Capella,
    ForkName::Deneb,
    ForkName::Electra,
    ForkName::Fulu,
    ForkName::Gloas,
];

fn v1_7_forks() -> Vec<ForkName> {
    beacon_v1_7::VECTOR_FORKS
        .iter()
        .map(|f| f.parse().expect("a fork"))
        .collect()
}

#[test]
fn v1_6_every_state_and_block_by_slot() {
    let mut r = Run::new();
    for preset in ["mainnet", "minimal"] {
        macro_rules! go {
            ($p:ty) => {{
                run::<V1_6, beacon::forked::BeaconState<$p>>(
                    &mut r,
                    preset,
                    &V1_6_FORKS,
                    "BeaconState",
                    "",
                    false,
                );
                run::<V1_6, beacon::forked::BeaconBlock<$p>>(
                    &mut r,
                    preset,
                    &V1_6_FORKS,
                    "BeaconBlock",
                    "",
                    false,
                );
                run::<V1_6, beacon::forked::SignedBeaconBlock<$p>>(
                    &mut r,
                    preset,
                    &V1_6_FORKS,
                    "SignedBeaconBlock",
                    "",
                    false,
                );
                run::<V1_6, beacon_cached::forked::BeaconState<$p>>(
                    &mut r,
                    preset,
                    &V1_6_FORKS,
                    "BeaconState",
                    "/cached",
                    false,
                );
            }};
        }
        if preset == "mainnet" {
            go!(beacon::Mainnet);
        } else {
            go!(beacon::Minimal);
        }
    }
    r.finish();
}

#[test]
fn v1_7_every_state_and_block_by_slot() {
    let forks = v1_7_forks();
    let mut r = Run::new();
    for preset in ["mainnet", "minimal"] {
        macro_rules! go {
            ($p:ty) => {{
                run::<V1_7, beacon_v1_7::forked::BeaconState<$p>>(
                    &mut r,
                    preset,
                    &forks,
                    "BeaconState",
                    "",
                    true,
                );
                run::<V1_7, beacon_v1_7::forked::BeaconBlock<$p>>(
                    &mut r,
                    preset,
                    &forks,
                    "BeaconBlock",
                    "",
                    true,
                );
                run::<V1_7, beacon_v1_7::forked::SignedBeaconBlock<$p>>(
                    &mut r,
                    preset,
                    &forks,
                    "SignedBeaconBlock",
                    "",
                    true,
                );
                run::<V1_7, beacon_v1_7_cached::forked::BeaconState<$p>>(
                    &mut r,
                    preset,
                    &forks,
                    "BeaconState",
                    "/cached",
                    true,
                );
            }};
        }
        if preset == "mainnet" {
            go!(beacon_v1_7::Mainnet);
        } else {
            go!(beacon_v1_7::Minimal);
        }
    }
    r.finish();
}
