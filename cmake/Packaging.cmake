# The Debian package (scripts/package.sh). CPack's DEB generator, not
# debhelper: the package is made from this build's own install rules, so
# what `cmake --install` puts in place and what the package holds cannot
# drift, and no debian/ tree has to be kept beside CMake (docs/ARCHITECTURE.md).
include(GNUInstallDirs)

option(GIFSCAN_PACKAGE
  "Also make what only the package installs: man pages (help2man), hicolor PNG icons (rsvg-convert), the changelog"
  OFF)

# The release's date, for the metainfo and the changelog: set by hand with
# the version, so two builds of one release make the same files.
set(GIFSCAN_RELEASE_DATE 2026-11-26)
set(GIFSCAN_RELEASE_RFC2822 "Thu, 26 Nov 2026 00:00:00 +0000")

# Installed by every `cmake --install`: the software centre's entry, the
# CLI's completion, the licence.
configure_file(${PROJECT_SOURCE_DIR}/resources/org.gifscan.Gifscan.metainfo.xml
  ${PROJECT_BINARY_DIR}/package/org.gifscan.Gifscan.metainfo.xml @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/org.gifscan.Gifscan.metainfo.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/copyright
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The indexer's roles as systemd units (the follower, a template for read
# servers and one for webhook workers), with an example of the environment
# file they read, the operator's guide they name and Prometheus's files.
install(FILES
  ${PROJECT_SOURCE_DIR}/resources/systemd/gifscan-indexer.service
  ${PROJECT_SOURCE_DIR}/resources/systemd/gifscan-indexer-serve@.service
  ${PROJECT_SOURCE_DIR}/resources/systemd/gifscan-indexer-webhooks@.service
  DESTINATION lib/systemd/system)
install(FILES ${PROJECT_SOURCE_DIR}/docs/OPERATIONS.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/resources/systemd/indexer.env
  ${PROJECT_SOURCE_DIR}/docs/prometheus/prometheus.yml ${PROJECT_SOURCE_DIR}/docs/prometheus/alerts.yml
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)

if(GIFSCAN_PACKAGE)
  find_program(GIFSCAN_HELP2MAN help2man REQUIRED)
  find_program(GIFSCAN_RSVG rsvg-convert REQUIRED)
  find_program(GIFSCAN_GZIP gzip REQUIRED)
  set(out ${PROJECT_BINARY_DIR}/package)
  set(made)
  # Man pages from each program's --help and --version (the GUI parses its
  # options after making its application: offscreen needs no display), in
  # English and from an empty profile, whatever the builder's own are.
  # gifscan-cli's man page and bash completion from its own command table
  # (app/clitable.cpp): an entry for each command, which help2man's reading
  # of --help ran together.
  add_custom_command(OUTPUT ${out}/gifscan-cli.1.gz ${out}/completion/gifscan-cli
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out}/completion
    COMMAND $<TARGET_FILE:gifscan-cli> --man > ${out}/gifscan-cli.1
    COMMAND ${GIFSCAN_GZIP} -9nf ${out}/gifscan-cli.1
    COMMAND $<TARGET_FILE:gifscan-cli> --bash-completion > ${out}/completion/gifscan-cli
    DEPENDS gifscan-cli
    COMMENT "man page and completion of gifscan-cli" VERBATIM)
  list(APPEND made ${out}/gifscan-cli.1.gz ${out}/completion/gifscan-cli)
  install(FILES ${out}/gifscan-cli.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${out}/completion/gifscan-cli
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  foreach(entry
      "gifscan|a block explorer for the GIF chain that proves who owns what"
      "gifscan-devnet|a local GIF chain node for development and tests"
      "gifscan-indexer|follows a GIF chain node into PostgreSQL, proving each block, serves it and delivers its webhooks")
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 program)
    list(GET parts 1 name)
    add_custom_command(OUTPUT ${out}/${program}.1.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${out}/helphome/run
      COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 LANGUAGE=
        HOME=${out}/helphome XDG_CONFIG_HOME=${out}/helphome/config
        XDG_DATA_HOME=${out}/helphome/data XDG_RUNTIME_DIR=${out}/helphome/run
        ${GIFSCAN_HELP2MAN} --no-info --section=1 "--name=${name}"
        --include=${PROJECT_SOURCE_DIR}/resources/man/${program}.h2m
        --version-string=${PROJECT_VERSION} --output=${out}/${program}.1 $<TARGET_FILE:${program}>
      # Qt's "Arguments:" heading becomes a section of its own, not a
      # subsection of OPTIONS with a colon.
      COMMAND sed -i "s/^\\.SS \"Arguments:\"$/.SH ARGUMENTS/" ${out}/${program}.1
      COMMAND ${GIFSCAN_GZIP} -9nf ${out}/${program}.1
      DEPENDS ${program} ${PROJECT_SOURCE_DIR}/resources/man/${program}.h2m
      COMMENT "man page of ${program}" VERBATIM)
    list(APPEND made ${out}/${program}.1.gz)
    install(FILES ${out}/${program}.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endforeach()
  # The icon at the sizes desktops ask for, beside the scalable one.
  foreach(size 16 22 24 32 48 64 128 256)
    add_custom_command(OUTPUT ${out}/icons/${size}/gifscan.png
      COMMAND ${CMAKE_COMMAND} -E make_directory ${out}/icons/${size}
      COMMAND ${GIFSCAN_RSVG} -w ${size} -h ${size}
        -o ${out}/icons/${size}/gifscan.png ${PROJECT_SOURCE_DIR}/resources/icons/gifscan.svg
      DEPENDS ${PROJECT_SOURCE_DIR}/resources/icons/gifscan.svg VERBATIM)
    list(APPEND made ${out}/icons/${size}/gifscan.png)
    install(FILES ${out}/icons/${size}/gifscan.png
      DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  # A native package's changelog, in Debian's format.
  configure_file(${PROJECT_SOURCE_DIR}/resources/debian/changelog.in ${out}/changelog @ONLY)
  add_custom_command(OUTPUT ${out}/changelog.gz
    COMMAND ${GIFSCAN_GZIP} -9nc ${out}/changelog > ${out}/changelog.gz
    DEPENDS ${out}/changelog VERBATIM)
  list(APPEND made ${out}/changelog.gz)
  install(FILES ${out}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
  add_custom_target(package_files ALL DEPENDS ${made})
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gifscan)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "The gifscan developers <dev@gifscan.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "block explorer for the GIF chain that proves who owns what")
set(CPACK_PACKAGE_DESCRIPTION
  "gifscan follows the GIF chain live, shows its collections, objects and
addresses, and proves each owner it shows against block headers signed by
the validators the user trusts, down to everything an address holds.
It comes with gifscan-cli, for scripts, gifscan-devnet, a local node, and
gifscan-indexer, which follows a node into PostgreSQL and serves it.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # gifscan_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE https://gifscan.org/)
# Depends from the binaries' own libraries; plus the SVG plugin, which Qt
# loads at run time (the icons), so no binary names it for dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS libqt6svg6)
# Qt's own words (dialog buttons) in the user's language.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS qt6-translations-l10n)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_SOURCE_DIR}/build/package)
include(CPack)
