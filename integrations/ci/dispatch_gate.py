#!/usr/bin/env python3
"""The dispatch-tidy CI gate: scan a project's compilation database, write
SARIF 2.1.0 for code scanning, and fail only on widening declarations that
are new or whose impact grew against a baseline.

    dispatch_gate.py -p BUILD --baseline dispatch-baseline.json --out OUT [--root DIR]
                     [--baseline-ref REV] [--require-baseline] [--cuda-path DIR]
                     [--checks GLOB] [--sarif-uri-base URL] [--tidy] [-j N] [--update-baseline]

Steps (each output in OUT):
  1. nvcc command lines in BUILD/compile_commands.json are translated to
     clang's CUDA flags (OUT/db/compile_commands.json); without a CUDA
     toolkit at --cuda-path, CUDA entries are skipped with one line each;
  2. dispatch-scan collect → OUT/facts.json; report → OUT/report.txt,
     OUT/report.json, OUT/dispatch.sarif;
  3. with --tidy, clang-tidy with the plugin over the same database
     (run-clang-tidy), fixes exported to OUT/fixes.yaml for reviewers;
  4. the gate: against the baseline (the file --baseline, relative to
     --root, or that file at git revision --baseline-ref: the pull
     request's base branch), exit 1 when a declaration is new or its impact
     grew; the diff is printed, with the new dependent sites of a grown one.
     No baseline: an error with --require-baseline, else every finding is
     new. --update-baseline writes the current report as the baseline.

Installed, the gate belongs to one LLVM variant
(lib/dispatch-tidy/llvm-<V>/share/dispatch-tidy/ci/): by default it runs that
variant's dispatch-scan and plugin, and the clang-tidy of the LLVM that
dispatch-scan reports it was built against (dispatch-scan --version).

Exit status: 0 pass, 1 new or grown findings, 2 a tool or an input failed
(missing dispatch-scan, unreadable database or baseline, a TU with compile
errors or a crash) — one line on stderr.
"""
import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dispatch_ci as ci  # noqa: E402


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-p", dest="build", required=True, help="directory with compile_commands.json")
    ap.add_argument("--baseline", required=True, help="baseline path (dispatch-scan report JSON), relative to --root")
    ap.add_argument("--baseline-ref", help="read the baseline at this git revision (e.g. origin/main)")
    ap.add_argument("--require-baseline", action="store_true", help="a missing baseline is an error (exit 2)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--root", default=os.getcwd(), help="project root (SARIF paths relative to it)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--scan", default=ci.default_scan(),
                    help="default: the gate's own variant's dispatch-scan, else the one on PATH")
    ap.add_argument("--checks", help="check glob for dispatch-scan collect (added to .clang-tidy's)")
    ap.add_argument("--sarif-uri-base", help="URL base of the SARIF rules' helpUri (dispatch-scan report)")
    ap.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--allow-compile-errors", action="store_true",
                    help="do not fail (exit 2) when a TU has compile errors (its facts are partial)")
    ap.add_argument("--tidy", action="store_true", help="also run clang-tidy with the plugin")
    ap.add_argument("--plugin", default=ci.beside("lib/libDispatchTidy.so"),
                    help="default: the plugin of the gate's own variant")
    ap.add_argument("--run-clang-tidy", help="default: run-clang-tidy of dispatch-scan's LLVM")
    ap.add_argument("--clang-tidy", help="default: clang-tidy of dispatch-scan's LLVM")
    ap.add_argument("--update-baseline", action="store_true")
    return ap.parse_args()


def gate(a):
    a.root = os.path.abspath(a.root)
    scan = ci.find_tool(a.scan, "install dispatch-tidy or pass --scan")
    os.makedirs(a.out, exist_ok=True)
    baseline = None
    if not a.update_baseline:  # an unusable baseline fails before any scan
        baseline = ci.load_baseline(a.baseline, a.baseline_ref, a.root, a.require_baseline,
                                    os.path.join(a.out, "baseline.json"))
    db = ci.write_database(ci.load_database(a.build, a.cuda_path), os.path.join(a.out, "db"))

    facts = os.path.join(a.out, "facts.json")
    extra = ["--checks", a.checks] if a.checks else []
    doc, broken = ci.collect(scan, db, a.root, a.j, facts, extra=extra)
    for tu in broken:
        print("dispatch-gate: %s: %d compile errors; its findings are incomplete"
              % (tu["file"] + (" (%s)" % tu["pass"] if tu.get("pass") else ""), tu["compile_errors"]))
    if broken and not a.allow_compile_errors:
        raise ci.InputError("%d translation units do not compile (above): the scan would be "
                            "incomplete (--allow-compile-errors to accept)" % len(broken))
    for fmt, name in (("table", "report.txt"), ("json", "report.json"), ("sarif", "dispatch.sarif")):
        uri = ["--sarif-uri-base", a.sarif_uri_base] if fmt == "sarif" and a.sarif_uri_base else []
        if ci.run([scan, "report", facts, "--format", fmt, "-o", os.path.join(a.out, name)] + uri).returncode:
            raise ci.InputError("dispatch-scan report --format %s failed" % fmt)
    with open(os.path.join(a.out, "report.txt")) as f:
        print(f.read())

    if a.tidy:
        llvm_bin = ci.llvm_bin_of(scan)
        if not (a.clang_tidy and a.run_clang_tidy) and not llvm_bin:
            raise ci.InputError("%s does not say its LLVM; pass --clang-tidy and --run-clang-tidy" % scan)
        if not a.plugin:
            raise ci.InputError("--tidy needs --plugin (no installed plugin beside the gate)")
        runner = ci.find_tool(a.run_clang_tidy or os.path.join(llvm_bin, "run-clang-tidy"),
                              "pass --run-clang-tidy")
        tidy = ci.find_tool(a.clang_tidy or os.path.join(llvm_bin, "clang-tidy"), "pass --clang-tidy")
        res = ci.run([runner, "-clang-tidy-binary", tidy,
                      "-load", a.plugin, "-checks=-*,dispatch-*", "-header-filter=.*", "-quiet",
                      "-p", db, "-j", str(a.j), "-export-fixes", os.path.join(a.out, "fixes.yaml")],
                     capture=True)
        with open(os.path.join(a.out, "clang-tidy.txt"), "w") as f:
            f.write(res.stdout)
        if "error: unable to load plugin" in res.stdout or "cannot open shared object" in res.stdout:
            raise ci.InputError("clang-tidy could not load the plugin %s" % a.plugin)
        print("clang-tidy with the plugin: %d distinct dispatch-* warnings (OUT/clang-tidy.txt, "
              "OUT/fixes.yaml)" % len(ci.unique_warnings(res.stdout)))

    if a.update_baseline:
        target = a.baseline if os.path.isabs(a.baseline) else os.path.join(a.root, a.baseline)
        shutil.copyfile(os.path.join(a.out, "report.json"), target)
        print("dispatch-gate: baseline written to " + target)
        return ci.PASS
    if ci.compare(scan, facts, baseline):
        print("dispatch-gate: passed: nothing new or grown against the baseline %s"
              % ((a.baseline_ref + ":" if a.baseline_ref else "") + a.baseline if baseline else "(none)"))
        return ci.PASS
    print("dispatch-gate: FAILED: new or grown widening declarations (listed above, with the new "
          "dependent sites of each grown one); fix them (`dispatch-scan tree OUT/facts.json NAME` "
          "shows what depends on one), or accept them with --update-baseline and commit the baseline")
    return ci.FINDINGS


if __name__ == "__main__":
    sys.exit(ci.entry_point("dispatch-gate", lambda: gate(parse_args())))
