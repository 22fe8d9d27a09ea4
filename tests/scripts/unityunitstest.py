#!/usr/bin/env python3
"""cmake/UnityUnits.cmake on a project of its own, configured (not built) in
a scratch folder: a source two targets of a folder list is in both targets'
units, and a source with a compile definition or SKIP_UNITY_BUILD_INCLUSION
of its own is in none and compiled apart. Both rules once went wrong
unseen: the tree's own sources have no such properties but one
(tests/bench's wuffsgif.cpp, only when Wuffs is given).

    tests/scripts/unityunitstest.py   (CTest's UnityUnits)
"""
import os
import pathlib
import subprocess
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]

TOP = f"""cmake_minimum_required(VERSION 3.25)
project(unityprobe CXX)
set(GIFSCAN_UNITY_BUILD ON)
include("{ROOT}/cmake/ProjectOptions.cmake")
set(GIFSCAN_UNITY_BATCH_SIZE 0)
add_subdirectory(a)
include("{ROOT}/cmake/UnityUnits.cmake")
gifscan_unity_units()
"""

FOLDER = """add_executable(one main.cpp shared.cpp own.cpp apart.cpp)
add_executable(two main.cpp shared.cpp)
set_source_files_properties(own.cpp PROPERTIES COMPILE_DEFINITIONS OWN=1)
set_source_files_properties(apart.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
"""


class UnityUnits(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        src = pathlib.Path(cls.scratch.name, "src")
        (src / "a").mkdir(parents=True)
        (src / "CMakeLists.txt").write_text(TOP)
        (src / "a" / "CMakeLists.txt").write_text(FOLDER)
        for name in ("main", "shared", "own", "apart"):
            (src / "a" / f"{name}.cpp").write_text(f"int {name}_marker = 0;\n")
        cls.build = pathlib.Path(cls.scratch.name, "build")
        subprocess.run(["cmake", "-G", "Ninja", "-S", str(src), "-B", str(cls.build)],
                       check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, CCACHE_DISABLE="1"))

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def unit(self, target):
        return (self.build / "unity" / f"{target}_0.cxx").read_text()

    def test_a_source_two_targets_list_is_in_both_units(self):
        for target in ("one", "two"):
            with self.subTest(target=target):
                self.assertIn("a/shared.cpp", self.unit(target))
                self.assertIn("a/main.cpp", self.unit(target))

    def test_a_source_with_its_own_settings_is_compiled_apart(self):
        ninja = (self.build / "build.ninja").read_text()
        for name in ("own.cpp", "apart.cpp"):
            with self.subTest(source=name):
                self.assertNotIn(f"a/{name}", self.unit("one"))
                self.assertIn(f"{name}.o:", ninja)

    def test_what_a_unit_took_is_not_compiled_again(self):
        ninja = (self.build / "build.ninja").read_text()
        self.assertNotIn("shared.cpp.o:", ninja)


if __name__ == "__main__":
    unittest.main(verbosity=2)
