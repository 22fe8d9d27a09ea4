# One INTERFACE target carries the warnings and Qt defines every target of the
# project builds with, so no target can quietly drift to laxer settings.
add_library(gifscan_options INTERFACE)
add_library(gifscan::options ALIAS gifscan_options)

# Where cmake/UnityUnits.cmake writes the units, and the way from there back
# to the sources (a unit names them relative to itself).
set(GIFSCAN_UNITY_DIR "${CMAKE_BINARY_DIR}/unity")
file(RELATIVE_PATH GIFSCAN_UNITY_TO_ROOT "${GIFSCAN_UNITY_DIR}" "${PROJECT_SOURCE_DIR}")
string(REGEX REPLACE "/$" "" GIFSCAN_UNITY_TO_ROOT "${GIFSCAN_UNITY_TO_ROOT}")

target_compile_options(gifscan_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align
  -Woverloaded-virtual -Wimplicit-fallthrough -Wformat=2
  -Wmisleading-indentation
  # GCC's own: clang does not know them.
  $<$<CXX_COMPILER_ID:GNU>:-Wduplicated-cond -Wlogical-op>
  # __FILE__ relative to the source tree: test failures and fuzz reports
  # name tests/core/x.cpp, and a unit compiled in another checkout (CI's
  # clone) is the same compilation, which a compiler cache can reuse.
  -fmacro-prefix-map=${PROJECT_SOURCE_DIR}/=
  # The same for a source a unity unit includes (cmake/UnityUnits.cmake) by
  # a path relative to the unit: the compiler names it from the unit's
  # folder. Last, and the longer prefix: GCC takes the last map that
  # matches, clang the longest.
  -fmacro-prefix-map=${GIFSCAN_UNITY_DIR}/${GIFSCAN_UNITY_TO_ROOT}/=
  # Qt's Test target defines the test's source and build folders, absolute
  # paths, for QFINDTESTDATA and QTEST_MAIN, which gifscan does not use:
  # undefined, a compilation is the same in every checkout (ccache leaves
  # the two definitions out of its key, cmake/CompilerCache.cmake, sound
  # only with this -U after them, which every target linking Qt6::Test
  # has through this target). A use would look from __FILE__ and the
  # working folder instead; the tests' paths are in tests/support/testpaths.cpp.
  -UQT_TESTCASE_BUILDDIR -UQT_TESTCASE_SOURCEDIR)

target_compile_definitions(gifscan_options INTERFACE
  QT_NO_CAST_FROM_ASCII
  QT_NO_CAST_TO_ASCII
  QT_NO_CAST_FROM_BYTEARRAY
  QT_NO_URL_CAST_FROM_STRING
  QT_USE_QSTRINGBUILDER
  QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
  QT_NO_FOREACH
  QT_STRICT_ITERATORS
  # Qt 6.4 ignores QT_DISABLE_DEPRECATED_UP_TO; this is the spelling it knows.
  QT_DISABLE_DEPRECATED_BEFORE=0x060400)

# Includes are root-relative ("core/crypto/sha256.h"), from every target.
target_include_directories(gifscan_options INTERFACE ${PROJECT_SOURCE_DIR})

# Unity builds: each target compiles its sources eight to a unit. Most of a
# unit's time here is Qt's headers and the code their templates make, once
# per unit, not once per file: a clean release build takes a third of the
# time it did (docs/BENCHMARKS.md, "Build and CI"). The price is that files
# of one target share a unit, so names at file scope (anonymous namespaces,
# statics) must not clash within a target; CI builds every preset this way.
# Eight keeps an edit's rebuild short (gifscan_server: one 8-file unit, some
# 10 s at -O2); a whole target in one unit (0) compiles a clean tree in
# less time (release, 2 cores: 341 s where eight took 401) and an edit's
# target whole (gifscan_server 61 s). CI, which builds fresh clones, asks
# for 0 through the environment (.ci/run), as a build of one's own may.
# The units are written by cmake/UnityUnits.cmake, not CMake's UNITY_BUILD
# (why there), with the same batches.
option(GIFSCAN_UNITY_BUILD "Compile each target's sources in batches" ON)
if(DEFINED ENV{GIFSCAN_UNITY_BATCH_SIZE})
  set(unity_batch_default $ENV{GIFSCAN_UNITY_BATCH_SIZE})
else()
  set(unity_batch_default 8)
endif()
set(GIFSCAN_UNITY_BATCH_SIZE ${unity_batch_default} CACHE STRING
  "Sources in a unity unit (0: all of a target's)")

# Links with LLVM's lld where it is installed (scripts/setup.sh installs it
# for the TypeScript client's wasm-ld): the ASan build's 23 executables link
# in 18 s instead of GNU ld's 41, and every build that changes a library
# relinks them all (docs/BENCHMARKS.md, "Build and CI").
include(CheckLinkerFlag)
check_linker_flag(CXX "-fuse-ld=lld" GIFSCAN_HAS_LLD)
option(GIFSCAN_USE_LLD "Link with lld when the compiler can" ON)
if(GIFSCAN_USE_LLD AND GIFSCAN_HAS_LLD)
  add_link_options(-fuse-ld=lld)
endif()

# A sanitized tree (the asan and fuzz presets): what the tests leave out
# or tone down there is decided on this one test (cmake/GtestSuites.cmake,
# tests/CMakeLists.txt).
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
  set(GIFSCAN_SANITIZED ON)
else()
  set(GIFSCAN_SANITIZED OFF)
endif()

# Writes a file the configure generates only when its text changed: a
# rewritten source compiles again (cmake/QtMoc.cmake's moc lists,
# cmake/UnityUnits.cmake's units). <changed> is TRUE when it wrote.
function(gifscan_write_if_changed file content changed)
  set(written "")
  if(EXISTS "${file}")
    file(READ "${file}" written)
  endif()
  if(written STREQUAL content)
    set(${changed} FALSE PARENT_SCOPE)
  else()
    file(WRITE "${file}" "${content}")
    set(${changed} TRUE PARENT_SCOPE)
  endif()
endfunction()
