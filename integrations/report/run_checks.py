#!/usr/bin/env python3
"""Runs every dispatch-* check over a CMake project and prints the findings.

Configures PROJECT with CMake to get its compile_commands.json, runs
clang-tidy with the plugin over each translation unit (in parallel), and
writes findings.txt (a table, biggest-first by check) and findings.json.
The project-wide impact report (dispatch-scan) will replace the table.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

DIAG = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): warning: (?P<msg>.*) \[(?P<check>dispatch-[a-z-]+)\]$")


def configure(project, build_dir):
    subprocess.run(["cmake", "-S", project, "-B", build_dir, "-G", "Ninja",
                    "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        return json.load(f)


def run_tidy(clang_tidy, plugin, build_dir, source):
    cmd = [clang_tidy, "--load=" + plugin, "--checks=-*,dispatch-*", "-p", build_dir,
           "--header-filter=.*", "--quiet", source]
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if res.returncode < 0:
        raise RuntimeError("clang-tidy crashed on %s (signal %d)" % (source, -res.returncode))
    return res.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True, help="dispatch-tidy build directory")
    ap.add_argument("--project", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--clang-tidy", default="/usr/lib/llvm-16/bin/clang-tidy")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()

    plugin = os.path.join(a.build, "lib", "libDispatchTidy.so")
    project = os.path.abspath(a.project)
    build_dir = os.path.join(a.out, "project-build")
    os.makedirs(a.out, exist_ok=True)
    commands = configure(project, build_dir)
    sources = sorted({c["file"] for c in commands})

    findings = {}
    with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
        for out in pool.map(lambda s: run_tidy(a.clang_tidy, plugin, build_dir, s), sources):
            for line in out.splitlines():
                m = DIAG.match(line)
                if m:
                    rel = os.path.relpath(m["file"], project)
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
    lines.append("%d findings in %d translation units: %s" % (
        len(findings), len(sources), ", ".join("%s %d" % kv for kv in sorted(by_check.items()))))
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(a.out, "findings.txt"), "w") as f:
        f.write(table + "\n")
    with open(os.path.join(a.out, "findings.json"), "w") as f:
        json.dump([{"file": k[0], "line": k[1], "check": k[2], "message": v} for k, v in rows], f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
