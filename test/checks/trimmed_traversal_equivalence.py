#!/usr/bin/env python3
"""The trimmed pipeline changes nothing but time.

When clang-tidy runs only dispatch-* checks, the plugin skips module-header
re-lexing and the system-header code no project type reaches
(rules/common/PipelineTrim.h). This runs clang-tidy on each translation unit
twice — as users run it, and with the option TraverseProjectCodeOnly=false
(clang-tidy's full pipeline) — and requires the same output, notes included,
and the same exported fixes. Prints the CPU time of each side.

    trimmed_traversal_equivalence.py --build BUILD --cuda-ref DIR [--seeded]
    trimmed_traversal_equivalence.py --build BUILD --sources F... --flags "..."
    trimmed_traversal_equivalence.py --build BUILD -p COMPILE_DB_DIR

Exit 0: identical everywhere; 1: a difference (shown); 2: a crash.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "integrations", "report"))
import run_checks  # noqa: E402  (cuda_ref's translation units and flags)

# clang-tidy's tallies of diagnostics it did not show. In a C++20 TU the full
# pipeline re-lexes the TU through a second preprocessor whose duplicate
# compiler warnings are counted there and always filtered out; what is shown
# must be identical.
TALLY = re.compile(r"^(\d+ warnings? (and \d+ errors? )?generated\.|Suppressed \d+ warnings .*)$", re.M)


def shown(out):
    return TALLY.sub("", out).strip()


def full_pipeline_config(a, plugin, source, cache={}):
    """The configuration clang-tidy would use for this file (its .clang-tidy
    files, our --checks), with TraverseProjectCodeOnly=false: --config replaces
    the files' configuration, so it must carry all of it."""
    d = os.path.dirname(source)
    if d not in cache:
        res = subprocess.run([a.clang_tidy, "--load=" + plugin, "--checks=-*,dispatch-*",
                              "--dump-config", source, "--"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, check=True)
        cfg = yaml.safe_load(res.stdout)
        cfg.setdefault("CheckOptions", {})["TraverseProjectCodeOnly"] = "false"
        cache[d] = json.dumps(cfg)
    return cache[d]


def tidy(a, plugin, source, flags, config, export):
    cmd = [a.clang_tidy, "--load=" + plugin, "--checks=-*,dispatch-*", "--header-filter=.*",
           "--export-fixes=" + export, source]
    if config:
        cmd.append("--config=" + config)
    cmd += ["-p", a.p] if a.p else ["--"] + shlex.split(flags)
    # CPU time of this child alone: run it through a helper that reports it.
    res = subprocess.run([sys.executable, "-c", CHILD] + cmd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, errors="replace")
    out, _, cpu = res.stdout.rpartition("\n@cpu ")
    crashed = res.returncode not in (0, 1) or "PLEASE submit a bug report" in out
    fixes = []
    if os.path.exists(export):
        with open(export) as f:
            fixes = (yaml.safe_load(f) or {}).get("Diagnostics", [])
    return out, fixes, float(cpu or 0), crashed


CHILD = """
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=sys.stdout, stderr=subprocess.STDOUT)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stdout.flush()
print("\\n@cpu %.3f" % (u.ru_utime + u.ru_stime))
sys.exit(0 if r.returncode in (0, 1) else 3)
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True, help="dispatch-tidy build directory")
    ap.add_argument("--cuda-ref", help="cuda_ref's translation units, .cu in both passes")
    ap.add_argument("--seeded", action="store_true")
    ap.add_argument("-p", help="a compilation database directory: every file in it")
    ap.add_argument("--sources", nargs="*", default=[])
    ap.add_argument("--flags", default="-std=c++20")
    ap.add_argument("--clang-tidy", default="/usr/lib/llvm-16/bin/clang-tidy")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    plugin = os.path.join(a.build, "lib", "libDispatchTidy.so")

    if a.cuda_ref:
        units = run_checks.cuda_ref_units(os.path.abspath(a.cuda_ref), a.seeded)
    elif a.p:
        with open(os.path.join(a.p, "compile_commands.json")) as db:
            units = [(f, "") for f in sorted({e["file"] for e in json.load(db)})]
    else:
        units = [(os.path.abspath(s), a.flags) for s in a.sources]
    if not units:
        sys.exit("no translation units")

    with tempfile.TemporaryDirectory() as tmp:
        def both(i_unit):
            i, (source, flags) = i_unit
            trimmed = tidy(a, plugin, source, flags, None, os.path.join(tmp, "%d-t.yaml" % i))
            full = tidy(a, plugin, source, flags, full_pipeline_config(a, plugin, source),
                        os.path.join(tmp, "%d-f.yaml" % i))
            return source, flags, trimmed, full

        with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
            results = list(pool.map(both, enumerate(units)))

    differ = crashes = 0
    cpu_t = cpu_f = 0.0
    warnings = 0
    for source, flags, (out_t, fix_t, t, crash_t), (out_f, fix_f, f, crash_f) in results:
        cpu_t += t
        cpu_f += f
        label = os.path.relpath(source, os.getcwd()) + (" " + flags.split()[-1] if "--cuda" in flags else "")
        if crash_t or crash_f:
            crashes += 1
            print("CRASH  %s\n%s" % (label, out_t if crash_t else out_f))
            continue
        warnings += out_t.count("warning: ")
        if shown(out_t) != shown(out_f) or fix_t != fix_f:
            differ += 1
            print("DIFFER %s" % label)
            print("--- trimmed\n%s\n--- full\n%s" % (out_t, out_f))
            if fix_t != fix_f:
                print("--- exported fixes, trimmed\n%s\n--- full\n%s" % (
                    yaml.safe_dump(fix_t), yaml.safe_dump(fix_f)))
        else:
            print("same   %s  (%.2f s vs %.2f s CPU)" % (label, t, f))
    print("\n%d translation units, %d warnings: %d differ, %d crashed; CPU %.1f s trimmed vs "
          "%.1f s full (%.2f)" % (len(results), warnings, differ, crashes, cpu_t, cpu_f,
                                  cpu_t / cpu_f if cpu_f else 0))
    return 2 if crashes else (1 if differ else 0)


if __name__ == "__main__":
    sys.exit(main())
