# Unity units written here rather than by CMake's UNITY_BUILD, for one
# reason: the compiler cache. CMake's units include their sources by
# absolute path, so a clone in another folder has units of other contents,
# and ccache found them only by their preprocessed text, a preprocessor run
# per unit (0.33-0.56 s) before every hit and every miss: a warm release
# tree in another folder built in 43.9 s, 29.7 with these units
# (docs/BENCHMARKS.md). These units include their sources by a path
# relative to the unit itself (build/<preset>/unity/ and the sources under
# the same root): the same text in every clone, found by ccache's direct
# look-up. A build folder reached through a symbolic link would resolve
# the relative paths from its real place: the presets' folders are plain.
# The same rules as CMake's: a target's C++ sources in batches of
# GIFSCAN_UNITY_BATCH_SIZE (0: one unit), in the order listed, leaving out
# a source marked SKIP_UNITY_BUILD_INCLUSION or carrying compile options,
# definitions or include folders of its own; the sources stay listed (as
# HEADER_FILE_ONLY) for the file API, AUTOMOC and IDEs. Only the project's
# own switches are read (GIFSCAN_UNITY_BUILD, GIFSCAN_UNITY_BATCH_SIZE), not
# CMake's UNITY_BUILD properties, which no target sets.
#
# Runs last, after every target and cmake/QtMoc.cmake's moc sources.

# Whether a source stays out of the units: compiled as it is (its own
# options, definitions, include folders, or asked to), or not at all.
# <path> is absolute: a relative name would be read from the folder this
# runs in (the top one), not from the target's. Read before any target's
# sources are marked HEADER_FILE_ONLY (gifscan_unity_units).
function(gifscan_unity_apart dir path out)
  set(apart FALSE)
  foreach(property SKIP_UNITY_BUILD_INCLUSION COMPILE_OPTIONS COMPILE_DEFINITIONS COMPILE_FLAGS
      INCLUDE_DIRECTORIES HEADER_FILE_ONLY)
    get_source_file_property(value "${path}" DIRECTORY "${dir}" ${property})
    if(value)
      set(apart TRUE)
    endif()
  endforeach()
  set(${out} ${apart} PARENT_SCOPE)
endfunction()

# The C++ sources a target compiles, as absolute paths; none for a target
# that compiles nothing (imported, interface, custom). Also read by
# cmake/PrecompiledHeaders.cmake.
function(gifscan_target_cpp_sources target out)
  set(${out} "" PARENT_SCOPE)
  get_target_property(type ${target} TYPE)
  get_target_property(imported ${target} IMPORTED)
  if(imported OR NOT type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$")
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(binary_dir ${target} BINARY_DIR)
  set(paths "")
  foreach(source IN LISTS sources)
    if(source MATCHES "\\$<" OR NOT source MATCHES "\\.(cpp|cxx|cc)$")
      continue()
    endif()
    if(IS_ABSOLUTE "${source}")
      set(path "${source}")
    elseif(EXISTS "${source_dir}/${source}")
      set(path "${source_dir}/${source}")
    else()
      set(path "${binary_dir}/${source}")
    endif()
    cmake_path(NORMAL_PATH path)
    list(APPEND paths "${path}")
  endforeach()
  set(${out} "${paths}" PARENT_SCOPE)
endfunction()

# The C++ sources of a target a unit could take, as absolute paths.
function(gifscan_unity_candidates target out)
  gifscan_target_cpp_sources(${target} sources)
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(paths "")
  foreach(path IN LISTS sources)
    gifscan_unity_apart("${source_dir}" "${path}" apart)
    if(NOT apart)
      list(APPEND paths "${path}")
    endif()
  endforeach()
  set(${out} "${paths}" PARENT_SCOPE)
endfunction()

# A target's units, its C++ sources in batches; the sources they took are
# kept for gifscan_unity_units to mark HEADER_FILE_ONLY once every target
# has its units. That mark is the folder's, not the target's: made at once,
# a source two targets list (a test main, a fuzz target's entry point)
# would be left out of the second one's units, where CMake's UNITY_BUILD
# puts it in each.
function(gifscan_unity_target target)
  gifscan_unity_candidates(${target} paths)
  set(batch "")
  set(batches 0)
  set(included "")
  foreach(path IN LISTS paths)
    file(RELATIVE_PATH relative "${GIFSCAN_UNITY_DIR}" "${path}")
    list(APPEND batch "${relative}")
    list(APPEND included "${path}")
    list(LENGTH batch length)
    if(GIFSCAN_UNITY_BATCH_SIZE GREATER 0 AND length EQUAL GIFSCAN_UNITY_BATCH_SIZE)
      gifscan_unity_unit(${target} ${batches} "${batch}")
      math(EXPR batches "${batches} + 1")
      set(batch "")
    endif()
  endforeach()
  if(batch)
    gifscan_unity_unit(${target} ${batches} "${batch}")
  endif()
  if(included)
    set_property(GLOBAL APPEND PROPERTY gifscan_unity_targets ${target})
    set_property(GLOBAL PROPERTY "gifscan_unity_included:${target}" "${included}")
  endif()
endfunction()

# One unit: its text, written when it changed, and its place in the target.
function(gifscan_unity_unit target index files)
  set(content "// Written by cmake/UnityUnits.cmake: sources of ${target}, by paths relative to this file.\n")
  foreach(file IN LISTS files)
    string(APPEND content "#include \"${file}\"\n")
  endforeach()
  set(unit "${GIFSCAN_UNITY_DIR}/${target}_${index}.cxx")
  gifscan_write_if_changed("${unit}" "${content}" changed)
  target_sources(${target} PRIVATE "${unit}")
  set_property(GLOBAL APPEND PROPERTY gifscan_unity_written "${unit}")
endfunction()

# Calls STEP for every target under a folder.
function(gifscan_unity_in dir step)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    cmake_language(CALL ${step} ${target})
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    gifscan_unity_in("${subdir}" ${step})
  endforeach()
endfunction()

function(gifscan_unity_units)
  if(GIFSCAN_UNITY_BUILD)
    gifscan_unity_in("${PROJECT_SOURCE_DIR}" gifscan_unity_target)
  endif()
  get_property(targets GLOBAL PROPERTY gifscan_unity_targets)
  foreach(target IN LISTS targets)
    get_property(included GLOBAL PROPERTY "gifscan_unity_included:${target}")
    set_source_files_properties(${included} TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
  endforeach()
  # A unit no target has any more (a batch size or a target changed) goes,
  # so that scripts/unity-names.py reads only the units compiled.
  get_property(written GLOBAL PROPERTY gifscan_unity_written)
  file(GLOB units "${GIFSCAN_UNITY_DIR}/*.cxx")
  foreach(unit IN LISTS units)
    if(NOT unit IN_LIST written)
      file(REMOVE "${unit}")
    endif()
  endforeach()
endfunction()
