#!/usr/bin/env python3
"""pre-commit hook: clang-tidy with the dispatch-* checks on the staged
C++/CUDA files that the compilation database knows (nvcc entries translated),
failing when any dispatch-* warning is reported.

    pre-commit-dispatch-tidy.py [-p BUILD] [--plugin SO] [--clang-tidy BIN] FILES...
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cuda"))
import nvcc_to_clang  # noqa: E402


def installed_plugin():
    """The newest installed variant's plugin (/usr/lib/dispatch-tidy/llvm-<V>/)."""
    found = glob.glob("/usr/lib/dispatch-tidy/llvm-*/lib/libDispatchTidy.so")
    found.sort(key=lambda p: int(re.search(r"llvm-(\d+)", p).group(1)))
    return found[-1] if found else None


def clang_tidy_for(plugin):
    """clang-tidy-<V> for a plugin installed under .../llvm-<V>/ (the only one it loads into)."""
    m = re.search(r"llvm-(\d+)/lib/libDispatchTidy\.so$", plugin or "")
    return "clang-tidy-" + m.group(1) if m else "clang-tidy"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-p", dest="build", default="build")
    ap.add_argument("--plugin", default=os.environ.get("DISPATCH_TIDY_PLUGIN") or installed_plugin())
    ap.add_argument("--clang-tidy", default=os.environ.get("DISPATCH_TIDY_CLANG_TIDY"),
                    help="default: clang-tidy-<V> of the plugin's variant")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if not a.plugin:
        print("dispatch-tidy: no plugin installed; pass --plugin or set DISPATCH_TIDY_PLUGIN")
        return 1
    a.clang_tidy = a.clang_tidy or clang_tidy_for(a.plugin)
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
