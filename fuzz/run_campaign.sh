#!/usr/bin/env bash
# A time-boxed fuzzing campaign on one harness (clang build), new inputs kept
# in a work corpus beside the committed one, crashes as crash-<sha1> here.
#   fuzz/run_campaign.sh HARNESS SECONDS [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
harness="$1"; seconds="$2"; jobs="${3:-1}"
binary="build/fuzz-clang/fuzz/fuzz_$harness"
[ -x "$binary" ] || { echo "build it first: cmake --preset fuzz-clang && cmake --build --preset fuzz-clang" >&2; exit 2; }
work="build/fuzz-work/$harness"
mkdir -p "$work"
max_len="$(sed -n 's/^max_len = //p' "fuzz/$harness.options")"
exec "$binary" "$work" "fuzz/corpus/$harness" -dict="fuzz/$harness.dict" -max_total_time="$seconds" -max_len="$max_len" \
  -jobs="$jobs" -workers="$jobs" -print_final_stats=1 -close_fd_mask=1 -artifact_prefix="./"
