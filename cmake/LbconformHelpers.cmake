# One helper per target kind, so that warnings, labels and layout stay uniform.

function(lbconform_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion)
  # gcc 12 reports -Wrestrict false positives inside std::string at -O3 (GCC bug 105329).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(LBCONFORM_DEVELOPER_MODE)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# lbconform_add_library(NAME SOURCES ... [DEPS ...] [PRIVATE_DEPS ...])
function(lbconform_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${ARG_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
  lbconform_set_warnings(${name})
endfunction()

# lbconform_add_test(NAME SOURCES ... [DEPS ...] LABELS ... [ENVIRONMENT ...])
function(lbconform_add_test name)
  if(NOT LBCONFORM_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS;ENVIRONMENT" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest_main)
  target_compile_definitions(${name} PRIVATE
    LBCONFORM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  lbconform_set_warnings(${name})
  # The code under test lives in the libraries, built as the preset says; in
  # Release the tests' own code is built at -O1, which compiles faster
  # (reference/timeline_test.cc: g++ -O3 14.8 s, -O1 10.7 s). Not under the
  # sanitizers: -O0 there saved 12 s of build and cost 108 s of tests.
  if(CMAKE_BUILD_TYPE STREQUAL "Release" AND NOT LBCONFORM_SANITIZE)
    target_compile_options(${name} PRIVATE -O1)
  endif()
  gtest_discover_tests(${name}
    PROPERTIES LABELS "${ARG_LABELS}" ENVIRONMENT "${ARG_ENVIRONMENT}"
    DISCOVERY_TIMEOUT 60)
endfunction()

# lbconform_add_executable(NAME SOURCES ... [DEPS ...])
function(lbconform_add_executable name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS})
  lbconform_set_warnings(${name})
endfunction()
