# Debian's ccache in front of the compiler, where it is installed (setup.sh
# installs it; -DGIFSCAN_CCACHE=OFF goes without). The build is the same
# either way: ccache answers from its cache only for a compilation whose
# source, headers, flags and compiler are the ones it saw.
#
# Why it pays here: CI builds a fresh clone in another folder on the machine
# whose session built the same commit moments before. The settings make that
# clone's compilations the same ones:
# - CCACHE_BASEDIR: paths under the source tree are passed to the compiler
#   relative to the build folder, so they read the same in every checkout;
# - CCACHE_NOHASHDIR: the build folder itself is not part of the key (it is
#   only written into the debug information as the compile directory);
# - CCACHE_SLOPPINESS: a checkout's fresh file times are not a reason to
#   compile again (the contents are still compared); a unit that uses a
#   precompiled header (cmake/PrecompiledHeaders.cmake) is cached at all
#   (pch_defines, time_macros: ccache's conditions for one), and found by
#   the header file's contents;
# - CCACHE_IGNOREOPTIONS: -fmacro-prefix-map names the checkout, but makes
#   every checkout's __FILE__ the same relative path; Qt's Test target
#   defines QT_TESTCASE_BUILDDIR and _SOURCEDIR as the checkout's folders,
#   which every target undefines again (ProjectOptions.cmake).
# - CCACHE_DEPEND: a compilation is found by its sources' and headers'
#   contents (the compiler's dependency file lists them), never by its
#   preprocessed text: a miss runs no preprocessor first, and a hit none
#   at all (the unity units, cmake/UnityUnits.cmake, include their sources
#   by relative paths, so they read the same in every checkout). ccache
#   does not use it for a unit with a precompiled header: it preprocesses
#   that one on a miss;
# - CCACHE_PCH_EXTSUM: such a unit is found by the checksum written beside
#   its header (scripts/pch-launcher.sh), not by the header's bytes, which
#   name the checkout's folder.
# Absolute paths in -D flags would still differ between checkouts: the tests
# keep theirs in one unit (tests/support/testpaths.cpp).
option(GIFSCAN_CCACHE "Compile through ccache when it is installed" ON)
find_program(GIFSCAN_CCACHE_PROGRAM ccache)
if(GIFSCAN_CCACHE AND GIFSCAN_CCACHE_PROGRAM)
  set(CMAKE_CXX_COMPILER_LAUNCHER
    ${CMAKE_COMMAND} -E env
    CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
    CCACHE_NOHASHDIR=true
    CCACHE_DEPEND=true
    CCACHE_PCH_EXTSUM=true
    CCACHE_SLOPPINESS=include_file_mtime,include_file_ctime,pch_defines,time_macros
    "CCACHE_IGNOREOPTIONS=-fmacro-prefix-map=* -DQT_TESTCASE_BUILDDIR=* -DQT_TESTCASE_SOURCEDIR=*"
    ${GIFSCAN_CCACHE_PROGRAM})
  set(CMAKE_C_COMPILER_LAUNCHER ${CMAKE_CXX_COMPILER_LAUNCHER})
endif()
