#!/usr/bin/env python3
"""Runs every dispatch-* check over C++/CUDA code and prints the findings.

Three modes:
  --project DIR   configure a CMake project to get its compile_commands.json
                  and check every translation unit in it;
  --sources F...  check the given files with the compiler flags in --flags
                  (--cuda-flags for .cu files; for code without a build:
                  headers, fetched checkouts);
  --cuda-ref DIR  the bundled reference implementation: its C++ sources, and
                  its CUDA sources in both the host and the device pass.
clang-tidy runs once per translation unit, in parallel. A crash (a signal, or
clang-tidy's crash banner) is counted and makes the run exit 2. Writes
findings.txt (a table) and findings.json. The project-wide impact report
(dispatch-scan) will replace the table.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

DIAG = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): warning: (?P<msg>.*) \[(?P<check>dispatch-[a-z-]+)\]$")


def configure(project, build_dir, db_dir, cmake_args):
    """Configures the project; returns its translation units. nvcc entries are
    translated to clang's CUDA flags into db_dir, which clang-tidy then reads."""
    subprocess.run(["cmake", "-S", project, "-B", build_dir, "-G", "Ninja",
                    "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + cmake_args,
                   check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    os.makedirs(db_dir, exist_ok=True)
    with open(os.path.join(db_dir, "compile_commands.json"), "w") as f:
        json.dump(nvcc_to_clang.translate_database(entries), f, indent=2)
    return entries


ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "integrations", "cuda"))
import nvcc_to_clang  # noqa: E402  (the project's own module, beside this one)
CUDA_FLAGS = nvcc_to_clang.clang_cuda_flags()


def cuda_ref_units(cuda_ref, seeded):
    """(source, flags) for every translation unit of cuda_ref; .cu files twice."""
    inc = "-I" + os.path.join(cuda_ref, "include") + (" -DCUDA_REF_SEEDED" if seeded else "")
    units = []
    for sub in ("src/cpu", "src/cuda", "apps", "tests"):
        d = os.path.join(cuda_ref, sub)
        for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            path = os.path.join(d, name)
            if name.endswith(".cpp"):
                units.append((path, "-std=c++20 " + inc))
            elif name.endswith(".cu"):
                for p in ("--cuda-host-only", "--cuda-device-only"):
                    units.append((path, "-std=c++17 %s %s %s" % (inc, CUDA_FLAGS, p)))
    return units


def configured_clang_tidy(build):
    """The clang-tidy of the LLVM the plugin in BUILD was built against: a
    plugin loads only into that one."""
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            if line.startswith("DISPATCH_CLANG_TIDY:"):
                return line.split("=", 1)[1].strip()
    sys.exit("run_checks.py: no DISPATCH_CLANG_TIDY in %s/CMakeCache.txt; pass --clang-tidy" % build)


def run_tidy(clang_tidy, plugin, build_dir, source, flags, export=None):
    cmd = [clang_tidy, "--load=" + plugin, "--checks=-*,dispatch-*", "--header-filter=.*",
           "--quiet", source]
    if export:
        cmd.append("--export-fixes=" + export)
    cmd += ["-p", build_dir] if build_dir else ["--"] + shlex.split(flags)
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         errors="replace")
    crashed = res.returncode < 0 or "PLEASE submit a bug report" in res.stdout
    errors = re.search(r"^[^\n]*: error: ", res.stdout, re.M) is not None
    return source, res.stdout, crashed, errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True, help="dispatch-tidy build directory")
    ap.add_argument("--project", help="a CMake project to configure and check")
    ap.add_argument("--cmake-arg", action="append", default=[],
                    help="with --project: an argument for its CMake configuration")
    ap.add_argument("--sources", nargs="*", default=[], help="files to check without a build")
    ap.add_argument("--flags", default="", help="compiler flags for --sources (one string)")
    ap.add_argument("--cuda-flags", default=None,
                    help="compiler flags for .cu files among --sources (default: --flags)")
    ap.add_argument("--cuda-ref", help="check the bundled reference implementation at this path")
    ap.add_argument("--seeded", action="store_true", help="with --cuda-ref: its seeded build")
    ap.add_argument("--export-fixes", metavar="DIR",
                    help="write each translation unit's fixes to DIR/<n>.yaml, for "
                         "clang-apply-replacements DIR (merges the edits several units share)")
    ap.add_argument("--root", default=None, help="paths in the table are relative to it")
    ap.add_argument("--out", required=True)
    ap.add_argument("--clang-tidy", default=None,
                    help="default: the clang-tidy the build was configured with (DISPATCH_CLANG_TIDY)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--fail-on-compile-errors", action="store_true",
                    help="exit 3 when a translation unit does not compile")
    a = ap.parse_args()

    plugin = os.path.join(a.build, "lib", "libDispatchTidy.so")
    if a.clang_tidy is None:
        a.clang_tidy = configured_clang_tidy(a.build)
    os.makedirs(a.out, exist_ok=True)
    build_dir = None
    if a.project:
        root = os.path.abspath(a.project)
        build_dir = os.path.join(a.out, "project-db")
        entries = configure(root, os.path.join(a.out, "project-build"), build_dir, a.cmake_arg)
        units = [(f, "") for f in sorted({c["file"] for c in entries})]
    elif a.cuda_ref:
        root = os.path.abspath(a.cuda_ref)
        units = cuda_ref_units(root, a.seeded)
    else:
        root = os.path.abspath(a.root or os.getcwd())
        cuda = a.flags if a.cuda_flags is None else a.cuda_flags
        units = [(os.path.abspath(s), cuda if s.endswith(".cu") else a.flags) for s in a.sources]

    findings = {}
    crashes, broken = [], []
    with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
        if a.export_fixes:
            os.makedirs(a.export_fixes, exist_ok=True)
        exports = [os.path.join(a.export_fixes, "%d.yaml" % i) if a.export_fixes else None
                   for i in range(len(units))]
        runs = pool.map(lambda ue: run_tidy(a.clang_tidy, plugin, build_dir, ue[0][0], ue[0][1],
                                            ue[1]), zip(units, exports))
        for source, out, crashed, errors in runs:
            if errors:
                broken.append(source)
            if crashed:
                crashes.append(source)
                with open(os.path.join(a.out, "crash-%d.log" % len(crashes)), "w") as f:
                    f.write(source + "\n" + out)
            for line in out.splitlines():
                m = DIAG.match(line)
                if m:
                    rel = os.path.relpath(m["file"], root)
                    findings[(rel, int(m["line"]), m["check"])] = m["msg"]

    rows = sorted(findings.items(), key=lambda kv: (kv[0][2], kv[0][0], kv[0][1]))
    loc_w = max([len("%s:%d" % (k[0], k[1])) for k, _ in rows] + [10])
    chk_w = max([len(k[2]) for k, _ in rows] + [5])
    lines = ["%-*s  %-*s  %s" % (loc_w, "location", chk_w, "check", "finding")]
    for (f, l, c), msg in rows:
        short = msg if len(msg) <= 110 else msg[:107] + "..."
        lines.append("%-*s  %-*s  %s" % (loc_w, "%s:%d" % (f, l), chk_w, c, short))
    by_check = {}
    for (_, _, c) in findings:
        by_check[c] = by_check.get(c, 0) + 1
    lines.append("")
    lines.append("%d findings in %d translation units (%d crashes, %d with compile errors): %s" % (
        len(findings), len(units), len(crashes), len(broken),
        ", ".join("%s %d" % kv for kv in sorted(by_check.items()))))
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(a.out, "findings.txt"), "w") as f:
        f.write(table + "\n")
    with open(os.path.join(a.out, "findings.json"), "w") as f:
        json.dump([{"file": k[0], "line": k[1], "check": k[2], "message": v} for k, v in rows], f, indent=2)
    for b in sorted(set(broken)):
        print("compile errors in " + b, file=sys.stderr)
    for c in crashes:
        print("CRASH: " + c, file=sys.stderr)
    if crashes:
        return 2
    return 3 if broken and a.fail_on_compile_errors else 0


if __name__ == "__main__":
    sys.exit(main())
