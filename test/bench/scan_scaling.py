#!/usr/bin/env python3
"""Benchmark for dispatch-scan at project scale.

1. Collection scaling: `dispatch-scan collect` over cuda_ref's own (nvcc)
   compilation database with -j 1 and -j 2, wall time side by side.
2. Merging and reporting 10,000 translation units: the per-TU facts of that
   scan are replicated into N synthetic TUs (each TU's own functions and
   call sites renamed per copy, header functions shared, as in a real
   project where every TU includes the same headers), then
   `dispatch-scan merge DIR` and `dispatch-scan report` run on them, and
   `report DIR` (merging in memory); wall time and peak memory (max RSS).

    scan_scaling.py --build build [--tus 10000] [--work DIR]

Prints Markdown tables (docs/performance.md).
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def measure(cmd):
    """(wall seconds, peak RSS in MB of the child)"""
    t = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - t
    if status != 0:
        sys.exit("failed (%d): %s" % (status, " ".join(cmd)))
    return wall, usage.ru_maxrss / 1024.0


def synthesise(per_tu_dir, out_dir, count):
    """count facts files from the real per-TU facts, renamed per copy."""
    bases = []
    for name in sorted(os.listdir(per_tu_dir)):
        with open(os.path.join(per_tu_dir, name)) as f:
            bases.append(json.load(f))
    os.makedirs(out_dir, exist_ok=True)
    for i in range(count):
        facts = json.loads(json.dumps(bases[i % len(bases)]))
        tu = facts["tus"][0]
        own = tu["file"]
        fresh = "synth/%05d/%s" % (i, own)

        def rename(loc):
            return fresh + loc[len(own):] if loc.startswith(own + ":") else loc

        tu["file"] = fresh
        for fn in facts["functions"]:
            if fn[2].startswith(own + ":"):  # defined in this TU: its own copy
                fn[0] += "@synth%d" % i
                fn[2] = rename(fn[2])
        for s in facts["sites"]:
            s[1] = rename(s[1])
        for d in facts["declarations"]:
            d["loc"] = rename(d["loc"])
        for r in tu["resolutions"]:
            r[1] = rename(r[1])
        with open(os.path.join(out_dir, "%05d.facts.json" % i), "w") as f:
            json.dump(facts, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--tus", type=int, default=10000)
    ap.add_argument("--work", default="/tmp/dispatch-scan-scaling")
    a = ap.parse_args()
    scan = os.path.join(a.build, "bin", "dispatch-scan")
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    db = os.path.join(a.work, "cuda_ref-build")
    subprocess.run(["cmake", "-S", os.path.join(ROOT, "cuda_ref"), "-B", db, "-G", "Ninja",
                    "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DCUDA_REF_SEEDED=ON"],
                   check=True, stdout=subprocess.DEVNULL)

    print("| dispatch-scan collect, cuda_ref seeded (12 TUs, .cu in 2 passes) | wall s | speed-up |")
    print("| --- | ---: | ---: |")
    walls = {}
    for j in (1, 2, 1, 2):  # interleaved, best of two
        per_tu = os.path.join(a.work, "per-tu-j%d" % j)
        shutil.rmtree(per_tu, ignore_errors=True)
        w, _ = measure([scan, "collect", "-p", db, "--root", os.path.join(ROOT, "cuda_ref"),
                        "-j", str(j), "--no-progress", "--per-tu-dir", per_tu,
                        "-o", os.path.join(a.work, "facts-j%d.json" % j)])
        walls[j] = min(walls.get(j, w), w)
    for j in (1, 2):
        print("| -j %d | %.2f | %.2f |" % (j, walls[j], walls[1] / walls[j]))

    synth = os.path.join(a.work, "synth")
    synthesise(os.path.join(a.work, "per-tu-j1"), synth, a.tus)
    size = sum(os.path.getsize(os.path.join(synth, f)) for f in os.listdir(synth)) / 1e6
    merged = os.path.join(a.work, "merged.json")
    print()
    print("| %d synthetic TUs (%.0f MB of facts) | wall s | peak RSS MB |" % (a.tus, size))
    print("| --- | ---: | ---: |")
    for j in (1, 2):
        w, m = measure([scan, "merge", "-j", str(j), synth, "-o", merged])
        print("| merge -j %d | %.2f | %.0f |" % (j, w, m))
    w, m = measure([scan, "report", merged, "-o", os.devnull])
    print("| report (table) of the merged file | %.2f | %.0f |" % (w, m))
    for j in (1, 2):
        w, m = measure([scan, "report", "-j", str(j), synth, "-o", os.devnull])
        print("| **report -j %d of the per-TU directory** (merge + report in one) | %.2f | %.0f |" % (j, w, m))
    w, m = measure([scan, "report", merged, "--entry", "main", "-o", os.devnull])
    print("| report --entry main | %.2f | %.0f |" % (w, m))
    w, m = measure([scan, "report", merged, "--format", "sarif", "-o", os.devnull])
    print("| report --format sarif | %.2f | %.0f |" % (w, m))
    with open(merged) as f:
        facts = json.load(f)
    print()
    print("merged: %d TUs, %d functions, %d calls, %d sites, %d declarations, %.0f MB" % (
        len(facts["tus"]), len(facts["functions"]), len(facts["calls"]), len(facts["sites"]),
        len(facts["declarations"]), os.path.getsize(merged) / 1e6))
    return 0


if __name__ == "__main__":
    sys.exit(main())
