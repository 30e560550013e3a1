#!/usr/bin/env python3
"""The CI gate end to end on cuda_ref (integrations/ci/dispatch_gate.py):

- a baseline written from the clean build; the clean build passes against it;
- the seeded build fails (exit 1) and names every SEEDED.md declaration as new;
- the SARIF of the seeded run is valid 2.1.0 (checked field by field) with one
  result per SEEDED.md row; with --tidy, clang-tidy's fixes are exported;
- the pre-commit hook, against the clean baseline, fails on a seeded source and
  passes on the clean one;
- the GitHub workflow, action.yml and the GitLab job parse and run the gate
  (their steps are run by ci_templates.py).

    ci_gate.py --build BUILD --work DIR
"""
import argparse
import json
import os
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
CUDA_REF = os.path.join(ROOT, "cuda_ref")
GATE = os.path.join(ROOT, "integrations", "ci", "dispatch_gate.py")
HOOK = os.path.join(ROOT, "integrations", "ci", "pre-commit-dispatch-tidy.py")
SARIF_CHECK = os.path.join(ROOT, "test", "lit", "Inputs", "scan", "check_sarif.py")
sys.path.insert(0, os.path.join(ROOT, "integrations", "report"))
import compare_findings  # noqa: E402

from verdicts import check, problems  # noqa: E402


def gate(a, build, out, *extra):
    cmd = [sys.executable, GATE, "-p", build, "--baseline", os.path.join(a.work, "baseline.json"),
           "--out", out, "--root", CUDA_REF, "--scan", os.path.join(a.build, "bin", "dispatch-scan"),
           "--plugin", os.path.join(a.build, "lib", "libDispatchTidy.so"), "-j", "2"] + list(extra)
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(res.stdout[-3000:])
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    builds = {}
    for variant in ("clean", "seeded"):
        builds[variant] = os.path.join(a.work, variant + "-build")
        subprocess.run(["cmake", "-S", CUDA_REF, "-B", builds[variant], "-G", "Ninja",
                        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                        "-DCUDA_REF_SEEDED=" + ("ON" if variant == "seeded" else "OFF")],
                       check=True, stdout=subprocess.DEVNULL)
    baseline = os.path.join(a.work, "baseline.json")
    if os.path.exists(baseline):
        os.remove(baseline)

    res = gate(a, builds["clean"], os.path.join(a.work, "clean-0"), "--update-baseline")
    check(res.returncode == 0 and os.path.exists(baseline), "baseline written from the clean build")
    res = gate(a, builds["clean"], os.path.join(a.work, "clean"))
    check(res.returncode == 0 and "dispatch-gate: passed" in res.stdout, "clean build passes the gate")

    out = os.path.join(a.work, "seeded")
    res = gate(a, builds["seeded"], out, "--tidy")
    check(res.returncode == 1 and "dispatch-gate: FAILED" in res.stdout, "seeded build fails the gate (exit 1)")
    rows = list(compare_findings.table_rows(os.path.join(CUDA_REF, "SEEDED.md")))
    new_lines = [l for l in res.stdout.splitlines() if l.startswith("new ")]
    for row, _ in rows:
        loc, chk = row.split()
        named = any(loc in l and chk in l for l in new_lines)
        check(named, "the gate names %s %s as new" % (loc, chk))
    check(len(new_lines) == len(rows), "exactly the %d SEEDED.md rows are new (got %d)" % (len(rows), len(new_lines)))

    sarif = os.path.join(out, "dispatch.sarif")
    res = subprocess.run([sys.executable, SARIF_CHECK, sarif], stdout=subprocess.PIPE, text=True)
    print(res.stdout)
    check(res.returncode == 0 and ("valid SARIF 2.1.0: %d results" % len(rows)) in res.stdout,
          "seeded SARIF is valid 2.1.0 with one result per SEEDED.md row")
    check(os.path.exists(os.path.join(out, "fixes.yaml")), "--tidy exported clang-tidy's fixes")
    with open(os.path.join(out, "clang-tidy.txt")) as f:
        tidy = f.read()
    check("[dispatch-implicit-conversion]" in tidy, "--tidy ran clang-tidy with the plugin")

    workload = os.path.join(CUDA_REF, "src", "cpu", "workload.cpp")
    for variant, want in (("seeded", 1), ("clean", 0)):
        res = subprocess.run([sys.executable, HOOK, "-p", builds[variant], "--scan",
                              os.path.join(a.build, "bin", "dispatch-scan"), "--root", CUDA_REF,
                              "--baseline", baseline, "--require-baseline", "-j", "2", workload],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(res.stdout[-1500:])
        check(res.returncode == want, "pre-commit hook exits %d on the %s build" % (want, variant))

    with open(os.path.join(ROOT, ".pre-commit-hooks.yaml")) as f:
        hooks = yaml.safe_load(f)
    check(hooks[0]["id"] == "dispatch-tidy" and os.access(os.path.join(ROOT, hooks[0]["entry"]), os.X_OK),
          ".pre-commit-hooks.yaml names an executable hook")
    with open(os.path.join(ROOT, "integrations", "ci", "github", "dispatch-tidy.yml")) as f:
        gh = yaml.safe_load(f)
    steps = gh["jobs"]["dispatch-tidy"]["steps"]
    check(gh["jobs"]["dispatch-tidy"]["container"] == "debian:12"
          and any(s.get("uses", "").endswith("/dispatch-tidy@TAG") for s in steps)
          and gh["permissions"].get("security-events") == "write",
          "GitHub workflow: Debian 12 container, the composite action, may upload SARIF")
    with open(os.path.join(ROOT, "action.yml")) as f:
        action = yaml.safe_load(f)
    check(action["runs"]["using"] == "composite"
          and any("run-gate.sh" in s.get("run", "") for s in action["runs"]["steps"])
          and any(s.get("uses", "").startswith("github/codeql-action/upload-sarif") for s in action["runs"]["steps"]),
          "action.yml: composite, runs the gate, uploads SARIF")
    with open(os.path.join(ROOT, "integrations", "ci", "gitlab", "dispatch-tidy.gitlab-ci.yml")) as f:
        gl = yaml.safe_load(f)["dispatch-tidy"]
    check(gl["image"] == "debian:12" and "cache" in gl and any("run-gate.sh" in s for s in gl["script"]),
          "GitLab job: Debian 12 image, cache, runs the gate")

    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
