# AUTOMOC's moc without the compiler's own include directories.
#
# AUTOMOC hands moc a target's include directories and then the compiler's
# implicit ones (/usr/include, libstdc++'s, the compiler's own), so moc
# preprocesses the whole standard library behind every <QObject>. moc reads
# a class's declaration; nothing it writes depends on those headers. Tried
# on the tree's 105 headers with Q_OBJECT: byte-for-byte the same output
# without them, in 19.5 s of processor time where it took 58.6 s. A fresh
# clone runs moc once a build tree, twice in CI (release and asan), and no
# compiler cache keeps its output. Qt's own include directories stay: moc
# needs their macros (dropping them changed 11 of the 105 outputs).
#
# Also dropped: an implicit directory a target names (/usr/include, for
# libpq). moc skips a header it cannot find without a word, so the only
# header that could matter is one whose macros a Q_OBJECT file uses; Qt's
# are the only such, and when Qt itself is in an implicit directory (a Qt
# built into /usr/local) the wrapper is not used at all.
#
# AUTOMOC is on for the whole tree (CMakeLists.txt); two things make it
# cheaper, both for CI's two trees (release and asan) on a fresh clone:
# - Where a target has nothing for moc (50 of a tree's 64), it is turned
#   off: each cost a moc step and an empty mocs_compilation unit, about
#   0.8 s of a core.
# - Where it has, moc's outputs are included by a source of the target's
#   own (<build>/mocs/<target>.cpp, `#include "views/moc_mainwindow.cpp"`
#   for views/mainwindow.h), which the unity unit takes in with the rest.
#   AUTOMOC then leaves mocs_compilation.cpp empty: compiled apart, it read
#   the target's headers and Qt's again, 48 s of processor time for the
#   release tree's 14 targets, where the unity units took 0-3 s more each
#   for the same code (gifscan_models, views and server, measured).
#
# gifscan_lean_moc(): call once, after every add_subdirectory; it gives each
# target with AUTOMOC the wrapper as its AUTOMOC_EXECUTABLE and its moc
# outputs in a source of its own, or turns AUTOMOC off where moc has
# nothing to read.

# What moc has to read in a target, by AUTOMOC's own rules: a listed file,
# or the header beside a listed source (<base>.h, <base>_p.h), that
# declares one of the target's AUTOMOC_MACRO_NAMES (Q_OBJECT, Q_GADGET,
# Q_NAMESPACE ... at the start of a line or after a `{`), or that includes
# a moc output. <needs> is FALSE only when there is none; a source not
# there yet (generated) or a generator expression may hold one, so it
# counts as yes. <headers>: the project's headers that declare one, from
# the repository root; none where a file of the target includes a moc
# output itself (AUTOMOC keeps its own arrangement there).
# Decided when the tree is configured: a header given its first Q_OBJECT
# in a target without AUTOMOC links only after cmake runs again (as a new
# source file needs it to be listed).
function(gifscan_moc_scan target needs headers)
  set(found "")
  set(nothing TRUE)
  set(includes_own FALSE)
  get_target_property(sources ${target} SOURCES)
  get_target_property(dir ${target} SOURCE_DIR)
  get_target_property(macros ${target} AUTOMOC_MACRO_NAMES)
  if(NOT macros)
    set(macros Q_OBJECT Q_GADGET Q_NAMESPACE Q_NAMESPACE_EXPORT)
  endif()
  list(JOIN macros "|" macros)
  set(declares "^[ \t]*({[ \t]*)?(${macros})([^a-zA-Z0-9_]|$)")
  set(includes "^[ \t]*#[ \t]*include[ \t]+[\"<](.*/)?(moc_[^\">/]*|[^\">/]*\\.moc)[\">]")
  foreach(source IN LISTS sources)
    # Another target's objects (the fuzz targets' entry point): compiled,
    # and moc'ed if need be, by that target.
    if(source MATCHES "^\\$<TARGET_OBJECTS:[^>]*>$")
      continue()
    endif()
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${dir}" NORMALIZE OUTPUT_VARIABLE path)
    if(source MATCHES "\\$<" OR NOT EXISTS "${path}")
      set(nothing FALSE)
      continue()
    endif()
    set(files "${path}")
    if(path MATCHES "\\.(cpp|cc|cxx)$")
      string(REGEX REPLACE "\\.[a-z]+$" "" base "${path}")
      foreach(header IN ITEMS "${base}.h" "${base}_p.h")
        if(EXISTS "${header}")
          list(APPEND files "${header}")
        endif()
      endforeach()
    endif()
    foreach(file IN LISTS files)
      file(STRINGS "${file}" hits LIMIT_COUNT 1 REGEX "${declares}")
      if(hits AND file MATCHES "\\.h$")
        cmake_path(IS_PREFIX PROJECT_SOURCE_DIR "${file}" NORMALIZE inside)
        if(inside)
          cmake_path(RELATIVE_PATH file BASE_DIRECTORY "${PROJECT_SOURCE_DIR}")
          list(APPEND found "${file}")
        endif()
      endif()
      file(STRINGS "${file}" included LIMIT_COUNT 1 REGEX "${includes}")
      if(included)
        set(includes_own TRUE)
      endif()
      if(hits OR included)
        set(nothing FALSE)
      endif()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES found)
  if(includes_own)
    set(found "")
  endif()
  if(nothing)
    set(${needs} FALSE PARENT_SCOPE)
  else()
    set(${needs} TRUE PARENT_SCOPE)
  endif()
  set(${headers} "${found}" PARENT_SCOPE)
endfunction()

# The target's moc outputs in one source of its own, written only when its
# list changed (a rewrite would compile the unity unit again).
function(gifscan_moc_source target headers)
  set(content "// Written by cmake/QtMoc.cmake: ${target}'s moc outputs, in its unity unit.\n")
  foreach(header IN LISTS headers)
    cmake_path(GET header PARENT_PATH folder)
    cmake_path(GET header STEM LAST_ONLY stem)
    if(folder)
      string(APPEND content "#include \"${folder}/moc_${stem}.cpp\"\n")
    else()
      string(APPEND content "#include \"moc_${stem}.cpp\"\n")
    endif()
  endforeach()
  set(file "${CMAKE_BINARY_DIR}/mocs/${target}.cpp")
  gifscan_write_if_changed("${file}" "${content}" changed)
  if(changed)
    # AUTOMOC's step runs again when its target's own folder's CMakeLists
    # or a source it read changed, not for a source added from here: in a
    # tree built before, this file would be compiled against moc outputs
    # never written. Without its stamp the step runs on the next build.
    get_target_property(built ${target} BINARY_DIR)
    file(REMOVE "${built}/${target}_autogen/timestamp")
  endif()
  set_property(TARGET ${target} APPEND PROPERTY SOURCES "${file}")
  # The includes name headers from the repository root, where AUTOMOC and
  # the compiler look for them (every target has it through gifscan_options;
  # said here for one that would not).
  set_property(TARGET ${target} APPEND PROPERTY INCLUDE_DIRECTORIES "${PROJECT_SOURCE_DIR}")
endfunction()

function(gifscan_lean_moc_in dir wrapper)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(automoc ${target} AUTOMOC)
    if(automoc)
      gifscan_moc_scan(${target} needs headers)
      if(NOT needs)
        set_property(TARGET ${target} PROPERTY AUTOMOC OFF)
        continue()
      endif()
      if(headers)
        gifscan_moc_source(${target} "${headers}")
      endif()
      if(wrapper)
        set_property(TARGET ${target} PROPERTY AUTOMOC_EXECUTABLE "${wrapper}")
      endif()
    endif()
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    gifscan_lean_moc_in("${subdir}" "${wrapper}")
  endforeach()
endfunction()

function(gifscan_lean_moc)
  get_target_property(qt_includes Qt6::Core INTERFACE_INCLUDE_DIRECTORIES)
  foreach(dir IN LISTS qt_includes)
    if(dir IN_LIST CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
      message(STATUS "moc as AUTOMOC runs it: Qt's headers are in ${dir}, the compiler's own")
      gifscan_lean_moc_in("${PROJECT_SOURCE_DIR}" "")
      return()
    endif()
  endforeach()
  set(patterns "")
  foreach(dir IN LISTS CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
    string(APPEND patterns "    '-I${dir}') ;;\n")
  endforeach()
  set(wrapper "${CMAKE_BINARY_DIR}/lean-moc")
  # POSIX sh: each argument is moved to the end of the list unless it names
  # one of the compiler's own include directories (cmake/QtMoc.cmake).
  file(GENERATE OUTPUT "${wrapper}" CONTENT "#!/bin/sh
# Written by cmake/QtMoc.cmake: moc without the compiler's include directories.
for arg; do
  shift
  case \"$arg\" in
${patterns}    *) set -- \"$@\" \"$arg\" ;;
  esac
done
exec '$<TARGET_FILE:Qt6::moc>' \"$@\"
" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ
       WORLD_EXECUTE)
  gifscan_lean_moc_in("${PROJECT_SOURCE_DIR}" "${wrapper}")
endfunction()
