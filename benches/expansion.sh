#!/usr/bin/env bash
# The length of derived code, ours against sigp's two derives
# (`ethereum_ssz_derive` and `tree_hash_derive`) on the same containers
# (`benches/src/expansion.rs`): lines of `-Zunpretty=expanded` of the
# benches library with each set of containers, less those without any.
# Prints the lines of a two-field `Checkpoint` and those each further field
# of a ten-field container adds. Needs the nightly toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

lines() {
  local cfg=()
  [ -n "$1" ] && cfg=(--cfg "expansion=\"$1\"")
  cargo +nightly rustc -q -p benches --lib -- -Zunpretty=expanded "${cfg[@]}" \
    | wc -l
}

base=$(lines "")
printf '%-6s %12s %18s\n' derive "Checkpoint" "per further field"
for who in ours sigp; do
  two=$(($(lines "${who}2") - base))
  ten=$(($(lines "${who}10") - base))
  per=$(( (ten - 2 * two) / 8 ))
  printf '%-6s %12d %18d\n' "$who" "$two" "$per"
done
