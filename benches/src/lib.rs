//! Fixtures for the criterion benchmarks of peam-ssz against its peers.
//!
//! Every fixture starts as plain Rust data drawn from a seeded xorshift
//! generator ([`Rng`]), so each run and each implementation sees the same
//! values. Each implementation then builds its own typed value from that data:
//! ours in [`ours`], the peers' in [`peers`].

mod expansion;
pub mod incremental;
pub mod ours;
pub mod peers;

/// `FAR_FUTURE_EPOCH` of the consensus specs.
pub const FAR_FUTURE_EPOCH: u64 = u64::MAX;

/// The limit of the benchmarked lists: `2**40`, the validator registry limit.
pub const LIST_LIMIT: usize = 1 << 40;

/// A xorshift64 generator: small, seeded, reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (a zero seed is replaced, since xorshift would
    /// stay at zero).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9e37_79b9_7f4a_7c15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number below `bound` (`bound > 0`).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }

    /// A random boolean.
    pub fn bool(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Fills `out` with random bytes.
    pub fn fill(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(8) {
            let word = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }

    /// `N` random bytes.
    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        self.fill(&mut out);
        out
    }
}

/// A `BeaconBlockHeader` as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderData {
    pub slot: u64,
    pub proposer_index: u64,
    pub parent_root: [u8; 32],
    pub state_root: [u8; 32],
    pub body_root: [u8; 32],
}

impl HeaderData {
    /// A header with random fields.
    pub fn random(rng: &mut Rng) -> HeaderData {
        HeaderData {
            slot: rng.below(1 << 24),
            proposer_index: rng.below(1 << 20),
            parent_root: rng.bytes(),
            state_root: rng.bytes(),
            body_root: rng.bytes(),
        }
    }
}

/// A `Validator` as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidatorData {
    pub pubkey: [u8; 48],
    pub withdrawal_credentials: [u8; 32],
    pub effective_balance: u64,
    pub slashed: bool,
    pub activation_eligibility_epoch: u64,
    pub activation_epoch: u64,
    pub exit_epoch: u64,
    pub withdrawable_epoch: u64,
}

impl ValidatorData {
    /// A validator shaped like mainnet's: most active at 32 ETH, a few
    /// exited or slashed.
    pub fn random(rng: &mut Rng) -> ValidatorData {
        let activation_epoch = rng.below(300_000);
        let exited = rng.below(16) == 0;
        let exit_epoch = if exited {
            activation_epoch + rng.below(50_000)
        } else {
            FAR_FUTURE_EPOCH
        };
        ValidatorData {
            pubkey: rng.bytes(),
            withdrawal_credentials: rng.bytes(),
            effective_balance: if rng.below(8) == 0 {
                rng.below(2048) * 1_000_000_000
            } else {
                32_000_000_000
            },
            slashed: exited && rng.below(8) == 0,
            activation_eligibility_epoch: activation_epoch.saturating_sub(rng.below(8)),
            activation_epoch,
            exit_epoch,
            withdrawable_epoch: if exited {
                exit_epoch + 256
            } else {
                FAR_FUTURE_EPOCH
            },
        }
    }
}

/// `n` random `u64`s.
pub fn random_u64s(n: usize, seed: u64) -> Vec<u64> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| rng.next_u64()).collect()
}

/// `n` random validators.
pub fn random_validators(n: usize, seed: u64) -> Vec<ValidatorData> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| ValidatorData::random(&mut rng)).collect()
}
