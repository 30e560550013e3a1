#!/usr/bin/env python3
"""pre-commit hook: clang-tidy with the dispatch-* checks on the staged
C++/CUDA files that the compilation database knows (nvcc entries translated),
failing when any dispatch-* warning is reported.

    pre-commit-dispatch-tidy.py [-p BUILD] [--plugin SO] [--clang-tidy BIN] FILES...
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cuda"))
import nvcc_to_clang  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-p", dest="build", default="build")
    ap.add_argument("--plugin", default=os.environ.get(
        "DISPATCH_TIDY_PLUGIN", "/usr/lib/dispatch-tidy/libDispatchTidy.so"))
    ap.add_argument("--clang-tidy", default="clang-tidy-16")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    db_path = os.path.join(a.build, "compile_commands.json")
    if not os.path.exists(db_path):
        print("dispatch-tidy: no %s; configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON" % db_path)
        return 1
    with open(db_path) as f:
        entries = nvcc_to_clang.translate_database(json.load(f))
    known = {os.path.realpath(os.path.join(e["directory"], e["file"])) for e in entries}
    files = [f for f in a.files if os.path.realpath(f) in known]
    if not files:
        return 0
    status = 0
    with tempfile.TemporaryDirectory() as db:
        with open(os.path.join(db, "compile_commands.json"), "w") as f:
            json.dump(entries, f)
        for path in files:
            res = subprocess.run([a.clang_tidy, "--load=" + a.plugin, "--checks=-*,dispatch-*",
                                  "--quiet", "-p", db, path],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            out = [l for l in res.stdout.splitlines() if "warnings generated" not in l]
            if any("[dispatch-" in l for l in out):
                print("\n".join(out))
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
