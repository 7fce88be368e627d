# Every third-party dependency comes from Debian packages (scripts/install-deps).
find_package(nlohmann_json 3.11 CONFIG REQUIRED)   # nlohmann_json::nlohmann_json
find_package(CLI11 CONFIG REQUIRED)                # CLI11::CLI11
find_package(fmt CONFIG REQUIRED)                  # fmt::fmt
find_package(valijson CONFIG REQUIRED)             # valijson (header-only JSON Schema validator)
if(LBCONFORM_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)              # GTest::gtest, GTest::gtest_main
  find_package(rapidcheck CONFIG REQUIRED)         # rapidcheck, rapidcheck_gtest (no namespace)
endif()
if(LBCONFORM_BUILD_BENCHMARKS)
  find_package(benchmark CONFIG REQUIRED)          # benchmark::benchmark
endif()
