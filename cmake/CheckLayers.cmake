# Fails when a file includes a header of a layer above its own, so the folders
# keep saying what the code does; and, given DOC, when the table of layers in
# docs/architecture.md says otherwise than the rules below. Run at build time
# (target check_layers) and by ctest against planted violations (test
# check_layers_catches_violation) and against the document (test
# layer_table_matches_rules).
#
#   cmake -DROOT=<source dir> [-DDOC=<docs/architecture.md>] -P CheckLayers.cmake
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
  "bench:model,documents,reference,optimized,engines,vectors,check,bench"
  "cli:model,documents,reference,optimized,invariants,engines,readings,vectors,check,report,cli")
set(_project_folders model documents reference optimized invariants engines readings vectors check report cli properties fuzz bench)

# Every form of an include the preprocessor reads: any blanks around `#` and
# `include` (or `include_next`), quotes or angle brackets, in a file of any C
# or C++ source extension, `.inc` and `.def` files included.
set(_source_globs *.h *.hh *.hpp *.hxx *.h++ *.c *.cc *.cpp *.cxx *.c++ *.inc *.def *.ipp *.tpp *.tcc *.inl *.ixx *.cppm)
set(_include_regex "^[ \t]*#[ \t]*include(_next)?[ \t]*[<\"]([A-Za-z0-9_.+-]+)/")
# An include of a macro names no file the check can read: refused in the
# project's own files, so that no include goes unread.
set(_computed_include_regex "^[ \t]*#[ \t]*include(_next)?[ \t]*[A-Za-z_]")

set(_violations "")
foreach(rule IN LISTS _rules)
  string(REPLACE ":" ";" parts "${rule}")
  list(GET parts 0 folder)
  list(GET parts 1 allowed)
  string(REPLACE "," ";" allowed "${allowed}")
  set(globs "")
  foreach(glob IN LISTS _source_globs)
    list(APPEND globs "${ROOT}/${folder}/${glob}")
  endforeach()
  file(GLOB_RECURSE files ${globs})
  foreach(file IN LISTS files)
    get_filename_component(name "${file}" NAME_WE)
    if(name MATCHES "_test$" AND NOT folder STREQUAL "optimized")
      continue()
    endif()
    file(RELATIVE_PATH rel "${ROOT}" "${file}")
    file(STRINGS "${file}" includes REGEX "${_include_regex}")
    foreach(line IN LISTS includes)
      string(REGEX MATCH "${_include_regex}" _ "${line}")
      set(included "${CMAKE_MATCH_2}")
      if(included IN_LIST _project_folders AND NOT included IN_LIST allowed)
        string(APPEND _violations "  ${rel}: ${line} (${folder}/ may include only ${allowed})\n")
      endif()
    endforeach()
    file(STRINGS "${file}" computed REGEX "${_computed_include_regex}")
    foreach(line IN LISTS computed)
      string(APPEND _violations "  ${rel}: ${line} (an include of a macro: the layer check cannot read it)\n")
    endforeach()
  endforeach()
endforeach()
if(_violations)
  message(FATAL_ERROR "layer check failed: a file includes a header of a layer above it\n${_violations}")
endif()

# The table in docs/architecture.md: a row per folder, "| `folder/` | library |
# may include | links |", the third column naming the folders in backticks.
if(DEFINED DOC)
  file(STRINGS "${DOC}" rows REGEX "^\\| `[a-z]+/` \\|")
  set(_disagreements "")
  set(_documented "")
  foreach(row IN LISTS rows)
    string(REGEX MATCH "^\\| `([a-z]+)/` \\|[^|]*\\|([^|]*)\\|" _ "${row}")
    set(folder "${CMAKE_MATCH_1}")
    set(column "${CMAKE_MATCH_2}")
    list(APPEND _documented "${folder}")
    string(REGEX MATCHALL "`[a-z]+/`" documented "${column}")
    string(REGEX REPLACE "`([a-z]+)/`" "\\1" documented "${documented}")
    list(SORT documented)
    set(ruled "")
    foreach(rule IN LISTS _rules)
      if(rule MATCHES "^${folder}:(.*)$")
        string(REPLACE "," ";" ruled "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    list(SORT ruled)
    if(NOT documented STREQUAL ruled)
      string(APPEND _disagreements "  ${folder}/: the document says ${documented}, the rules ${ruled}\n")
    endif()
  endforeach()
  foreach(rule IN LISTS _rules)
    string(REGEX MATCH "^[a-z]+" folder "${rule}")
    if(NOT folder IN_LIST _documented)
      string(APPEND _disagreements "  ${folder}/: a rule, and no row in the document\n")
    endif()
  endforeach()
  if(_disagreements)
    message(FATAL_ERROR "docs/architecture.md's table of layers and cmake/CheckLayers.cmake disagree\n${_disagreements}")
  endif()
endif()
