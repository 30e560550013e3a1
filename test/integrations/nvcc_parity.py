#!/usr/bin/env python3
"""The two nvcc translators give the same arguments: nvcc_to_clang.py (the
Python CLI) and the C++ one of checker/driver (dispatch::driver::
nvccToClangAdjuster, through the test tool dispatch-nvcc-translate), both
driven by integrations/cuda/nvcc-rules.json.

    nvcc_parity.py --tool BUILD/test/dispatch-nvcc-translate --db DB.json [--db ...] --work DIR

Each database is translated with the defaults and with other clang++/CUDA
paths; every entry's argument list must be identical (entries that are not
nvcc: both leave the command line as it was). Exit 1 on any difference.
"""
import argparse
import difflib
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "integrations", "cuda"))
import nvcc_to_clang  # noqa: E402

# (tool options, translate_database keyword arguments)
OPTION_SETS = [
    ([], {}),
    (["--clangxx", "/usr/lib/llvm-16/bin/clang++", "--cuda-path", "/opt/cuda-12.4/"],
     {"clangxx": "/usr/lib/llvm-16/bin/clang++", "cuda_path": "/opt/cuda-12.4/"}),
    (["--clangxx", "clang++-16", "--cuda-path", "/usr/local/cuda-13.0"],
     {"clangxx": "clang++-16", "cuda_path": "/usr/local/cuda-13.0"}),
]


def python_arguments(entries, kw):
    out = []
    for e in nvcc_to_clang.translate_database(entries, **kw):
        out.append(e.get("arguments") or shlex.split(e["command"]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--db", action="append", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    failures = 0
    for db in a.db:
        with open(db) as f:
            entries = json.load(f)
        nvcc = sum(1 for e in entries
                   if nvcc_to_clang.is_nvcc((e.get("arguments") or shlex.split(e["command"]))[0]))
        for n, (tool_opts, kw) in enumerate(OPTION_SETS):
            out = os.path.join(a.work, "%s.%d.json" % (os.path.splitext(os.path.basename(db))[0], n))
            subprocess.run([a.tool] + tool_opts + [db, out], check=True)
            with open(out) as f:
                cxx = [e["arguments"] for e in json.load(f)]
            py = python_arguments(entries, kw)
            if len(cxx) != len(py):
                print("%s %s: %d entries from C++, %d from Python" % (db, tool_opts, len(cxx), len(py)))
                failures += 1
                continue
            for i, (c, p) in enumerate(zip(cxx, py)):
                if c != p:
                    failures += 1
                    print("DIFFERENT: %s entry %d (%s) with %s" % (db, i, entries[i]["file"], tool_opts or "defaults"))
                    print("\n".join(difflib.unified_diff(p, c, "python", "c++", lineterm="")))
        print("%s: %d entries (%d nvcc) x %d option sets compared"
              % (os.path.basename(db), len(entries), nvcc, len(OPTION_SETS)))
    print("nvcc parity: %s" % ("OK" if not failures else "%d differences" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
