#!/usr/bin/env python3
"""scripts/include-links.py fails where it should: on an include planted in
each folder of the house (of a target its own does not link), and on the
CLI linking the models or QtGui; and passes on the tree as it is.

    tests/scripts/includelinkstest.py BUILD_DIR     (CTest's IncludeLinks)
"""
import os
import subprocess
import sys
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BUILD = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(ROOT, "build", "release")

# One planted include a folder: a file of it and a header above or beside
# it that its target does not link.
PLANTED = {
    "core": ("core/base/bytes.cpp", "models/searchquery.h"),
    "chain": ("chain/store/trienodes.cpp", "server/api/restserver.h"),
    "server": ("server/api/restserver.cpp", "indexer/follower/follower.h"),
    "indexer": ("indexer/follower/follower.cpp", "models/searchquery.h"),
    "models": ("models/searchquery.cpp", "views/mainwindow.h"),
    "session": ("session/explorersession.cpp", "views/mainwindow.h"),
    "views": ("views/mainwindow.cpp", "app/appcontroller.h"),
    "app": ("app/clicommands.cpp", "models/searchquery.h"),
    "tests": ("tests/models/modelstest.cpp", "tests/views/fakeexplorer.h"),
}


def run(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "include-links.py"),
                           "--build", BUILD, *args], capture_output=True, text=True)


class IncludeLinks(unittest.TestCase):
    def test_the_tree_as_it_is_passes(self):
        r = run()
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_a_planted_include_fails_in_every_folder(self):
        for folder, (path, header) in PLANTED.items():
            with self.subTest(folder=folder):
                self.assertTrue(os.path.exists(os.path.join(ROOT, path)), path)
                self.assertTrue(os.path.exists(os.path.join(ROOT, header)), header)
                r = run("--plant", f"{path}={header}")
                self.assertEqual(r.returncode, 1, r.stdout)
                self.assertIn(f"{path} (", r.stdout)
                self.assertIn(f"includes {header} of ", r.stdout)

    def test_the_cli_linking_the_models_fails(self):
        r = run("--plant-link", "gifscan-cli=gifscan_models")
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("gifscan-cli links gifscan_models, which it must not", r.stdout)

    def test_the_cli_linking_qtgui_fails(self):
        for library in ("gifscan_frameimage", "Qt6::Gui"):
            with self.subTest(library=library):
                r = run("--plant-link", f"gifscan-cli={library}")
                self.assertEqual(r.returncode, 1, r.stdout)
                self.assertIn(f"gifscan-cli links {library}, which it must not", r.stdout)

    def test_the_node_linking_the_frame_adaptor_fails(self):
        r = run("--plant-link", "gifscan-devnet=gifscan_frameimage")
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("gifscan-devnet links gifscan_frameimage, which it must not", r.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
