# The statement anchors of the implementer's specifications (docs/spec/*.md),
# which `vectors lint` holds the vectors to citing. Read when CMake configures,
# and again whenever one of the files changes; written only when the list
# changes, so an edit of the prose alone rebuilds nothing.
#   lbconform_spec_statements(OUTPUT)  writes LB_STATEMENT("PT-2.6-a", "passthrough.md") lines
function(lbconform_spec_statements output)
  set(lines "// Generated from docs/spec/*.md by vectors/statements.cmake; do not edit.\n")
  foreach(doc passthrough passthrough-timeline service-lb-policy)
    set(path ${PROJECT_SOURCE_DIR}/docs/spec/${doc}.md)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${path})
    file(READ ${path} text)
    string(REGEX MATCHALL "<a id=\"[A-Z]+-[0-9.]+-[a-z]+\"" anchors "${text}")
    foreach(anchor IN LISTS anchors)
      string(REGEX REPLACE "<a id=\"([^\"]+)\"" "\\1" id "${anchor}")
      string(APPEND lines "LB_STATEMENT(\"${id}\", \"${doc}.md\")\n")
    endforeach()
  endforeach()
  file(CONFIGURE OUTPUT ${output} CONTENT "${lines}" @ONLY)
endfunction()
