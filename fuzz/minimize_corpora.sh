#!/usr/bin/env bash
# Minimizes every harness's corpus with libFuzzer's -merge=1 (clang build).
#   fuzz/minimize_corpora.sh [build/fuzz-clang]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/fuzz-clang}"
# Every harness has its options file: the list comes from there, as in
# .clusterfuzzlite/build.sh, so none is left out.
for options in fuzz/*.options; do
  harness=$(basename "$options" .options)
  binary="$build/fuzz/fuzz_$harness"
  corpus="fuzz/corpus/$harness"
  [ -x "$binary" ] || { echo "missing $binary: cmake --build --preset fuzz-clang" >&2; exit 2; }
  [ -d "$corpus" ] || { echo "missing $corpus" >&2; exit 2; }
  merged="$(mktemp -d)"
  "$binary" -merge=1 "$merged" "$corpus" 2>/dev/null
  rm -f "$corpus"/*
  for f in "$merged"/*; do cp "$f" "$corpus/$(sha1sum "$f" | cut -d' ' -f1)"; done
  rm -rf "$merged"
  echo "$harness: $(ls "$corpus" | wc -l) inputs"
done
