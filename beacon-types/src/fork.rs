//! The forks of the beacon chain, by name: what a chain configuration maps
//! an epoch to, what the fork-aware containers report, and the `version` of
//! the beacon API's `{"version", "data"}` JSON.

use core::fmt;
use core::str::FromStr;

/// A fork of the beacon chain, in activation order (`Phase0 < Altair <
/// ... < Heze`).
///
/// ```
/// use peam_ssz_beacon::ForkName;
///
/// assert_eq!("deneb".parse::<ForkName>(), Ok(ForkName::Deneb));
/// assert_eq!(ForkName::Gloas.to_string(), "gloas");
/// assert!(ForkName::Electra < ForkName::Fulu);
/// assert_eq!(ForkName::Fulu.next(), Some(ForkName::Gloas));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ForkName {
    /// The genesis fork.
    Phase0,
    /// Altair: sync committees, participation flags.
    Altair,
    /// Bellatrix: the execution payload (the Merge).
    Bellatrix,
    /// Capella: withdrawals.
    Capella,
    /// Deneb: blob commitments (EIP-4844).
    Deneb,
    /// Electra: attestations across committees, execution requests.
    Electra,
    /// Fulu: PeerDAS, the proposer lookahead.
    Fulu,
    /// Gloas: enshrined proposer-builder separation (EIP-7732).
    Gloas,
    /// Heze: fork-choice enforced inclusion lists (EIP-7805).
    Heze,
}

impl ForkName {
    /// Every fork, in activation order.
    pub const ALL: [ForkName; 9] = [
        ForkName::Phase0,
        ForkName::Altair,
        ForkName::Bellatrix,
        ForkName::Capella,
        ForkName::Deneb,
        ForkName::Electra,
        ForkName::Fulu,
        ForkName::Gloas,
        ForkName::Heze,
    ];

    /// The spec's name of the fork, in lower case (`"phase0"`, `"fulu"`):
    /// the fork directories of the spec and its vectors, the configuration's
    /// `<NAME>_FORK_EPOCH` keys in upper case, and the beacon API's
    /// `version`.
    pub const fn name(self) -> &'static str {
        match self {
            ForkName::Phase0 => "phase0",
            ForkName::Altair => "altair",
            ForkName::Bellatrix => "bellatrix",
            ForkName::Capella => "capella",
            ForkName::Deneb => "deneb",
            ForkName::Electra => "electra",
            ForkName::Fulu => "fulu",
            ForkName::Gloas => "gloas",
            ForkName::Heze => "heze",
        }
    }

    /// The fork after this one, if any.
    pub const fn next(self) -> Option<ForkName> {
        let i = self as usize + 1;
        if i < Self::ALL.len() {
            Some(Self::ALL[i])
        } else {
            None
        }
    }

    /// The fork before this one, if any.
    pub const fn previous(self) -> Option<ForkName> {
        match self {
            ForkName::Phase0 => None,
            _ => Some(Self::ALL[self as usize - 1]),
        }
    }
}

impl fmt::Display for ForkName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`ForkName`]: the name is none of the forks'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownForkName(pub String);

impl fmt::Display for UnknownForkName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown fork `{}` (one of ", self.0)?;
        for (i, fork) in ForkName::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(fork.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownForkName {}

impl FromStr for ForkName {
    type Err = UnknownForkName;

    /// Parses the spec's lower-case name (`"electra"`); upper case is
    /// accepted too (`"ELECTRA"`, as in the configuration's keys).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ForkName::ALL
            .into_iter()
            .find(|fork| fork.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownForkName(s.to_owned()))
    }
}
