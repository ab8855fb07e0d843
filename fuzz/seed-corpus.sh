#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seeds from the consensus-spec v1.6.1 SSZ
# vectors (valid and invalid cases, decompressed), for every target.
#
# The vectors are read from $SSZ_SPEC_VECTORS, else spec-tests/vectors (run
# spec-tests/download-vectors.sh first). Arguments go to the seed tool:
#   --vectors DIR    a directory holding tests/
#   --out DIR        where the corpora go (default fuzz/corpus)
#   --max-len BYTES  skip values longer than this (default 65536)
#   --per-type N     at most N seeds per type and target (default: all)
set -euo pipefail
cd "$(dirname "$0")"
exec cargo run --quiet --release --locked -p peam-ssz-fuzz-seed -- "$@"
