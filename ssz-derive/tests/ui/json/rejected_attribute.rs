use peam_ssz_types::{ConsensusJson, Ssz, TreeHash};

// A rejected attribute is its one error: the fallback impls keep serde's
// uses of the type quiet.
#[derive(Ssz, TreeHash, ConsensusJson)]
struct Checkpoint {
    #[ssz(skipp)]
    epoch: u64,
}

fn main() {
    let c = Checkpoint { epoch: 1 };
    let _ = serde_json::to_string(&c);
    let _ = serde_json::from_str::<Checkpoint>("{}");
}
