//! The run-time maxima: blobs per block (and the blob schedule), and the
//! p2p bounds of payloads, requests and subnets.

use super::blobs::{checked_schedule, BlobParameters};
use super::chain::ChainConfig;
use super::error::ConfigError;
use crate::fork::ForkName;

impl ChainConfig {
    /// Replaces `BLOB_SCHEDULE` with `schedule` (in any order), checked as
    /// a file's is: entries at distinct epochs, maxima within the preset's
    /// `MAX_BLOB_COMMITMENTS_PER_BLOCK`. The configuration is unchanged on
    /// error.
    ///
    /// ```
    /// use peam_ssz_beacon::config::{BlobParameters, ChainConfig};
    /// use peam_ssz_beacon::ForkName;
    ///
    /// let mut config = ChainConfig::minimal();
    /// config.set_forks_at_genesis(ForkName::Fulu);
    /// config.set_blob_schedule([BlobParameters { epoch: 2, max_blobs_per_block: 12 }])?;
    /// assert_eq!(config.max_blobs_per_block_at_epoch(1), 9);
    /// assert_eq!(config.max_blobs_per_block_at_epoch(2), 12);
    /// # Ok::<(), peam_ssz_beacon::config::ConfigError>(())
    /// ```
    pub fn set_blob_schedule(
        &mut self,
        schedule: impl IntoIterator<Item = BlobParameters>,
    ) -> Result<(), ConfigError> {
        let schedule = schedule.into_iter().map(|entry| (None, entry)).collect();
        self.blob_schedule = checked_schedule(self.preset_base, schedule)?;
        Ok(())
    }

    /// `MAX_BLOBS_PER_BLOCK` (Deneb).
    pub fn max_blobs_per_block(&self) -> u64 {
        self.max_blobs_per_block
    }

    /// `MAX_BLOBS_PER_BLOCK_ELECTRA`.
    pub fn max_blobs_per_block_electra(&self) -> u64 {
        self.max_blobs_per_block_electra
    }

    /// `BLOB_SCHEDULE`, sorted by epoch (the file may list it in any order;
    /// two entries at one epoch are refused).
    pub fn blob_schedule(&self) -> &[BlobParameters] {
        &self.blob_schedule
    }

    /// The spec's `get_blob_parameters(epoch)` (Fulu): the entry of the
    /// blob schedule with the highest epoch at most `epoch`, or, when there
    /// is none, Electra's epoch and `MAX_BLOBS_PER_BLOCK_ELECTRA`. It looks
    /// at the schedule only; [`ChainConfig::max_blobs_per_block_at_epoch`]
    /// asks it from Fulu on.
    pub fn blob_parameters(&self, epoch: u64) -> BlobParameters {
        let after = self.blob_schedule.partition_point(|e| e.epoch <= epoch);
        match after.checked_sub(1) {
            Some(i) => self.blob_schedule[i],
            None => BlobParameters {
                epoch: self.fork_epochs[ForkName::Electra as usize],
                max_blobs_per_block: self.max_blobs_per_block_electra,
            },
        }
    }

    /// The most blobs a block of `epoch` may commit to: 0 before Deneb,
    /// `MAX_BLOBS_PER_BLOCK` in Deneb, `MAX_BLOBS_PER_BLOCK_ELECTRA` in
    /// Electra, and from Fulu on the spec's
    /// `get_blob_parameters(epoch).max_blobs_per_block` (the blob
    /// schedule; Gloas and Heze keep the rule).
    ///
    /// ```
    /// use peam_ssz_beacon::config::ChainConfig;
    ///
    /// let mainnet = ChainConfig::mainnet();
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(269567), 0); // capella
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(269568), 6); // deneb
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(364032), 9); // electra
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(411392), 9); // fulu
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(412672), 15); // BPO 1
    /// assert_eq!(mainnet.max_blobs_per_block_at_epoch(419072), 21); // BPO 2
    /// ```
    pub fn max_blobs_per_block_at_epoch(&self, epoch: u64) -> u64 {
        match self.fork_at_epoch(epoch) {
            ForkName::Phase0 | ForkName::Altair | ForkName::Bellatrix | ForkName::Capella => 0,
            ForkName::Deneb => self.max_blobs_per_block,
            ForkName::Electra => self.max_blobs_per_block_electra,
            ForkName::Fulu | ForkName::Gloas | ForkName::Heze => {
                self.blob_parameters(epoch).max_blobs_per_block
            }
        }
    }

    /// `MAX_PAYLOAD_SIZE`: the most bytes of an uncompressed gossip message
    /// or req/resp chunk.
    pub fn max_payload_size(&self) -> u64 {
        self.max_payload_size
    }

    /// The spec's `max_compressed_len(MAX_PAYLOAD_SIZE)` (phase0 p2p): the
    /// most bytes snappy may compress `MAX_PAYLOAD_SIZE` to, `32 + n +
    /// n / 6`, saturated at `u64::MAX`.
    pub fn max_compressed_payload_size(&self) -> u64 {
        let n = self.max_payload_size;
        n.saturating_add(32).saturating_add(n / 6)
    }

    /// The spec's `max_message_size()` (phase0 p2p): the compressed bound
    /// plus 1024 bytes of framing, at least 1 MiB.
    pub fn max_message_size(&self) -> u64 {
        self.max_compressed_payload_size()
            .saturating_add(1024)
            .max(1024 * 1024)
    }

    /// `MAX_REQUEST_BLOCKS`: the most blocks of a request, before Deneb.
    pub fn max_request_blocks(&self) -> u64 {
        self.max_request_blocks
    }

    /// `MAX_REQUEST_BLOCKS_DENEB`: the most blocks of a request from Deneb
    /// on.
    pub fn max_request_blocks_deneb(&self) -> u64 {
        self.max_request_blocks_deneb
    }

    /// The most blocks of a request in `fork`: `MAX_REQUEST_BLOCKS` before
    /// Deneb, `MAX_REQUEST_BLOCKS_DENEB` from it on.
    pub fn max_request_blocks_in(&self, fork: ForkName) -> u64 {
        if fork >= ForkName::Deneb {
            self.max_request_blocks_deneb
        } else {
            self.max_request_blocks
        }
    }

    /// The spec's `compute_max_request_blob_sidecars()` in `fork`:
    /// `MAX_REQUEST_BLOCKS_DENEB` times `MAX_BLOBS_PER_BLOCK` in Deneb,
    /// times `MAX_BLOBS_PER_BLOCK_ELECTRA` from Electra on (saturated);
    /// 0 before Deneb, which has no blob sidecars.
    pub fn max_request_blob_sidecars(&self, fork: ForkName) -> u64 {
        let per_block = match fork {
            ForkName::Phase0 | ForkName::Altair | ForkName::Bellatrix | ForkName::Capella => 0,
            ForkName::Deneb => self.max_blobs_per_block,
            _ => self.max_blobs_per_block_electra,
        };
        self.max_request_blocks_deneb.saturating_mul(per_block)
    }

    /// `MAX_REQUEST_PAYLOADS` (Gloas): the most execution payload envelopes
    /// of a request.
    pub fn max_request_payloads(&self) -> u64 {
        self.max_request_payloads
    }

    /// `MAX_REQUEST_INCLUSION_LIST` (Heze): the most inclusion lists of a
    /// request.
    pub fn max_request_inclusion_list(&self) -> u64 {
        self.max_request_inclusion_list
    }

    /// `MAX_BYTES_PER_INCLUSION_LIST` (Heze): the most bytes of an
    /// inclusion list's transactions.
    pub fn max_bytes_per_inclusion_list(&self) -> u64 {
        self.max_bytes_per_inclusion_list
    }

    /// `ATTESTATION_SUBNET_COUNT`: attestation subnet ids are below it.
    pub fn attestation_subnet_count(&self) -> u64 {
        self.attestation_subnet_count
    }

    /// `BLOB_SIDECAR_SUBNET_COUNT` (Deneb): blob sidecar subnet ids are
    /// below it.
    pub fn blob_sidecar_subnet_count(&self) -> u64 {
        self.blob_sidecar_subnet_count
    }

    /// `BLOB_SIDECAR_SUBNET_COUNT_ELECTRA`.
    pub fn blob_sidecar_subnet_count_electra(&self) -> u64 {
        self.blob_sidecar_subnet_count_electra
    }

    /// `DATA_COLUMN_SIDECAR_SUBNET_COUNT` (Fulu): data column subnet ids
    /// are below it.
    pub fn data_column_sidecar_subnet_count(&self) -> u64 {
        self.data_column_sidecar_subnet_count
    }

    /// `NUMBER_OF_CUSTODY_GROUPS` (Fulu): a node's custody group count is
    /// at most it.
    pub fn number_of_custody_groups(&self) -> u64 {
        self.number_of_custody_groups
    }
}
