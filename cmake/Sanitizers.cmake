# LBCONFORM_SANITIZE=address;undefined instruments every target of the project.
# The debug information of sanitizer builds: full (-g) for a debugger, or
# -gline-tables-only, which still gives every report its files and lines and
# compiles faster (clang ASan+UBSan, reference/timeline_test.cc: 23.2 s of CPU
# with -g, 19.2 s with line tables only).
set(LBCONFORM_SANITIZE_DEBUG_INFO "-g" CACHE STRING "Debug information flag of sanitizer builds")
if(LBCONFORM_SANITIZE)
  list(JOIN LBCONFORM_SANITIZE "," _lbconform_sanitizers)
  add_compile_options(-fsanitize=${_lbconform_sanitizers} -fno-sanitize-recover=all
                      -fno-omit-frame-pointer ${LBCONFORM_SANITIZE_DEBUG_INFO})
  add_link_options(-fsanitize=${_lbconform_sanitizers})
endif()
