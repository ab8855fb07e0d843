//! The fork schedule: which fork an epoch is in, the fork versions and
//! digests, and the order of the fork epochs.

use peam_ssz_types::sha256::sha256;

use super::chain::ChainConfig;
use super::error::{ConfigError, ConfigErrorKind};
use crate::fork::ForkName;
use crate::versioned::ForkSchedule;

/// The epoch of a fork that is not scheduled: `2**64 - 1`, the spec's
/// `FAR_FUTURE_EPOCH`, which the configuration files write for it.
pub const FAR_FUTURE_EPOCH: u64 = u64::MAX;

impl ChainConfig {
    /// The epoch of `fork`, or `None` when it is not scheduled (the file
    /// gives `2**64 - 1` or no `<FORK>_FORK_EPOCH`). Phase0 is at 0.
    pub fn fork_epoch(&self, fork: ForkName) -> Option<u64> {
        match self.fork_epochs[fork as usize] {
            FAR_FUTURE_EPOCH => None,
            epoch => Some(epoch),
        }
    }

    /// The fork version of `fork` (`GENESIS_FORK_VERSION` for phase0).
    pub fn fork_version(&self, fork: ForkName) -> [u8; 4] {
        self.fork_versions[fork as usize]
    }

    /// The fork of `epoch`: the last fork whose epoch is at most `epoch`,
    /// the fork of the spec's `compute_fork_version`. As there, a fork at
    /// `FAR_FUTURE_EPOCH` is the fork of that one epoch.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mainnet = ChainConfig::mainnet();
    /// assert_eq!(mainnet.fork_at_epoch(0), ForkName::Phase0);
    /// assert_eq!(mainnet.fork_at_epoch(74239), ForkName::Phase0);
    /// assert_eq!(mainnet.fork_at_epoch(74240), ForkName::Altair);
    /// ```
    pub fn fork_at_epoch(&self, epoch: u64) -> ForkName {
        ForkName::ALL
            .into_iter()
            .rev()
            .find(|&fork| self.fork_epochs[fork as usize] <= epoch)
            .unwrap_or(ForkName::Phase0)
    }

    /// The fork of the epoch of `slot`.
    pub fn fork_at_slot(&self, slot: u64) -> ForkName {
        self.fork_at_epoch(self.epoch_at_slot(slot))
    }

    /// The epoch of `slot` (the spec's `compute_epoch_at_slot`).
    pub fn epoch_at_slot(&self, slot: u64) -> u64 {
        slot / self.slots_per_epoch()
    }

    /// The first slot of `epoch` (the spec's `compute_start_slot_at_epoch`),
    /// or `None` when it does not fit a `u64`.
    pub fn start_slot_at_epoch(&self, epoch: u64) -> Option<u64> {
        epoch.checked_mul(self.slots_per_epoch())
    }

    /// The fork version of `epoch` (the spec's `compute_fork_version`).
    pub fn fork_version_at_epoch(&self, epoch: u64) -> [u8; 4] {
        self.fork_version(self.fork_at_epoch(epoch))
    }

    /// Schedules `fork` at `epoch`, or unschedules it (`None`), keeping the
    /// fork epochs in order: an epoch before an earlier fork's or after a
    /// later fork's is refused, and so is any epoch but 0 for phase0. The
    /// configuration is unchanged on error.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mut config = ChainConfig::minimal();
    /// config.set_fork_epoch(ForkName::Altair, Some(2))?;
    /// assert_eq!(config.fork_at_epoch(2), ForkName::Altair);
    /// // Bellatrix before Altair: refused.
    /// assert!(config.set_fork_epoch(ForkName::Bellatrix, Some(1)).is_err());
    /// assert_eq!(config.fork_epoch(ForkName::Bellatrix), None);
    /// # Ok::<(), peam_ssz_beacon::config::ConfigError>(())
    /// ```
    pub fn set_fork_epoch(
        &mut self,
        fork: ForkName,
        epoch: Option<u64>,
    ) -> Result<(), ConfigError> {
        let epoch = epoch.unwrap_or(FAR_FUTURE_EPOCH);
        if fork == ForkName::Phase0 && epoch != 0 {
            return Err(ConfigError::new(
                None,
                None,
                ConfigErrorKind::Phase0Epoch(epoch),
            ));
        }
        let mut epochs = self.fork_epochs;
        epochs[fork as usize] = epoch;
        check_fork_order(&epochs)
            .map_err(|(fork, kind)| ConfigError::new(None, Some(&epoch_key(fork)), kind))?;
        self.fork_epochs = epochs;
        Ok(())
    }

    /// Schedules every fork up to `last` at genesis (epoch 0) and
    /// unschedules the forks after it: a chain that starts in `last`, as
    /// the spec's tests of one fork run.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mut config = ChainConfig::minimal();
    /// config.set_forks_at_genesis(ForkName::Fulu);
    /// assert_eq!(config.fork_at_epoch(0), ForkName::Fulu);
    /// assert_eq!(config.fork_epoch(ForkName::Gloas), None);
    /// ```
    pub fn set_forks_at_genesis(&mut self, last: ForkName) {
        for fork in ForkName::ALL {
            self.fork_epochs[fork as usize] = if fork <= last { 0 } else { FAR_FUTURE_EPOCH };
        }
    }

    /// The spec's `compute_fork_digest(genesis_validators_root, epoch)`
    /// (Fulu): the first 4 bytes of [`fork_data_root`] of the fork version
    /// of `epoch`, and from Fulu on those bytes XORed with the hash of the
    /// epoch's blob parameters, so that each blob-parameters-only fork has
    /// its own digest. The digest of gossip topics and of the ENR's
    /// `eth2` field.
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    ///
    /// let gvr: [u8; 32] = [
    ///     0x4b, 0x36, 0x3d, 0xb9, 0x4e, 0x28, 0x61, 0x20, 0xd7, 0x6e, 0xb9, 0x05, 0x34, 0x0f, 0xdd,
    ///     0x4e, 0x54, 0xbf, 0xe9, 0xf0, 0x6b, 0xf3, 0x3f, 0xf6, 0xcf, 0x5a, 0xd2, 0x7f, 0x51, 0x1b,
    ///     0xfe, 0x95,
    /// ];
    /// let mainnet = ChainConfig::mainnet();
    /// assert_eq!(mainnet.fork_digest(269568, &gvr), [0x6a, 0x95, 0xa1, 0xa9]); // deneb
    /// assert_eq!(mainnet.fork_digest(364032, &gvr), [0xad, 0x53, 0x2c, 0xeb]); // electra
    /// ```
    pub fn fork_digest(&self, epoch: u64, genesis_validators_root: &[u8; 32]) -> [u8; 4] {
        let base = fork_data_root(self.fork_version_at_epoch(epoch), genesis_validators_root);
        let mut digest = [base[0], base[1], base[2], base[3]];
        if epoch < self.fork_epochs[ForkName::Fulu as usize] {
            return digest;
        }
        let blob_parameters = self.blob_parameters(epoch);
        let mut message = [0u8; 16];
        message[..8].copy_from_slice(&blob_parameters.epoch.to_le_bytes());
        message[8..].copy_from_slice(&blob_parameters.max_blobs_per_block.to_le_bytes());
        let mask = sha256(&message);
        for (d, m) in digest.iter_mut().zip(mask) {
            *d ^= m;
        }
        digest
    }
}

/// The schedule the fork-aware containers decode by
/// ([`crate::versioned`]): a slot's fork is the one of its epoch, and its
/// maximum of blob commitments per block that epoch's
/// ([`ChainConfig::max_blobs_per_block_at_epoch`]).
///
/// ```
/// use peam_ssz_beacon::beacon::{forked, fulu, Mainnet};
/// use peam_ssz_beacon::config::ChainConfig;
/// use peam_ssz_beacon::versioned::ForkSchedule;
/// use peam_ssz_beacon::ForkName;
/// use peam_ssz_types::Ssz;
///
/// let config = ChainConfig::mainnet();
/// let fulu_epoch = config.fork_epoch(ForkName::Fulu).unwrap();
/// let slot = fulu_epoch * config.slots_per_epoch();
/// assert_eq!(config.fork_at_slot(slot), ForkName::Fulu);
/// assert_eq!(
///     ForkSchedule::max_blobs_per_block_at_slot(&config, slot),
///     config.max_blobs_per_block_at_epoch(fulu_epoch),
/// );
///
/// let state = fulu::BeaconState::<Mainnet> { slot, ..Default::default() };
/// let decoded = forked::BeaconState::<Mainnet>::from_ssz_with(&state.to_ssz(), &config).unwrap();
/// assert_eq!(decoded.fork_name(), ForkName::Fulu);
/// ```
impl ForkSchedule for ChainConfig {
    fn fork_at_slot(&self, slot: u64) -> ForkName {
        ChainConfig::fork_at_slot(self, slot)
    }

    fn max_blobs_per_block_at_slot(&self, slot: u64) -> u64 {
        self.max_blobs_per_block_at_epoch(self.epoch_at_slot(slot))
    }
}

/// The spec's `compute_fork_data_root`: the root of
/// `ForkData(current_version, genesis_validators_root)`, from which
/// signing domains and fork digests are taken.
///
/// ```
/// use peam_ssz_beacon::config::fork_data_root;
///
/// // Mainnet's genesis validators root: phase0's fork digest is b5303f2a.
/// let gvr: [u8; 32] = [
///     0x4b, 0x36, 0x3d, 0xb9, 0x4e, 0x28, 0x61, 0x20, 0xd7, 0x6e, 0xb9, 0x05, 0x34, 0x0f, 0xdd,
///     0x4e, 0x54, 0xbf, 0xe9, 0xf0, 0x6b, 0xf3, 0x3f, 0xf6, 0xcf, 0x5a, 0xd2, 0x7f, 0x51, 0x1b,
///     0xfe, 0x95,
/// ];
/// assert_eq!(fork_data_root([0; 4], &gvr)[..4], [0xb5, 0x30, 0x3f, 0x2a]);
/// ```
pub fn fork_data_root(fork_version: [u8; 4], genesis_validators_root: &[u8; 32]) -> [u8; 32] {
    // Two 32-byte leaves: the version right-padded with zeros, the root.
    let mut leaves = [0u8; 64];
    leaves[..4].copy_from_slice(&fork_version);
    leaves[32..].copy_from_slice(genesis_validators_root);
    sha256(&leaves)
}

pub(super) fn version_key(fork: ForkName) -> String {
    match fork {
        ForkName::Phase0 => "GENESIS_FORK_VERSION".to_owned(),
        _ => format!("{}_FORK_VERSION", fork.name().to_ascii_uppercase()),
    }
}

pub(super) fn epoch_key(fork: ForkName) -> String {
    format!("{}_FORK_EPOCH", fork.name().to_ascii_uppercase())
}

/// The first fork whose epoch is below the epoch of a fork before it.
pub(super) fn check_fork_order(
    epochs: &[u64; ForkName::ALL.len()],
) -> Result<(), (ForkName, ConfigErrorKind)> {
    for fork in ForkName::ALL.into_iter().skip(1) {
        let epoch = epochs[fork as usize];
        // The latest epoch among the forks before this one, and its fork.
        let (earlier_fork, earlier_epoch) = ForkName::ALL[..fork as usize]
            .iter()
            .map(|&f| (f, epochs[f as usize]))
            .max_by_key(|&(_, e)| e)
            .unwrap_or((ForkName::Phase0, 0));
        if epoch < earlier_epoch {
            return Err((
                fork,
                ConfigErrorKind::ForkOrder {
                    fork,
                    epoch,
                    earlier_fork,
                    earlier_epoch,
                },
            ));
        }
    }
    Ok(())
}
