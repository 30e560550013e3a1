#!/usr/bin/env python3
"""dispatch-scan on the bundled reference implementation, through cuda_ref's
own CMake compilation database (nvcc command lines, translated by the scan):

- the seeded build's report lists exactly the rows of cuda_ref/SEEDED.md
  (file:line and check), each with the declaration's name, and every row
  has at least one dependent site and a non-zero impact (as every row of
  SnoopCompile's table invalidated something): no row is latent;
- a template's dependent sites are exactly calls it takes from another
  overload, never its own uses: the dispatch-hijacked-call rows of a scan
  with the per-template checks off (with them on, the calls are their
  findings' notes, not rows of their own);
- the clean build's report is empty;
- `diff seeded clean` shows every SEEDED.md row as gone and nothing else;
- no translation unit has compile errors or crashed; .cu files are scanned
  in both CUDA passes; no ODR divergence in either build.

    cuda_ref_scan.py --scan BUILD/bin/dispatch-scan --work DIR
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
CUDA_REF = os.path.join(ROOT, "cuda_ref")
sys.path.insert(0, os.path.join(ROOT, "integrations", "report"))
import compare_findings  # noqa: E402  (SEEDED.md's table, read in one place)


def run(cmd, **kw):
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def scan(a, name, cmake_args, collect_args=(), build_name=None):
    build = os.path.join(a.work, (build_name or name) + "-build")
    run(["cmake", "-S", CUDA_REF, "-B", build, "-G", "Ninja",
         "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + cmake_args, stdout=subprocess.DEVNULL)
    facts = os.path.join(a.work, name + ".facts.json")
    run([a.scan, "collect", "-p", build, "--root", CUDA_REF, "-j", str(a.j), "--no-progress",
         "-o", facts, *collect_args], stderr=subprocess.DEVNULL)
    report = os.path.join(a.work, name + ".report.json")
    run([a.scan, "report", facts, "--format", "json", "-o", report])
    table = run([a.scan, "report", facts], stdout=subprocess.PIPE, text=True).stdout
    print(table)
    with open(facts) as f:
        tus = json.load(f)["tus"]
    with open(report) as f:
        return facts, json.load(f), tus


def rows(report):
    return {"%s %s" % (d["loc"].rsplit(":", 1)[0], d["check"]) for d in report["declarations"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scan", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    problems = []

    seeded_facts, seeded, seeded_tus = scan(a, "seeded", ["-DCUDA_REF_SEEDED=ON"])
    clean_facts, clean, clean_tus = scan(a, "clean", [])
    _, alone, _ = scan(a, "hijacks", ["-DCUDA_REF_SEEDED=ON"],
                       ["--checks=-dispatch-unconstrained-operator,-dispatch-generic-copy"],
                       build_name="seeded")

    want = {row for row, _ in compare_findings.table_rows(os.path.join(CUDA_REF, "SEEDED.md"))}
    got = rows(seeded)
    for m in sorted(want - got):
        problems.append("seeded report misses " + m)
    for e in sorted(got - want):
        problems.append("seeded report has an extra row " + e)
    if any(not d["name"] for d in seeded["declarations"]):
        problems.append("a seeded row has no declaration name")
    for d in seeded["declarations"]:
        row = "%s %s" % (d["loc"].rsplit(":", 1)[0], d["check"])
        if d["latent"] or not d["sites"] or d["impact"] == 0:
            problems.append("seeded row %s has no effect: %d sites, impact %d%s"
                            % (row, len(d["sites"]), d["impact"], ", latent" if d["latent"] else ""))
    # A template's dependents are the calls it takes from another overload:
    # dispatch-hijacked-call's rows when it runs without the per-template
    # checks, which counterfactual_cuda_ref confirms by compiling without the
    # template. A call it wins that nothing else could take (its own use) is
    # no dependent and no impact.
    taken = {d["loc"] for d in alone["declarations"] if d["check"] == "dispatch-hijacked-call"}
    if not taken:
        problems.append("dispatch-hijacked-call alone reports no call in the seeded build")
    if any(d["check"] == "dispatch-hijacked-call" for d in seeded["declarations"]):
        problems.append("dispatch-hijacked-call rows beside the templates' own findings")
    for d in seeded["declarations"]:
        if d["check"] in ("dispatch-unconstrained-operator", "dispatch-generic-copy"):
            for site in d["sites"]:
                if site["loc"] not in taken:
                    problems.append("%s %s: site %s is not a call it takes from another overload"
                                    % (d["loc"], d["check"], site["loc"]))
    if clean["declarations"]:
        problems.append("clean report is not empty: %s" % sorted(rows(clean)))

    for name, tus in (("seeded", seeded_tus), ("clean", clean_tus)):
        for t in tus:
            if t["compile_errors"] or t["crashed"]:
                problems.append("%s: %s (%s) had compile errors or crashed" % (name, t["file"], t["pass"]))
        passes = {t["pass"] for t in tus if t["file"].endswith(".cu")}
        if passes != {"host", "device"}:
            problems.append("%s: .cu files scanned in passes %s, not host and device" % (name, passes))
    for name, report in (("seeded", seeded), ("clean", clean)):
        for o in report["odr_divergences"]:
            problems.append("%s: unexpected ODR divergence: %s" % (name, o["message"]))

    diff = run([a.scan, "diff", seeded_facts, clean_facts, "--format", "json"],
               stdout=subprocess.PIPE, text=True).stdout
    entries = json.loads(diff)["entries"]
    gone = {"%s %s" % (e["loc"].rsplit(":", 1)[0], e["check"]) for e in entries if e["status"] == "gone"}
    others = [e for e in entries if e["status"] != "gone"]
    if gone != want:
        problems.append("diff seeded → clean: gone %s, expected the SEEDED.md rows" % sorted(gone ^ want))
    if others:
        problems.append("diff seeded → clean has other changes: %s" % others)

    for p in problems:
        print("FAIL: " + p)
    print("%d SEEDED.md rows; seeded report %d rows; clean report %d rows; %d problems"
          % (len(want), len(got), len(clean["declarations"]), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
