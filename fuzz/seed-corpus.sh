#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seeds from the consensus-spec v1.6.1 SSZ
# vectors (valid and invalid cases, decompressed), for every target, and
# from the v1.7.0-alpha.13 ssz_static vectors for decode_beacon_v1_7.
#
# The vectors are read from $SSZ_SPEC_VECTORS, else spec-tests/vectors, and
# $SSZ_SPEC_VECTORS_V1_7, else spec-tests/vectors-v1.7 (run
# spec-tests/download-vectors.sh first). Arguments go to the seed tool:
#   --vectors DIR    a directory holding tests/
#   --vectors-v1-7 DIR  the same for v1.7.0-alpha.13
#   --out DIR        where the corpora go (default fuzz/corpus)
#   --max-len BYTES  skip values longer than this (default 65536)
#   --per-type N     at most N seeds per type and target (default: all)
set -euo pipefail
cd "$(dirname "$0")"
exec cargo run --quiet --release --locked -p peam-ssz-fuzz-seed -- "$@"
