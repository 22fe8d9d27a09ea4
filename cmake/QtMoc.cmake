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
# gifscan_lean_moc(): call once, after every add_subdirectory; it gives each
# target with AUTOMOC the wrapper as its AUTOMOC_EXECUTABLE.

function(gifscan_lean_moc_in dir wrapper)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(automoc ${target} AUTOMOC)
    if(automoc)
      set_property(TARGET ${target} PROPERTY AUTOMOC_EXECUTABLE "${wrapper}")
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
