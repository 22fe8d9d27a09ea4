#!/usr/bin/env python3
"""ccache and the precompiled headers (cmake/CompilerCache.cmake,
cmake/PrecompiledHeaders.cmake, scripts/pch-launcher.sh) on a project of
their own, in two checkouts in different folders that share one scratch
cache, as CI's fresh clone shares the cache of the session's build: the
second checkout's unit that uses the header is found, not compiled again.
It was compiled again in every clone, since clang writes the checkout's
folder into the header and ccache found the unit by the header's bytes.

    tests/scripts/pchcachetest.py   (CTest's PchCache)
"""
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROJECT = f"""cmake_minimum_required(VERSION 3.25)
project(pchprobe CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(Qt6 REQUIRED COMPONENTS Core)
include("{ROOT}/cmake/CompilerCache.cmake")
include("{ROOT}/cmake/ProjectOptions.cmake")
add_library(probe STATIC probe.cpp)
target_link_libraries(probe PRIVATE gifscan::options Qt6::Core)
include("{ROOT}/cmake/UnityUnits.cmake")
gifscan_unity_units()
include("{ROOT}/cmake/PrecompiledHeaders.cmake")
gifscan_precompiled_headers()
"""

SOURCE = """#include <QString>
QString probe() { return QStringLiteral("probe"); }
"""


class PchCache(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        scratch = pathlib.Path(cls.scratch.name)
        cls.env = dict(os.environ, CCACHE_DIR=str(scratch / "cache"), GIFSCAN_UNITY_BATCH_SIZE="0")
        cls.stats = {}
        # Two folder names of different lengths, as two clones' would be.
        for name in ("first", "the-second-checkout"):
            checkout = scratch / name
            checkout.mkdir()
            (checkout / "CMakeLists.txt").write_text(PROJECT)
            (checkout / "probe.cpp").write_text(SOURCE)
            build = checkout / "build"
            subprocess.run(["cmake", "-G", "Ninja", "-S", str(checkout), "-B", str(build),
                            "-DCMAKE_CXX_COMPILER=clang++"], check=True,
                           stdout=subprocess.DEVNULL, env=cls.env)
            subprocess.run(["ccache", "--zero-stats"], check=True, stdout=subprocess.DEVNULL,
                           env=cls.env)
            subprocess.run(["ninja", "-C", str(build)], check=True, stdout=subprocess.DEVNULL,
                           env=cls.env)
            cls.stats[name] = subprocess.run(["ccache", "--print-stats"], check=True,
                                             capture_output=True, text=True, env=cls.env).stdout
        cls.first = scratch / "first" / "build"
        cls.second = scratch / "the-second-checkout" / "build"

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def count(self, name, key):
        return int(re.search(rf"^{key}\t(\d+)$", self.stats[name], re.M).group(1))

    def test_the_unit_is_made_with_the_header_through_the_launcher(self):
        ninja = (self.first / "build.ninja").read_text()
        rules = (self.first / "CMakeFiles" / "rules.ninja").read_text()
        self.assertTrue("-include-pch" in ninja, "the probe's unit uses the header")
        self.assertTrue("scripts/pch-launcher.sh" in rules, "the launcher compiles it")

    def test_the_header_checksum_is_the_same_in_both_checkouts(self):
        header = pathlib.Path("CMakeFiles", "gifscan_pch.dir", "cmake_pch.hxx.pch")
        self.assertNotEqual((self.first / header).read_bytes(), (self.second / header).read_bytes(),
                            "the headers themselves name their folders")
        sums = [(b / header.with_name(header.name + ".sum")).read_text() for b in
                (self.first, self.second)]
        self.assertRegex(sums[0], r"^[0-9a-f]{64}\n$")
        self.assertEqual(sums[0], sums[1])

    def test_the_second_checkout_finds_the_unit(self):
        self.assertEqual(self.count("first", "direct_cache_hit"), 0)
        # The header is made again in each checkout (one from the cache
        # would name the first's folder); the units that use it are found.
        self.assertEqual(self.count("the-second-checkout", "cache_miss"), 1)
        self.assertGreaterEqual(self.count("the-second-checkout", "direct_cache_hit"), 2)


if __name__ == "__main__":
    if not shutil.which("ccache") or not shutil.which("clang++"):
        raise SystemExit("pchcachetest.py: ccache and clang++ are needed (scripts/setup.sh)")
    unittest.main(verbosity=2)
