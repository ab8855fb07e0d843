//! What the fork-aware containers share: their decoding error, the
//! [`ForkSchedule`] that maps a slot to its fork and run-time maxima, and
//! the beacon API's `{"version": "<fork>", "data": ...}` JSON.
//!
//! The containers themselves are generated, one enum per container whose
//! type changes across the forks of an edition: [`crate::beacon::forked`]
//! (v1.6.1, phase0 to gloas) and [`crate::beacon_v1_7::forked`]
//! (v1.7.0-alpha.13), with their cached twins in
//! [`crate::beacon_cached::forked`] and [`crate::beacon_v1_7_cached::forked`].
//! Each `X` has a variant per fork that has it, a borrowed `XRef<'_>`, and:
//!
//! - `fork_name()`, `to_ref()`, `from_ssz_at(fork, bytes)`,
//!   `default_at(fork)`, `to_ssz()`, `ssz_len()`,
//!   [`TreeHash`](peam_ssz_types::TreeHash) (so
//!   `hash_tree_root` and proofs),
//!   [`ConsensusJson`](peam_ssz_types::ConsensusJson) in the beacon API's
//!   `{"version", "data"}` shape, `From` each fork's value;
//! - an accessor per field: `state.slot()` (`&u64`) where every fork has
//!   the field with one type, `Option<&T>` where only some forks have it
//!   (`state.current_sync_committee()` is `None` in phase0), a `_mut` twin,
//!   `field_<fork>()` per run of forks where its type changes
//!   (`body.attestations_phase0()`, `body.attestations_electra()`), and the
//!   borrowed enum where the field is itself such a container
//!   (`block.body()` is a `BeaconBlockBodyRef`);
//! - `from_ssz_with(bytes, schedule)` for the containers whose slot no fork
//!   moves (`BeaconState`, `BeaconBlock`, `SignedBeaconBlock`,
//!   `LightClientHeader`): the slot is read at its place, the fork and the
//!   run-time maxima are the schedule's at that slot.

use core::fmt;

use peam_ssz_types::{DecodeError, Ssz};
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserializer, Serializer};

use crate::ForkName;

/// Why bytes did not decode as a fork-aware container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForkDecodeError {
    /// The fork has no such container in this edition: an
    /// `ExecutionPayload` of phase0, or a phase0 state given to the
    /// v1.7.0-alpha.13 edition, whose forks start at fulu.
    NotInFork {
        /// The container's spec name.
        container: &'static str,
        /// The fork asked for, or the one the slot fell in.
        fork: ForkName,
    },
    /// The bytes end before the slot that names the fork.
    NoSlot {
        /// The container's spec name.
        container: &'static str,
        /// The bytes' length.
        len: usize,
        /// The length needed to read the slot.
        needed: usize,
    },
    /// The bytes are not an SSZ value of the fork's type.
    Decode {
        /// The fork whose type was decoded.
        fork: ForkName,
        /// What decoding found, and where.
        error: DecodeError,
    },
}

impl fmt::Display for ForkDecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForkDecodeError::NotInFork { container, fork } => {
                write!(f, "{fork} has no {container} in this edition")
            }
            ForkDecodeError::NoSlot {
                container,
                len,
                needed,
            } => write!(
                f,
                "{len} bytes are too short for a {container}: its slot ends at byte {needed}"
            ),
            ForkDecodeError::Decode { fork, error } => write!(f, "as {fork}'s type: {error}"),
        }
    }
}

impl std::error::Error for ForkDecodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ForkDecodeError::Decode { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Decodes `bytes` as `fork`'s `T`.
#[doc(hidden)]
pub fn decode_at<T: Ssz>(fork: ForkName, bytes: &[u8]) -> Result<T, ForkDecodeError> {
    T::from_ssz(bytes).map_err(|error| ForkDecodeError::Decode { fork, error })
}

/// Where a container's slot lies in its bytes, whatever the fork.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotAt {
    /// At this byte offset (`BeaconState`: 40, after `genesis_time` and
    /// `genesis_validators_root`; `BeaconBlock`: 0).
    Fixed(usize),
    /// First in a variable-size field whose 4-byte offset lies at this byte
    /// offset (`SignedBeaconBlock`: `message`, whose offset is at 0).
    Behind(usize),
}

impl SlotAt {
    /// The slot of `container`'s `bytes`.
    pub fn read(self, container: &'static str, bytes: &[u8]) -> Result<u64, ForkDecodeError> {
        let at = match self {
            SlotAt::Fixed(at) => at,
            SlotAt::Behind(offset) => {
                let raw = read_le::<4>(container, bytes, offset)?;
                // A `u32`, which fits in a `usize` on every target with
                // 32-bit or wider pointers; on a narrower one the bytes are
                // too short anyway.
                usize::try_from(u32::from_le_bytes(raw)).unwrap_or(usize::MAX)
            }
        };
        read_le::<8>(container, bytes, at).map(u64::from_le_bytes)
    }
}

fn read_le<const N: usize>(
    container: &'static str,
    bytes: &[u8],
    at: usize,
) -> Result<[u8; N], ForkDecodeError> {
    at.checked_add(N)
        .and_then(|end| bytes.get(at..end))
        .and_then(|b| <[u8; N]>::try_from(b).ok())
        .ok_or(ForkDecodeError::NoSlot {
            container,
            len: bytes.len(),
            needed: at.saturating_add(N),
        })
}

/// The fork of a slot and the run-time maxima in force at it: what
/// decoding a container of whatever fork needs of the chain's
/// configuration. A type that holds the chain's configuration implements
/// it; a client with a specification type of its own can too.
pub trait ForkSchedule {
    /// The fork the slot falls in.
    fn fork_at_slot(&self, slot: u64) -> ForkName;

    /// `max_blobs_per_block` at the slot's epoch (Fulu's blob schedule,
    /// Electra's and Deneb's constants before it).
    fn max_blobs_per_block_at_slot(&self, slot: u64) -> u64;

    /// Reads `container`'s slot at `at`, and decodes `bytes` with `decode`
    /// as the type of the slot's fork, under the slot's maximum of blob
    /// commitments ([`MaxBlobsPerBlock`](crate::beacon_v1_7::MaxBlobsPerBlock)).
    fn decode<T>(
        &self,
        container: &'static str,
        bytes: &[u8],
        at: SlotAt,
        decode: impl FnOnce(ForkName, &[u8]) -> Result<T, ForkDecodeError>,
    ) -> Result<T, ForkDecodeError> {
        let slot = at.read(container, bytes)?;
        let fork = self.fork_at_slot(slot);
        let max = usize::try_from(self.max_blobs_per_block_at_slot(slot)).unwrap_or(usize::MAX);
        peam_ssz_types::with_max::<crate::beacon_v1_7::MaxBlobsPerBlock, _>(max, || {
            decode(fork, bytes)
        })
    }
}

/// A fork-aware container's JSON: its name, its value's fork and the
/// `data` entry of each fork. Generated for each; the
/// [`ConsensusJson`](peam_ssz_types::ConsensusJson) impls go through [`serialize_json`] and
/// [`deserialize_json`].
#[doc(hidden)]
pub trait VersionedJson: Sized {
    /// The container's spec name.
    const NAME: &'static str;

    /// Writes the `data` entry.
    fn serialize_data<S: SerializeMap>(&self, map: &mut S) -> Result<(), S::Error>;

    /// Reads the `data` entry as `fork`'s type; `None` if the fork has none.
    fn deserialize_data<'de, A: MapAccess<'de>>(
        fork: ForkName,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error>;
}

/// `{"version": "<fork>", "data": <value>}`.
#[doc(hidden)]
pub fn serialize_json<T: VersionedJson, S: Serializer>(
    value: &T,
    fork: ForkName,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(2))?;
    map.serialize_entry("version", fork.name())?;
    value.serialize_data(&mut map)?;
    map.end()
}

/// Reads `{"version": "<fork>", "data": <value>}`: `version` first, as the
/// beacon API writes it, so that `data` is read once, as its fork's type.
#[doc(hidden)]
pub fn deserialize_json<'de, T: VersionedJson, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    struct Versioned<T>(core::marker::PhantomData<T>);

    impl<'de, T: VersionedJson> Visitor<'de> for Versioned<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(
                f,
                "a {} as {{\"version\": \"<fork>\", \"data\": ...}}",
                T::NAME
            )
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
            let mut fork = None;
            let mut value = None;
            while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                match &*key {
                    "version" => {
                        if fork.is_some() {
                            return Err(de::Error::duplicate_field("version"));
                        }
                        let name = map.next_value::<std::borrow::Cow<'de, str>>()?;
                        fork = Some(name.parse::<ForkName>().map_err(de::Error::custom)?);
                    }
                    "data" => {
                        if value.is_some() {
                            return Err(de::Error::duplicate_field("data"));
                        }
                        let Some(fork) = fork else {
                            return Err(de::Error::custom("`version` must come before `data`"));
                        };
                        value = Some(T::deserialize_data(fork, &mut map)?.ok_or_else(|| {
                            de::Error::custom(format!("{fork} has no {}", T::NAME))
                        })?);
                    }
                    other => return Err(de::Error::unknown_field(other, &["version", "data"])),
                }
            }
            value.ok_or_else(|| de::Error::missing_field("data"))
        }
    }

    deserializer.deserialize_map(Versioned(core::marker::PhantomData))
}
