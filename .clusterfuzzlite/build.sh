#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build: the same harnesses as fuzz/, linked
# through $LIB_FUZZING_ENGINE, with seed corpora, dictionaries and options.
# Runs in $SRC/lbconform (the image's WORKDIR); builds in $WORK, writes to
# $OUT. The compiler and its flags are the platform's ($CC, $CXX, $CFLAGS,
# $CXXFLAGS: the sanitizer and -fsanitize=fuzzer-no-link), so no build type
# adds its own (-O2, -DNDEBUG): the harnesses' asserts stay on.
# Needs what .clusterfuzzlite/Dockerfile installs: CMake >= 3.25, Ninja, zip,
# nlohmann/json >= 3.11, CLI11, fmt, valijson, yaml-cpp and RapidCheck.
# scripts/check-clusterfuzzlite runs it in a stand-in for the image.
cmake -S "$SRC/lbconform" -B "$WORK/build" -G Ninja \
  -DCMAKE_BUILD_TYPE= -DCMAKE_UNITY_BUILD=ON \
  -DLBCONFORM_BUILD_TESTS=OFF -DLBCONFORM_BUILD_BENCHMARKS=OFF -DLBCONFORM_MIMALLOC=OFF \
  -DLBCONFORM_FUZZ=ON -DLBCONFORM_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$WORK/build" --target all_fuzzers
# Every harness of fuzz/ has its options file: take the list from there, so a
# new harness cannot be left out.
for options in fuzz/*.options; do
  harness=$(basename "$options" .options)
  cp "$WORK/build/fuzz/fuzz_$harness" "$OUT/"
  cp "fuzz/$harness.dict" "$OUT/fuzz_$harness.dict"
  # The options name the dictionary as it is called in $OUT (some of fuzz/
  # name it, the others rely on the ctest command line).
  { grep -v '^dict = ' "fuzz/$harness.options"; echo "dict = fuzz_$harness.dict"; } > "$OUT/fuzz_$harness.options"
  rm -f "$OUT/fuzz_${harness}_seed_corpus.zip"
  (cd "fuzz/corpus/$harness" && zip -q -r "$OUT/fuzz_${harness}_seed_corpus.zip" .)
done
