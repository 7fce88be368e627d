# `cmake --install` and the Debian package (CPack). The layout, under a prefix:
#   bin/lbconform
#   share/lbconform/vectors/   the golden vectors, their schemas, the README,
#                              adapters/python (example) and adapters/template
#   share/lbconform/examples/  scenarios to try, gcloud output to import
#   share/lbconform/docs/      the contract, architecture, clauses, gaps, error codes
#   share/doc/lbconform/       README.md
#   share/bash-completion/completions/lbconform
# The binary finds share/lbconform/vectors beside itself (DefaultVectorRoot),
# so the installed tree works from any folder and any prefix.
include(GNUInstallDirs)

set(LBCONFORM_DATA_DESTINATION ${CMAKE_INSTALL_DATADIR}/lbconform)

install(TARGETS lbconform RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY vectors/spec_examples vectors/edge_cases vectors/regressions vectors/schema
        DESTINATION ${LBCONFORM_DATA_DESTINATION}/vectors)
install(FILES vectors/README.md DESTINATION ${LBCONFORM_DATA_DESTINATION}/vectors)
install(PROGRAMS vectors/adapters/python/lbconform_adapter.py
        DESTINATION ${LBCONFORM_DATA_DESTINATION}/vectors/adapters/python)
install(PROGRAMS vectors/adapters/stateful/lbconform_stateful_adapter.py
        DESTINATION ${LBCONFORM_DATA_DESTINATION}/vectors/adapters/stateful)
install(PROGRAMS vectors/adapters/template/lbconform_adapter_template.py
        DESTINATION ${LBCONFORM_DATA_DESTINATION}/vectors/adapters/template)
install(DIRECTORY examples/ DESTINATION ${LBCONFORM_DATA_DESTINATION}/examples)
install(DIRECTORY docs/ DESTINATION ${LBCONFORM_DATA_DESTINATION}/docs)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${CMAKE_BINARY_DIR}/completion/lbconform DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)

# The Debian package. Depends lists the packages of the shared libraries the
# binary links (ldd: libfmt, libstdc++, libgcc_s, libc; CLI11, nlohmann/json
# and valijson are header-only); install_package_test checks it against ldd.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME lbconform)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "lbconform maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Conformance and fuzz suite for Google Cloud load-balancer backend selection")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "lbconform checks an implementation of Google Cloud load-balancer backend selection\n"
    "(failover, zonal affinity, connection tracking, service LB policies) against golden\n"
    "vectors through a small adapter program, and decides or explains single scenarios.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6 (>= 2.34), libfmt9, libgcc-s1, libstdc++6 (>= 12)")
if(TARGET mimalloc)
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libmimalloc2.0")  # cmake/Dependencies.cmake
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR}/package)
set(CPACK_STRIP_FILES ON)
include(CPack)
