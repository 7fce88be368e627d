# Proves CheckLayers.cmake can fail: a tree with an upward include written in
# each form the preprocessor reads must be refused, file by file; a table of
# layers that disagrees with the rules must be refused; and the real tree and
# its docs/architecture.md must pass.
#   cmake -DSOURCE=<source dir> -DWORK=<scratch dir> -P CheckLayersTest.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
foreach(folder model documents reference optimized readings report)
  file(MAKE_DIRECTORY "${WORK}/${folder}")
endforeach()

# Allowed: not reported.
file(WRITE "${WORK}/model/model.h" "#include <string>\n#  include \"model/other.h\"\n")
file(WRITE "${WORK}/documents/allowed_test.cc" "#include \"cli/commands.h\"\n")  # a test outside optimized/
file(WRITE "${WORK}/report/allowed.cc" "// #include \"cli/commands.h\" in a comment is no include\n")

# Each file holds one upward include, in one form.
set(planted
  "optimized/plain.cc|#include \"reference/failover.h\""
  "optimized/spaced.cc|#  include \"reference/failover.h\""
  "optimized/indented.h|  # include \"reference/failover.h\""
  "optimized/tabbed.cc|#\tinclude\t\"reference/failover.h\""
  "optimized/angle.cc|#include <reference/failover.h>"
  "optimized/tight.cc|#include<reference/failover.h>"
  "optimized/next.cc|#include_next <reference/failover.h>"
  "optimized/kernel_test.cc|#include \"reference/failover.h\""
  "documents/table.inc|#include \"cli/commands.h\""
  "model/rows.def|# include <documents/documents.h>"
  "reference/rules.hpp|#include \"engines/engines.h\""
  "readings/extra.cpp|#include \"check/check.h\""
  "report/computed.cc|#include LBCONFORM_HEADER")
foreach(entry IN LISTS planted)
  string(REPLACE "|" ";" parts "${entry}")
  list(GET parts 0 path)
  list(GET parts 1 line)
  string(REPLACE "\\t" "\t" line "${line}")
  file(WRITE "${WORK}/${path}" "#include \"model/model.h\"\n${line}\n")
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${WORK} -P ${SOURCE}/cmake/CheckLayers.cmake
                RESULT_VARIABLE result ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "the layer check accepted upward includes:\n${err}")
endif()
foreach(entry IN LISTS planted)
  string(REGEX REPLACE "\\|.*" "" path "${entry}")
  string(FIND "${err}" "  ${path}: " at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the layer check missed ${entry}:\n${err}")
  endif()
endforeach()
foreach(path model/model.h documents/allowed_test.cc report/allowed.cc)
  string(FIND "${err}" "  ${path}: " at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the layer check refused an allowed include in ${path}:\n${err}")
  endif()
endforeach()

# The table of layers: the real one with engines/ given documents/ too, and
# with the row of invariants/ left out.
file(READ "${SOURCE}/docs/architecture.md" doc)
string(REGEX REPLACE "(\n\\| `engines/` \\|[^|]*\\|)" "\\1 `documents/`," wrong "${doc}")
string(REGEX REPLACE "\n\\| `invariants/` \\|[^\n]*" "" wrong "${wrong}")
file(WRITE "${WORK}/architecture.md" "${wrong}")
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${SOURCE} -DDOC=${WORK}/architecture.md
                        -P ${SOURCE}/cmake/CheckLayers.cmake
                RESULT_VARIABLE result ERROR_VARIABLE err)
if(result EQUAL 0 OR NOT err MATCHES "engines/: the document says" OR NOT err MATCHES "invariants/: a rule, and no row")
  message(FATAL_ERROR "the layer check accepted a table that disagrees with its rules:\n${err}")
endif()

execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${SOURCE} -DDOC=${SOURCE}/docs/architecture.md
                        -P ${SOURCE}/cmake/CheckLayers.cmake
                RESULT_VARIABLE real ERROR_VARIABLE real_err)
if(NOT real EQUAL 0)
  message(FATAL_ERROR "the real tree breaks a layer, or its table disagrees: ${real_err}")
endif()
message(STATUS "layer check: refuses each planted include and a wrong table, accepts the tree and its table")
