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

/// The case directories of `<preset>/<fork>/ssz_static/<type>`, sorted.
fn cases(preset: &str, fork: &str, type_name: &str) -> Vec<PathBuf> {
    let dir = vectors()
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
        }
    }
}

#[test]
fn types_lists_forks_and_containers() {
    let forks = stdout(&run(&["types"]));
    assert!(forks.lines().any(|l| l == "fulu"));
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
        &run(&["root", "--type", "phase0.Checkpoint", "--edition", "v1.6"]),
        "--edition",
    );
    assert_refused(
        &run(&["root", "--schema", &checkpoint, "--edition", "v2"]),
        "expected one of v1.6, v1.7",
    );
}
