//! The harness's own tests, on trees written to a temporary directory, and
//! the mapping of `ssz_generic` case names to types. An integration test,
//! so that the library is not compiled a second time for unit tests.

use peam_ssz_types::{DecodeError, Root, Ssz, TreeHash};
use spec_tests::harness::*;
use std::path::{Path, PathBuf};

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn join(&self, path: &str) -> PathBuf {
        self.0.join(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(name: &str) -> TempDir {
    let dir =
        std::env::temp_dir().join(format!("spec-tests-harness-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// Writes a case directory: `ssz` (compressed), and the YAML files given.
fn write_case(dir: &Path, ssz: &[u8], files: &[(&str, &str)]) {
    std::fs::create_dir_all(dir).unwrap();
    let compressed = snap::raw::Encoder::new().compress_vec(ssz).unwrap();
    std::fs::write(dir.join(SERIALIZED_FILE), compressed).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

const ROOT_0102: &str =
    "root: '0x0102000000000000000000000000000000000000000000000000000000000000'\n";

#[test]
fn a_valid_case_passes_and_records_its_files() {
    let tmp = temp_dir("valid");
    let dir = tmp.join("tests/x/uint_16_case");
    write_case(
        &dir,
        &[1, 2],
        &[(VALUE_FILE, "513\n"), ("meta.yaml", ROOT_0102)],
    );
    let case = Case::new(&dir);
    assert_eq!(case.label(), "x/uint_16_case");
    assert_eq!(check_valid::<u16>(&case, "meta.yaml"), Ok(()));
    let read: Vec<String> = case.files_read().into_iter().collect();
    assert_eq!(read, ["meta.yaml", SERIALIZED_FILE, VALUE_FILE]);
}

#[test]
fn each_broken_condition_fails_naming_the_case() {
    let tmp = temp_dir("broken");
    let base = tmp.join("tests");
    let cases: [(&str, &[u8], &str, &str, &str); 4] = [
        (
            "wrong_value",
            &[1, 2],
            "514\n",
            ROOT_0102,
            "differs from value.yaml",
        ),
        (
            "wrong_root",
            &[1, 2],
            "513\n",
            "root: '0x00'\n",
            "the root is 1 bytes",
        ),
        (
            "other_root",
            &[1, 2],
            "513\n",
            "root: '0x0202000000000000000000000000000000000000000000000000000000000000'\n",
            "hash_tree_root is 0x0102",
        ),
        (
            "too_long",
            &[1, 2, 3],
            "513\n",
            ROOT_0102,
            "decoding 3 bytes failed",
        ),
    ];
    for (name, ssz, value, meta, expected) in cases {
        let dir = base.join(name);
        write_case(&dir, ssz, &[(VALUE_FILE, value), ("meta.yaml", meta)]);
        let err = check_valid::<u16>(&Case::new(&dir), "meta.yaml").unwrap_err();
        assert!(err.starts_with(name), "{err}");
        assert!(err.contains(expected), "{name}: {err}");
    }
}

/// Decodes anything, then encodes one byte too many.
#[derive(Debug, PartialEq, serde::Deserialize)]
struct Sloppy(u8);

impl Ssz for Sloppy {
    const IS_FIXED_SIZE: bool = true;
    const FIXED_PART_LEN: usize = 1;
    fn ssz_len(&self) -> usize {
        2
    }
    fn ssz_write(&self, out: &mut [u8]) {
        out.fill(self.0);
    }
    fn from_ssz(bytes: &[u8]) -> Result<Self, DecodeError> {
        if bytes == [0xff] {
            panic!("boom");
        }
        Ok(Sloppy(bytes.first().copied().unwrap_or(0)))
    }
}

impl TreeHash for Sloppy {
    fn hash_tree_root(&self) -> Root {
        [self.0; 32]
    }
}

#[test]
fn invalid_cases_fail_on_success_and_on_panic() {
    let tmp = temp_dir("invalid");
    let base = tmp.join("tests");
    let accepted = base.join("accepted");
    write_case(&accepted, &[7, 7], &[]);
    let err = check_invalid::<Sloppy>(&Case::new(&accepted)).unwrap_err();
    assert!(
        err.contains("decoding must fail") && err.contains("Sloppy(7)"),
        "{err}"
    );

    let panics = base.join("panics");
    write_case(&panics, &[0xff], &[]);
    let err = check_invalid::<Sloppy>(&Case::new(&panics)).unwrap_err();
    assert!(err.contains("panicked: boom"), "{err}");

    let rejected = base.join("rejected");
    write_case(&rejected, &[1, 2, 3], &[]);
    assert_eq!(check_invalid::<u16>(&Case::new(&rejected)), Ok(()));
}

#[test]
fn an_encoding_of_the_wrong_length_fails() {
    let tmp = temp_dir("sloppy");
    let dir = tmp.join("tests/sloppy");
    write_case(&dir, &[5], &[(VALUE_FILE, "5\n"), ("meta.yaml", ROOT_0102)]);
    let err = check_valid::<Sloppy>(&Case::new(&dir), "meta.yaml").unwrap_err();
    assert!(
        err.contains("ssz_len is 2, the encoding is 1 bytes"),
        "{err}"
    );
}

#[test]
fn a_run_fails_on_cases_not_run_and_files_not_read() {
    let tmp = temp_dir("run");
    let root = tmp.join("tests/suite");
    let meta = [(VALUE_FILE, "513\n"), ("meta.yaml", ROOT_0102)];
    write_case(&root.join("valid/a"), &[1, 2], &meta);
    write_case(&root.join("valid/b"), &[1, 2], &meta);
    write_case(&root.join("valid/c"), &[1, 2], &meta);
    std::fs::create_dir_all(root.join("empty")).unwrap();

    let mut run = Run::new();
    run.expect_tree(&root);
    let cases = vec![root.join("valid/a"), root.join("valid/b")];
    run.run("suite/valid", cases, |case| {
        if case.name() == "a" {
            check_valid::<u16>(case, "meta.yaml")
        } else {
            // Passes without reading meta.yaml.
            case.serialized().map(drop)
        }
    });
    assert_eq!(
        run.counts("suite/valid"),
        Counts {
            passed: 2,
            failed: 0
        }
    );
    let messages: Vec<String> = run.failures().into_iter().map(|f| f.message).collect();
    assert_eq!(
        messages,
        [
            "suite/empty: case directory not run",
            "suite/valid/b: meta.yaml was not read",
            "suite/valid/b: value.yaml was not read",
            "suite/valid/c: case directory not run",
        ]
    );
    let report = run.report();
    assert!(
        report.starts_with("suite/valid: 2 passed, 0 failed\n"),
        "{report}"
    );
    assert!(catch_panic(|| run.finish()).is_err());
}

#[test]
fn a_run_counts_failures_and_panics() {
    let tmp = temp_dir("failures");
    let root = tmp.join("tests/g");
    write_case(&root.join("x"), &[1], &[]);
    write_case(&root.join("y"), &[1], &[]);
    let mut run = Run::new();
    run.expect_tree(&root);
    run.run("g", vec![root.join("x"), root.join("y")], |case| {
        case.serialized()?;
        match case.name() {
            "x" => Err("no good".to_owned()),
            _ => panic!("bad"),
        }
    });
    assert_eq!(
        run.counts("g"),
        Counts {
            passed: 0,
            failed: 2
        }
    );
    let messages: Vec<String> = run.failures().into_iter().map(|f| f.message).collect();
    assert_eq!(messages, ["g/x: no good", "g/y: panicked: bad"]);
    assert!(run
        .report()
        .contains("g: 0 passed, 2 failed\nfailed cases of g:\n  g/x: no good\n"));
}

#[test]
fn hex_round_trips() {
    assert_eq!(to_hex(&[0x00, 0xab, 0x1f]), "0x00ab1f");
    assert_eq!(decode_hex("0x00AB1f"), Ok(vec![0x00, 0xab, 0x1f]));
    assert!(decode_hex("00").is_err());
    assert!(decode_hex("0x0").is_err());
    assert!(decode_hex("0xzz").is_err());
}

mod generic {
    use peam_ssz_types::edition::{V1_6, V1_7};
    use spec_tests::generic::*;

    #[test]
    fn case_names_map_to_types() {
        for (handler, name) in [
            ("uints", "uint_128_one_byte_longer"),
            ("boolean", "byte_rev_nibble"),
            ("basic_vector", "vec_uint256_513_random_one_more"),
            ("basic_vector", "vec_bool_0"),
            ("bitvector", "bitvec_0"),
            ("bitlist", "bitlist_1_but_9"),
            ("basic_progressive_list", "proglist_bool_1366_zero_0x80"),
            ("progressive_bitlist", "progbitlist"),
            ("progressive_bitlist", "progbitlist_lengthy_1025_3"),
            (
                "containers",
                "ProgressiveBitsStruct_nil_offset_410_minus_one",
            ),
            ("containers", "BitsStruct"),
            (
                "progressive_containers",
                "ProgressiveVarTestStruct_random_offset_5_zeroed",
            ),
            ("compatible_unions", "CompatibleUnionABCA_selector_6_none"),
        ] {
            for valid in [true, false] {
                assert!(
                    check_for::<V1_6>(handler, valid, name).is_ok(),
                    "{handler}/{name}"
                );
                assert!(
                    check_for::<V1_7>(handler, valid, name).is_ok(),
                    "{handler}/{name}"
                );
            }
        }
    }

    #[test]
    fn unknown_types_are_errors() {
        for (handler, name) in [
            ("uints", "uint_512_max"),
            ("uints", "int_8_max"),
            ("basic_vector", "vec_uint512_4_max"),
            ("basic_vector", "vec_uint8_1000_max"),
            ("basic_vector", "vec_uint8_max"),
            ("bitvector", "bitvec_max"),
            ("bitlist", "bitvec_8"),
            ("basic_progressive_list", "proglist_int8_zero_2"),
            ("progressive_bitlist", "progbitlists_zero"),
            ("containers", "ProgressiveVarTestStruct_zero"),
            ("containers", "BitsStructs_zero"),
            ("progressive_containers", "BitsStruct_zero"),
            ("compatible_unions", "CompatibleUnionAB_zero"),
            ("complex_vector", "vec_uint8_2"),
        ] {
            for err in [
                check_for::<V1_6>(handler, true, name).expect_err(name),
                check_for::<V1_7>(handler, true, name).expect_err(name),
            ] {
                assert!(err.contains(handler), "{err}");
            }
        }
    }

    #[test]
    fn uint128_reads_decimal_strings() {
        let parse = <u128 as Basic>::parse_one;
        assert_eq!(parse("'0'"), Ok(0));
        assert_eq!(
            parse("'340282366920938463463374607431768211455'"),
            Ok(u128::MAX)
        );
        assert!(parse("'340282366920938463463374607431768211456'").is_err());
        assert!(parse("'-1'").is_err());
        let vector = <u128 as Basic>::parse_vector::<2>("['1', '2']").unwrap();
        assert_eq!(vector.as_slice(), [1, 2]);
        assert!(<u128 as Basic>::parse_vector::<3>("['1', '2']").is_err());
        let list = <u128 as Basic>::parse_progressive_list::<V1_6>("['3']").unwrap();
        assert_eq!(list.as_slice(), [3]);
    }
}
