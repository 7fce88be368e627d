# Fails when a file includes a header of a layer above its own, so the folders
# keep saying what the code does. Run at build time (target check_layers) and
# by ctest against a planted violation (test check_layers_catches_violation).
#
#   cmake -DROOT=<source dir> -P CheckLayers.cmake
#
# Each rule: a folder, then the folders its non-test files may include.
# optimized/ is held to it in tests too: it never sees reference/.
cmake_minimum_required(VERSION 3.25)
set(_rules
  "model:model"
  "documents:model,documents"
  "reference:model,reference"
  "optimized:model,optimized"
  "invariants:model,invariants"
  "engines:model,reference,optimized,engines"
  "readings:model,documents,reference,readings"
  "vectors:model,documents,reference,engines,readings,vectors"
  "check:model,documents,reference,engines,readings,vectors,check"
  "report:model,documents,reference,engines,vectors,report"
  "properties:model,documents,reference,optimized,invariants,engines,check,properties"
  "fuzz:model,documents,reference,optimized,invariants,engines,vectors,report,fuzz"
  "bench:model,documents,reference,optimized,engines,vectors,check,bench")
set(_project_folders model documents reference optimized invariants engines readings vectors check report cli properties fuzz bench)

set(_violations "")
foreach(rule IN LISTS _rules)
  string(REPLACE ":" ";" parts "${rule}")
  list(GET parts 0 folder)
  list(GET parts 1 allowed)
  string(REPLACE "," ";" allowed "${allowed}")
  file(GLOB_RECURSE files "${ROOT}/${folder}/*.h" "${ROOT}/${folder}/*.cc")
  foreach(file IN LISTS files)
    if(file MATCHES "_test\\.cc$" AND NOT folder STREQUAL "optimized")
      continue()
    endif()
    file(STRINGS "${file}" includes REGEX "^#include \"[a-z_]+/")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([a-z_]+)/.*" "\\1" included "${line}")
      if(included IN_LIST _project_folders AND NOT included IN_LIST allowed)
        file(RELATIVE_PATH rel "${ROOT}" "${file}")
        string(APPEND _violations "  ${rel}: ${line} (${folder}/ may include only ${allowed})\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(_violations)
  message(FATAL_ERROR "layer check failed: a file includes a header of a layer above it\n${_violations}")
endif()
