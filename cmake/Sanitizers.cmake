# LBCONFORM_SANITIZE=address;undefined instruments every target of the project.
if(LBCONFORM_SANITIZE)
  list(JOIN LBCONFORM_SANITIZE "," _lbconform_sanitizers)
  add_compile_options(-fsanitize=${_lbconform_sanitizers} -fno-sanitize-recover=all
                      -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=${_lbconform_sanitizers})
endif()
