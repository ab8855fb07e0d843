//! `BLOB_SCHEDULE`: its entries, and the checks every schedule passes.

use super::error::{ConfigError, ConfigErrorKind};
use super::preset::PresetBase;

/// The blob parameters from an epoch on: an entry of `BLOB_SCHEDULE`, and
/// what the spec's `get_blob_parameters` (Fulu) returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlobParameters {
    /// The first epoch of these parameters.
    pub epoch: u64,
    /// The most blobs a block may commit to.
    pub max_blobs_per_block: u64,
}

/// The blob schedule sorted by epoch, after checking that no two entries
/// share an epoch and that every maximum fits the preset's
/// `MAX_BLOB_COMMITMENTS_PER_BLOCK`. Each entry comes with its line, if
/// it has one.
pub(super) fn checked_schedule(
    preset_base: PresetBase,
    mut schedule: Vec<(Option<usize>, BlobParameters)>,
) -> Result<Vec<BlobParameters>, ConfigError> {
    const KEY: &str = "BLOB_SCHEDULE";
    let bound = preset_base.max_blob_commitments_per_block();
    for &(line, entry) in &schedule {
        if entry.max_blobs_per_block > bound {
            return Err(ConfigError::new(
                line,
                Some(KEY),
                ConfigErrorKind::TooManyBlobs {
                    max_blobs_per_block: entry.max_blobs_per_block,
                    bound,
                },
            ));
        }
    }
    // The spec's `get_blob_parameters` sorts the schedule by epoch; two
    // entries at one epoch would make the answer depend on the sort.
    schedule.sort_by_key(|(_, entry)| entry.epoch);
    for pair in schedule.windows(2) {
        if pair[0].1.epoch == pair[1].1.epoch {
            return Err(ConfigError::new(
                pair[0].0.max(pair[1].0),
                Some(KEY),
                ConfigErrorKind::DuplicateBlobScheduleEpoch(pair[1].1.epoch),
            ));
        }
    }
    Ok(schedule.into_iter().map(|(_, entry)| entry).collect())
}
