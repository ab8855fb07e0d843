#!/usr/bin/env bash
# Puts the SSZ part of the consensus-spec-tests v1.6.1 release under
# spec-tests/vectors/tests/ (general/*/ssz_generic, mainnet/*/ssz_static,
# minimal/*/ssz_static), where the spec-tests runners look for it, and the
# Merkle proof cases (<preset>/*/light_client/single_merkle_proof and
# <preset>/*/merkle_proof/single_merkle_proof).
#
# Run `download-vectors.sh --help` for the options.
set -euo pipefail

VERSION="v1.6.1"
RELEASE_URL="https://github.com/ethereum/consensus-specs/releases/download/${VERSION}"
ARCHIVES=(general mainnet minimal)
# The Merkle proof cases, offline: the light_client/single_merkle_proof and
# merkle_proof/single_merkle_proof suites of both presets, whole, in one
# archive. Online they come from the mainnet and minimal release archives,
# where they live (see pattern_for).
PROOF_ARCHIVE="proofs"

usage() {
    cat <<EOF
Usage: download-vectors.sh [--force] [ARCHIVE_DIR]

Puts the SSZ test vectors of consensus-specs ${VERSION} (the ssz_generic and
ssz_static suites) under spec-tests/vectors/tests/.

Also puts the Merkle proof cases there (the light_client/single_merkle_proof
and merkle_proof/single_merkle_proof suites of both presets).

Source of the three release archives (general.tar.gz, mainnet.tar.gz,
minimal.tar.gz), first that applies:
  ARCHIVE_DIR                a local directory holding them, and
                             ${PROOF_ARCHIVE}.tar.gz with the proof cases (offline)
  \$SSZ_VECTOR_ARCHIVES       the same, from the environment
  otherwise                  downloaded from
                             ${RELEASE_URL}/

Re-running with the same source does nothing: spec-tests/vectors/.source
records what was unpacked. --force unpacks again.

The runners read spec-tests/vectors, or \$SSZ_SPEC_VECTORS (a directory
holding tests/) when it is set.
EOF
}

force=0
source_dir=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h | --help)
            usage
            exit 0
            ;;
        -f | --force)
            force=1
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

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dest="${script_dir}/vectors"
marker="${dest}/.source"

# Only the SSZ suites are unpacked: the release archives hold every other
# test runner too. Downloaded preset archives also give their proof cases;
# offline, those come from ${PROOF_ARCHIVE}.tar.gz instead.
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

if [[ -n "$source_dir" ]]; then
    if [[ ! -d "$source_dir" ]]; then
        echo "download-vectors.sh: '$source_dir' is not a directory" >&2
        exit 1
    fi
    source_dir="$(cd "$source_dir" && pwd)"
    for name in "${ARCHIVES[@]}" "$PROOF_ARCHIVE"; do
        if [[ ! -f "${source_dir}/${name}.tar.gz" ]]; then
            echo "download-vectors.sh: ${source_dir}/${name}.tar.gz is missing" >&2
            exit 1
        fi
    done
    # The checksums make a changed archive count as another source.
    source_id="${VERSION} local ${source_dir}"
    for name in "${ARCHIVES[@]}" "$PROOF_ARCHIVE"; do
        sum="$(sha256sum "${source_dir}/${name}.tar.gz" | cut -d' ' -f1)"
        source_id+=$'\n'"${name}.tar.gz ${sum}"
    done
else
    source_id="${VERSION} download ${RELEASE_URL}"
fi

if [[ $force -eq 0 && -f "$marker" && -d "${dest}/tests" ]] &&
    [[ "$(cat "$marker")" == "$source_id" ]]; then
    echo "spec-tests/vectors already holds the ${VERSION} vectors from this source"
    exit 0
fi

mkdir -p "$dest"
staging="$(mktemp -d "${dest}/.staging.XXXXXX")"
trap 'rm -rf "$staging"' EXIT

fetch() {
    local url="$1" out="$2"
    if command -v curl >/dev/null 2>&1; then
        curl -fL --retry 3 --proto '=https' -o "$out" "$url"
    elif command -v wget >/dev/null 2>&1; then
        wget -O "$out" "$url"
    else
        echo "download-vectors.sh: neither curl nor wget is installed" >&2
        exit 1
    fi
}

for name in "${ARCHIVES[@]}"; do
    if [[ -n "$source_dir" ]]; then
        archive="${source_dir}/${name}.tar.gz"
    else
        archive="${staging}/${name}.tar.gz"
        echo "downloading ${RELEASE_URL}/${name}.tar.gz"
        fetch "${RELEASE_URL}/${name}.tar.gz" "$archive"
    fi
    echo "unpacking the SSZ suites of ${name}.tar.gz"
    patterns=("$(pattern_for "$name")")
    if [[ -z "$source_dir" && "$name" != general ]]; then
        mapfile -t -O 1 patterns < <(proof_patterns_for "$name")
    fi
    tar xzf "$archive" -C "$staging" --wildcards "${patterns[@]}"
    if [[ -z "$source_dir" ]]; then
        rm -f "$archive"
    fi
done

if [[ -n "$source_dir" ]]; then
    echo "unpacking the Merkle proof cases of ${PROOF_ARCHIVE}.tar.gz"
    tar xzf "${source_dir}/${PROOF_ARCHIVE}.tar.gz" -C "$staging" --wildcards \
        $(proof_patterns_for mainnet) $(proof_patterns_for minimal)
fi

if [[ ! -d "${staging}/tests/general" ]]; then
    echo "download-vectors.sh: the archives hold no tests/general tree" >&2
    exit 1
fi

rm -rf "${dest}/tests" "$marker"
mv "${staging}/tests" "${dest}/tests"
printf '%s\n' "$source_id" >"$marker"
echo "spec-tests/vectors/tests now holds the ${VERSION} SSZ vectors"
