//! The `peam-ssz` binary, run as a user runs it, against the consensus-spec
//! v1.6.1 vectors (spec-tests/vectors, or `$SSZ_SPEC_VECTORS`; run
//! `spec-tests/download-vectors.sh` first): every fulu `BeaconState` case
//! of the minimal preset gives the root of its `roots.yaml`, the spec's
//! `value.yaml` files encode to the vectors' bytes, the spec's light-client
//! proofs verify, and bad input is one line on standard error with exit
//! status 2. A missing vector directory or a suite with no case fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_peam-ssz");

fn vectors() -> PathBuf {
    let dir = match std::env::var_os("SSZ_SPEC_VECTORS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-tests/vectors"),
    };
    assert!(
        dir.join("tests").is_dir(),
        "no vectors under {} (run spec-tests/download-vectors.sh)",
        dir.display()
    );
    dir.join("tests")
}

/// The v1.7.0-alpha.13 vectors (spec-tests/vectors-v1.7).
fn vectors_v1_7() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-tests/vectors-v1.7");
    assert!(
        dir.join("tests").is_dir(),
        "no vectors under {} (run spec-tests/download-vectors.sh)",
        dir.display()
    );
    dir.join("tests")
}

/// The case directories of `<preset>/<fork>/ssz_static/<type>`, sorted.
fn cases(preset: &str, fork: &str, type_name: &str) -> Vec<PathBuf> {
    cases_in(&vectors(), preset, fork, type_name)
}

/// [`cases`] under the vectors at `root`.
fn cases_in(root: &Path, preset: &str, fork: &str, type_name: &str) -> Vec<PathBuf> {
    let dir = root
        .join(preset)
        .join(fork)
        .join("ssz_static")
        .join(type_name);
    let mut out = Vec::new();
    for suite in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let suite = suite.unwrap().path();
        for case in std::fs::read_dir(&suite).unwrap() {
            out.push(case.unwrap().path());
        }
    }
    out.sort();
    assert!(!out.is_empty(), "no case under {}", dir.display());
    out
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "exit {:?}: {}",
        output.status.code(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The root of a case's `roots.yaml`.
fn expected_root(case: &Path) -> String {
    let text = std::fs::read_to_string(case.join("roots.yaml")).unwrap();
    let roots: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    roots["root"].as_str().unwrap().to_owned()
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A bad input: exit status 2, nothing on standard output, one line on
/// standard error that starts with the program's name.
fn assert_refused(output: &Output, contains: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("peam-ssz: "), "{stderr}");
    assert!(
        stderr.contains(contains),
        "{stderr:?} does not say {contains:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn root_of_every_minimal_fulu_beacon_state() {
    let cases = cases("minimal", "fulu", "BeaconState");
    for case in &cases {
        let file = case.join("serialized.ssz_snappy");
        let output = run(&[
            "root",
            "--preset",
            "minimal",
            "--type",
            "fulu.BeaconState",
            path_str(&file),
        ]);
        assert_eq!(
            stdout(&output),
            format!("{}\n", expected_root(case)),
            "{}",
            case.display()
        );
    }
    println!(
        "fulu BeaconState (minimal): {} cases, every root as roots.yaml",
        cases.len()
    );
}

#[test]
fn spec_values_encode_to_the_vectors_bytes_and_decode_back() {
    for type_name in [
        "BeaconBlockHeader",
        "Attestation",
        "BeaconBlockBody",
        "DataColumnSidecar",
    ] {
        let cases = cases("minimal", "fulu", type_name);
        let ty = format!("fulu.{type_name}");
        for case in &cases {
            let serialized = case.join("serialized.ssz_snappy");
            let snappy = std::fs::read(&serialized).unwrap();
            let ssz = snap::raw::Decoder::new().decompress_vec(&snappy).unwrap();
            // value.yaml, the spec's own rendering, encodes to the bytes.
            let value = case.join("value.yaml");
            let output = run(&[
                "encode",
                "--preset",
                "minimal",
                "--type",
                &ty,
                path_str(&value),
            ]);
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            assert_eq!(output.stdout, ssz, "{}", case.display());
            // Our JSON and YAML encode back to the same bytes.
            for text_format in ["json", "yaml"] {
                let text = stdout(&run(&[
                    "decode",
                    "--preset",
                    "minimal",
                    "--type",
                    &ty,
                    "--output",
                    text_format,
                    path_str(&serialized),
                ]));
                let output = run_stdin(
                    &[
                        "encode",
                        "--preset",
                        "minimal",
                        "--type",
                        &ty,
                        "--format",
                        text_format,
                    ],
                    text.as_bytes(),
                );
                assert!(
                    output.status.success(),
                    "{}",
                    String::from_utf8_lossy(&output.stderr)
                );
                assert_eq!(output.stdout, ssz, "{} via {text_format}", case.display());
            }
            // Through both snappy framings and back.
            for framing in ["ssz_snappy", "ssz_snappy_frames"] {
                let output = run_stdin(
                    &[
                        "encode", "--preset", "minimal", "--type", &ty, "--format", "ssz",
                        "--output", framing,
                    ],
                    &ssz,
                );
                let wire = output.stdout;
                let root = stdout(&run_stdin(
                    &[
                        "root", "--preset", "minimal", "--type", &ty, "--format", framing,
                    ],
                    &wire,
                ));
                assert_eq!(
                    root,
                    format!("{}\n", expected_root(case)),
                    "{} via {framing}",
                    case.display()
                );
            }
        }
    }
}

#[test]
fn proofs_of_the_light_client_vectors_verify_and_prove_gives_them() {
    let dir = vectors().join("minimal/fulu/light_client/single_merkle_proof/BeaconState");
    // The paths of the three proofs (altair and electra
    // light-client/sync-protocol.md: the gindices of the finalized root and
    // of the two sync committees).
    let paths = [
        ("finality_root_merkle_proof", "finalized_checkpoint.root"),
        (
            "current_sync_committee_merkle_proof",
            "current_sync_committee",
        ),
        ("next_sync_committee_merkle_proof", "next_sync_committee"),
    ];
    for (case, path) in paths {
        let case = dir.join(case);
        let object = case.join("object.ssz_snappy");
        let proof = case.join("proof.yaml");
        let args = ["--preset", "minimal", "--type", "fulu.BeaconState"];
        let mut verify = vec!["verify"];
        verify.extend(args);
        verify.extend([path_str(&proof), path_str(&object)]);
        assert_eq!(stdout(&run(&verify)), "ok\n", "{}", case.display());

        // prove writes the same leaf, index and branch as the spec's file.
        let mut prove = vec!["prove"];
        prove.extend(args);
        prove.extend([path, path_str(&object)]);
        let ours: serde_yaml::Value = serde_yaml::from_str(&stdout(&run(&prove))).unwrap();
        let spec: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(&proof).unwrap()).unwrap();
        for key in ["leaf", "leaf_index", "branch"] {
            assert_eq!(ours[key], spec[key], "{path}: {key}");
        }

        // Against the state's root, given by hand; and a wrong root.
        let root = stdout(&run(&[
            "root",
            "--preset",
            "minimal",
            "--type",
            "fulu.BeaconState",
            path_str(&object),
        ]));
        let output = run(&["verify", path_str(&proof), "--root", root.trim()]);
        assert_eq!(stdout(&output), "ok\n");
        let wrong = format!("0x{}", "00".repeat(32));
        let output = run(&["verify", path_str(&proof), "--root", &wrong]);
        assert_eq!(output.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&output.stderr).contains("the proof leads to"));
    }
}

#[test]
fn diff_lists_the_paths_that_differ() {
    let cases = cases("minimal", "fulu", "BeaconBlockHeader");
    let a = path_str(&cases[0]).to_owned() + "/serialized.ssz_snappy";
    let b = path_str(&cases[1]).to_owned() + "/serialized.ssz_snappy";
    let args = [
        "diff",
        "--preset",
        "minimal",
        "--type",
        "fulu.BeaconBlockHeader",
    ];
    let same = run(&[&args[..], &[&a, &a]].concat());
    assert_eq!(stdout(&same), "");
    let output = run(&[&args[..], &[&a, &b]].concat());
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    // Each line names a field of the header and both values; the values are
    // those of the two value.yaml files.
    let value = |case: &Path| -> serde_yaml::Value {
        serde_yaml::from_str(&std::fs::read_to_string(case.join("value.yaml")).unwrap()).unwrap()
    };
    let (va, vb) = (value(&cases[0]), value(&cases[1]));
    let mut differing = Vec::new();
    for line in text.lines() {
        let (field, _) = line.split_once(": ").unwrap();
        assert_ne!(va[field], vb[field], "{line}");
        differing.push(field.to_owned());
    }
    let fields = [
        "slot",
        "proposer_index",
        "parent_root",
        "state_root",
        "body_root",
    ];
    let expected: Vec<String> = fields
        .iter()
        .filter(|f| va[**f] != vb[**f])
        .map(|f| f.to_string())
        .collect();
    assert_eq!(differing, expected);
    assert!(!expected.is_empty());
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    let case = &cases("minimal", "fulu", "BeaconState")[0];
    let file = case.join("serialized.ssz_snappy");
    let snappy = std::fs::read(&file).unwrap();
    let ssz = snap::raw::Decoder::new().decompress_vec(&snappy).unwrap();
    let state = ["--preset", "minimal", "--type", "fulu.BeaconState"];
    let root = |extra: &[&str], input: &[u8]| {
        let mut args = vec!["root"];
        args.extend(state);
        args.extend(extra);
        run_stdin(&args, input)
    };
    // Truncated SSZ, truncated snappy, a bad snappy frame.
    assert_refused(&root(&[], &ssz[..ssz.len() - 1]), "standard input: ");
    assert_refused(
        &root(&["--format", "ssz_snappy"], &snappy[..snappy.len() / 2]),
        "ssz_snappy",
    );
    assert_refused(
        &root(&["--format", "ssz_snappy_frames"], &snappy),
        "ssz_snappy: at byte",
    );
    // A snappy block longer than any encoder writes for --max-size bytes
    // (refused before it is read), and one within that but declaring more
    // than --max-size.
    assert_refused(
        &root(&["--format", "ssz_snappy", "--max-size", "1000"], &snappy),
        "compressed bytes exceed max_compressed_len",
    );
    let max = ssz.len() - 1;
    assert!(peam_ssz_types::snappy::max_compressed_len(max) >= snappy.len());
    assert_refused(
        &root(
            &["--format", "ssz_snappy", "--max-size", &max.to_string()],
            &snappy,
        ),
        &format!("outside the bounds 0..={max}"),
    );
    // JSON that is not the type's.
    assert_refused(&root(&["--format", "json"], b"{\"slot\": \"1\"}"), "JSON");
    // Names and options.
    assert_refused(
        &run(&["root", "--type", "fulu.BeaconStat", path_str(&file)]),
        "no container \"BeaconStat\"",
    );
    assert_refused(
        &run(&["root", "--type", "frontier.BeaconState", path_str(&file)]),
        "unknown fork",
    );
    assert_refused(
        &run(&["root", "--type", "BeaconState", path_str(&file)]),
        "FORK.CONTAINER",
    );
    assert_refused(&run(&["root", path_str(&file)]), "needs --type");
    assert_refused(
        &run(&["root", "--type", "fulu.BeaconState", "--bogus", "1"]),
        "unknown option",
    );
    assert_refused(
        &run(&["root", "--type", "fulu.BeaconState", "--preset", "testnet"]),
        "mainnet or minimal",
    );
    assert_refused(
        &run(&["decode", "--type", "fulu.BeaconState", "--output", "ssz"]),
        "decode writes json or yaml",
    );
    assert_refused(&run(&["frobnicate"]), "unknown command");
    assert_refused(&run(&[]), "no command");
    assert_refused(
        &run(&[
            "root",
            "--type",
            "fulu.BeaconState",
            "/nonexistent/state.ssz",
        ]),
        "/nonexistent/state.ssz",
    );
    // A path that does not exist in the type.
    let mut prove = vec!["prove"];
    prove.extend(state);
    prove.extend(["validators[0].no_such_field", path_str(&file)]);
    assert_refused(&run(&prove), "validators[0].no_such_field");
}

#[test]
fn every_command_has_help() {
    let top = stdout(&run(&["--help"]));
    for command in [
        "decode", "encode", "root", "prove", "verify", "diff", "types",
    ] {
        assert!(top.contains(command));
        for form in [
            vec![command, "--help"],
            vec![command, "-h"],
            vec!["help", command],
        ] {
            let text = stdout(&run(&form));
            assert!(
                text.starts_with(&format!("peam-ssz {command}:")),
                "{form:?}: {text}"
            );
            assert!(text.contains("--edition v1.6|v1.7"), "{form:?}: {text}");
            if command != "types" {
                assert!(text.contains("--network NETWORK"), "{form:?}: {text}");
            }
        }
    }
}

#[test]
fn types_lists_forks_and_containers() {
    let forks = stdout(&run(&["types"]));
    assert!(forks.lines().any(|l| l == "fulu"));
    // The v1.7.0-alpha.13 forks, with the option that reaches them.
    for fork in ["fulu", "gloas", "heze"] {
        let line = format!("{fork} --edition v1.7");
        assert!(forks.lines().any(|l| l == line), "{forks}");
    }
    assert_eq!(
        stdout(&run(&["types", "--edition", "v1.7"])),
        "fulu\ngloas\nheze\n"
    );
    let heze = stdout(&run(&["types", "--edition", "v1.7", "heze"]));
    assert!(heze.lines().any(|l| l == "heze.BeaconState"), "{heze}");
    assert!(
        heze.lines().any(|l| l == "heze.SignedInclusionList"),
        "{heze}"
    );
    assert_refused(&run(&["types", "heze"]), "add --edition v1.7");
    let fulu = stdout(&run(&["types", "fulu"]));
    assert!(fulu.lines().any(|l| l == "fulu.BeaconState"));
    assert!(fulu.lines().any(|l| l == "fulu.DataColumnSidecar"));
    // Every listed name is one that root accepts (on an empty input: a
    // decoding error, never an unknown type).
    for name in fulu.lines() {
        let output = run_stdin(&["root", "--preset", "minimal", "--type", name], b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("no container"), "{name}: {stderr}");
    }
}

/// The generated schema of a v1.6.1 container, as `--schema FILE#NAME`.
fn schema_arg(preset: &str, fork: &str, name: &str) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../beacon-types/schemas/v1.6.1")
        .join(preset)
        .join(format!("{fork}.json"));
    format!("{}#{name}", path_str(&file))
}

#[test]
fn schema_commands_give_the_vectors_roots_bytes_and_json() {
    for type_name in ["BeaconState", "BeaconBlockBody", "Attestation"] {
        let schema = schema_arg("minimal", "fulu", type_name);
        let ty = format!("fulu.{type_name}");
        let cases = cases("minimal", "fulu", type_name);
        for case in &cases {
            let serialized = case.join("serialized.ssz_snappy");
            let snappy = std::fs::read(&serialized).unwrap();
            let ssz = snap::raw::Decoder::new().decompress_vec(&snappy).unwrap();
            let root = stdout(&run(&["root", "--schema", &schema, path_str(&serialized)]));
            assert_eq!(
                root,
                format!("{}\n", expected_root(case)),
                "{}",
                case.display()
            );

            // value.yaml through the schema encodes to the vector's bytes.
            let value = case.join("value.yaml");
            let output = run(&["encode", "--schema", &schema, path_str(&value)]);
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            assert_eq!(output.stdout, ssz, "{}", case.display());

            // The schema's JSON is the derived type's, up to the quoting of
            // integers, and encodes back to the bytes.
            let ours = stdout(&run(&[
                "decode",
                "--schema",
                &schema,
                path_str(&serialized),
            ]));
            let derived = stdout(&run(&[
                "decode",
                "--preset",
                "minimal",
                "--type",
                &ty,
                path_str(&serialized),
            ]));
            let ours_json: serde_yaml::Value = serde_yaml::from_str(&ours).unwrap();
            let derived_json: serde_yaml::Value = serde_yaml::from_str(&derived).unwrap();
            assert_eq!(
                unquoted(&ours_json),
                unquoted(&derived_json),
                "{}",
                case.display()
            );
            let output = run_stdin(
                &["encode", "--schema", &schema, "--format", "json"],
                ours.as_bytes(),
            );
            assert_eq!(output.stdout, ssz, "{}", case.display());

            // And through a snappy framing.
            let wire = run_stdin(
                &[
                    "encode",
                    "--schema",
                    &schema,
                    "--format",
                    "ssz",
                    "--output",
                    "ssz_snappy_frames",
                ],
                &ssz,
            )
            .stdout;
            let root = stdout(&run_stdin(
                &["root", "--schema", &schema, "--format", "ssz_snappy_frames"],
                &wire,
            ));
            assert_eq!(root, format!("{}\n", expected_root(case)));
        }
    }
}

/// `value` with every string of decimal digits made a number, for comparing
/// the consensus JSON (quoted uint64) with serde's YAML-style numbers.
fn unquoted(value: &serde_yaml::Value) -> serde_yaml::Value {
    use serde_yaml::Value as Y;
    match value {
        Y::String(s) if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) => {
            match s.parse::<u64>() {
                Ok(n) => Y::Number(n.into()),
                Err(_) => value.clone(),
            }
        }
        Y::Sequence(items) => Y::Sequence(items.iter().map(unquoted).collect()),
        Y::Mapping(m) => Y::Mapping(m.iter().map(|(k, v)| (k.clone(), unquoted(v))).collect()),
        other => other.clone(),
    }
}

#[test]
fn schema_proofs_verify_as_the_light_client_vectors_say() {
    let dir = vectors().join("minimal/fulu/light_client/single_merkle_proof/BeaconState");
    let schema = schema_arg("minimal", "fulu", "BeaconState");
    for (case, path) in [
        ("finality_root_merkle_proof", "finalized_checkpoint.root"),
        ("next_sync_committee_merkle_proof", "next_sync_committee"),
    ] {
        let case = dir.join(case);
        let object = case.join("object.ssz_snappy");
        let proof = case.join("proof.yaml");
        let output = run(&[
            "verify",
            "--schema",
            &schema,
            path_str(&proof),
            path_str(&object),
        ]);
        assert_eq!(stdout(&output), "ok\n", "{}", case.display());
        let ours: serde_yaml::Value = serde_yaml::from_str(&stdout(&run(&[
            "prove",
            "--schema",
            &schema,
            path,
            path_str(&object),
        ])))
        .unwrap();
        let spec: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(&proof).unwrap()).unwrap();
        for key in ["leaf", "leaf_index", "branch"] {
            assert_eq!(ours[key], spec[key], "{path}: {key}");
        }
    }
}

#[test]
fn schema_diff_and_a_bare_descriptor() {
    let cases = cases("minimal", "fulu", "BeaconBlockHeader");
    let a = path_str(&cases[0]).to_owned() + "/serialized.ssz_snappy";
    let b = path_str(&cases[1]).to_owned() + "/serialized.ssz_snappy";
    let schema = schema_arg("minimal", "fulu", "BeaconBlockHeader");
    let by_type = run(&[
        "diff",
        "--preset",
        "minimal",
        "--type",
        "fulu.BeaconBlockHeader",
        &a,
        &b,
    ]);
    let by_schema = run(&["diff", "--schema", &schema, &a, &b]);
    assert_eq!(by_schema.status.code(), Some(1));
    assert_eq!(by_type.status.code(), Some(1));
    // The same fields differ (the values are quoted in the consensus JSON).
    let fields = |o: &Output| -> Vec<String> {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(|l| l.split_once(": ").unwrap().0.to_owned())
            .collect()
    };
    // Both list the fields in the container's order.
    assert_eq!(fields(&by_schema), fields(&by_type));
    assert_eq!(fields(&by_type)[0], "slot");
    assert!(!fields(&by_schema).is_empty());
    assert_eq!(stdout(&run(&["diff", "--schema", &schema, &a, &a])), "");

    // A file holding one descriptor takes no #NAME; v1.6 and v1.7 roots of
    // a progressive list differ, of a plain list they agree.
    let dir = std::env::temp_dir().join(format!("peam-ssz-cli-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let progressive = dir.join("progressive.json");
    std::fs::write(
        &progressive,
        r#"{"kind": "ProgressiveList", "elementType": {"kind": "Uint16", "bits": 16}}"#,
    )
    .unwrap();
    let p = path_str(&progressive);
    let bytes: Vec<u8> = (0..40u8).collect();
    let v16 = stdout(&run_stdin(
        &["root", "--schema", p, "--edition", "v1.6"],
        &bytes,
    ));
    let v17 = stdout(&run_stdin(
        &["root", "--schema", p, "--edition", "v1.7"],
        &bytes,
    ));
    let default = stdout(&run_stdin(&["root", "--schema", p], &bytes));
    assert_ne!(v16, v17);
    assert_eq!(default, v17);
    let json = stdout(&run_stdin(&["decode", "--schema", p], &[1, 0, 2, 0]));
    assert_eq!(json.trim(), "[\n  1,\n  2\n]");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_schemas_are_one_line_and_exit_status_2() {
    let catalogue = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../beacon-types/schemas/v1.6.1/minimal/phase0.json");
    let catalogue = path_str(&catalogue);
    let name = format!("{catalogue}#NoSuchType");
    assert_refused(
        &run_stdin(&["root", "--schema", &name], b""),
        "no type \"NoSuchType\"",
    );
    assert_refused(
        &run_stdin(&["root", "--schema", catalogue], b""),
        "takes #NAME",
    );
    assert_refused(
        &run_stdin(&["root", "--schema", "/nonexistent/schema.json"], b""),
        "/nonexistent/schema.json",
    );
    let checkpoint = format!("{catalogue}#Checkpoint");
    assert_refused(
        &run_stdin(&["root", "--schema", &checkpoint], &[0; 39]),
        "standard input",
    );
    assert_refused(
        &run(&[
            "root",
            "--schema",
            &checkpoint,
            "--type",
            "phase0.Checkpoint",
        ]),
        "not both",
    );
    assert_refused(
        &run(&["root", "--type", "phase0.Checkpoint", "--edition", "v1.7"]),
        "unknown fork \"phase0\" in v1.7.0-alpha.13",
    );
    assert_refused(
        &run(&["root", "--schema", &checkpoint, "--edition", "v2"]),
        "expected one of v1.6, v1.7",
    );
}

/// A chain configuration for `--network`: the built-in one of `preset`
/// with every fork of `at_genesis` at epoch 0, written to a file named
/// after `name`. With a fork after fulu, blocks may hold 16 blobs (the
/// random bids of the v1.7.0-alpha.13 vectors hold up to 10, more than
/// the 9 of the minimal configuration).
fn network_file(name: &str, preset: &str, at_genesis: &[&str]) -> PathBuf {
    let blobs = at_genesis.contains(&"gloas");
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../beacon-types/configs")
        .join(format!("{preset}.yaml"));
    let text = std::fs::read_to_string(built_in).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        match line.split_once("_FORK_EPOCH:") {
            Some((fork, _)) if at_genesis.contains(&fork.to_ascii_lowercase().as_str()) => {
                out.push_str(&format!("{fork}_FORK_EPOCH: 0\n"))
            }
            _ if blobs && line.starts_with("MAX_BLOBS_PER_BLOCK_ELECTRA:") => {
                out.push_str("MAX_BLOBS_PER_BLOCK_ELECTRA: 16\n")
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    let path =
        std::env::temp_dir().join(format!("peam-ssz-cli-{}-{name}.yaml", std::process::id()));
    std::fs::write(&path, out).unwrap();
    path
}

const UP_TO_FULU: [&str; 6] = ["altair", "bellatrix", "capella", "deneb", "electra", "fulu"];

/// The slot of a case's value, where the container keeps it.
fn slot_of(case: &Path, type_name: &str) -> u64 {
    let text = std::fs::read_to_string(case.join("value.yaml")).unwrap();
    let value: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let slot = match type_name {
        "SignedBeaconBlock" => &value["message"]["slot"],
        "LightClientHeader" => &value["beacon"]["slot"],
        _ => &value["slot"],
    };
    match slot {
        serde_yaml::Value::Number(n) => n.as_u64().unwrap(),
        other => other.as_str().unwrap().parse().unwrap(),
    }
}

/// `root --network FILE --type NAME` over every case of `fork` of the
/// vectors at `root` gives its `roots.yaml` and says on standard error
/// which fork the slot fell in.
fn roots_by_slot(root: &Path, network: &Path, edition: &[&str], fork: &str, names: &[&str]) {
    for &name in names {
        let cases = cases_in(root, "minimal", fork, name);
        for case in &cases {
            let mut args = vec!["root", "--network", path_str(network), "--type", name];
            args.extend(edition);
            let file = case.join("serialized.ssz_snappy");
            args.push(path_str(&file));
            let output = run(&args);
            assert_eq!(
                stdout(&output),
                format!("{}\n", expected_root(case)),
                "{}",
                case.display()
            );
            let slot = slot_of(case, name);
            assert_eq!(
                String::from_utf8_lossy(&output.stderr),
                format!(
                    "peam-ssz: {fork} {name} (slot {slot}, epoch {})\n",
                    slot / 8
                ),
                "{}",
                case.display()
            );
        }
        println!("{fork} {name} by slot: {} cases", cases.len());
    }
}

#[test]
fn network_finds_the_fork_by_the_slot() {
    let names = [
        "BeaconState",
        "BeaconBlock",
        "SignedBeaconBlock",
        "LightClientHeader",
    ];
    let fulu = network_file("fulu", "minimal", &UP_TO_FULU);
    roots_by_slot(&vectors(), &fulu, &[], "fulu", &names);
    let mut up_to_gloas = UP_TO_FULU.to_vec();
    up_to_gloas.push("gloas");
    let gloas = network_file("gloas", "minimal", &up_to_gloas);
    roots_by_slot(&vectors(), &gloas, &[], "gloas", &names[..3]);
    // v1.7.0-alpha.13's Gloas and Heze, by --edition v1.7 (the states: the
    // random blocks hold more operations than a block on the chain may).
    let v1_7 = ["--edition", "v1.7"];
    roots_by_slot(&vectors_v1_7(), &gloas, &v1_7, "gloas", &names[..1]);
    up_to_gloas.push("heze");
    let heze = network_file("heze", "minimal", &up_to_gloas);
    roots_by_slot(&vectors_v1_7(), &heze, &v1_7, "heze", &names[..1]);
}

#[test]
fn network_commands_read_and_write_the_versioned_json() {
    let network = network_file("json", "minimal", &UP_TO_FULU);
    let network = path_str(&network);
    let by_slot = ["--network", network, "--type", "BeaconBlock"];
    let by_fork = ["--preset", "minimal", "--type", "fulu.BeaconBlock"];
    let blocks = cases("minimal", "fulu", "BeaconBlock");
    let file = blocks[0].join("serialized.ssz_snappy");
    let with = |command: &str, options: &[&str], files: &[&str]| {
        let mut args = vec![command];
        args.extend(options);
        args.extend(files);
        run(&args)
    };

    // decode: {"version", "data"}, data as --type writes it.
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&with("decode", &by_slot, &[path_str(&file)]))).unwrap();
    let data: serde_json::Value =
        serde_json::from_str(&stdout(&with("decode", &by_fork, &[path_str(&file)]))).unwrap();
    assert_eq!(json["version"], "fulu");
    assert_eq!(json["data"], data);
    assert_eq!(json.as_object().unwrap().len(), 2);

    // encode reads it back to the vector's bytes.
    let ssz = snap::raw::Decoder::new()
        .decompress_vec(&std::fs::read(&file).unwrap())
        .unwrap();
    let json_file =
        std::env::temp_dir().join(format!("peam-ssz-cli-{}-block.json", std::process::id()));
    std::fs::write(&json_file, json.to_string()).unwrap();
    let encoded = with("encode", &by_slot, &[path_str(&json_file)]);
    assert!(encoded.status.success(), "{:?}", encoded);
    assert_eq!(encoded.stdout, ssz);
    assert_eq!(
        String::from_utf8_lossy(&encoded.stderr),
        "peam-ssz: fulu BeaconBlock (the JSON's version)\n"
    );

    // prove and verify: as with the fork named.
    let state = cases("minimal", "fulu", "BeaconState")[0].join("serialized.ssz_snappy");
    let state_by_slot = ["--network", network, "--type", "BeaconState"];
    let path = "finalized_checkpoint.root";
    let proof = stdout(&with("prove", &state_by_slot, &[path, path_str(&state)]));
    let by_fork_state = ["--preset", "minimal", "--type", "fulu.BeaconState"];
    assert_eq!(
        proof,
        stdout(&with("prove", &by_fork_state, &[path, path_str(&state)]))
    );
    let proof_file =
        std::env::temp_dir().join(format!("peam-ssz-cli-{}-proof.json", std::process::id()));
    std::fs::write(&proof_file, &proof).unwrap();
    assert_eq!(
        stdout(&with(
            "verify",
            &state_by_slot,
            &[path_str(&proof_file), path_str(&state)]
        )),
        "ok\n"
    );

    // diff: the paths of the data, as with the fork named.
    let other = blocks[1].join("serialized.ssz_snappy");
    let a = with("diff", &by_slot, &[path_str(&file), path_str(&other)]);
    let b = with("diff", &by_fork, &[path_str(&file), path_str(&other)]);
    assert_eq!(a.status.code(), Some(1));
    assert_eq!(a.stdout, b.stdout);
    assert!(String::from_utf8_lossy(&a.stderr).contains(": fulu BeaconBlock (slot "));
}

#[test]
fn network_errors_say_what_would_decode() {
    let minimal = network_file("errors", "minimal", &UP_TO_FULU);
    let minimal = path_str(&minimal);
    let state = cases("minimal", "fulu", "BeaconState")[0].join("serialized.ssz_snappy");
    let state = path_str(&state);
    assert_refused(
        &run(&[
            "root",
            "--network",
            "minimal",
            "--preset",
            "mainnet",
            "--type",
            "BeaconState",
            state,
        ]),
        "--preset mainnet contradicts --network minimal, whose PRESET_BASE is minimal",
    );
    assert_refused(
        &run(&[
            "root",
            "--network",
            "/nonexistent/config.yaml",
            "--type",
            "BeaconState",
            state,
        ]),
        "--network /nonexistent/config.yaml",
    );
    assert_refused(
        &run(&[
            "root",
            "--network",
            minimal,
            "--type",
            "ExecutionPayload",
            state,
        ]),
        "name the fork of any other (--type fulu.ExecutionPayload)",
    );
    assert_refused(
        &run(&["root", "--network", "mainnet", "--schema", "x.json", state]),
        "--network applies to --type",
    );
    // A fork named with --network: the network gives the preset.
    let case = &cases("minimal", "fulu", "BeaconState")[0];
    assert_eq!(
        stdout(&run(&[
            "root",
            "--network",
            "minimal",
            "--type",
            "fulu.BeaconState",
            state
        ])),
        format!("{}\n", expected_root(case))
    );
    // Minimal bytes on a mainnet configuration.
    assert_refused(
        &run(&[
            "root",
            "--network",
            "mainnet",
            "--type",
            "BeaconState",
            state,
        ]),
        "(these bytes decode as minimal's BeaconState by its slot: \
         try a configuration whose PRESET_BASE is minimal)",
    );
    assert_refused(
        &run(&[
            "root",
            "--network",
            "mainnet",
            "--type",
            "fulu.BeaconState",
            state,
        ]),
        "(these bytes decode as minimal's fulu.BeaconState: try --network minimal)",
    );
    // v1.7.0-alpha.13 bytes in the default edition.
    let mut up_to_heze = UP_TO_FULU.to_vec();
    up_to_heze.extend(["gloas", "heze"]);
    let heze = network_file("errors-heze", "minimal", &up_to_heze);
    let gloas_state = cases_in(&vectors_v1_7(), "minimal", "gloas", "BeaconState")[0]
        .join("serialized.ssz_snappy");
    let heze_state = cases_in(&vectors_v1_7(), "minimal", "heze", "BeaconState")[0]
        .join("serialized.ssz_snappy");
    let gloas = network_file("errors-gloas", "minimal", &up_to_heze[..7]);
    assert_refused(
        &run(&[
            "root",
            "--network",
            path_str(&gloas),
            "--type",
            "BeaconState",
            path_str(&gloas_state),
        ]),
        "(these bytes decode as v1.7.0-alpha.13's BeaconState by its slot: try --edition v1.7)",
    );
    assert_refused(
        &run(&[
            "root",
            "--network",
            path_str(&heze),
            "--type",
            "BeaconState",
            path_str(&heze_state),
        ]),
        "heze has no BeaconState in this edition (these bytes decode as v1.7.0-alpha.13's \
         BeaconState by its slot: try --edition v1.7)",
    );
}

#[test]
fn every_edition_is_reachable_by_name() {
    for fork in ["gloas", "heze"] {
        for name in ["BeaconState", "ExecutionPayloadBid", "DataColumnSidecar"] {
            let ty = format!("{fork}.{name}");
            let cases = cases_in(&vectors_v1_7(), "minimal", fork, name);
            for case in &cases {
                let file = case.join("serialized.ssz_snappy");
                let output = run(&[
                    "root",
                    "--preset",
                    "minimal",
                    "--edition",
                    "v1.7",
                    "--type",
                    &ty,
                    path_str(&file),
                ]);
                assert_eq!(
                    stdout(&output),
                    format!("{}\n", expected_root(case)),
                    "{}",
                    case.display()
                );
            }
            println!("v1.7 {ty}: {} cases", cases.len());
        }
    }
    // Without --edition, v1.6.1's Gloas: the error says which edition reads
    // the bytes.
    let case = &cases_in(&vectors_v1_7(), "minimal", "gloas", "BeaconState")[0];
    let file = case.join("serialized.ssz_snappy");
    assert_refused(
        &run(&[
            "root",
            "--preset",
            "minimal",
            "--type",
            "gloas.BeaconState",
            path_str(&file),
        ]),
        "(these bytes decode as v1.7.0-alpha.13's gloas.BeaconState: try --edition v1.7)",
    );
    assert_refused(
        &run(&["root", "--type", "gloas.BeaconState", path_str(&file)]),
        "(these bytes decode as minimal v1.7.0-alpha.13's gloas.BeaconState: \
         try --preset minimal --edition v1.7)",
    );
    // A random block past the maxima the spec asserts of blocks on the
    // chain: the SSZ type alone, by its schema, reads it.
    let block = &cases_in(&vectors_v1_7(), "minimal", "gloas", "SignedBeaconBlock")[0];
    let block_file = block.join("serialized.ssz_snappy");
    let output = run(&[
        "root",
        "--preset",
        "minimal",
        "--edition",
        "v1.7",
        "--type",
        "gloas.SignedBeaconBlock",
        path_str(&block_file),
    ]);
    assert_refused(
        &output,
        "--schema beacon-types/schemas/v1.7.0-alpha.13/minimal/gloas.json#SignedBeaconBlock \
         decodes the type alone",
    );
    let schema = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../beacon-types/schemas/v1.7.0-alpha.13/minimal/gloas.json");
    let schema = format!("{}#SignedBeaconBlock", path_str(&schema));
    assert_eq!(
        stdout(&run(&["root", "--schema", &schema, path_str(&block_file)])),
        format!("{}\n", expected_root(block))
    );
    assert_refused(
        &run(&[
            "root",
            "--preset",
            "minimal",
            "--type",
            "heze.BeaconState",
            path_str(&file),
        ]),
        "heze is a fork of v1.7.0-alpha.13: add --edition v1.7",
    );
    assert_refused(
        &run(&[
            "root",
            "--edition",
            "v1.7",
            "--type",
            "phase0.BeaconState",
            path_str(&file),
        ]),
        "unknown fork \"phase0\" in v1.7.0-alpha.13 (its forks: fulu, gloas, heze)",
    );
}

#[test]
fn decoding_errors_say_what_would_decode() {
    let case = &cases("minimal", "fulu", "BeaconState")[0];
    let file = case.join("serialized.ssz_snappy");
    let snappy = std::fs::read(&file).unwrap();
    let ssz = snap::raw::Decoder::new().decompress_vec(&snappy).unwrap();
    // The other preset.
    assert_refused(
        &run(&["root", "--type", "fulu.BeaconState", path_str(&file)]),
        "(these bytes decode as minimal's fulu.BeaconState: try --preset minimal)",
    );
    let state = ["root", "--preset", "minimal", "--type", "fulu.BeaconState"];
    let root = |extra: &[&str], input: &[u8]| {
        let mut args = state.to_vec();
        args.extend(extra);
        run_stdin(&args, input)
    };
    // Compressed or not.
    assert_refused(
        &root(&[], &snappy),
        "(the input looks snappy-compressed: try --format ssz_snappy)",
    );
    let mut frames = Vec::new();
    peam_ssz_types::snappy::compress_req_resp(&ssz, &mut frames);
    assert_refused(
        &root(&[], &frames),
        "(the input looks snappy-compressed: try --format ssz_snappy_frames)",
    );
    assert_refused(
        &root(&["--format", "ssz_snappy"], &ssz),
        "(the input is not compressed: try --format ssz)",
    );
    // Bytes that nothing reads: no hint.
    let output = root(&[], &ssz[..ssz.len() - 1]);
    assert_refused(&output, "standard input: ");
    assert!(!String::from_utf8_lossy(&output.stderr).contains("try"));
}
