//! `ChainConfig`: the built-in configurations against the spec's files and
//! literal values, the fork of each epoch, the blob schedule, and the
//! errors of bad and hostile input.

use std::path::PathBuf;

use peam_ssz_beacon::config::{
    BlobParameters, ChainConfig, ConfigError, ConfigErrorKind, PresetBase, FAR_FUTURE_EPOCH,
    MAINNET_YAML as MAINNET, MINIMAL_YAML as MINIMAL,
};
use peam_ssz_beacon::ForkName;

/// The spec's files in the shared spec material, when this checkout has it.
fn shared_config(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/spec/v1.7.0-alpha.13/configs")
        .join(name);
    path.exists().then_some(path)
}

/// `text` with the line that starts with `KEY:` replaced by `line`.
fn with_line(text: &str, key: &str, line: &str) -> String {
    let prefix = format!("{key}:");
    let mut found = false;
    let out: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.starts_with(&prefix) {
                found = true;
                line
            } else {
                l
            }
        })
        .collect();
    assert!(found, "no line {key}");
    out.join("\n") + "\n"
}

fn err(yaml: &str) -> ConfigError {
    match ChainConfig::from_yaml(yaml) {
        Ok(_) => panic!("accepted:\n{yaml}"),
        Err(e) => e,
    }
}

// ---------------------------------------------------------------------
// The built-ins and the spec's files
// ---------------------------------------------------------------------

#[test]
fn built_in_files_are_the_shared_files() {
    for (name, built_in, config) in [
        ("mainnet.yaml", MAINNET, ChainConfig::mainnet()),
        ("minimal.yaml", MINIMAL, ChainConfig::minimal()),
    ] {
        let Some(path) = shared_config(name) else {
            eprintln!("no shared {name}: skipped");
            continue;
        };
        let shared = std::fs::read_to_string(&path).unwrap();
        assert_eq!(built_in, shared, "beacon-types/configs/{name} differs");
        assert_eq!(ChainConfig::from_file(&path).unwrap(), config);
    }
}

#[test]
fn built_ins_are_their_files_parsed() {
    assert_eq!(
        ChainConfig::from_yaml(MAINNET).unwrap(),
        ChainConfig::mainnet()
    );
    assert_eq!(
        ChainConfig::from_yaml(MINIMAL).unwrap(),
        ChainConfig::minimal()
    );
    assert_ne!(ChainConfig::mainnet(), ChainConfig::minimal());
}

#[test]
fn mainnet_values() {
    let c = ChainConfig::mainnet();
    assert_eq!(c.preset_base(), PresetBase::Mainnet);
    assert_eq!(c.config_name(), Some("mainnet"));
    assert_eq!(c.slots_per_epoch(), 32);
    assert_eq!(c.slot_duration_ms(), 12000);
    let epochs: Vec<Option<u64>> = ForkName::ALL.iter().map(|&f| c.fork_epoch(f)).collect();
    assert_eq!(
        epochs,
        [
            Some(0),
            Some(74240),
            Some(144896),
            Some(194048),
            Some(269568),
            Some(364032),
            Some(411392),
            None,
            None
        ]
    );
    let versions: Vec<[u8; 4]> = ForkName::ALL.iter().map(|&f| c.fork_version(f)).collect();
    assert_eq!(
        versions,
        [
            [0, 0, 0, 0],
            [1, 0, 0, 0],
            [2, 0, 0, 0],
            [3, 0, 0, 0],
            [4, 0, 0, 0],
            [5, 0, 0, 0],
            [6, 0, 0, 0],
            [7, 0, 0, 0],
            [8, 0, 0, 0]
        ]
    );
    assert_eq!(c.max_blobs_per_block(), 6);
    assert_eq!(c.max_blobs_per_block_electra(), 9);
    assert_eq!(
        c.blob_schedule(),
        [
            BlobParameters {
                epoch: 412672,
                max_blobs_per_block: 15
            },
            BlobParameters {
                epoch: 419072,
                max_blobs_per_block: 21
            }
        ]
    );
    assert_eq!(c.max_payload_size(), 10485760);
    // 32 + 10485760 + 10485760 / 6 (= 1747626), then + 1024.
    assert_eq!(c.max_compressed_payload_size(), 12233418);
    assert_eq!(c.max_message_size(), 12234442);
    assert_eq!(c.max_request_blocks(), 1024);
    assert_eq!(c.max_request_blocks_deneb(), 128);
    assert_eq!(c.max_request_blocks_in(ForkName::Capella), 1024);
    assert_eq!(c.max_request_blocks_in(ForkName::Deneb), 128);
    assert_eq!(c.max_request_blocks_in(ForkName::Gloas), 128);
    assert_eq!(c.max_request_blob_sidecars(ForkName::Capella), 0);
    assert_eq!(c.max_request_blob_sidecars(ForkName::Deneb), 768);
    assert_eq!(c.max_request_blob_sidecars(ForkName::Electra), 1152);
    assert_eq!(c.max_request_blob_sidecars(ForkName::Fulu), 1152);
    assert_eq!(c.max_request_payloads(), 128);
    assert_eq!(c.max_request_inclusion_list(), 16);
    assert_eq!(c.max_bytes_per_inclusion_list(), 8192);
    assert_eq!(c.attestation_subnet_count(), 64);
    assert_eq!(c.blob_sidecar_subnet_count(), 6);
    assert_eq!(c.blob_sidecar_subnet_count_electra(), 9);
    assert_eq!(c.data_column_sidecar_subnet_count(), 128);
    assert_eq!(c.number_of_custody_groups(), 128);
}

#[test]
fn mainnet_other_keys() {
    let c = ChainConfig::mainnet();
    assert_eq!(
        c.get("DEPOSIT_CONTRACT_ADDRESS"),
        Some("0x00000000219ab540356cBB839Cbe05303d7705Fa")
    );
    assert_eq!(
        c.get("TERMINAL_TOTAL_DIFFICULTY"),
        Some("58750000000000000000000")
    );
    assert_eq!(c.get("CONFIRMATION_BYZANTINE_THRESHOLD"), Some("25"));
    assert_eq!(c.get_u64("DEPOSIT_CHAIN_ID"), Ok(Some(1)));
    assert_eq!(c.get_u64("MIN_GENESIS_TIME"), Ok(Some(1606824000)));
    assert_eq!(c.get_u64("NOT_A_KEY"), Ok(None));
    let e = c.get_u64("DEPOSIT_CONTRACT_ADDRESS").unwrap_err();
    assert_eq!(e.key(), Some("DEPOSIT_CONTRACT_ADDRESS"));
    assert!(matches!(e.kind(), ConfigErrorKind::NotAnInteger(_)));
    // TERMINAL_TOTAL_DIFFICULTY is above 2**64 - 1.
    assert!(c.get_u64("TERMINAL_TOTAL_DIFFICULTY").is_err());
    // The typed keys are read through their accessors only.
    for key in [
        "PRESET_BASE",
        "CONFIG_NAME",
        "ALTAIR_FORK_EPOCH",
        "GENESIS_FORK_VERSION",
        "SLOT_DURATION_MS",
        "MAX_PAYLOAD_SIZE",
        "BLOB_SCHEDULE",
    ] {
        assert_eq!(c.get(key), None, "{key}");
    }
    let keys: Vec<&str> = c.other_keys().map(|(k, _)| k).collect();
    assert!(keys.contains(&"MESSAGE_DOMAIN_VALID_SNAPPY"));
    assert!(keys.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn minimal_values() {
    let c = ChainConfig::minimal();
    assert_eq!(c.preset_base(), PresetBase::Minimal);
    assert_eq!(c.config_name(), Some("minimal"));
    assert_eq!(c.slots_per_epoch(), 8);
    assert_eq!(c.slot_duration_ms(), 6000);
    assert_eq!(c.fork_epoch(ForkName::Phase0), Some(0));
    for fork in &ForkName::ALL[1..] {
        assert_eq!(c.fork_epoch(*fork), None, "{fork}");
    }
    assert_eq!(c.fork_version(ForkName::Phase0), [0, 0, 0, 1]);
    assert_eq!(c.fork_version(ForkName::Electra), [5, 0, 0, 1]);
    assert_eq!(c.fork_version(ForkName::Heze), [8, 0, 0, 1]);
    assert_eq!(c.blob_schedule(), []);
    assert_eq!(c.get_u64("DEPOSIT_CHAIN_ID"), Ok(Some(5)));
    assert_eq!(c.get_u64("SHARD_COMMITTEE_PERIOD"), Ok(Some(64)));
    assert_eq!(c.epoch_at_slot(17), 2);
    assert_eq!(c.start_slot_at_epoch(3), Some(24));
    assert_eq!(c.start_slot_at_epoch(u64::MAX), None);
}

// ---------------------------------------------------------------------
// Forks by epoch and slot
// ---------------------------------------------------------------------

#[test]
fn mainnet_every_fork_at_its_epoch_and_one_before() {
    let c = ChainConfig::mainnet();
    let scheduled = [
        (ForkName::Altair, 74240, ForkName::Phase0),
        (ForkName::Bellatrix, 144896, ForkName::Altair),
        (ForkName::Capella, 194048, ForkName::Bellatrix),
        (ForkName::Deneb, 269568, ForkName::Capella),
        (ForkName::Electra, 364032, ForkName::Deneb),
        (ForkName::Fulu, 411392, ForkName::Electra),
    ];
    for (fork, epoch, before) in scheduled {
        assert_eq!(c.fork_at_epoch(epoch), fork);
        assert_eq!(c.fork_at_epoch(epoch - 1), before);
        assert_eq!(c.fork_at_slot(epoch * 32), fork);
        assert_eq!(c.fork_at_slot(epoch * 32 - 1), before);
        assert_eq!(c.fork_at_slot(epoch * 32 + 31), fork);
        assert_eq!(c.fork_version_at_epoch(epoch), c.fork_version(fork));
    }
    assert_eq!(c.fork_at_epoch(0), ForkName::Phase0);
    assert_eq!(c.fork_at_slot(0), ForkName::Phase0);
    assert_eq!(c.fork_at_slot(u64::MAX), ForkName::Fulu);
    assert_eq!(c.fork_at_epoch(u64::MAX - 1), ForkName::Fulu);
    // As the spec's `compute_fork_version`: an unscheduled fork's epoch is
    // 2**64 - 1, which is at or after it.
    assert_eq!(c.fork_at_epoch(FAR_FUTURE_EPOCH), ForkName::Heze);
    assert_eq!(c.epoch_at_slot(74240 * 32 + 5), 74240);
}

#[test]
fn scheduled_minimal_every_fork_at_its_epoch_and_one_before() {
    let mut c = ChainConfig::minimal();
    // Altair at 1, Bellatrix at 2, ... Heze at 8.
    for (i, fork) in ForkName::ALL.iter().enumerate().skip(1) {
        c.set_fork_epoch(*fork, Some(i as u64)).unwrap();
    }
    let epochs: Vec<Option<u64>> = ForkName::ALL.iter().map(|&f| c.fork_epoch(f)).collect();
    assert_eq!(
        epochs,
        [0, 1, 2, 3, 4, 5, 6, 7, 8].map(Some),
        "the epochs as set"
    );
    for fork in &ForkName::ALL[1..] {
        let epoch = c.fork_epoch(*fork).unwrap();
        let before = fork.previous().unwrap();
        assert_eq!(c.fork_at_epoch(epoch), *fork);
        assert_eq!(c.fork_at_epoch(epoch - 1), before);
        assert_eq!(c.fork_at_slot(epoch * 8), *fork);
        assert_eq!(c.fork_at_slot(epoch * 8 - 1), before);
    }
    assert_eq!(c.fork_at_epoch(1_000), ForkName::Heze);
}

#[test]
fn forks_at_one_epoch_resolve_to_the_latest() {
    let mut c = ChainConfig::minimal();
    c.set_fork_epoch(ForkName::Altair, Some(5)).unwrap();
    c.set_fork_epoch(ForkName::Bellatrix, Some(5)).unwrap();
    c.set_fork_epoch(ForkName::Capella, Some(5)).unwrap();
    assert_eq!(c.fork_at_epoch(4), ForkName::Phase0);
    assert_eq!(c.fork_at_epoch(5), ForkName::Capella);
}

#[test]
fn set_forks_at_genesis() {
    let mut c = ChainConfig::mainnet();
    c.set_forks_at_genesis(ForkName::Electra);
    assert_eq!(c.fork_at_epoch(0), ForkName::Electra);
    assert_eq!(c.fork_epoch(ForkName::Deneb), Some(0));
    assert_eq!(c.fork_epoch(ForkName::Fulu), None);
    assert_eq!(c.fork_at_epoch(1_000_000), ForkName::Electra);
    c.set_forks_at_genesis(ForkName::Phase0);
    assert_eq!(c.fork_at_epoch(1_000_000), ForkName::Phase0);
}

#[test]
fn set_fork_epoch_keeps_the_order() {
    let mut c = ChainConfig::mainnet();
    let before = c.clone();

    // Gloas before Fulu.
    let e = c.set_fork_epoch(ForkName::Gloas, Some(411391)).unwrap_err();
    assert_eq!(
        e.kind(),
        &ConfigErrorKind::ForkOrder {
            fork: ForkName::Gloas,
            epoch: 411391,
            earlier_fork: ForkName::Fulu,
            earlier_epoch: 411392,
        }
    );
    assert_eq!(e.key(), Some("GLOAS_FORK_EPOCH"));
    assert_eq!(c, before, "unchanged on error");

    // Altair after Bellatrix: Bellatrix is the fork out of order.
    let e = c
        .set_fork_epoch(ForkName::Altair, Some(144897))
        .unwrap_err();
    assert_eq!(e.key(), Some("BELLATRIX_FORK_EPOCH"));
    assert_eq!(c, before);

    // Unscheduling the last scheduled fork: fine.
    c.set_fork_epoch(ForkName::Fulu, None).unwrap();
    assert_eq!(c.fork_epoch(ForkName::Fulu), None);
    assert_eq!(c.fork_at_epoch(500_000), ForkName::Electra);
    // Unscheduling a fork with a later one scheduled: refused.
    assert!(c.set_fork_epoch(ForkName::Deneb, None).is_err());

    // Gloas at Fulu's epoch, then one after.
    let mut c = before.clone();
    c.set_fork_epoch(ForkName::Gloas, Some(411392)).unwrap();
    assert_eq!(c.fork_at_epoch(411392), ForkName::Gloas);
    c.set_fork_epoch(ForkName::Gloas, Some(500000)).unwrap();
    assert_eq!(c.fork_at_epoch(499999), ForkName::Fulu);
    assert_eq!(c.fork_at_epoch(500000), ForkName::Gloas);
    // Some(FAR_FUTURE_EPOCH) is unscheduled.
    c.set_fork_epoch(ForkName::Gloas, Some(FAR_FUTURE_EPOCH))
        .unwrap();
    assert_eq!(c.fork_epoch(ForkName::Gloas), None);

    // Phase0 stays at 0.
    assert_eq!(
        c.set_fork_epoch(ForkName::Phase0, Some(1))
            .unwrap_err()
            .kind(),
        &ConfigErrorKind::Phase0Epoch(1)
    );
    assert!(c.set_fork_epoch(ForkName::Phase0, None).is_err());
    c.set_fork_epoch(ForkName::Phase0, Some(0)).unwrap();
}

// ---------------------------------------------------------------------
// Blobs per block
// ---------------------------------------------------------------------

#[test]
fn mainnet_blob_maxima_at_the_boundaries() {
    let c = ChainConfig::mainnet();
    let expected = [
        (0, 0),
        (269567, 0),        // capella
        (269568, 6),        // deneb
        (364031, 6),        // deneb
        (364032, 9),        // electra
        (411391, 9),        // electra
        (411392, 9),        // fulu, no schedule entry yet: electra's
        (412671, 9),        // fulu
        (412672, 15),       // BPO 1
        (419071, 15),       // BPO 1
        (419072, 21),       // BPO 2
        (u64::MAX - 1, 21), // BPO 2
    ];
    for (epoch, max) in expected {
        assert_eq!(c.max_blobs_per_block_at_epoch(epoch), max, "epoch {epoch}");
    }
    let electra = BlobParameters {
        epoch: 364032,
        max_blobs_per_block: 9,
    };
    assert_eq!(c.blob_parameters(0), electra);
    assert_eq!(c.blob_parameters(412671), electra);
    assert_eq!(
        c.blob_parameters(412672),
        BlobParameters {
            epoch: 412672,
            max_blobs_per_block: 15
        }
    );
    assert_eq!(
        c.blob_parameters(u64::MAX),
        BlobParameters {
            epoch: 419072,
            max_blobs_per_block: 21
        }
    );
}

#[test]
fn minimal_blob_maxima_by_fork() {
    let mut c = ChainConfig::minimal();
    assert_eq!(c.max_blobs_per_block_at_epoch(0), 0);
    c.set_forks_at_genesis(ForkName::Deneb);
    assert_eq!(c.max_blobs_per_block_at_epoch(0), 6);
    c.set_forks_at_genesis(ForkName::Electra);
    assert_eq!(c.max_blobs_per_block_at_epoch(0), 9);
    // Fulu with an empty schedule: get_blob_parameters falls back to
    // Electra's maximum.
    c.set_forks_at_genesis(ForkName::Gloas);
    assert_eq!(c.max_blobs_per_block_at_epoch(0), 9);
    assert_eq!(
        c.blob_parameters(7),
        BlobParameters {
            epoch: 0,
            max_blobs_per_block: 9
        }
    );
}

#[test]
fn blob_schedule_in_any_order_and_before_fulu() {
    let schedule = "BLOB_SCHEDULE:\n  - EPOCH: 300\n    MAX_BLOBS_PER_BLOCK: 12\n  \
                    - EPOCH: 100  # before Fulu\n    MAX_BLOBS_PER_BLOCK: 10\n\n  \
                    # a comment inside the list\n  - MAX_BLOBS_PER_BLOCK: 11\n    EPOCH: 200\n";
    let yaml = with_line(MINIMAL, "BLOB_SCHEDULE", schedule);
    let mut c = ChainConfig::from_yaml(&yaml).unwrap();
    assert_eq!(
        c.blob_schedule(),
        [(100, 10), (200, 11), (300, 12)].map(|(epoch, max_blobs_per_block)| BlobParameters {
            epoch,
            max_blobs_per_block
        })
    );
    c.set_forks_at_genesis(ForkName::Deneb);
    c.set_fork_epoch(ForkName::Electra, Some(50)).unwrap();
    c.set_fork_epoch(ForkName::Fulu, Some(150)).unwrap();
    let expected = [
        (49, 6),
        (50, 9),
        (100, 9), // electra: the schedule is read from Fulu on
        (149, 9),
        (150, 10), // fulu: the entry at 100
        (199, 10),
        (200, 11),
        (299, 11),
        (300, 12),
    ];
    for (epoch, max) in expected {
        assert_eq!(c.max_blobs_per_block_at_epoch(epoch), max, "epoch {epoch}");
    }
}

// ---------------------------------------------------------------------
// The YAML subset
// ---------------------------------------------------------------------

#[test]
fn crlf_and_bom_read_as_lf() {
    let crlf = MAINNET.replace('\n', "\r\n");
    assert_eq!(
        ChainConfig::from_yaml(&crlf).unwrap(),
        ChainConfig::mainnet()
    );
    let bom = format!("\u{feff}{MAINNET}");
    assert_eq!(
        ChainConfig::from_yaml(&bom).unwrap(),
        ChainConfig::mainnet()
    );
}

#[test]
fn layout_and_comments_do_not_count() {
    // Keys in another order, comments dropped, blank lines added.
    let mut lines: Vec<&str> = MAINNET
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with(' '))
        .filter(|l| !l.starts_with("BLOB_SCHEDULE"))
        .collect();
    lines.reverse();
    let schedule = "BLOB_SCHEDULE:\n  - EPOCH: 419072\n    MAX_BLOBS_PER_BLOCK: 21\n\n  \
                    - EPOCH: 412672\n    MAX_BLOBS_PER_BLOCK: 15\n";
    let yaml = lines.join("\n\n") + "\n" + schedule;
    assert_eq!(
        ChainConfig::from_yaml(&yaml).unwrap(),
        ChainConfig::mainnet()
    );
}

#[test]
fn quotes_and_comments() {
    let extra = "FOO: 'a # b'  # comment\nBAR: \"x y\"\nBAZ: 'it''s'\nQUX: a#b\n\
                 EMPTY: ''\nLIST: [1, 2]\nNUM: '7'\n";
    let yaml = format!("{MINIMAL}{extra}");
    let c = ChainConfig::from_yaml(&yaml).unwrap();
    assert_eq!(c.get("FOO"), Some("a # b"));
    assert_eq!(c.get("BAR"), Some("x y"));
    assert_eq!(c.get("BAZ"), Some("it's"));
    assert_eq!(c.get("QUX"), Some("a#b"));
    assert_eq!(c.get("EMPTY"), Some(""));
    assert_eq!(c.get("LIST"), Some("[1, 2]"));
    assert_eq!(c.get_u64("NUM"), Ok(Some(7)));
    // Quoted typed values read as their text.
    let yaml = with_line(MINIMAL, "CONFIG_NAME", "CONFIG_NAME: \"devnet-3\"");
    let yaml = with_line(&yaml, "ALTAIR_FORK_EPOCH", "ALTAIR_FORK_EPOCH: '3'");
    let c = ChainConfig::from_yaml(&yaml).unwrap();
    assert_eq!(c.config_name(), Some("devnet-3"));
    assert_eq!(c.fork_epoch(ForkName::Altair), Some(3));
}

#[test]
fn optional_keys() {
    // No CONFIG_NAME, no fork epochs, no BLOB_SCHEDULE.
    let yaml: String = MAINNET
        .lines()
        .filter(|l| !l.starts_with("CONFIG_NAME") && !l.contains("_FORK_EPOCH"))
        .take_while(|l| !l.starts_with("BLOB_SCHEDULE"))
        .map(|l| format!("{l}\n"))
        .collect();
    let c = ChainConfig::from_yaml(&yaml).unwrap();
    assert_eq!(c.config_name(), None);
    assert_eq!(c.fork_at_epoch(1_000_000), ForkName::Phase0);
    for fork in &ForkName::ALL[1..] {
        assert_eq!(c.fork_epoch(*fork), None);
    }
    assert_eq!(c.blob_schedule(), []);
}

#[test]
fn seconds_per_slot() {
    // An earlier spec's key alone.
    let yaml = with_line(MAINNET, "SLOT_DURATION_MS", "SECONDS_PER_SLOT: 12");
    assert_eq!(
        ChainConfig::from_yaml(&yaml).unwrap().slot_duration_ms(),
        12000
    );
    // Both, agreeing.
    let yaml = format!("{MAINNET}SECONDS_PER_SLOT: 12\n");
    assert_eq!(
        ChainConfig::from_yaml(&yaml).unwrap().slot_duration_ms(),
        12000
    );
    // Both, disagreeing.
    let yaml = format!("{MAINNET}SECONDS_PER_SLOT: 6\n");
    let e = err(&yaml);
    assert_eq!(
        e.kind(),
        &ConfigErrorKind::SlotDurationMismatch {
            seconds_per_slot: 6,
            slot_duration_ms: 12000
        }
    );
    assert_eq!(e.line(), Some(68));
    // Too many seconds for a u64 of milliseconds.
    let yaml = with_line(
        MAINNET,
        "SLOT_DURATION_MS",
        "SECONDS_PER_SLOT: 18446744073709552",
    );
    assert_eq!(
        err(&yaml).kind(),
        &ConfigErrorKind::SlotDurationOverflow(18446744073709552)
    );
    // Neither.
    let yaml = with_line(MAINNET, "SLOT_DURATION_MS", "");
    let e = err(&yaml);
    assert_eq!(
        (e.key(), e.kind()),
        (Some("SLOT_DURATION_MS"), &ConfigErrorKind::MissingKey)
    );
}

// ---------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------

#[test]
fn bad_hex() {
    for (value, kind) in [
        ("0x0100000g", ConfigErrorKind::NotHex("0x0100000g".into())),
        ("01000000", ConfigErrorKind::NotHex("01000000".into())),
        ("0x0100000", ConfigErrorKind::NotHex("0x0100000".into())),
        (
            "0x",
            ConfigErrorKind::WrongByteLength {
                expected: 4,
                found: 0,
            },
        ),
        (
            "0x010000",
            ConfigErrorKind::WrongByteLength {
                expected: 4,
                found: 3,
            },
        ),
        (
            "0x0100000000",
            ConfigErrorKind::WrongByteLength {
                expected: 4,
                found: 5,
            },
        ),
        ("0x01é00000", ConfigErrorKind::NotHex("0x01é00000".into())),
    ] {
        let yaml = with_line(
            MAINNET,
            "ALTAIR_FORK_VERSION",
            &format!("ALTAIR_FORK_VERSION: {value}"),
        );
        let e = err(&yaml);
        assert_eq!(e.kind(), &kind, "{value}");
        assert_eq!(e.line(), Some(41));
        assert_eq!(e.key(), Some("ALTAIR_FORK_VERSION"));
    }
    let e = err(&with_line(
        MAINNET,
        "GENESIS_FORK_VERSION",
        "GENESIS_FORK_VERSION: 0",
    ));
    assert_eq!(
        e.to_string(),
        "line 30: GENESIS_FORK_VERSION: `0` is not `0x` and pairs of hex digits"
    );
}

#[test]
fn bad_integer() {
    for value in [
        "12x",
        "-1",
        "1_000",
        "0x10",
        "18446744073709551616",
        "1.5",
        "+3",
        "١٢",
    ] {
        let yaml = with_line(
            MAINNET,
            "MAX_PAYLOAD_SIZE",
            &format!("MAX_PAYLOAD_SIZE: {value}"),
        );
        let e = err(&yaml);
        assert_eq!(
            e.kind(),
            &ConfigErrorKind::NotAnInteger(value.into()),
            "{value}"
        );
        assert_eq!((e.line(), e.key()), (Some(162), Some("MAX_PAYLOAD_SIZE")));
    }
    // The largest u64 is an integer.
    let yaml = with_line(
        MAINNET,
        "MAX_PAYLOAD_SIZE",
        "MAX_PAYLOAD_SIZE: 18446744073709551615",
    );
    assert_eq!(
        ChainConfig::from_yaml(&yaml).unwrap().max_payload_size(),
        u64::MAX
    );
    assert_eq!(
        ChainConfig::from_yaml(&yaml).unwrap().max_message_size(),
        u64::MAX
    );
    let e = err(&with_line(
        MAINNET,
        "ALTAIR_FORK_EPOCH",
        "ALTAIR_FORK_EPOCH: soon",
    ));
    assert_eq!(
        e.to_string(),
        "line 42: ALTAIR_FORK_EPOCH: `soon` is not a decimal integer of at most 2**64 - 1"
    );
}

#[test]
fn decreasing_fork_epochs() {
    let yaml = with_line(
        MAINNET,
        "BELLATRIX_FORK_EPOCH",
        "BELLATRIX_FORK_EPOCH: 74239",
    );
    let e = err(&yaml);
    assert_eq!(
        e.kind(),
        &ConfigErrorKind::ForkOrder {
            fork: ForkName::Bellatrix,
            epoch: 74239,
            earlier_fork: ForkName::Altair,
            earlier_epoch: 74240,
        }
    );
    assert_eq!(
        (e.line(), e.key()),
        (Some(45), Some("BELLATRIX_FORK_EPOCH"))
    );
    assert_eq!(
        e.to_string(),
        "line 45: BELLATRIX_FORK_EPOCH: bellatrix at epoch 74239 comes before altair at epoch 74240"
    );
    // Equal epochs are in order.
    let yaml = with_line(
        MAINNET,
        "BELLATRIX_FORK_EPOCH",
        "BELLATRIX_FORK_EPOCH: 74240",
    );
    assert!(ChainConfig::from_yaml(&yaml).is_ok());
    // A scheduled fork after an unscheduled one.
    let yaml = with_line(MINIMAL, "HEZE_FORK_EPOCH", "HEZE_FORK_EPOCH: 10");
    let e = err(&yaml);
    assert_eq!((e.line(), e.key()), (Some(59), Some("HEZE_FORK_EPOCH")));
    assert!(matches!(
        e.kind(),
        ConfigErrorKind::ForkOrder {
            fork: ForkName::Heze,
            epoch: 10,
            earlier_epoch: FAR_FUTURE_EPOCH,
            ..
        }
    ));
    // A fork after a missing (unscheduled) one.
    let yaml: String = MAINNET
        .lines()
        .filter(|l| !l.starts_with("CAPELLA_FORK_EPOCH"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = err(&yaml);
    assert_eq!(e.key(), Some("DENEB_FORK_EPOCH"));
}

#[test]
fn unknown_preset_base() {
    for value in ["'foo'", "Mainnet", "''", "'mainnet '"] {
        let yaml = with_line(MAINNET, "PRESET_BASE", &format!("PRESET_BASE: {value}"));
        let e = err(&yaml);
        assert!(
            matches!(e.kind(), ConfigErrorKind::UnknownPresetBase(_)),
            "{value}"
        );
        assert_eq!((e.line(), e.key()), (Some(4), Some("PRESET_BASE")));
    }
    let e = err(&with_line(MAINNET, "PRESET_BASE", "PRESET_BASE: 'gnosis'"));
    assert_eq!(
        e.to_string(),
        "line 4: PRESET_BASE: unknown preset `gnosis` (mainnet or minimal)"
    );
}

#[test]
fn bad_config_name() {
    for value in ["'Main Net'", "''", "'net_1'", "'MAINNET'"] {
        let yaml = with_line(MAINNET, "CONFIG_NAME", &format!("CONFIG_NAME: {value}"));
        let e = err(&yaml);
        assert!(
            matches!(e.kind(), ConfigErrorKind::BadConfigName(_)),
            "{value}"
        );
        assert_eq!(e.line(), Some(13));
    }
}

#[test]
fn missing_and_duplicate_keys() {
    for key in [
        "PRESET_BASE",
        "GENESIS_FORK_VERSION",
        "HEZE_FORK_VERSION",
        "MAX_BLOBS_PER_BLOCK_ELECTRA",
        "MAX_REQUEST_PAYLOADS",
        "NUMBER_OF_CUSTODY_GROUPS",
    ] {
        let yaml = with_line(MAINNET, key, "");
        let e = err(&yaml);
        assert_eq!(
            (e.key(), e.kind()),
            (Some(key), &ConfigErrorKind::MissingKey)
        );
        assert_eq!(e.line(), None);
        assert_eq!(e.to_string(), format!("{key}: missing"));
    }
    // A bad value is the error even when a key is missing too.
    let yaml = with_line(MAINNET, "PRESET_BASE", "");
    let yaml = with_line(&yaml, "DENEB_FORK_EPOCH", "DENEB_FORK_EPOCH: x");
    assert_eq!(err(&yaml).key(), Some("DENEB_FORK_EPOCH"));

    for extra in [
        "MAX_PAYLOAD_SIZE: 1\n",
        "DEPOSIT_CHAIN_ID: 1\n",
        "BLOB_SCHEDULE: []\n",
    ] {
        let yaml = format!("{MAINNET}{extra}");
        let e = err(&yaml);
        assert_eq!(e.kind(), &ConfigErrorKind::DuplicateKey, "{extra}");
        assert_eq!(e.line(), Some(237));
    }
}

#[test]
fn bad_blob_schedules() {
    let cases: [(&str, usize, ConfigErrorKind); 9] = [
        // Two entries at one epoch.
        (
            "BLOB_SCHEDULE:\n  - EPOCH: 5\n    MAX_BLOBS_PER_BLOCK: 1\n  - EPOCH: 5\n    MAX_BLOBS_PER_BLOCK: 2\n",
            228 + 3,
            ConfigErrorKind::DuplicateBlobScheduleEpoch(5),
        ),
        // Above the preset's MAX_BLOB_COMMITMENTS_PER_BLOCK (4096).
        (
            "BLOB_SCHEDULE:\n  - EPOCH: 5\n    MAX_BLOBS_PER_BLOCK: 4097\n",
            228 + 1,
            ConfigErrorKind::TooManyBlobs {
                max_blobs_per_block: 4097,
                bound: 4096,
            },
        ),
        // An entry without its maximum.
        (
            "BLOB_SCHEDULE:\n  - EPOCH: 5\n",
            228 + 1,
            ConfigErrorKind::MissingKey,
        ),
        // A key given twice in an entry.
        (
            "BLOB_SCHEDULE:\n  - EPOCH: 5\n    EPOCH: 6\n    MAX_BLOBS_PER_BLOCK: 2\n",
            228 + 2,
            ConfigErrorKind::DuplicateKey,
        ),
        // A continuation at the wrong column.
        (
            "BLOB_SCHEDULE:\n  - EPOCH: 5\n   MAX_BLOBS_PER_BLOCK: 2\n",
            228 + 2,
            ConfigErrorKind::Syntax(
                "`- EPOCH: n`, or `MAX_BLOBS_PER_BLOCK: n` under the entry's first key",
            ),
        ),
        // A key where an entry is expected.
        (
            "BLOB_SCHEDULE:\n    EPOCH: 5\n",
            228 + 1,
            ConfigErrorKind::Syntax(
                "`- EPOCH: n`, or `MAX_BLOBS_PER_BLOCK: n` under the entry's first key",
            ),
        ),
        // A scalar.
        (
            "BLOB_SCHEDULE: 5\n",
            228,
            ConfigErrorKind::Syntax(
                "`[]` or a list of `- EPOCH: n` entries on the next lines",
            ),
        ),
        // Nothing under the key.
        (
            "BLOB_SCHEDULE:\n",
            228,
            ConfigErrorKind::Syntax(
                "`[]` or a list of `- EPOCH: n` entries on the next lines",
            ),
        ),
        // A bad integer in an entry.
        (
            "BLOB_SCHEDULE:\n  - EPOCH: 5\n    MAX_BLOBS_PER_BLOCK: lots\n",
            228 + 2,
            ConfigErrorKind::NotAnInteger("lots".into()),
        ),
    ];
    // Everything of mainnet up to its BLOB_SCHEDULE, then the case.
    let head: String = MAINNET
        .lines()
        .take(227)
        .map(|l| format!("{l}\n"))
        .collect();
    for (schedule, line, kind) in cases {
        let e = err(&format!("{head}{schedule}"));
        assert_eq!(e.kind(), &kind, "{schedule}");
        assert_eq!(e.line(), Some(line), "{schedule}");
    }
    // The bound of MAX_BLOBS_PER_BLOCK and MAX_BLOBS_PER_BLOCK_ELECTRA too.
    let yaml = with_line(
        MINIMAL,
        "MAX_BLOBS_PER_BLOCK_ELECTRA",
        "MAX_BLOBS_PER_BLOCK_ELECTRA: 5000",
    );
    let e = err(&yaml);
    assert!(matches!(
        e.kind(),
        ConfigErrorKind::TooManyBlobs { bound: 4096, .. }
    ));
    assert_eq!(e.key(), Some("MAX_BLOBS_PER_BLOCK_ELECTRA"));
    // 4096 itself is within.
    let yaml = with_line(MINIMAL, "MAX_BLOBS_PER_BLOCK", "MAX_BLOBS_PER_BLOCK: 4096");
    assert!(ChainConfig::from_yaml(&yaml).is_ok());
}

#[test]
fn syntax_errors() {
    let cases: [(&str, usize, &str); 9] = [
        ("NO_COLON\n", 1, "expected `KEY: value`"),
        ("KEY:value\n", 1, "expected a space after the colon"),
        (
            "BAD KEY: 1\n",
            1,
            "expected a key of letters, digits and `_`",
        ),
        (": 1\n", 1, "expected a key of letters, digits and `_`"),
        (
            "A: 1\n  B: 2\n",
            2,
            "expected a key at the start of the line (only BLOB_SCHEDULE's entries are indented)",
        ),
        ("A: 'open\n", 1, "expected a closing quote"),
        ("A: 'x' y\n", 1, "A: expected a closing quote at the end"),
        (
            "A: \"a\\n\"\n",
            1,
            "A: expected a double-quoted string without escapes",
        ),
        ("A:\n", 1, "A: expected a value after the colon"),
    ];
    for (yaml, line, message) in cases {
        let e = err(yaml);
        assert_eq!(e.line(), Some(line), "{yaml}");
        assert_eq!(e.to_string(), format!("line {line}: {message}"), "{yaml}");
        assert!(matches!(e.kind(), ConfigErrorKind::Syntax(_)));
    }
    let e = err("A: 1\n\t B: 2\n");
    assert_eq!(
        e.to_string(),
        "line 2: expected indentation by spaces, not tabs"
    );
    assert_eq!(err("").kind(), &ConfigErrorKind::MissingKey);
}

#[test]
fn error_is_std_error() {
    let e: Box<dyn std::error::Error + Send + Sync> = Box::new(err("garbage"));
    assert_eq!(e.to_string(), "line 1: expected `KEY: value`");
}

#[test]
fn long_values_are_cut_in_errors() {
    let long = "9".repeat(100_000);
    let yaml = with_line(
        MAINNET,
        "MAX_PAYLOAD_SIZE",
        &format!("MAX_PAYLOAD_SIZE: {long}"),
    );
    let e = err(&yaml);
    let ConfigErrorKind::NotAnInteger(v) = e.kind() else {
        panic!("{e}");
    };
    assert_eq!(v, &format!("{}...", "9".repeat(64)));
    assert!(e.to_string().len() < 200);
}

// ---------------------------------------------------------------------
// Hostile input: no panic
// ---------------------------------------------------------------------

/// xorshift64*: seeded, so a failure is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn every_truncation_of_mainnet() {
    // The last required key of the file; a cut parses only after its
    // first digit.
    let last_required = MAINNET.find("MAX_BYTES_PER_INCLUSION_LIST: 8").unwrap() + 31;
    let mut ok = 0;
    for (cut, _) in MAINNET.char_indices() {
        // Either a configuration or an error: never a panic.
        if ChainConfig::from_yaml(&MAINNET[..cut]).is_ok() {
            assert!(cut >= last_required, "{cut}");
            ok += 1;
        }
    }
    assert!(ok > 0);
    // Cut inside the last BLOB_SCHEDULE entry: its maximum is missing.
    let cut = MAINNET.find("    MAX_BLOBS_PER_BLOCK: 21").unwrap();
    let e = err(&MAINNET[..cut]);
    assert_eq!(
        (e.line(), e.key()),
        (Some(231), Some("MAX_BLOBS_PER_BLOCK"))
    );
    assert_eq!(e.kind(), &ConfigErrorKind::MissingKey);
    // Cut inside a key.
    let cut = MAINNET.find("MAX_PAYLOAD_SIZE").unwrap() + 7;
    let e = err(&MAINNET[..cut]);
    assert_eq!(e.to_string(), "line 162: expected `KEY: value`");
}

#[test]
fn garbage_does_not_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..2000 {
        let len = rng.below(512);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        assert!(ChainConfig::from_yaml(&text).is_err());
    }
    // Characters the parser looks at, shuffled.
    let alphabet = [
        "A",
        "_",
        ":",
        " ",
        "  ",
        "\n",
        "- ",
        "#",
        "'",
        "\"",
        "0x",
        "9",
        "\t",
        "\r",
        "BLOB_SCHEDULE",
        "EPOCH",
        "[]",
        "é",
    ];
    for _ in 0..5000 {
        let n = rng.below(40);
        let text: String = (0..n)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = ChainConfig::from_yaml(&text);
    }
}

#[test]
fn mutations_of_mainnet_do_not_panic() {
    let mut rng = Rng(42);
    let bytes = MAINNET.as_bytes();
    let noise = b"0123456789abcdefx:#'\" \n\t-_[]";
    for _ in 0..3000 {
        let mut m = bytes.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(m.len());
            match rng.below(3) {
                0 => m[at] = noise[rng.below(noise.len())],
                1 => {
                    m.remove(at);
                }
                _ => m.insert(at, noise[rng.below(noise.len())]),
            }
        }
        // ASCII in, ASCII out.
        let text = String::from_utf8(m).unwrap();
        let _ = ChainConfig::from_yaml(&text);
    }
}

#[test]
fn from_file_errors() {
    let dir = std::env::temp_dir();
    let path = dir.join(format!("peam-ssz-config-{}.yaml", std::process::id()));
    let mut bytes = b"PRESET_BASE: 'mainnet'\nCONFIG_NAME: '".to_vec();
    bytes.extend_from_slice(&[0xff, 0xfe]);
    bytes.extend_from_slice(b"'\n");
    std::fs::write(&path, &bytes).unwrap();
    let e = ChainConfig::from_file(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!((e.line(), e.kind()), (Some(2), &ConfigErrorKind::NotUtf8));
    assert_eq!(e.to_string(), "line 2: not UTF-8");

    let e = ChainConfig::from_file(dir.join("peam-ssz-no-such-config.yaml")).unwrap_err();
    assert!(matches!(e.kind(), ConfigErrorKind::Io(_)));
    assert_eq!(e.line(), None);
}

// ---------------------------------------------------------------------
// Fork digests
// ---------------------------------------------------------------------

/// Mainnet's genesis validators root.
const MAINNET_GVR: [u8; 32] = [
    0x4b, 0x36, 0x3d, 0xb9, 0x4e, 0x28, 0x61, 0x20, 0xd7, 0x6e, 0xb9, 0x05, 0x34, 0x0f, 0xdd, 0x4e,
    0x54, 0xbf, 0xe9, 0xf0, 0x6b, 0xf3, 0x3f, 0xf6, 0xcf, 0x5a, 0xd2, 0x7f, 0x51, 0x1b, 0xfe, 0x95,
];

#[test]
fn mainnet_fork_digests_before_fulu() {
    let c = ChainConfig::mainnet();
    // The digests of mainnet's gossip topics (`/eth2/<digest>/...`).
    let expected: [(u64, [u8; 4]); 6] = [
        (0, [0xb5, 0x30, 0x3f, 0x2a]),
        (74240, [0xaf, 0xca, 0xab, 0xa0]),
        (144896, [0x4a, 0x26, 0xc5, 0x8b]),
        (194048, [0xbb, 0xa4, 0xda, 0x96]),
        (269568, [0x6a, 0x95, 0xa1, 0xa9]),
        (364032, [0xad, 0x53, 0x2c, 0xeb]),
    ];
    for (epoch, digest) in expected {
        assert_eq!(c.fork_digest(epoch, &MAINNET_GVR), digest, "epoch {epoch}");
    }
    // The last epoch of Electra has Electra's digest; Fulu's differs.
    assert_eq!(
        c.fork_digest(411391, &MAINNET_GVR),
        [0xad, 0x53, 0x2c, 0xeb]
    );
    assert_ne!(
        c.fork_digest(411392, &MAINNET_GVR),
        [0xad, 0x53, 0x2c, 0xeb]
    );
    // Each blob-parameters-only fork has its own digest.
    let fulu = c.fork_digest(411392, &MAINNET_GVR);
    let bpo1 = c.fork_digest(412672, &MAINNET_GVR);
    let bpo2 = c.fork_digest(419072, &MAINNET_GVR);
    assert!(fulu != bpo1 && bpo1 != bpo2 && fulu != bpo2);
    assert_eq!(c.fork_digest(412671, &MAINNET_GVR), fulu);
    assert_eq!(c.fork_digest(419071, &MAINNET_GVR), bpo1);
}

/// The cases of consensus-specs' `test_compute_fork_digest` (Fulu): Fulu
/// at genesis, a blob schedule at 9, 100, 150, 200, 250, 300.
#[test]
fn fulu_fork_digests_of_the_spec_tests() {
    let schedule = [
        (9, 9),
        (100, 100),
        (150, 175),
        (200, 200),
        (250, 275),
        (300, 300),
    ]
    .map(|(epoch, max_blobs_per_block)| BlobParameters {
        epoch,
        max_blobs_per_block,
    });
    // Fork version 0x06000000 (mainnet's Fulu), 0x06000001 (minimal's),
    // 0x07000000 and 0x07000001 (Gloas).
    let configs = |last: ForkName| {
        [ChainConfig::mainnet(), ChainConfig::minimal()].map(|mut c| {
            c.set_forks_at_genesis(last);
            c.set_blob_schedule(schedule).unwrap();
            c
        })
    };
    let [fulu_mainnet, fulu_minimal] = configs(ForkName::Fulu);
    let [gloas_mainnet, gloas_minimal] = configs(ForkName::Gloas);
    let zero = [0u8; 32];
    let cases: [(&ChainConfig, u64, [u8; 32], u32); 26] = [
        (&fulu_mainnet, 9, zero, 0xab3ae6c8),
        (&fulu_mainnet, 10, zero, 0xab3ae6c8),
        (&fulu_mainnet, 11, zero, 0xab3ae6c8),
        (&fulu_mainnet, 99, zero, 0xab3ae6c8),
        (&fulu_mainnet, 100, zero, 0xdf67557b),
        (&fulu_mainnet, 101, zero, 0xdf67557b),
        (&fulu_mainnet, 150, zero, 0x8ab38b59),
        (&fulu_mainnet, 199, zero, 0x8ab38b59),
        (&fulu_mainnet, 200, zero, 0xd9b81438),
        (&fulu_mainnet, 201, zero, 0xd9b81438),
        (&fulu_mainnet, 250, zero, 0x4ef32a62),
        (&fulu_mainnet, 299, zero, 0x4ef32a62),
        (&fulu_mainnet, 300, zero, 0xca100d64),
        (&fulu_mainnet, 301, zero, 0xca100d64),
        (&fulu_mainnet, 9, [1; 32], 0x89671111),
        (&fulu_mainnet, 9, [2; 32], 0xf49b0e24),
        (&fulu_mainnet, 9, [3; 32], 0x86544e4f),
        (&fulu_mainnet, 100, [1; 32], 0xfd3aa2a2),
        (&fulu_mainnet, 100, [2; 32], 0x80c6bd97),
        (&fulu_mainnet, 100, [3; 32], 0xf209fdfc),
        (&fulu_minimal, 9, zero, 0x30f8c25b),
        (&gloas_mainnet, 9, zero, 0x0432f5a9),
        (&gloas_minimal, 9, zero, 0x6e69a671),
        (&fulu_minimal, 100, zero, 0x44a571e8),
        (&gloas_mainnet, 100, zero, 0x706f461a),
        (&gloas_minimal, 100, zero, 0x1a3415c2),
    ];
    for (config, epoch, gvr, digest) in cases {
        assert_eq!(
            config.fork_digest(epoch, &gvr),
            digest.to_be_bytes(),
            "epoch {epoch}, version {:?}",
            config.fork_version_at_epoch(epoch)
        );
    }
}

#[test]
fn set_blob_schedule_checks_as_a_file() {
    let mut c = ChainConfig::mainnet();
    let before = c.clone();
    let entry = |epoch, max_blobs_per_block| BlobParameters {
        epoch,
        max_blobs_per_block,
    };
    let e = c.set_blob_schedule([entry(5, 1), entry(5, 2)]).unwrap_err();
    assert_eq!(e.kind(), &ConfigErrorKind::DuplicateBlobScheduleEpoch(5));
    assert_eq!((e.line(), e.key()), (None, Some("BLOB_SCHEDULE")));
    let e = c.set_blob_schedule([entry(5, 4097)]).unwrap_err();
    assert!(matches!(e.kind(), ConfigErrorKind::TooManyBlobs { .. }));
    assert_eq!(c, before, "unchanged on error");
    c.set_blob_schedule([entry(500_000, 30), entry(450_000, 25)])
        .unwrap();
    assert_eq!(c.blob_schedule(), [entry(450_000, 25), entry(500_000, 30)]);
    assert_eq!(c.max_blobs_per_block_at_epoch(449_999), 9);
    assert_eq!(c.max_blobs_per_block_at_epoch(450_000), 25);
    c.set_blob_schedule([]).unwrap();
    assert_eq!(c.max_blobs_per_block_at_epoch(500_000), 9);
}
