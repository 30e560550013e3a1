#!/usr/bin/env python3
"""Applies dispatch-tidy's fixes to a copy of the seeded cuda_ref and checks
what SEEDED.md promises:

1. the fixed copy builds (C++ and CUDA sources, seeded);
2. the checker then reports exactly the SEEDED.md rows whose "automatic fix"
   column says "none" — the findings a person must decide;
3. the fixed seeded gnn_workload prints the clean build's output bit for bit
   (the timing line aside).

Two ways to fix (--fixer): "tidy" exports clang-tidy's fixes per translation
unit from the untouched copy and merges them with clang-apply-replacements;
"scan" runs `dispatch-scan fix` over the copy's own CMake compilation
database (nvcc command lines translated), which writes only when every TU
compiles with the fixes.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
REPORT = os.path.join(ROOT, "integrations", "report")
sys.path.insert(0, REPORT)
import compare_findings  # noqa: E402  (reads SEEDED.md's table)


def run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if res.returncode != 0:
        print(res.stdout)
        sys.exit("failed (%d): %s" % (res.returncode, " ".join(cmd)))
    return res.stdout


def unfixed_rows(seeded_md):
    """The SEEDED.md rows whose last column ("automatic fix") says none."""
    return [row for row, cells in compare_findings.table_rows(seeded_md)
            if cells[-1].startswith("none")]


def workload_output(binary):
    out = subprocess.run([binary], stdout=subprocess.PIPE, text=True, check=True).stdout
    return re.sub(r"time:[^\n]*\n", "", out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True, help="dispatch-tidy build directory")
    ap.add_argument("--clean-workload", required=True, help="the clean gnn_workload binary")
    ap.add_argument("--llvm", default="/usr/lib/llvm-16/bin")
    ap.add_argument("--fixer", choices=("tidy", "scan"), default="tidy")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    a = ap.parse_args()

    work = tempfile.mkdtemp(prefix="cuda-ref-fix-")
    try:
        copy = os.path.join(work, "cuda_ref")
        shutil.copytree(os.path.join(ROOT, "cuda_ref"), copy)
        build = os.path.join(work, "build")
        configure = ["cmake", "-S", copy, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                     "-DCUDA_REF_SEEDED=ON", "-DDISPATCH_BUILD_TESTS=OFF"]
        if a.fixer == "scan":
            run(configure + ["-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"])
            print(run([os.path.join(a.build, "bin", "dispatch-scan"), "fix", "-p", build,
                       "--root", copy, "-j", "2"]))
        else:
            fixes = os.path.join(work, "fixes")
            run([sys.executable, os.path.join(REPORT, "run_checks.py"), "--build", a.build,
                 "--cuda-ref", copy, "--seeded", "--fail-on-compile-errors",
                 "--export-fixes", fixes, "--out", os.path.join(work, "before")])
            run([os.path.join(a.llvm, "clang-apply-replacements"), fixes])
        diff = subprocess.run(["diff", "-ru", os.path.join(ROOT, "cuda_ref"), copy],
                              stdout=subprocess.PIPE, text=True).stdout
        print("applied fixes:\n" + diff)

        # 1. The fixed copy builds, seeded, CUDA sources included.
        run(configure)
        run(["cmake", "--build", build, "--target", "gnn_workload"])

        # 2. What is left is exactly what has no automatic fix.
        after = os.path.join(work, "after")
        run([sys.executable, os.path.join(REPORT, "run_checks.py"), "--build", a.build,
             "--cuda-ref", copy, "--seeded", "--fail-on-compile-errors", "--out", after])
        expected = os.path.join(work, "expected-unfixed.txt")
        with open(expected, "w") as f:
            f.write("\n".join(unfixed_rows(os.path.join(ROOT, "cuda_ref", "SEEDED.md"))) + "\n")
        print(run([sys.executable, os.path.join(REPORT, "compare_findings.py"),
                   os.path.join(after, "findings.json"), expected]))

        # 3. Same output as the clean build.
        fixed_out = workload_output(os.path.join(build, "gnn_workload"))
        clean_out = workload_output(a.clean_workload)
        if fixed_out != clean_out:
            sys.exit("outputs differ:\n--- clean\n%s--- fixed seeded\n%s" % (clean_out, fixed_out))
        print("fixed seeded output equals the clean output:\n" + fixed_out)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
