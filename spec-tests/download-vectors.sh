#!/usr/bin/env bash
# Puts the SSZ part of the consensus-spec-tests v1.6.1 release under
# spec-tests/vectors/tests/ (general/*/ssz_generic, mainnet/*/ssz_static,
# minimal/*/ssz_static) with its Merkle proof cases
# (<preset>/*/light_client/single_merkle_proof and
# <preset>/*/merkle_proof/single_merkle_proof), and that of v1.7.0-alpha.13 (ssz_generic, and
# ssz_static of Gloas and Heze) under spec-tests/vectors-v1.7/tests/, where
# the spec-tests runners look for them.
#
# Run `download-vectors.sh --help` for the options.
set -euo pipefail

VERSION="v1.6.1"
RELEASE_URL="https://github.com/ethereum/consensus-specs/releases/download/${VERSION}"
ARCHIVES=(general mainnet minimal)
# The v1.6.1 Merkle proof cases, offline: the light_client/single_merkle_proof
# and merkle_proof/single_merkle_proof suites of both presets, whole, in one
# archive. Online they come from the mainnet and minimal release archives,
# where they live (see proof_patterns_for).
PROOF_ARCHIVE="proofs"
# The second edition: progressive merkleization changed in v1.7.0-alpha.2,
# and Gloas uses progressive types from v1.7.0-alpha.12.
VERSION_V1_7="v1.7.0-alpha.13"
# Its Heze (EIP-7805) ssz_static suites, offline: one archive per preset
# (<preset>-heze.tar.gz). Online they come from the mainnet and minimal
# release archives, which hold every fork (see heze_pattern_for).
HEZE_ARCHIVES=(mainnet-heze minimal-heze)
RELEASE_URL_V1_7="https://github.com/ethereum/consensus-specs/releases/download/${VERSION_V1_7}"
# The Lean consensus vectors: leanSpec's ssz_test fixtures of fork lstar
# (leanSpec 43246bd, 2026-06-26), which leanSpec does not publish as a
# release; the archive is deterministic and pinned by its digest.
LEAN_ARCHIVE="lstar-ssz.tar.gz"
LEAN_ARCHIVE_SHA256="cbd8adcd7cf2419932a9c46a852856313949b2902f2f4a8224a176f81c38e9bd"
LEAN_URL="https://github.com/peam-ssz/peam-ssz/releases/download/lean-vectors-43246bd/${LEAN_ARCHIVE}"
# The SSZ conformance suite of its own repository (ethereum/ssz-specs), JSON
# vectors that describe their types; the descriptor archive maps each
# vector file to the descriptor of its type.
SSZ_SPECS_VERSION="v0.1.0"
SSZ_SPECS_URL="https://github.com/ethereum/ssz-specs/releases/download/${SSZ_SPECS_VERSION}"
SSZ_SPECS_ARCHIVE="ssz-test-vectors-${SSZ_SPECS_VERSION}.tar.gz"
SSZ_SPECS_DESCRIPTORS="ssz-${SSZ_SPECS_VERSION}-type-descriptors.tar.gz"
SSZ_SPECS_DESCRIPTORS_FILE="type-descriptors.json"
# The release asset is pinned by the digest that pk910/dynamic-ssz pins for
# it; the descriptor archive (a descriptor of each vector's type, derived from
# the v0.1.0 sources) is no ssz-specs release asset and is published beside
# the Lean vectors, pinned likewise.
SSZ_SPECS_ARCHIVE_SHA256="e2a65f032b59835c26127295293ea1bc07d7ca0ea1fe0e4f1128dffed333f878"
SSZ_SPECS_DESCRIPTORS_SHA256="3bd38aefa2979629f7399cc5bfe539bb0aaac899f990ddcc1745ddf73bdab314"
SSZ_SPECS_DESCRIPTORS_URL="https://github.com/peam-ssz/peam-ssz/releases/download/ssz-specs-descriptors-${SSZ_SPECS_VERSION}/${SSZ_SPECS_DESCRIPTORS}"

usage() {
    cat <<EOF
Usage: download-vectors.sh [--force] [--archives DIR]
       download-vectors.sh [--force] [--v1.7-archives DIR] [--lean-archives DIR]
                           [--ssz-specs-archives DIR] [V1_6_1_ARCHIVE_DIR]

Offline, with every archive in one folder: --archives DIR, or
\$SSZ_ARCHIVES=DIR, where DIR holds one subfolder per source, each archive
under its release name:
  DIR/spec-vectors/          general.tar.gz mainnet.tar.gz minimal.tar.gz
                             ${PROOF_ARCHIVE}.tar.gz               (${VERSION})
  DIR/spec-vectors-v1.7/     general.tar.gz mainnet.tar.gz minimal.tar.gz
                             mainnet-heze.tar.gz minimal-heze.tar.gz
                                                        (${VERSION_V1_7})
  DIR/lean-vectors/          ${LEAN_ARCHIVE}
  DIR/ssz-specs-vectors/     ${SSZ_SPECS_ARCHIVE}
                             ${SSZ_SPECS_DESCRIPTORS}
A source given on its own (below) takes precedence over its subfolder.
Without any, every archive is downloaded.

Puts the SSZ test vectors of consensus-specs ${VERSION} (the ssz_generic and
ssz_static suites, and the light_client and merkle_proof single_merkle_proof
suites) under spec-tests/vectors/tests/.

Source of the three release archives (general.tar.gz, mainnet.tar.gz,
minimal.tar.gz), first that applies:
  V1_6_1_ARCHIVE_DIR         a local directory holding them, and
                             ${PROOF_ARCHIVE}.tar.gz with the proof cases (offline)
  \$SSZ_VECTOR_ARCHIVES       the same, from the environment
  --archives DIR             DIR/spec-vectors (or \$SSZ_ARCHIVES/spec-vectors)
  otherwise                  downloaded from
                             ${RELEASE_URL}/

Re-running with the same source does nothing: spec-tests/vectors/.source
records what was unpacked. --force unpacks again.

The runners read spec-tests/vectors, or \$SSZ_SPEC_VECTORS (a directory
holding tests/) when it is set.

Then the same for ${VERSION_V1_7} (ssz_generic, and ssz_static of gloas
and heze), under spec-tests/vectors-v1.7/tests/, from the first that applies:
  --v1.7-archives DIR        a local directory holding its three archives,
                             and mainnet-heze.tar.gz and minimal-heze.tar.gz
                             with the heze cases (offline)
  \$SSZ_VECTOR_ARCHIVES_V1_7  the same, from the environment
  --archives DIR             DIR/spec-vectors-v1.7
  otherwise                  downloaded from
                             ${RELEASE_URL_V1_7}/
                             (the heze cases from its mainnet.tar.gz and
                             minimal.tar.gz, which hold every fork)
The runners read spec-tests/vectors-v1.7, or \$SSZ_SPEC_VECTORS_V1_7.

Then the Lean consensus vectors (leanSpec's lstar ssz_test fixtures,
${LEAN_ARCHIVE}, checked against its sha256) under
spec-tests/vectors-lean/fixtures/, from the first that applies:
  --lean-archives DIR        a local directory holding ${LEAN_ARCHIVE}
  \$SSZ_LEAN_ARCHIVES        the same, from the environment
  --archives DIR             DIR/lean-vectors
  otherwise                  downloaded from
                             ${LEAN_URL}
The runner reads spec-tests/vectors-lean, or \$SSZ_LEAN_VECTORS.

Then the ssz-specs ${SSZ_SPECS_VERSION} vectors (ethereum/ssz-specs) and their
type descriptors, under spec-tests/vectors-ssz-specs/ (fixtures/ and
${SSZ_SPECS_DESCRIPTORS_FILE}), from the first that applies:
  --ssz-specs-archives DIR   a local directory holding
                             ${SSZ_SPECS_ARCHIVE} and ${SSZ_SPECS_DESCRIPTORS}
  \$SSZ_SPECS_ARCHIVES       the same, from the environment
  --archives DIR             DIR/ssz-specs-vectors
  otherwise                  ${SSZ_SPECS_ARCHIVE} downloaded from
                             ${SSZ_SPECS_URL}/
                             and ${SSZ_SPECS_DESCRIPTORS_URL}
                             (both checked against their sha256)
The runner reads spec-tests/vectors-ssz-specs, or \$SSZ_SPECS_VECTORS.
EOF
}

force=0
source_dir=""
archives_dir="${SSZ_ARCHIVES:-}"
source_dir_v1_7="${SSZ_VECTOR_ARCHIVES_V1_7:-}"
source_dir_lean="${SSZ_LEAN_ARCHIVES:-}"
source_dir_specs="${SSZ_SPECS_ARCHIVES:-}"
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h | --help)
            usage
            exit 0
            ;;
        -f | --force)
            force=1
            ;;
        --archives)
            if [[ $# -lt 2 ]]; then
                echo "download-vectors.sh: --archives takes a directory (see --help)" >&2
                exit 2
            fi
            archives_dir="$2"
            shift
            ;;
        --v1.7-archives)
            if [[ $# -lt 2 ]]; then
                echo "download-vectors.sh: --v1.7-archives takes a directory (see --help)" >&2
                exit 2
            fi
            source_dir_v1_7="$2"
            shift
            ;;
        --lean-archives)
            if [[ $# -lt 2 ]]; then
                echo "download-vectors.sh: --lean-archives takes a directory (see --help)" >&2
                exit 2
            fi
            source_dir_lean="$2"
            shift
            ;;
        --ssz-specs-archives)
            if [[ $# -lt 2 ]]; then
                echo "download-vectors.sh: --ssz-specs-archives takes a directory (see --help)" >&2
                exit 2
            fi
            source_dir_specs="$2"
            shift
            ;;
        -*)
            echo "download-vectors.sh: unknown option '$1' (see --help)" >&2
            exit 2
            ;;
        *)
            if [[ -n "$source_dir" ]]; then
                echo "download-vectors.sh: more than one ARCHIVE_DIR given (see --help)" >&2
                exit 2
            fi
            source_dir="$1"
            ;;
    esac
    shift
done
if [[ -z "$source_dir" && -n "${SSZ_VECTOR_ARCHIVES:-}" ]]; then
    source_dir="$SSZ_VECTOR_ARCHIVES"
fi
# The one folder: each source not given on its own comes from its subfolder.
if [[ -n "$archives_dir" ]]; then
    if [[ ! -d "$archives_dir" ]]; then
        echo "download-vectors.sh: '$archives_dir' (--archives or \$SSZ_ARCHIVES) is not a directory" >&2
        exit 1
    fi
    for sub in spec-vectors spec-vectors-v1.7 lean-vectors ssz-specs-vectors; do
        if [[ ! -d "${archives_dir}/${sub}" ]]; then
            echo "download-vectors.sh: ${archives_dir}/${sub}/ is missing (see --help for the layout)" >&2
            exit 1
        fi
    done
    source_dir="${source_dir:-${archives_dir}/spec-vectors}"
    source_dir_v1_7="${source_dir_v1_7:-${archives_dir}/spec-vectors-v1.7}"
    source_dir_lean="${source_dir_lean:-${archives_dir}/lean-vectors}"
    source_dir_specs="${source_dir_specs:-${archives_dir}/ssz-specs-vectors}"
fi

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

fetch() {
    local url="$1" out="$2" rc=0
    if command -v curl >/dev/null 2>&1; then
        curl -fL --retry 3 --proto '=https' -o "$out" "$url" || rc=$?
    elif command -v wget >/dev/null 2>&1; then
        wget -O "$out" "$url" || rc=$?
    else
        echo "download-vectors.sh: neither curl nor wget is installed" >&2
        offline_hint
        exit 1
    fi
    if [[ $rc -ne 0 ]]; then
        echo "download-vectors.sh: downloading ${url} failed (exit ${rc})" >&2
        offline_hint
        exit 1
    fi
}

# What to do without a network (curl exit 6: the host did not resolve).
offline_hint() {
    cat >&2 <<EOF
Offline, put the archives in one folder (spec-vectors/, spec-vectors-v1.7/,
lean-vectors/, ssz-specs-vectors/; see --help) and run
  download-vectors.sh --archives DIR
or set SSZ_ARCHIVES=DIR.
EOF
}

# Only the SSZ suites are unpacked: the release archives hold every other
# test runner too. v1.6.1: every fork; v1.7.0-alpha.13: Gloas, the fork
# whose containers the edition changes, and Heze, the fork after it.
pattern_for() {
    case "$1" in
        general) echo "tests/general/*/ssz_generic" ;;
        *) echo "tests/$1/*/ssz_static" ;;
    esac
}

proof_patterns_for() {
    echo "tests/$1/*/light_client/single_merkle_proof"
    echo "tests/$1/*/merkle_proof/single_merkle_proof"
}

pattern_for_v1_7() {
    case "$1" in
        general) echo "tests/general/*/ssz_generic" ;;
        *) echo "tests/$1/gloas/ssz_static" ;;
    esac
}

heze_pattern_for() {
    echo "tests/$1/heze/ssz_static"
}

# unpack VERSION RELEASE_URL DEST_NAME SOURCE_DIR PATTERN_FUNCTION [EXTRA]
# EXTRA "proofs" (v1.6.1): the Merkle proof suites too, from the preset
# archives when downloading, from ${PROOF_ARCHIVE}.tar.gz offline.
# EXTRA "heze" (v1.7.0-alpha.13): the Heze ssz_static suites too, from the
# preset archives when downloading, from <preset>-heze.tar.gz offline.
unpack() {
    local version="$1" release_url="$2" dest_name="$3" source_dir="$4" pattern="$5"
    local extra="${6:-}"
    local dest="${script_dir}/${dest_name}"
    local marker="${dest}/.source"
    local source_id name sum archive staging patterns
    local local_archives=("${ARCHIVES[@]}")
    case "$extra" in
        proofs) local_archives+=("$PROOF_ARCHIVE") ;;
        heze) local_archives+=("${HEZE_ARCHIVES[@]}") ;;
    esac

    if [[ -n "$source_dir" ]]; then
        if [[ ! -d "$source_dir" ]]; then
            echo "download-vectors.sh: '$source_dir' is not a directory" >&2
            exit 1
        fi
        source_dir="$(cd "$source_dir" && pwd)"
        for name in "${local_archives[@]}"; do
            if [[ ! -f "${source_dir}/${name}.tar.gz" ]]; then
                echo "download-vectors.sh: ${source_dir}/${name}.tar.gz is missing" >&2
                exit 1
            fi
        done
        # The checksums make a changed archive count as another source.
        source_id="${version} local ${source_dir}"
        for name in "${local_archives[@]}"; do
            sum="$(sha256sum "${source_dir}/${name}.tar.gz" | cut -d' ' -f1)"
            source_id+=$'\n'"${name}.tar.gz ${sum}"
        done
    else
        source_id="${version} download ${release_url}"
    fi

    if [[ $force -eq 0 && -f "$marker" && -d "${dest}/tests" ]] &&
        [[ "$(cat "$marker")" == "$source_id" ]]; then
        echo "spec-tests/${dest_name} already holds the ${version} vectors from this source"
        return 0
    fi

    mkdir -p "$dest"
    staging="$(mktemp -d "${dest}/.staging.XXXXXX")"
    # shellcheck disable=SC2064 # the staging directory of this call
    trap "rm -rf '$staging'" EXIT

    for name in "${ARCHIVES[@]}"; do
        if [[ -n "$source_dir" ]]; then
            archive="${source_dir}/${name}.tar.gz"
        else
            archive="${staging}/${name}.tar.gz"
            echo "downloading ${release_url}/${name}.tar.gz"
            fetch "${release_url}/${name}.tar.gz" "$archive"
        fi
        echo "unpacking the SSZ suites of ${name}.tar.gz (${version})"
        patterns=("$("$pattern" "$name")")
        if [[ "$extra" == proofs && -z "$source_dir" && "$name" != general ]]; then
            mapfile -t -O 1 patterns < <(proof_patterns_for "$name")
        fi
        if [[ "$extra" == heze && -z "$source_dir" && "$name" != general ]]; then
            patterns+=("$(heze_pattern_for "$name")")
        fi
        tar xzf "$archive" -C "$staging" --wildcards "${patterns[@]}"
        if [[ -z "$source_dir" ]]; then
            rm -f "$archive"
        fi
    done

    if [[ "$extra" == proofs && -n "$source_dir" ]]; then
        echo "unpacking the Merkle proof cases of ${PROOF_ARCHIVE}.tar.gz"
        # shellcheck disable=SC2046 # one pattern a word
        tar xzf "${source_dir}/${PROOF_ARCHIVE}.tar.gz" -C "$staging" --wildcards \
            $(proof_patterns_for mainnet) $(proof_patterns_for minimal)
    fi
    if [[ "$extra" == heze && -n "$source_dir" ]]; then
        for name in mainnet minimal; do
            echo "unpacking the Heze ssz_static cases of ${name}-heze.tar.gz (${version})"
            tar xzf "${source_dir}/${name}-heze.tar.gz" -C "$staging" "$(heze_pattern_for "$name")"
        done
    fi

    if [[ ! -d "${staging}/tests/general" ]]; then
        echo "download-vectors.sh: the archives hold no tests/general tree" >&2
        exit 1
    fi

    rm -rf "${dest}/tests" "$marker"
    mv "${staging}/tests" "${dest}/tests"
    printf '%s\n' "$source_id" >"$marker"
    rm -rf "$staging"
    trap - EXIT
    echo "spec-tests/${dest_name}/tests now holds the ${version} SSZ vectors"
}

unpack "$VERSION" "$RELEASE_URL" vectors "$source_dir" pattern_for proofs
unpack "$VERSION_V1_7" "$RELEASE_URL_V1_7" vectors-v1.7 "$source_dir_v1_7" pattern_for_v1_7 heze

# unpack_lean SOURCE_DIR: the Lean fixtures under spec-tests/vectors-lean.
unpack_lean() {
    local source_dir="$1"
    local dest="${script_dir}/vectors-lean"
    local marker="${dest}/.source"
    local archive staging sum source_id="lean ${LEAN_ARCHIVE} ${LEAN_ARCHIVE_SHA256}"

    if [[ $force -eq 0 && -f "$marker" && -d "${dest}/fixtures" ]] &&
        [[ "$(cat "$marker")" == "$source_id" ]]; then
        echo "spec-tests/vectors-lean already holds the Lean lstar vectors"
        return 0
    fi
    mkdir -p "$dest"
    staging="$(mktemp -d "${dest}/.staging.XXXXXX")"
    # shellcheck disable=SC2064 # the staging directory of this call
    trap "rm -rf '$staging'" EXIT
    if [[ -n "$source_dir" ]]; then
        archive="${source_dir}/${LEAN_ARCHIVE}"
        if [[ ! -f "$archive" ]]; then
            echo "download-vectors.sh: ${archive} is missing" >&2
            exit 1
        fi
    else
        archive="${staging}/${LEAN_ARCHIVE}"
        echo "downloading ${LEAN_URL}"
        fetch "$LEAN_URL" "$archive"
    fi
    sum="$(sha256sum "$archive" | cut -d' ' -f1)"
    if [[ "$sum" != "$LEAN_ARCHIVE_SHA256" ]]; then
        echo "download-vectors.sh: ${archive} has sha256 ${sum}, not ${LEAN_ARCHIVE_SHA256}" >&2
        exit 1
    fi
    echo "unpacking ${LEAN_ARCHIVE} (Lean consensus, lstar)"
    tar xzf "$archive" -C "$staging" fixtures
    rm -rf "${dest}/fixtures" "$marker"
    mv "${staging}/fixtures" "${dest}/fixtures"
    printf '%s\n' "$source_id" >"$marker"
    rm -rf "$staging"
    trap - EXIT
    echo "spec-tests/vectors-lean/fixtures now holds the Lean lstar SSZ vectors"
}

unpack_lean "$source_dir_lean"

# check_sha256 FILE DIGEST: stop unless FILE has that sha256.
check_sha256() {
    local sum
    sum="$(sha256sum "$1" | cut -d' ' -f1)"
    if [[ "$sum" != "$2" ]]; then
        echo "download-vectors.sh: $1 has sha256 ${sum}, not $2" >&2
        exit 1
    fi
}

# unpack_ssz_specs SOURCE_DIR: the ssz-specs vectors and descriptors.
unpack_ssz_specs() {
    local source_dir="$1"
    local dest="${script_dir}/vectors-ssz-specs"
    local marker="${dest}/.source"
    local source_id archive descriptors staging sum
    if [[ -n "$source_dir" ]]; then
        if [[ ! -d "$source_dir" ]]; then
            echo "download-vectors.sh: '$source_dir' is not a directory" >&2
            exit 1
        fi
        source_dir="$(cd "$source_dir" && pwd)"
        source_id="ssz-specs ${SSZ_SPECS_VERSION} local ${source_dir}"
        for name in "$SSZ_SPECS_ARCHIVE" "$SSZ_SPECS_DESCRIPTORS"; do
            if [[ ! -f "${source_dir}/${name}" ]]; then
                echo "download-vectors.sh: ${source_dir}/${name} is missing" >&2
                exit 1
            fi
            sum="$(sha256sum "${source_dir}/${name}" | cut -d' ' -f1)"
            source_id+=$'\n'"${name} ${sum}"
        done
    else
        source_id="ssz-specs ${SSZ_SPECS_VERSION} download ${SSZ_SPECS_URL}"
    fi
    if [[ $force -eq 0 && -f "$marker" && -d "${dest}/fixtures" ]] &&
        [[ "$(cat "$marker")" == "$source_id" ]]; then
        echo "spec-tests/vectors-ssz-specs already holds the ssz-specs ${SSZ_SPECS_VERSION} vectors from this source"
        return 0
    fi
    mkdir -p "$dest"
    staging="$(mktemp -d "${dest}/.staging.XXXXXX")"
    # shellcheck disable=SC2064 # the staging directory of this call
    trap "rm -rf '$staging'" EXIT
    if [[ -n "$source_dir" ]]; then
        archive="${source_dir}/${SSZ_SPECS_ARCHIVE}"
        descriptors="${source_dir}/${SSZ_SPECS_DESCRIPTORS}"
    else
        archive="${staging}/${SSZ_SPECS_ARCHIVE}"
        descriptors="${staging}/${SSZ_SPECS_DESCRIPTORS}"
        echo "downloading ${SSZ_SPECS_URL}/${SSZ_SPECS_ARCHIVE}"
        fetch "${SSZ_SPECS_URL}/${SSZ_SPECS_ARCHIVE}" "$archive"
        echo "downloading ${SSZ_SPECS_DESCRIPTORS_URL}"
        fetch "$SSZ_SPECS_DESCRIPTORS_URL" "$descriptors"
    fi
    check_sha256 "$archive" "$SSZ_SPECS_ARCHIVE_SHA256"
    check_sha256 "$descriptors" "$SSZ_SPECS_DESCRIPTORS_SHA256"
    echo "unpacking ${SSZ_SPECS_ARCHIVE} and ${SSZ_SPECS_DESCRIPTORS}"
    tar xzf "$archive" -C "$staging" fixtures
    tar xzf "$descriptors" -C "$staging" --wildcards "*/${SSZ_SPECS_DESCRIPTORS_FILE}"
    if [[ ! -d "${staging}/fixtures" ]]; then
        echo "download-vectors.sh: ${SSZ_SPECS_ARCHIVE} holds no fixtures/ tree" >&2
        exit 1
    fi
    rm -rf "${dest}/fixtures" "${dest}/${SSZ_SPECS_DESCRIPTORS_FILE}" "${dest}/ssz-${SSZ_SPECS_VERSION}-type-descriptors" "$marker"
    mv "${staging}/fixtures" "${dest}/fixtures"
    mv "${staging}"/*/"${SSZ_SPECS_DESCRIPTORS_FILE}" "${dest}/${SSZ_SPECS_DESCRIPTORS_FILE}"
    printf '%s\n' "$source_id" >"$marker"
    rm -rf "$staging"
    trap - EXIT
    echo "spec-tests/vectors-ssz-specs now holds the ssz-specs ${SSZ_SPECS_VERSION} vectors"
}

unpack_ssz_specs "$source_dir_specs"
