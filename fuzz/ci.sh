#!/usr/bin/env bash
# The short fuzzing pass of CI: builds every target, seeds the corpora from
# the spec vectors, and runs each target for FUZZ_SECONDS (default 20),
# FUZZ_JOBS (default 2) at a time. Fails on any crash, leak, timeout or
# out-of-memory; the failing input is left in fuzz/artifacts/<target>/.
#
# Environment:
#   FUZZ_SECONDS      seconds per target (default 20)
#   FUZZ_JOBS         targets run at once (default 2)
#   FUZZ_TOOLCHAIN    the nightly toolchain the targets build with (default nightly)
#   FUZZ_SANITIZER    a sanitizer to build with (address, ...; default none)
#   FUZZ_OPT_LEVEL    the optimisation of the build (default 3; CI's short
#                     pass takes 1, which builds in a fraction of the time)
#   FUZZ_PER_TYPE     seeds per type and target (default 4; "all" for every one)
#   FUZZ_TARGET_DIR   cargo's target directory for the fuzz build (default
#                     fuzz/target; CARGO_TARGET_DIR is not used, so that the
#                     instrumented build never mixes with the workspace's)
#   SSZ_SPEC_VECTORS  the vectors' directory (default spec-tests/vectors)
set -euo pipefail
cd "$(dirname "$0")"

seconds="${FUZZ_SECONDS:-20}"
jobs="${FUZZ_JOBS:-2}"
toolchain="${FUZZ_TOOLCHAIN:-nightly}"
per_type="${FUZZ_PER_TYPE:-4}"
opt_level="${FUZZ_OPT_LEVEL:-3}"
target_dir="${FUZZ_TARGET_DIR:-target}"
triple="$(rustc +"$toolchain" -vV | sed -n 's/^host: //p')"

# Built with cargo itself, with the flags `cargo fuzz build` passes (the
# coverage instrumentation libFuzzer needs, `--cfg fuzzing`, debug
# assertions and overflow checks), so that CI need not build and install
# cargo-fuzz. 16 codegen units instead of cargo-fuzz's 1: the build takes a
# fraction of the time, the fuzzing a little more per execution. No
# sanitizer unless FUZZ_SANITIZER says one (address): the short pass looks
# for panics, overflows, hangs, leaks of memory and out-of-memory; the
# unsafe code is Miri's (.ci/miri).
echo "fuzz/ci.sh: building the targets"
rustflags=(
    -Cpasses=sancov-module
    -Cllvm-args=-sanitizer-coverage-level=4
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
    -Cllvm-args=-sanitizer-coverage-pc-table
    -Cllvm-args=-sanitizer-coverage-trace-compares
    -Cllvm-args=-simplifycfg-branch-fold-threshold=0
    -Cllvm-args=-sanitizer-coverage-stack-depth
    --cfg fuzzing
    -Cdebug-assertions
    -Ccodegen-units=16
)
if [[ -n "${FUZZ_SANITIZER:-}" ]]; then
    rustflags+=("-Zsanitizer=$FUZZ_SANITIZER")
fi
# --target: the flags reach the fuzz targets and their dependencies, not
# the build scripts and proc-macros.
RUSTFLAGS="${rustflags[*]}" cargo +"$toolchain" build --release --bins \
    --config "profile.release.opt-level=$opt_level" \
    --target "$triple" --target-dir "$target_dir"

echo "fuzz/ci.sh: seeding the corpora"
# A corpus of its own under target/, so that a local run leaves
# fuzz/corpus alone.
corpus_dir="$target_dir/ci-corpus"
seed_args=(--out "$corpus_dir")
if [[ "$per_type" != all ]]; then
    seed_args+=(--per-type "$per_type")
fi
rm -rf "$corpus_dir"
./seed-corpus.sh "${seed_args[@]}"

# The targets: the [[bin]] names of Cargo.toml (what `cargo fuzz list` prints).
targets=($(sed -n '/^\[\[bin\]\]/,/^name/s/^name = "\(.*\)"$/\1/p' Cargo.toml))
bin_dir="$target_dir/$triple/release"
log_dir="$target_dir/ci-logs"
rm -rf "$log_dir"
mkdir -p "$log_dir"

run_target() {
    local target="$1"
    mkdir -p "$corpus_dir/$target" "artifacts/$target"
    if "$bin_dir/$target" "$corpus_dir/$target" \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 -print_final_stats=1 \
        -artifact_prefix="artifacts/$target/" >"$log_dir/$target.log" 2>&1; then
        echo "$target: ok, $(grep -m1 'stat::number_of_executed_units' "$log_dir/$target.log" | awk '{print $2}') executions"
    else
        echo "$target: FAILED (log below)"
        tail -n 60 "$log_dir/$target.log"
        return 1
    fi
}
export -f run_target
export seconds bin_dir log_dir corpus_dir

echo "fuzz/ci.sh: ${#targets[@]} targets, ${seconds}s each, $jobs at a time"
if printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_target {}'; then
    echo "fuzz/ci.sh: no crash"
else
    echo "fuzz/ci.sh: a target failed; inputs in fuzz/artifacts/" >&2
    exit 1
fi
