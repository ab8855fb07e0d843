//! Builds real beacon containers of the fulu fork for the mainnet preset (a
//! full signed block, a beacon state with thousands of validators, a data
//! column sidecar), then encodes, decodes, compares and hashes each, printing
//! sizes, roots and timings; the state also through the run-time path
//! (`peam_ssz_schema` with its generated schema), decode and root against
//! the derived type's.
//!
//! ```sh
//! cargo run --release -p spec-tests --example beacon [-- --validators N]
//! ```
//!
//! The values are pseudo-random but fixed (a seeded generator), so the roots
//! printed are the same on every run and every machine.

use beacon_types::beacon::{fulu, Mainnet, Minimal, Preset};
use peam_ssz_types::{
    Bitlist, Bitvector, ByteList, ByteVector, FixedBytes, Length, List, Ssz, TreeHash, Vector, U256,
};
use std::time::{Duration, Instant};

/// SplitMix64: a small seeded generator, enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn fill(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(8) {
            let word = self.next().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }

    fn bytes<const N: usize>(&mut self) -> FixedBytes<N> {
        let mut out = [0u8; N];
        self.fill(&mut out);
        FixedBytes::new(out)
    }

    fn vec(&mut self, len: usize) -> Vec<u8> {
        let mut out = vec![0u8; len];
        self.fill(&mut out);
        out
    }
}

/// A list from `len` generated elements; `len` is within the bound.
fn list<T, N: Length>(len: usize, f: impl FnMut(usize) -> T) -> List<T, N> {
    List::try_from_vec((0..len).map(f).collect()).expect("within the list's bound")
}

fn hex(bytes: &[u8]) -> String {
    format!("{:x}", peam_ssz_types::Hex(bytes))
}

fn checkpoint(rng: &mut Rng, epoch: u64) -> fulu::Checkpoint {
    fulu::Checkpoint {
        epoch,
        root: rng.bytes(),
    }
}

fn attestation_data(rng: &mut Rng, slot: u64) -> fulu::AttestationData {
    let epoch = slot / <Mainnet as Preset>::SlotsPerEpoch::USIZE as u64;
    fulu::AttestationData {
        slot,
        index: 0,
        beacon_block_root: rng.bytes(),
        source: checkpoint(rng, epoch - 1),
        target: checkpoint(rng, epoch),
    }
}

/// An electra-style aggregate: every committee of the slot, each about 480
/// validators (a million active validators on mainnet), most of them voting.
fn attestation(rng: &mut Rng, slot: u64) -> fulu::Attestation<Mainnet> {
    let committees = <Mainnet as Preset>::MaxCommitteesPerSlot::USIZE;
    let committee_size = 480;
    let mut aggregation_bits = Bitlist::with_len(committees * committee_size).expect("bound");
    for i in 0..aggregation_bits.len() {
        aggregation_bits
            .set(i, rng.below(100) < 95)
            .expect("in range");
    }
    let mut committee_bits = Bitvector::new();
    for i in 0..committees {
        committee_bits.set(i, true).expect("in range");
    }
    fulu::Attestation {
        aggregation_bits,
        data: attestation_data(rng, slot),
        signature: rng.bytes(),
        committee_bits,
    }
}

fn indexed_attestation(rng: &mut Rng, slot: u64) -> fulu::IndexedAttestation<Mainnet> {
    let mut indices: Vec<u64> = (0..2_000).map(|_| rng.below(1 << 20)).collect();
    indices.sort_unstable();
    indices.dedup();
    fulu::IndexedAttestation {
        attesting_indices: List::try_from_vec(indices).expect("bound"),
        data: attestation_data(rng, slot),
        signature: rng.bytes(),
    }
}

fn signed_block(rng: &mut Rng) -> fulu::SignedBeaconBlock<Mainnet> {
    let slot = 12_000_000;
    let slashed = attestation_data(rng, slot - 40);
    let mut attester_slashing = fulu::AttesterSlashing {
        attestation_1: indexed_attestation(rng, slot - 40),
        attestation_2: indexed_attestation(rng, slot - 40),
    };
    attester_slashing.attestation_1.data = slashed.clone();
    attester_slashing.attestation_2.data = fulu::AttestationData {
        beacon_block_root: rng.bytes(),
        ..slashed
    };

    let header = |rng: &mut Rng| fulu::SignedBeaconBlockHeader {
        message: fulu::BeaconBlockHeader {
            slot: slot - 3,
            proposer_index: rng.below(1 << 20),
            parent_root: rng.bytes(),
            state_root: rng.bytes(),
            body_root: rng.bytes(),
        },
        signature: rng.bytes(),
    };
    let proposer_slashing = fulu::ProposerSlashing {
        signed_header_1: header(rng),
        signed_header_2: header(rng),
    };

    let mut sync_committee_bits = Bitvector::new();
    for i in 0..sync_committee_bits.len() {
        sync_committee_bits
            .set(i, rng.below(100) < 98)
            .expect("in range");
    }

    // A typical payload: a few hundred transactions of a few hundred bytes,
    // a full set of withdrawals.
    let transactions = list(300, |_| {
        let len = 100 + rng.below(700) as usize;
        ByteList::try_from_vec(rng.vec(len)).expect("bound")
    });
    let withdrawals = list(<Mainnet as Preset>::MaxWithdrawalsPerPayload::USIZE, |i| {
        fulu::Withdrawal {
            index: 90_000_000 + i as u64,
            validator_index: rng.below(1 << 20),
            address: rng.bytes(),
            amount: 18_000_000 + rng.below(1_000_000),
        }
    });
    let execution_payload = fulu::ExecutionPayload {
        parent_hash: rng.bytes(),
        fee_recipient: rng.bytes(),
        state_root: rng.bytes(),
        receipts_root: rng.bytes(),
        logs_bloom: ByteVector::try_from_vec(rng.vec(256)).expect("length"),
        prev_randao: rng.bytes(),
        block_number: 23_000_000,
        gas_limit: 45_000_000,
        gas_used: 30_000_000,
        timestamp: 1_765_000_000,
        extra_data: ByteList::try_from_vec(b"peam-ssz example".to_vec()).expect("bound"),
        base_fee_per_gas: U256::from(1_500_000_000u128),
        block_hash: rng.bytes(),
        transactions,
        withdrawals,
        blob_gas_used: 6 * 131_072,
        excess_blob_gas: 0,
    };

    let body = fulu::BeaconBlockBody {
        randao_reveal: rng.bytes(),
        eth1_data: fulu::Eth1Data {
            deposit_root: rng.bytes(),
            deposit_count: 2_000_000,
            block_hash: rng.bytes(),
        },
        graffiti: rng.bytes(),
        proposer_slashings: list(1, |_| proposer_slashing.clone()),
        attester_slashings: list(1, |_| attester_slashing.clone()),
        attestations: list(<Mainnet as Preset>::MaxAttestationsElectra::USIZE, |i| {
            attestation(rng, slot - 1 - i as u64)
        }),
        deposits: List::default(),
        voluntary_exits: list(4, |_| fulu::SignedVoluntaryExit {
            message: fulu::VoluntaryExit {
                epoch: slot / 32,
                validator_index: rng.below(1 << 20),
            },
            signature: rng.bytes(),
        }),
        sync_aggregate: fulu::SyncAggregate {
            sync_committee_bits,
            sync_committee_signature: rng.bytes(),
        },
        execution_payload,
        bls_to_execution_changes: List::default(),
        blob_kzg_commitments: list(6, |_| rng.bytes()),
        execution_requests: fulu::ExecutionRequests {
            deposits: list(2, |i| fulu::DepositRequest {
                pubkey: rng.bytes(),
                withdrawal_credentials: rng.bytes(),
                amount: 32_000_000_000,
                signature: rng.bytes(),
                index: 2_000_000 + i as u64,
            }),
            withdrawals: List::default(),
            consolidations: List::default(),
        },
    };
    fulu::SignedBeaconBlock {
        message: fulu::BeaconBlock {
            slot,
            proposer_index: rng.below(1 << 20),
            parent_root: rng.bytes(),
            state_root: rng.bytes(),
            body,
        },
        signature: rng.bytes(),
    }
}

fn beacon_state<P: Preset>(rng: &mut Rng, validators: usize) -> fulu::BeaconState<P> {
    let slot = 12_000_000u64;
    let epoch = slot / P::SlotsPerEpoch::USIZE as u64;
    let sync_committee = |rng: &mut Rng| fulu::SyncCommittee::<P> {
        pubkeys: Vector::from_fn(|_| rng.bytes()),
        aggregate_pubkey: rng.bytes(),
    };
    let mut justification_bits = Bitvector::new();
    for i in 0..justification_bits.len() {
        justification_bits.set(i, true).expect("in range");
    }
    fulu::BeaconState {
        genesis_time: 1_606_824_023,
        genesis_validators_root: rng.bytes(),
        slot,
        fork: fulu::Fork {
            previous_version: FixedBytes::new([5, 0, 0, 0]),
            current_version: FixedBytes::new([6, 0, 0, 0]),
            epoch: epoch - 1000,
        },
        latest_block_header: fulu::BeaconBlockHeader {
            slot: slot - 1,
            proposer_index: rng.below(validators as u64),
            parent_root: rng.bytes(),
            state_root: rng.bytes(),
            body_root: rng.bytes(),
        },
        block_roots: Vector::from_fn(|_| rng.bytes()),
        state_roots: Vector::from_fn(|_| rng.bytes()),
        historical_roots: list(700, |_| rng.bytes()),
        eth1_data: fulu::Eth1Data {
            deposit_root: rng.bytes(),
            deposit_count: validators as u64,
            block_hash: rng.bytes(),
        },
        eth1_data_votes: List::default(),
        eth1_deposit_index: validators as u64,
        validators: list(validators, |_| fulu::Validator {
            pubkey: rng.bytes(),
            withdrawal_credentials: rng.bytes(),
            effective_balance: 32_000_000_000,
            slashed: rng.below(1000) == 0,
            activation_eligibility_epoch: rng.below(epoch),
            activation_epoch: rng.below(epoch),
            exit_epoch: u64::MAX,
            withdrawable_epoch: u64::MAX,
        }),
        balances: list(validators, |_| 32_000_000_000 + rng.below(100_000_000)),
        randao_mixes: Vector::from_fn(|_| rng.bytes()),
        slashings: Vector::default(),
        previous_epoch_participation: list(validators, |_| 7),
        current_epoch_participation: list(validators, |_| rng.below(8) as u8),
        justification_bits,
        previous_justified_checkpoint: checkpoint(rng, epoch - 2),
        current_justified_checkpoint: checkpoint(rng, epoch - 1),
        finalized_checkpoint: checkpoint(rng, epoch - 2),
        inactivity_scores: list(validators, |_| 0),
        current_sync_committee: sync_committee(rng),
        next_sync_committee: sync_committee(rng),
        latest_execution_payload_header: fulu::ExecutionPayloadHeader {
            parent_hash: rng.bytes(),
            fee_recipient: rng.bytes(),
            state_root: rng.bytes(),
            receipts_root: rng.bytes(),
            logs_bloom: ByteVector::try_from_vec(rng.vec(256)).expect("length"),
            prev_randao: rng.bytes(),
            block_number: 23_000_000,
            gas_limit: 45_000_000,
            gas_used: 30_000_000,
            timestamp: 1_765_000_000,
            extra_data: ByteList::default(),
            base_fee_per_gas: U256::from(1_500_000_000u128),
            block_hash: rng.bytes(),
            transactions_root: rng.bytes(),
            withdrawals_root: rng.bytes(),
            blob_gas_used: 0,
            excess_blob_gas: 0,
        },
        next_withdrawal_index: 90_000_000,
        next_withdrawal_validator_index: rng.below(validators as u64),
        historical_summaries: list(500, |_| fulu::HistoricalSummary {
            block_summary_root: rng.bytes(),
            state_summary_root: rng.bytes(),
        }),
        deposit_requests_start_index: 2_000_000,
        deposit_balance_to_consume: 0,
        exit_balance_to_consume: 0,
        earliest_exit_epoch: epoch + 5,
        consolidation_balance_to_consume: 0,
        earliest_consolidation_epoch: epoch + 5,
        pending_deposits: list(100, |_| fulu::PendingDeposit {
            pubkey: rng.bytes(),
            withdrawal_credentials: rng.bytes(),
            amount: 32_000_000_000,
            signature: rng.bytes(),
            slot: slot - rng.below(1000),
        }),
        pending_partial_withdrawals: List::default(),
        pending_consolidations: List::default(),
        proposer_lookahead: Vector::from_fn(|_| rng.below(validators as u64)),
    }
}

fn data_column_sidecar(rng: &mut Rng, blobs: usize) -> fulu::DataColumnSidecar<Mainnet> {
    fulu::DataColumnSidecar {
        index: 17,
        column: list(blobs, |_| {
            ByteVector::try_from_vec(rng.vec(2048)).expect("length")
        }),
        kzg_commitments: list(blobs, |_| rng.bytes()),
        kzg_proofs: list(blobs, |_| rng.bytes()),
        signed_block_header: fulu::SignedBeaconBlockHeader {
            message: fulu::BeaconBlockHeader {
                slot: 12_000_000,
                proposer_index: rng.below(1 << 20),
                parent_root: rng.bytes(),
                state_root: rng.bytes(),
                body_root: rng.bytes(),
            },
            signature: rng.bytes(),
        },
        kzg_commitments_inclusion_proof: Vector::from_fn(|_| rng.bytes()),
    }
}

/// The fastest of a few runs of `f` (at least 3, and for about 0.3 s).
/// The state through the run-time path (`peam_ssz_schema`, with the
/// generated schema of `beacon-types/schemas/`), beside the derived type:
/// decode, then decode and root, each way.
fn run_time_path(state: &fulu::BeaconState<Mainnet>) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../beacon-types/schemas/v1.6.1/mainnet/fulu.json"
    );
    let text = std::fs::read_to_string(path).expect("the generated schemas");
    let schema = peam_ssz_schema::Schema::catalog_from_json_str(&text)
        .expect("a catalogue of descriptors")
        .into_iter()
        .find(|(name, _)| name == "BeaconState")
        .expect("fulu has a BeaconState")
        .1;
    let bytes = state.to_ssz();
    let (derived_decode, _) = time(|| fulu::BeaconState::<Mainnet>::from_ssz(&bytes).unwrap());
    let (derived_both, derived_root) = time(|| {
        fulu::BeaconState::<Mainnet>::from_ssz(&bytes)
            .unwrap()
            .hash_tree_root()
    });
    let (schema_decode, _) = time(|| schema.decode(&bytes).unwrap());
    let (schema_both, schema_root) = time(|| schema.decode(&bytes).unwrap().hash_tree_root());
    assert_eq!(schema_root, derived_root);
    println!(
        "  run-time schema: decode {} (derived {}), decode + root {} (derived {}), same root",
        ms(schema_decode),
        ms(derived_decode),
        ms(schema_both),
        ms(derived_both)
    );
}

fn time<R>(mut f: impl FnMut() -> R) -> (Duration, R) {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    loop {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        runs += 1;
        if runs >= 3 && start.elapsed() > Duration::from_millis(300) || runs >= 1000 {
            return (best, r);
        }
    }
}

fn ms(d: Duration) -> String {
    if d < Duration::from_millis(1) {
        format!("{:.1} µs", d.as_secs_f64() * 1e6)
    } else {
        format!("{:.2} ms", d.as_secs_f64() * 1e3)
    }
}

fn rate(bytes: usize, d: Duration) -> String {
    format!("{:.0} MB/s", bytes as f64 / d.as_secs_f64() / 1e6)
}

/// Encodes, decodes, compares and hashes `value`; prints what it found.
fn exercise<T: Ssz + TreeHash + PartialEq>(name: &str, value: &T) -> [u8; 32] {
    let (encode, bytes) = time(|| value.to_ssz());
    assert_eq!(bytes.len(), value.ssz_len(), "{name}: ssz_len");
    let (decode, decoded) = time(|| T::from_ssz(&bytes).expect("decodes its own encoding"));
    assert!(decoded == *value, "{name}: the decoded value differs");
    assert_eq!(decoded.to_ssz(), bytes, "{name}: re-encoding differs");
    let (hash, root) = time(|| value.hash_tree_root());
    assert_eq!(
        decoded.hash_tree_root(),
        root,
        "{name}: the decoded root differs"
    );

    println!("{name}");
    println!("  size            {} bytes", bytes.len());
    println!(
        "  encode          {:>12}  ({})",
        ms(encode),
        rate(bytes.len(), encode)
    );
    println!(
        "  decode          {:>12}  ({})",
        ms(decode),
        rate(bytes.len(), decode)
    );
    println!("  hash_tree_root  {:>12}", ms(hash));
    println!("  root            0x{}", hex(&root));
    root
}

fn main() {
    let mut validators = 10_000usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--validators" => {
                validators = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--validators takes a number");
            }
            _ => {
                eprintln!("usage: beacon [--validators N]");
                std::process::exit(2);
            }
        }
    }
    println!(
        "peam-ssz: fulu containers, consensus-specs v1.6.1 (hashing: {})\n",
        peam_ssz_types::sha256::active_backend().name()
    );

    let mut rng = Rng(0x5eed);
    let block = signed_block(&mut rng);
    let body = &block.message.body;
    println!(
        "block: {} attestations, {} transactions, {} withdrawals, {} blob commitments",
        body.attestations.len(),
        body.execution_payload.transactions.len(),
        body.execution_payload.withdrawals.len(),
        body.blob_kzg_commitments.len()
    );
    exercise("fulu::SignedBeaconBlock<Mainnet>", &block);

    // The block root is the root of its header: a header with the body's
    // root hashes to the same root as the block itself.
    let header = fulu::BeaconBlockHeader {
        slot: block.message.slot,
        proposer_index: block.message.proposer_index,
        parent_root: block.message.parent_root,
        state_root: block.message.state_root,
        body_root: FixedBytes::new(block.message.body.hash_tree_root()),
    };
    assert_eq!(header.hash_tree_root(), block.message.hash_tree_root());
    println!(
        "  block root      0x{} (= its header's root)\n",
        hex(&header.hash_tree_root())
    );

    let build = Instant::now();
    let state = beacon_state::<Mainnet>(&mut rng, validators);
    println!(
        "state: {} validators (built in {})",
        state.validators.len(),
        ms(build.elapsed())
    );
    exercise("fulu::BeaconState<Mainnet>", &state);
    run_time_path(&state);
    println!();

    let sidecar = data_column_sidecar(&mut rng, 6);
    exercise("fulu::DataColumnSidecar<Mainnet>", &sidecar);
    println!();

    // The same container, sized by the other preset.
    let small = beacon_state::<Minimal>(&mut Rng(0x5eed), 64);
    exercise("fulu::BeaconState<Minimal> (64 validators)", &small);
}
