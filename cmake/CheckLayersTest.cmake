# Proves CheckLayers.cmake can fail: a tree whose optimized/ includes a
# reference/ header must be refused, and the real tree must pass.
#   cmake -DSOURCE=<source dir> -DWORK=<scratch dir> -P CheckLayersTest.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/optimized" "${WORK}/model")
file(WRITE "${WORK}/model/model.h" "#include <string>\n")
file(WRITE "${WORK}/optimized/planted.cc" "#include \"model/model.h\"\n#include \"reference/failover.h\"\n")
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${WORK} -P ${SOURCE}/cmake/CheckLayers.cmake
                RESULT_VARIABLE planted ERROR_VARIABLE planted_err)
if(planted EQUAL 0 OR NOT planted_err MATCHES "optimized/planted.cc")
  message(FATAL_ERROR "the layer check accepted optimized/ including reference/: ${planted_err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${SOURCE} -P ${SOURCE}/cmake/CheckLayers.cmake
                RESULT_VARIABLE real ERROR_VARIABLE real_err)
if(NOT real EQUAL 0)
  message(FATAL_ERROR "the real tree breaks a layer: ${real_err}")
endif()
message(STATUS "layer check: refuses the planted include, accepts the tree")
