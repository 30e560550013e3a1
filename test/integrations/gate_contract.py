#!/usr/bin/env python3
"""The gate's contract (integrations/ci/dispatch_gate.py and the pre-commit
hook), rule by rule, on the mini fixture of test/lit/Inputs/scan (v1; v2
adds the implicit conversion `Scalar(double)` and one more use of
`Tensor::operator std::vector<float>`, in src/tools.cpp):

exit 0 — v1 against its own baseline; the baseline read at a git revision;
exit 1 — v2 against v1's baseline: the new declaration and the grown one are
         named, and the grown one lists its new dependent site; no baseline
         without --require-baseline: every finding is new; a pull request's
         own baseline edit is ignored with --baseline-ref;
exit 2 — missing dispatch-scan, missing / malformed compilation database,
         malformed baseline (not JSON, not a report), --require-baseline with
         no baseline (file or revision), a TU that does not compile, a
         database of CUDA entries only without a toolkit; each with one line
         on stderr and no traceback;
CUDA   — without a toolkit a .cu entry is skipped with one line naming it;
once   — every declaration once in the report, whatever the number of TUs
         that include its header; clang-tidy's warnings counted once;
hook   — a staged header is checked through the TUs that include it; the
         baseline's findings pass, new ones fail; a header no TU includes
         passes; --require-baseline without one: exit 2.

    gate_contract.py --build BUILD --clangxx CLANGXX --work DIR
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MINI = os.path.join(ROOT, "test", "lit", "Inputs", "scan", "mini")
GATE = os.path.join(ROOT, "integrations", "ci", "dispatch_gate.py")
HOOK = os.path.join(ROOT, "integrations", "ci", "pre-commit-dispatch-tidy.py")

from verdicts import check, problems  # noqa: E402


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def one_line_error(res, needle):
    err = res.stderr.strip().splitlines()
    return (res.returncode == 2 and "Traceback" not in res.stderr + res.stdout and len(err) >= 1
            and err[-1].startswith(("dispatch-gate: error:", "dispatch-tidy: error:")) and needle in err[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--clangxx", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    a.build, a.work = os.path.abspath(a.build), os.path.abspath(a.work)  # the gate runs in the project
    scan = os.path.join(a.build, "bin", "dispatch-scan")
    plugin = os.path.join(a.build, "lib", "libDispatchTidy.so")
    shutil.rmtree(a.work, ignore_errors=True)
    proj = os.path.join(a.work, "mini")
    shutil.copytree(MINI, proj)
    builds = {}
    for v, flag in (("v1", "OFF"), ("v2", "ON")):
        builds[v] = os.path.join(a.work, v)
        subprocess.run(["cmake", "-S", proj, "-B", builds[v], "-G", "Ninja", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                        "-DCMAKE_CXX_COMPILER=" + a.clangxx, "-DMINI_V2=" + flag],
                       check=True, stdout=subprocess.DEVNULL)
    baseline = os.path.join(proj, "dispatch-baseline.json")

    def gate(build, *extra, out="out"):
        return run([sys.executable, GATE, "-p", build, "--baseline", "dispatch-baseline.json",
                    "--out", os.path.join(a.work, out), "--root", proj, "--scan", scan, "-j", "2"]
                   + list(extra), cwd=proj)

    # --- exit 0 / 1 -----------------------------------------------------
    res = gate(builds["v1"], "--update-baseline")
    check(res.returncode == 0 and os.path.exists(baseline), "--update-baseline writes the baseline", res.stdout + res.stderr)
    res = gate(builds["v1"], "--require-baseline")
    check(res.returncode == 0 and "dispatch-gate: passed" in res.stdout, "v1 passes against its baseline (exit 0)",
          res.stdout + res.stderr)
    res = gate(builds["v2"], "--require-baseline")
    out = res.stdout
    check(res.returncode == 1 and "dispatch-gate: FAILED" in out, "v2 fails against v1's baseline (exit 1)", out + res.stderr)
    check(any(l.startswith("new ") and "Scalar" in l for l in out.splitlines()), "the new declaration is named", out)
    grown = [l for l in out.splitlines() if l.startswith("grown ") and "operator std::vector<float>" in l]
    check(len(grown) == 1, "the grown declaration is named", out)
    check("+ new dependent site: conversion at src/tools.cpp:7:" in out and "in debug_norm(const mini::Tensor &)" in out,
          "a grown declaration lists its new dependent site (how, where, in which function)", out)
    check(out.count("+ new dependent site:") == 1, "only the site the baseline lacks is listed", out)

    # --- once per declaration ---------------------------------------------
    with open(os.path.join(a.work, "out", "report.json")) as f:
        report = json.load(f)
    ids = [d["identity"] for d in report["declarations"]]
    check(len(ids) == len(set(ids)) and report["translation_units"] == 4,
          "each declaration once in the report of 4 TUs (header findings not once per TU)")
    with open(os.path.join(a.work, "out", "facts.json")) as f:
        tus_including = sum(1 for t in json.load(f)["tus"] if "include/mini/tensor.h" in t["includes"])
    check(tus_including >= 2, "tensor.h is included by %d TUs (the case counted once)" % tus_including)
    res = gate(builds["v1"], "--tidy", "--plugin", plugin, out="tidy")
    with open(os.path.join(a.work, "tidy", "clang-tidy.txt")) as f:
        lines = [l for l in f.read().splitlines() if "warning:" in l and "[dispatch-" in l]
    distinct = len(set(lines))
    check(res.returncode == 0 and ("%d distinct dispatch-* warnings" % distinct) in res.stdout and distinct < len(lines),
          "--tidy counts clang-tidy's header warnings once (%d distinct of %d printed)" % (distinct, len(lines)),
          res.stdout + res.stderr)

    # --- baseline rules ---------------------------------------------------
    os.rename(baseline, baseline + ".v1")
    res = gate(builds["v1"])
    check(res.returncode == 1 and "no baseline" in res.stdout, "no baseline, not required: warned, every finding new (exit 1)",
          res.stdout + res.stderr)
    res = gate(builds["v1"], "--require-baseline")
    check(one_line_error(res, "no baseline"), "--require-baseline with no baseline: exit 2, one line", res.stdout + res.stderr)
    with open(baseline, "w") as f:
        f.write("{ not json")
    res = gate(builds["v1"])
    check(one_line_error(res, "is not JSON"), "malformed baseline (not JSON): exit 2, one line", res.stdout + res.stderr)
    with open(baseline, "w") as f:
        json.dump({"format": "something-else", "declarations": []}, f)
    res = gate(builds["v1"])
    check(one_line_error(res, "is not a dispatch-scan report"), "baseline of another format: exit 2, one line",
          res.stdout + res.stderr)
    os.rename(baseline + ".v1", baseline)

    # The base branch's baseline, not the pull request's.
    git = lambda *args: subprocess.run(["git", "-C", proj, "-c", "user.name=t", "-c", "user.email=t@t"] + list(args),
                                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-q", "-m", "v1 with its baseline")
    git("checkout", "-q", "-b", "pr")
    res = gate(builds["v2"], "--update-baseline", out="pr")   # the PR accepts its own findings
    git("commit", "-q", "-am", "accept my own findings")
    res = gate(builds["v2"], "--require-baseline")
    check(res.returncode == 0, "the PR's own baseline would pass it (the hole --baseline-ref closes)", res.stdout + res.stderr)
    res = gate(builds["v2"], "--require-baseline", "--baseline-ref", "main")
    check(res.returncode == 1 and "Scalar" in res.stdout, "--baseline-ref main: the base branch's baseline fails the PR (exit 1)",
          res.stdout + res.stderr)
    res = gate(builds["v1"], "--require-baseline", "--baseline-ref", "main")
    check(res.returncode == 0, "--baseline-ref main: v1 passes (exit 0)", res.stdout + res.stderr)
    res = gate(builds["v1"], "--require-baseline", "--baseline-ref", "no-such-branch")
    check(one_line_error(res, "no baseline dispatch-baseline.json at revision no-such-branch"),
          "--baseline-ref to a revision without the file: exit 2, one line", res.stdout + res.stderr)
    git("checkout", "-q", "main")

    # --- tool and input failures -------------------------------------------
    res = run([sys.executable, GATE, "-p", builds["v1"], "--baseline", "dispatch-baseline.json", "--out",
               os.path.join(a.work, "x"), "--root", proj, "--scan", "/nonexistent/dispatch-scan"], cwd=proj)
    check(one_line_error(res, "dispatch-scan not found"), "missing dispatch-scan: exit 2, one line, no traceback",
          res.stdout + res.stderr)
    empty = os.path.join(a.work, "empty-build")
    os.makedirs(empty, exist_ok=True)
    res = gate(empty)
    check(one_line_error(res, "cannot read compilation database"), "missing compile_commands.json: exit 2, one line",
          res.stdout + res.stderr)
    bad = os.path.join(a.work, "bad-build")
    os.makedirs(bad, exist_ok=True)
    with open(os.path.join(bad, "compile_commands.json"), "w") as f:
        f.write("[{")
    res = gate(bad)
    check(one_line_error(res, "is not JSON"), "malformed compile_commands.json: exit 2, one line", res.stdout + res.stderr)

    with open(os.path.join(builds["v1"], "compile_commands.json")) as f:
        entries = json.load(f)
    broken_src = os.path.join(proj, "src", "broken.cpp")
    with open(broken_src, "w") as f:
        f.write('#include "mini/tensor.h"\nint broken() { return undeclared_name; }\n')
    broken = os.path.join(a.work, "broken-build")
    os.makedirs(broken, exist_ok=True)
    tmpl = dict(entries[0])
    tmpl.pop("output", None)
    cmd = tmpl.get("command")
    tmpl["file"] = broken_src
    tmpl["command"] = cmd.replace(entries[0]["file"], broken_src).split(" -o ")[0] + " -c " + broken_src
    with open(os.path.join(broken, "compile_commands.json"), "w") as f:
        json.dump(entries + [tmpl], f)
    res = gate(broken)
    check(one_line_error(res, "do not compile") and "broken.cpp: 1 compile errors" in res.stdout,
          "a TU with compile errors: exit 2 (its findings would be incomplete)", res.stdout + res.stderr)
    os.remove(broken_src)

    # CUDA entries without a toolkit.
    cu = os.path.join(proj, "src", "kernel.cu")
    with open(cu, "w") as f:
        f.write('#include "mini/tensor.h"\n__global__ void k(float *x) { x[0] = 1; }\n')
    cuda_db = os.path.join(a.work, "cuda-build")
    os.makedirs(cuda_db, exist_ok=True)
    cu_entry = {"directory": builds["v1"], "file": cu,
                "command": "/usr/local/cuda/bin/nvcc -I%s/include -std=c++17 -arch=sm_80 -c %s -o k.o" % (proj, cu)}
    with open(os.path.join(cuda_db, "compile_commands.json"), "w") as f:
        json.dump(entries + [cu_entry], f)
    res = gate(cuda_db, "--cuda-path", "/nonexistent/cuda")
    skipped = [l for l in res.stdout.splitlines() if l.startswith("dispatch-tidy: skipped")]
    check(res.returncode == 0 and len(skipped) == 1 and "kernel.cu" in skipped[0] and "NOT checked" in skipped[0],
          "no CUDA toolkit: the .cu entry is skipped with one line, the C++ ones checked", res.stdout + res.stderr)
    with open(os.path.join(cuda_db, "compile_commands.json"), "w") as f:
        json.dump([cu_entry], f)
    res = gate(cuda_db, "--cuda-path", "/nonexistent/cuda")
    check(one_line_error(res, "nothing to check"), "only CUDA entries and no toolkit: exit 2, never a pass",
          res.stdout + res.stderr)
    os.remove(cu)

    # --- the pre-commit hook ----------------------------------------------
    def hook(build, *files, extra=()):
        return run([sys.executable, HOOK, "-p", build, "--scan", scan, "--root", proj, "-j", "2"]
                   + list(extra) + list(files), cwd=proj)

    header = os.path.join(proj, "include", "mini", "tensor.h")
    res = hook(builds["v1"], header)
    check(res.returncode == 0
          and "checking 3 translation units: apps/main.cpp src/layer.cpp src/tools.cpp\n" in res.stdout,
          "hook: a staged header is checked through the 3 TUs that include it (not stats.cpp); "
          "the baseline accepts v1 (exit 0)",
          res.stdout + res.stderr)
    res = hook(builds["v2"], header)
    check(res.returncode == 1 and "Scalar" in res.stdout, "hook: the staged header's new finding fails (exit 1)",
          res.stdout + res.stderr)
    scale_int = os.path.join(proj, "include", "mini", "scale_int.h")
    res = hook(builds["v1"], scale_int)
    check(res.returncode == 0 and "checking 1 translation units" in res.stdout,
          "hook: a header included by one TU checks that TU only", res.stdout + res.stderr)
    lonely = os.path.join(proj, "include", "mini", "unused.h")
    with open(lonely, "w") as f:
        f.write("#pragma once\nstruct Unused { Unused(int) {} };\n")
    res = hook(builds["v1"], lonely)
    check(res.returncode == 0 and "checking" not in res.stdout, "hook: a header no TU includes: nothing to check (exit 0)",
          res.stdout + res.stderr)
    os.remove(lonely)
    os.rename(baseline, baseline + ".v1")
    res = hook(builds["v1"], header)
    check(res.returncode == 1, "hook: without a baseline the findings fail (exit 1)", res.stdout + res.stderr)
    res = hook(builds["v1"], header, extra=["--require-baseline"])
    check(one_line_error(res, "no baseline"), "hook: --require-baseline without one: exit 2, one line", res.stdout + res.stderr)
    os.rename(baseline + ".v1", baseline)
    res = run([sys.executable, HOOK, "-p", builds["v1"], "--scan", "/nonexistent/dispatch-scan", header], cwd=proj)
    check(one_line_error(res, "dispatch-scan not found"), "hook: missing dispatch-scan: exit 2, one line", res.stdout + res.stderr)

    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
