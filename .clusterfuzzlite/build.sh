#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build: the same harnesses as fuzz/, linked
# through $LIB_FUZZING_ENGINE, with seed corpora, dictionaries and options.
# Requires nlohmann/json >= 3.11, CLI11, fmt and valijson on the include path
# (Debian 12 packages: nlohmann-json3-dev libcli11-dev libfmt-dev libvalijson-dev).
cmake -S "$SRC/lbconform" -B build -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLBCONFORM_BUILD_TESTS=OFF -DLBCONFORM_BUILD_BENCHMARKS=OFF \
  -DLBCONFORM_FUZZ=ON -DLBCONFORM_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build build --target all_fuzzers
# Every harness of fuzz/ has its options file: take the list from there, so a
# new harness cannot be left out.
for options in fuzz/*.options; do
  harness=$(basename "$options" .options)
  cp "build/fuzz/fuzz_$harness" "$OUT/"
  cp "fuzz/$harness.dict" "$OUT/fuzz_$harness.dict"
  sed "s/^dict = .*/dict = fuzz_$harness.dict/" "fuzz/$harness.options" > "$OUT/fuzz_$harness.options"
  (cd "fuzz/corpus/$harness" && zip -q -r "$OUT/fuzz_${harness}_seed_corpus.zip" .)
done
