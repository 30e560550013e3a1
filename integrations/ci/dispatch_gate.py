#!/usr/bin/env python3
"""The dispatch-tidy CI gate: scan a project's compilation database, write
SARIF 2.1.0 for code scanning, and fail only on widening declarations that
are new or whose impact grew against a committed baseline.

    dispatch_gate.py -p BUILD --baseline dispatch-baseline.json --out OUT [--root DIR]
                     [--tidy] [-j N] [--update-baseline]

Steps (each output in OUT):
  1. nvcc command lines in BUILD/compile_commands.json are translated to
     clang's CUDA flags (OUT/db/compile_commands.json);
  2. dispatch-scan collect → OUT/facts.json; report → OUT/report.txt,
     OUT/report.json, OUT/dispatch.sarif;
  3. with --tidy, clang-tidy with the plugin over the same database
     (run-clang-tidy), fixes exported to OUT/fixes.yaml for reviewers;
  4. the gate: against --baseline, exit 1 when a declaration is new or its
     impact grew (the diff is printed); a missing baseline passes with a
     warning. --update-baseline writes the current report as the baseline.

Installed, the gate belongs to one LLVM variant
(lib/dispatch-tidy/llvm-<V>/share/dispatch-tidy/ci/): by default it runs that
variant's dispatch-scan and plugin, and the clang-tidy of the LLVM that
dispatch-scan reports it was built against (dispatch-scan --version).

Exit status: 0 pass, 1 new or grown findings, 2 a tool failed.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cuda"))
import nvcc_to_clang  # noqa: E402  (the project's one nvcc translator)


# Installed: HERE is <variant root>/share/dispatch-tidy/ci.
VARIANT_ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def beside(rel):
    p = os.path.join(VARIANT_ROOT, rel)
    return p if os.path.exists(p) else None


def llvm_bin_of(scan):
    """The bin directory of the LLVM dispatch-scan was built against."""
    try:
        out = subprocess.run([scan, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True).stdout
    except OSError:
        return None
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("built against LLVM") and line.endswith(")") and "(" in line:
            return os.path.join(line[line.rindex("(") + 1:-1], "bin")
    return None


def tool(name, default):
    return os.environ.get(name.upper().replace("-", "_"), default)


def run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    res = subprocess.run(cmd, **kw)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-p", dest="build", required=True, help="directory with compile_commands.json")
    ap.add_argument("--baseline", required=True, help="committed baseline (dispatch-scan report JSON)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--root", default=os.getcwd(), help="project root (SARIF paths relative to it)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--scan", default=beside("bin/dispatch-scan") or shutil.which("dispatch-scan")
                    or "dispatch-scan")
    ap.add_argument("--tidy", action="store_true", help="also run clang-tidy with the plugin")
    ap.add_argument("--plugin", default=beside("lib/libDispatchTidy.so"),
                    help="default: the plugin of the gate's own variant")
    ap.add_argument("--run-clang-tidy", help="default: run-clang-tidy of dispatch-scan's LLVM")
    ap.add_argument("--clang-tidy", help="default: clang-tidy of dispatch-scan's LLVM")
    ap.add_argument("--update-baseline", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    with open(os.path.join(a.build, "compile_commands.json")) as f:
        entries = json.load(f)
    db = os.path.join(a.out, "db")
    os.makedirs(db, exist_ok=True)
    with open(os.path.join(db, "compile_commands.json"), "w") as f:
        json.dump(nvcc_to_clang.translate_database(entries), f, indent=1)

    facts = os.path.join(a.out, "facts.json")
    if run([a.scan, "collect", "-p", db, "--root", a.root, "-j", str(a.j), "--no-progress",
            "-o", facts]).returncode != 0:
        print("dispatch-gate: dispatch-scan collect failed", file=sys.stderr)
        return 2
    for fmt, name in (("table", "report.txt"), ("json", "report.json"), ("sarif", "dispatch.sarif")):
        if run([a.scan, "report", facts, "--format", fmt, "-o", os.path.join(a.out, name)]).returncode:
            return 2
    with open(os.path.join(a.out, "report.txt")) as f:
        print(f.read())

    if a.tidy:
        llvm_bin = llvm_bin_of(a.scan)
        if not a.clang_tidy or not a.run_clang_tidy:
            if not llvm_bin:
                print("dispatch-gate: %s does not say its LLVM; pass --clang-tidy and "
                      "--run-clang-tidy" % a.scan, file=sys.stderr)
                return 2
            a.clang_tidy = a.clang_tidy or os.path.join(llvm_bin, "clang-tidy")
            a.run_clang_tidy = a.run_clang_tidy or os.path.join(llvm_bin, "run-clang-tidy")
        if not a.plugin:
            print("dispatch-gate: --tidy needs --plugin (no installed plugin beside the gate)",
                  file=sys.stderr)
            return 2
        res = run([a.run_clang_tidy, "-clang-tidy-binary", a.clang_tidy, "-load", a.plugin,
                   "-checks=-*,dispatch-*", "-header-filter=.*", "-quiet", "-p", db,
                   "-j", str(a.j), "-export-fixes", os.path.join(a.out, "fixes.yaml")],
                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        with open(os.path.join(a.out, "clang-tidy.txt"), "w") as f:
            f.write(res.stdout)
        warnings = sum(1 for l in res.stdout.splitlines() if "warning:" in l and "[dispatch-" in l)
        print("clang-tidy with the plugin: %d dispatch-* warnings (OUT/clang-tidy.txt, OUT/fixes.yaml)"
              % warnings)

    if a.update_baseline:
        shutil.copyfile(os.path.join(a.out, "report.json"), a.baseline)
        print("dispatch-gate: baseline written to " + a.baseline)
        return 0
    if not os.path.exists(a.baseline):
        print("dispatch-gate: warning: no baseline at %s; passing (write one with --update-baseline)"
              % a.baseline)
        return 0
    res = run([a.scan, "report", facts, "--baseline", a.baseline, "--fail-on-new", "-o", os.devnull])
    if res.returncode == 1:
        print("dispatch-gate: FAILED: new or grown widening declarations (above); fix them, or "
              "accept them with --update-baseline and commit the baseline")
        return 1
    if res.returncode != 0:
        return 2
    print("dispatch-gate: passed: nothing new or grown against " + a.baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
