# Proves CheckAdapterTemplate.cmake can fail: copies of the template that print
# a line that is not JSON, answer a case with another id, say hello without the
# protocol version, or grow past 80 lines must each be refused. They run one
# vector: a broken adapter is restarted for every case, which is slow.
#   cmake -DLBCONFORM=<lbconform> -DTEMPLATE=<template.py> -DWORK=<scratch dir> -P CheckAdapterTemplateTest.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(READ "${TEMPLATE}" text)

# expect_refused(NAME FIND REPLACE [FIND2 REPLACE2]): the template with each
# FIND replaced must be refused.
function(expect_refused name find replace)
  string(REPLACE "${find}" "${replace}" planted "${text}")
  if(planted STREQUAL text)
    message(FATAL_ERROR "plant '${name}' found nothing to replace: '${find}'")
  endif()
  if(ARGC EQUAL 5)
    set(before "${planted}")
    string(REPLACE "${ARGV3}" "${ARGV4}" planted "${planted}")
    if(planted STREQUAL before)
      message(FATAL_ERROR "plant '${name}' found nothing to replace: '${ARGV3}'")
    endif()
  endif()
  file(WRITE "${WORK}/${name}.py" "${planted}")
  execute_process(COMMAND ${CMAKE_COMMAND} -DLBCONFORM=${LBCONFORM} -DTEMPLATE=${WORK}/${name}.py
                          -DONLY_ID=failover/spec-example/all-healthy
                          -P ${CMAKE_CURRENT_LIST_DIR}/CheckAdapterTemplate.cmake
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
  if(status EQUAL 0)
    message(FATAL_ERROR "the template check accepted a template planted with '${name}'")
  endif()
endfunction()

expect_refused(not-json "            sys.stdout.write(" "            print('answering')\n            sys.stdout.write(")
# The case must reach the adapter: lbconform sends no case of a kind the hello
# does not declare, and the template declares none.
expect_refused(wrong-id "\"id\": message[\"id\"], \"unsupported\": True" "\"id\": \"another\", \"unsupported\": True"
               "KINDS: List[str] = []" "KINDS: List[str] = [\"passthrough\"]")
expect_refused(no-protocol "\"protocol\": 1, " "")
string(REGEX MATCHALL "\n" newlines "${text}")
list(LENGTH newlines lines)
math(EXPR padding "81 - ${lines}")
string(REPEAT "# padding\n" ${padding} comments)
expect_refused(81-lines "if __name__ == " "${comments}if __name__ == ")
message(STATUS "adapter template check: refuses all four planted templates")
