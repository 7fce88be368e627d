include_guard(GLOBAL)

# RC_PARAMS for a test of N cases. Under the sanitizers a case costs 3 to 5
# times more; a quarter of the cases still walks the same code there, and the
# dev build draws them all.
function(lbconform_property_params out cases)
  if(LBCONFORM_SANITIZE)
    math(EXPR cases "${cases} / 4")
  endif()
  string(STRIP "RC_PARAMS=max_success=${cases} ${ARGN}" params)
  set(${out} "${params}" PARENT_SCOPE)
endfunction()
