# Precompiled headers, with clang: the standard library's, Qt Core's and
# Boost.Outcome's headers most units include, parsed once a tree instead of
# once a unit. A unity unit (cmake/UnityUnits.cmake) spent 2-4 s of its
# compile reading them before any of our code. Compiled with and without,
# alternating, on this machine (processor seconds): clang (the asan tree)
# gifscan_views 22.4 -> 17.8, chain_tests 23.7 -> 20.3, gifscan_core_settings
# 3.5 -> 1.6, for headers made in 6-8 s; the asan tree's objects, built
# whole, took 467 busy seconds where CI's cold run before had 556. GCC (the release
# tree) gained on small units (core_settings 5.2 -> 2.7) and lost on large
# ones (gifscan_views 30.3 -> 32.0: its garbage collector walks the 150 MB
# it loads), and its headers took 30-35 s to make at the start of a cold
# build, when every unit waits on them: the release tree's build went from
# 435 s to 495 s. So GIFSCAN_PCH is on with clang only (docs/BENCHMARKS.md).
#
# Two headers a tree, each compiled by a target of its own and reused
# (REUSE_FROM) by every target of the project that compiles with the same
# options: gifscan_pch for the libraries, programs and benchmarks,
# gifscan_pch_tests (the same and GoogleTest) for the test suites, which
# compile with options of their own (cmake/GtestSuites.cmake). A precompiled
# header is only used with the options it was made with: GCC says so
# (-Winvalid-pch, which CMake adds) and reads the headers as text instead,
# clang stops. Neither holds what a target's own Qt module definitions
# (QT_GUI_LIB, QT_WIDGETS_LIB) would change: QTest and the GUI modules'
# headers stay out, since QTest includes its widget helpers only where
# QT_WIDGETS_LIB is defined.
#
# The price: a file that forgets an include of a header listed here still
# compiles in the asan tree; the release tree, without, still catches it.
#
# Runs last, after cmake/UnityUnits.cmake: a source compiled apart with
# options of its own (an -O2 generator in the asan tree) keeps out.

if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  set(gifscan_pch_default ON)
else()
  set(gifscan_pch_default OFF)
endif()
option(GIFSCAN_PCH "Precompile the common system headers" ${gifscan_pch_default})

set(GIFSCAN_PCH_HEADERS
  <algorithm> <array> <atomic> <chrono> <cstdint> <cstring> <deque>
  <functional> <limits> <map> <memory> <mutex> <optional> <set> <span>
  <stdexcept> <string> <string_view> <thread> <utility> <variant> <vector>
  <QByteArray> <QCoreApplication> <QDateTime> <QDebug> <QDir>
  <QElapsedTimer> <QFile> <QHash> <QJsonArray> <QJsonDocument>
  <QJsonObject> <QJsonValue> <QList> <QLoggingCategory> <QMap> <QObject>
  <QPointer> <QProcess> <QRegularExpression> <QSet> <QString>
  <QStringList> <QTemporaryDir> <QTimer> <QUrl> <QUrlQuery> <QVariant>
  <boost/outcome/basic_result.hpp> <boost/outcome/policy/terminate.hpp>)

# The target that compiles one of the headers: an object library of one
# empty source, with what every target has (gifscan::options, Qt Core).
function(gifscan_pch_host name headers)
  set(source "${CMAKE_BINARY_DIR}/pch/${name}.cpp")
  gifscan_write_if_changed("${source}" "// Written by cmake/PrecompiledHeaders.cmake: ${name} compiles its header.\n" changed)
  add_library(${name} OBJECT "${source}")
  target_link_libraries(${name} PRIVATE gifscan::options Qt6::Core)
  target_precompile_headers(${name} PRIVATE ${headers})
  # clang writes the headers' times into the file it makes, and a fresh
  # clone's are its own: without, every clone's header would differ and
  # ccache would find none of the units that use it.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    target_compile_options(${name} PRIVATE -Xclang -fno-pch-timestamp)
  endif()
  gifscan_pch_launcher(${name})
endfunction()

# ccache finds a unit by what it reads, and the header names the checkout's
# folder: in front of ccache, a launcher passes the header's path relative
# and writes beside the header a checksum of what it holds, which ccache
# reads instead (scripts/pch-launcher.sh; found beside this file, so that a
# project of its own that includes it, tests/scripts/pchcachetest.py, has
# it too). Without ccache, none is needed.
cmake_path(ABSOLUTE_PATH CMAKE_CURRENT_LIST_DIR NORMALIZE OUTPUT_VARIABLE gifscan_pch_cmake_dir)
cmake_path(APPEND gifscan_pch_cmake_dir .. scripts pch-launcher.sh OUTPUT_VARIABLE GIFSCAN_PCH_LAUNCHER)
cmake_path(NORMAL_PATH GIFSCAN_PCH_LAUNCHER)
function(gifscan_pch_launcher target)
  if(CMAKE_CXX_COMPILER_LAUNCHER)
    set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER
      "${GIFSCAN_PCH_LAUNCHER};${CMAKE_CXX_COMPILER};${CMAKE_CXX_COMPILER_LAUNCHER}")
  endif()
endfunction()

function(gifscan_pch_target target)
  gifscan_target_cpp_sources(${target} sources)
  if(NOT sources OR target MATCHES "^gifscan_pch")
    return()
  endif()
  get_target_property(test_code ${target} GIFSCAN_TEST_CODE)
  if(test_code)
    target_precompile_headers(${target} REUSE_FROM gifscan_pch_tests)
  else()
    target_precompile_headers(${target} REUSE_FROM gifscan_pch)
  endif()
  gifscan_pch_launcher(${target})
  # A source with options of its own would meet a header made with others.
  get_target_property(source_dir ${target} SOURCE_DIR)
  foreach(path IN LISTS sources)
    get_source_file_property(options "${path}" DIRECTORY "${source_dir}" COMPILE_OPTIONS)
    if(options)
      set_source_files_properties("${path}" DIRECTORY "${source_dir}"
        PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()

function(gifscan_precompiled_headers)
  if(NOT GIFSCAN_PCH)
    return()
  endif()
  gifscan_pch_host(gifscan_pch "${GIFSCAN_PCH_HEADERS}")
  if(GIFSCAN_BUILD_TESTS)
    gifscan_pch_host(gifscan_pch_tests "${GIFSCAN_PCH_HEADERS};<gtest/gtest.h>")
    # GoogleTest's target defines what its headers test (GTEST_HAS_PTHREAD).
    target_link_libraries(gifscan_pch_tests PRIVATE GTest::gtest)
    gifscan_test_code_options(gifscan_pch_tests)
  endif()
  gifscan_unity_in("${PROJECT_SOURCE_DIR}" gifscan_pch_target)
endfunction()
