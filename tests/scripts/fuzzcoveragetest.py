#!/usr/bin/env python3
"""libFuzzer's coverage is compiled where the fuzzers run and nowhere else
(tests/fuzz/CMakeLists.txt walks the fuzz targets' links): read off the
tree's compile_commands.json, unit by unit. The targets named here are
what a fuzz target reaches, or does not, as the code stands; a walk that
lost a library would leave its parsers unguided and fail here, where the
fuzz stage only prints a smaller coverage count.

    tests/scripts/fuzzcoveragetest.py BUILD_DIR FLAG   (CTest's FuzzCoverage, asan preset)
"""
import json
import os
import re
import sys
import unittest

BUILD = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join("build", "asan")
FLAG = sys.argv.pop(1) if len(sys.argv) > 1 else "-fsanitize-coverage="

# Reached from the fuzz targets: their parsers and what those stand on.
COVERED = ["gifscan_server", "gifscan_chain", "gifscan_core_gif", "gifscan_core_protocol",
           "gifscan_links", "gifscan_fuzzsupport", "fuzz_gif_decoder", "fuzz_json_rpc"]
# Never fuzzed: the GUI side, the indexer and the tests' own code.
UNCOVERED = ["gifscan_models", "gifscan_views", "gifscan_session", "gifscan_indexer",
             "views_tests", "server_api_tests", "fuzz_corpus_tests"]


def units_by_target():
    with open(os.path.join(BUILD, "compile_commands.json")) as f:
        entries = json.load(f)
    units = {}
    for e in entries:
        command = e.get("command") or " ".join(e.get("arguments", []))
        # The target is the object's (-o): a unit's command names another
        # target's folder first when it uses that target's precompiled
        # header (cmake/PrecompiledHeaders.cmake).
        output = e.get("output") or (re.search(r"\s-o\s+(\S+)", command) or [None, ""])[1]
        match = re.search(r"CMakeFiles/([^/ ]+)\.dir/", output)
        if match:
            units.setdefault(match.group(1), []).append(command)
    return units


class FuzzCoverage(unittest.TestCase):
    units = units_by_target()

    def test_the_fuzzers_and_what_they_link_are_covered(self):
        for target in COVERED:
            with self.subTest(target=target):
                self.assertIn(target, self.units)
                for command in self.units[target]:
                    self.assertIn(FLAG, command)

    def test_what_is_never_fuzzed_is_not(self):
        for target in UNCOVERED:
            with self.subTest(target=target):
                self.assertIn(target, self.units)
                for command in self.units[target]:
                    self.assertNotIn(FLAG, command)


if __name__ == "__main__":
    unittest.main()
