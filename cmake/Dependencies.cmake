# Every third-party dependency comes from Debian packages (scripts/install-deps).
find_package(nlohmann_json 3.11 CONFIG REQUIRED)   # nlohmann_json::nlohmann_json
find_package(CLI11 CONFIG REQUIRED)                # CLI11::CLI11
find_package(fmt CONFIG REQUIRED)                  # fmt::fmt
# valijson (header-only JSON Schema validator): Debian's package unpacked
# without its Depends by scripts/install-deps, else an installed one.
find_package(valijson CONFIG QUIET PATHS ${PROJECT_SOURCE_DIR}/build/third_party/valijson/usr NO_DEFAULT_PATH)
if(NOT valijson_FOUND)
  find_package(valijson CONFIG QUIET)
endif()
if(NOT valijson_FOUND)
  message(FATAL_ERROR "valijson headers not found: run scripts/install-deps (it unpacks Debian's libvalijson-dev "
                      "into build/third_party/valijson)")
endif()
message(STATUS "valijson: ${valijson_DIR}")
# yaml-cpp: `lbconform import` reads gcloud's default YAML output. Linked from
# its static archive where Debian ships one (libyaml-cpp-dev does), so that the
# binary, its .deb and its relocatable tarball need no libyaml-cpp at run time.
find_package(yaml-cpp CONFIG REQUIRED)             # yaml-cpp (shared) and its headers
find_library(LBCONFORM_YAML_CPP_STATIC NAMES libyaml-cpp.a)
add_library(lbconform_yaml_cpp INTERFACE)
if(LBCONFORM_YAML_CPP_STATIC)
  target_link_libraries(lbconform_yaml_cpp INTERFACE ${LBCONFORM_YAML_CPP_STATIC})
  target_include_directories(lbconform_yaml_cpp SYSTEM INTERFACE $<TARGET_PROPERTY:yaml-cpp,INTERFACE_INCLUDE_DIRECTORIES>)
else()
  target_link_libraries(lbconform_yaml_cpp INTERFACE yaml-cpp)
endif()
# RapidCheck (a static library) also generates and shrinks `lbconform check`'s cases.
find_package(rapidcheck CONFIG REQUIRED)           # rapidcheck, rapidcheck_gtest (no namespace)
if(LBCONFORM_BUILD_TESTS OR LBCONFORM_TOY_KIND)
  find_package(GTest CONFIG REQUIRED)              # GTest::gtest, GTest::gtest_main
endif()
if(LBCONFORM_BUILD_BENCHMARKS)
  find_package(benchmark CONFIG REQUIRED)          # benchmark::benchmark
endif()
# mimalloc: the command line's allocator where installed. `lbconform check` and
# `lbconform adapter` build and free a JSON tree per case; with the C
# library's malloc a third of their time went to malloc and free
# (bench/README.md). Not in sanitizer builds: ASan brings its own allocator.
option(LBCONFORM_MIMALLOC "Link the lbconform binary with mimalloc when it is installed" ON)
if(LBCONFORM_MIMALLOC AND NOT LBCONFORM_SANITIZE)
  find_package(mimalloc 2.0 CONFIG QUIET)          # mimalloc (the shared library: it replaces malloc)
  if(TARGET mimalloc)
    message(STATUS "mimalloc: ${mimalloc_DIR}")
  else()
    message(STATUS "mimalloc: not found (libmimalloc-dev); the lbconform binary uses the C library's malloc")
  endif()
endif()
