//! Every SHA-256 backend the CPU runs, against the `sha2` crate, on
//! arbitrary batches of 64-byte messages (starting at any alignment), and
//! the single-message helpers on the same data. `Backend::ALL` holds the
//! ARMv8 SHA-2 backend too, which runs on AArch64 CPUs that have it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_types::hash::{hash64, hash_nodes, hash_nodes_with, hash_pair, sha256, Backend};
use sha2::{Digest, Sha256};

fuzz_target!(|data: &[u8]| {
    let Some((&skew, rest)) = data.split_first() else {
        return;
    };
    let body = &rest[usize::from(skew % 64).min(rest.len())..];
    let (blocks, _) = body.as_chunks::<64>();
    let expected: Vec<[u8; 32]> = blocks.iter().map(|b| Sha256::digest(b).into()).collect();

    let mut out = vec![[0u8; 32]; blocks.len()];
    hash_nodes(blocks, &mut out);
    assert!(
        out == expected,
        "hash_nodes differs from sha2 on {} messages",
        blocks.len()
    );
    // On AArch64, the ARMv8 SHA-2 backend runs exactly where the OS says
    // the CPU has the instructions.
    #[cfg(target_arch = "aarch64")]
    assert_eq!(
        Backend::ArmSha2.is_supported(),
        cfg!(target_endian = "little") && std::arch::is_aarch64_feature_detected!("sha2"),
        "arm_sha2 detection"
    );
    for &backend in Backend::ALL {
        out.fill([0u8; 32]);
        if hash_nodes_with(backend, blocks, &mut out).is_ok() {
            for (i, (got, want)) in out.iter().zip(&expected).enumerate() {
                assert!(
                    got == want,
                    "{} differs from sha2 at message {i} of {}",
                    backend.name(),
                    blocks.len()
                );
            }
        }
    }
    if let Some(first) = blocks.first() {
        assert_eq!(hash64(first), expected[0], "hash64");
        let (left, right) = first.split_at(32);
        assert_eq!(
            hash_pair(left.try_into().unwrap(), right.try_into().unwrap()),
            expected[0],
            "hash_pair"
        );
    }
    let whole: [u8; 32] = Sha256::digest(body).into();
    assert_eq!(sha256(body), whole, "sha256 of {} bytes", body.len());
});
