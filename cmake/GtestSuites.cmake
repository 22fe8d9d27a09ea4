# One CTest test per GoogleTest suite, found when ctest runs (as
# gtest_discover_tests' PRE_TEST mode finds tests). Suites whose name marks
# them disabled (DISABLED_) are not registered.
#
# Why suites and not single tests: a suite's fixture is its unit of set-up.
# Run one test per process, a fixture that starts one devnet for the suite
# (SetUpTestSuite) started it again for each of its tests, and each process
# paid Qt's start-up; the suite ran at about half the speed it was written
# for. A failing test is still named: GoogleTest prints it, and
# `ctest --output-on-failure` shows the suite's log. One test alone still
# runs with `<binary> --gtest_filter=Suite.Test`.
#
# gifscan_add_test_suites(<target> [TIMEOUT <seconds>] [LABELS <label>]
#                         [ONCE <suite>...] [SERIAL <suite>...]
#                         [LONG <suite>...])
# ONCE: these suites also get the label "once" (the asan preset leaves them
# out: a suite of processes whose code the sanitized in-process suites run).
# SERIAL: these suites alone on the machine (what an idle machine promises).
# LONG: these suites started first (COST). A tree that has not run its tests
# yet (CI's fresh clone) has no times for ctest to order them by, so it
# starts them in the order they were added: WatchProven (17-22 s) started
# as the 155th of 171, and the release suite's end kept the machine some
# 60 % busy (docs/BENCHMARKS.md). A COST stands in every tree: ctest orders
# by its measured times only the tests without one, so a suite grown long
# belongs in the list.
# LABELS once: the whole binary is "once"; in a sanitized tree
# (GIFSCAN_SANITIZED, cmake/ProjectOptions.cmake) it is not built and
# registers no test.
function(gifscan_add_test_suites target)
    cmake_parse_arguments(ARG "" "TIMEOUT;LABELS" "ONCE;SERIAL;LONG" ${ARGN})
    if(ARG_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "gifscan_add_test_suites(${target}): not understood: ${ARG_UNPARSED_ARGUMENTS}")
    endif()
    gifscan_test_code_options(${target})
    # A binary of "once" suites only is not built in a sanitized tree,
    # whose test preset leaves those suites out: CI compiled and linked
    # indexer_ops_tests and indexer_gui_tests under ASan for nothing.
    if(ARG_LABELS STREQUAL "once" AND GIFSCAN_SANITIZED)
        set_target_properties(${target} PROPERTIES EXCLUDE_FROM_ALL ON)
        return()
    endif()
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 300)
    endif()
    set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_suites_include.cmake")
    set(list_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_suites.cmake")
    file(GENERATE OUTPUT "${include_file}" CONTENT "
set(exe \"$<TARGET_FILE:${target}>\")
set(list_file \"${list_file}\")
set(once_suites [=[${ARG_ONCE}]=])
set(serial_suites [=[${ARG_SERIAL}]=])
set(long_suites [=[${ARG_LONG}]=])
# Listed again when the binary or these rules changed; a failed listing is
# never kept, so it is tried again on the next run.
if(NOT EXISTS \"\${list_file}\" OR \"\${exe}\" IS_NEWER_THAN \"\${list_file}\"
   OR \"\${CMAKE_CURRENT_LIST_FILE}\" IS_NEWER_THAN \"\${list_file}\")
    execute_process(COMMAND \"\${exe}\" --gtest_list_tests
        WORKING_DIRECTORY \"${CMAKE_CURRENT_BINARY_DIR}\"
        OUTPUT_VARIABLE listing RESULT_VARIABLE rc TIMEOUT 60)
    set(script \"\")
    if(NOT rc EQUAL 0)
        # A binary that cannot list its tests is one failing test, not none.
        add_test([=[${target}.listing]=] \"${CMAKE_COMMAND}\" -E false)
        return()
    else()
        string(REPLACE \"\\n\" \";\" lines \"\${listing}\")
        set(unnamed \${once_suites} \${serial_suites} \${long_suites})
        list(REMOVE_DUPLICATES unnamed)
        foreach(line IN LISTS lines)
            # Suites are the unindented lines: 'Suite.' or 'Prefix/Suite.'
            # with a '# TypeParam' comment after them for typed suites.
            # (The disabled test is a second match, made after the suite's
            # name is taken: a match resets CMAKE_MATCH_1.)
            set(suite \"\")
            if(line MATCHES \"^([^ #][^ ]*)\\\\.\")
                set(suite \"\${CMAKE_MATCH_1}\")
            endif()
            if(suite AND NOT suite MATCHES \"(^|/)DISABLED_\")
                list(REMOVE_ITEM unnamed \"\${suite}\")
                # list(FIND), not IN_LIST: ctest reads this with no policy set.
                set(labels [=[${ARG_LABELS}]=])
                list(FIND once_suites \"\${suite}\" once)
                if(NOT once EQUAL -1)
                    list(APPEND labels once)
                endif()
                list(FIND serial_suites \"\${suite}\" serial)
                if(serial EQUAL -1)
                    set(serial FALSE)
                else()
                    set(serial TRUE)
                endif()
                # ClientTs (tests/CMakeLists.txt) is started before these.
                list(FIND long_suites \"\${suite}\" long)
                if(long EQUAL -1)
                    set(cost 0)
                else()
                    set(cost 100)
                endif()
                string(APPEND script \"add_test([=[\${suite}]=] \\\"\${exe}\\\" [=[--gtest_filter=\${suite}.*]=])\\n\")
                string(APPEND script \"set_tests_properties([=[\${suite}]=] PROPERTIES TIMEOUT ${ARG_TIMEOUT} WORKING_DIRECTORY [=[${CMAKE_CURRENT_BINARY_DIR}]=] LABELS [=[\${labels}]=] RUN_SERIAL \${serial} COST \${cost})\\n\")
            endif()
        endforeach()
        # A suite named ONCE, SERIAL or LONG that the binary does not have (a
        # typo, a rename) is a failing test, not a setting that silently
        # lapsed.
        foreach(name IN LISTS unnamed)
            string(APPEND script \"add_test([=[${target}.no-suite-\${name}]=] [=[${CMAKE_COMMAND}]=] -E false)\\n\")
        endforeach()
    endif()
    file(WRITE \"\${list_file}\" \"\${script}\")
endif()
include(\"\${list_file}\")
")
    set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()

# The options a test suite's own code compiles with; also those of the
# precompiled header the suites share (cmake/PrecompiledHeaders.cmake),
# which must be the same. GIFSCAN_TEST_CODE marks the target as such.
function(gifscan_test_code_options target)
    # A test's own code is glue around the libraries it drives, which keep
    # the preset's flags. Built at -O2 -g, test files were half the build's
    # compile time (a test file: 24 s at -O2 -g, 12 s at -O1 -g1); at -O0 a
    # unit takes 30 % less again (views_tests whole: 24.6 s at -O1, 17.2 s
    # at -O0), and the suites wait on nodes and sockets, not on this code.
    # Line tables (-g1) still give backtraces and sanitizer reports their lines.
    if(CMAKE_BUILD_TYPE STREQUAL "RelWithDebInfo")
        target_compile_options(${target} PRIVATE -O0 -g1)
    elseif(CMAKE_BUILD_TYPE STREQUAL "Debug")
        target_compile_options(${target} PRIVATE -g1)
    endif()
    # In a unity unit GCC reads the included test files as it reads headers,
    # and warns that a TEST_F on a fixture in an anonymous namespace derives
    # from a type of internal linkage: in a test's .cpp that is the intent.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND GIFSCAN_UNITY_BUILD)
        target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
    endif()
    set_target_properties(${target} PROPERTIES GIFSCAN_TEST_CODE ON)
endfunction()
