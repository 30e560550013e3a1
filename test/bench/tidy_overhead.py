#!/usr/bin/env python3
"""Benchmark: run time of clang-tidy with the dispatch-* checks, relative to
`clang++ -fsyntax-only` (parse + semantic analysis only) on the same
translation units with the same flags; beside it the same ratio for two
built-in checks that look at similar declarations, and for `dispatch-scan
collect` (the same checks plus the project facts) on a one-entry
compilation database. The dispatch-* column is clang-tidy as users run it
(the plugin trims the pipeline when only dispatch-* checks run); beside it
the same checks with TraverseProjectCodeOnly=false, clang-tidy's full
pipeline.

Runs are interleaved (syntax-only, dispatch, built-in, syntax-only, ...) so
that machine noise hits all three alike. Each run is measured in CPU time
(user + system of the child process), which other load on the machine
disturbs far less than wall time; the figure per TU is the median of
--repeat runs, and the total is the sum of medians. Prints a Markdown table.

With --callgrind, each command runs once under `valgrind --tool=callgrind`
and the figure is the number of instructions executed: repeatable to the
instruction whatever else the machine does, at ~50x the run time (use
--only to pick small translation units).
"""
import argparse
import concurrent.futures
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import json
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "integrations", "cuda"))
import nvcc_to_clang  # noqa: E402  (the project's CUDA flags)

CUDA = nvcc_to_clang.clang_cuda_flags() + " --cuda-host-only"

# Translation units built from Debian's -dev headers: realistic parse loads.
GENERATED = {
    "stdlib.cpp": "#include <algorithm>\n#include <map>\n#include <memory>\n#include <regex>\n"
                  "#include <string>\n#include <unordered_map>\n#include <variant>\n#include <vector>\n"
                  "#include <iostream>\n#include <ranges>\n"
                  "int main() { std::map<int, std::string> m{{1, \"a\"}}; std::vector<int> v{3, 1};"
                  " std::ranges::sort(v); std::cout << m[1] << v[0]; }\n",
    "nlohmann.cpp": "#include <nlohmann/json.hpp>\nint main() { nlohmann::json j = {{\"a\", 1}};"
                    " return j[\"a\"].get<int>(); }\n",
    "eigen.cpp": "#include <Eigen/Dense>\nint main() { Eigen::MatrixXf a = Eigen::MatrixXf::Random(4, 4);"
                 " Eigen::VectorXf x = a * Eigen::VectorXf::Ones(4); return int(x.size()); }\n",
    "fmt.cpp": "#include <fmt/format.h>\n#include <fmt/ranges.h>\n#include <vector>\n"
               "int main() { std::vector<int> v{1, 2}; return int(fmt::format(\"{}\", v).size()); }\n",
}


def units(tmp):
    out = []
    for name, text in GENERATED.items():
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        out.append((path, "-std=c++20 -isystem /usr/include/eigen3"))
    demo = os.path.join(ROOT, "examples", "widening-demo")
    for src in ("train.cpp", "tensor.cpp"):
        out.append((os.path.join(demo, "src", src), "-std=c++20 -I" + os.path.join(demo, "include")))
    if os.path.isdir("/usr/local/cuda/include"):
        out.append((os.path.join(ROOT, "test", "lit", "cuda", "toolkit-smoke.cu"), "-std=c++17 " + CUDA))
    return out


def instructions(cmd):
    res = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          "--trace-children=no"] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", res.stderr)
    if not m:
        sys.exit("callgrind gave no count for: " + " ".join(cmd) + "\n" + res.stderr[-2000:])
    return int(m.group(1)) / 1e9  # billions


def timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    res = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode < 0:
        sys.exit("crashed: " + " ".join(cmd))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--llvm", default=None,
                    help="default: the bin directory of the LLVM the build uses (DISPATCH_LLVM_ROOT)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--callgrind", action="store_true", help="count instructions instead")
    ap.add_argument("--only", nargs="*", help="translation unit file names to measure")
    a = ap.parse_args()
    if a.llvm is None:
        with open(os.path.join(a.build, "CMakeCache.txt")) as cache:
            root = next(l.split("=", 1)[1].strip() for l in cache
                        if l.startswith("DISPATCH_LLVM_ROOT:"))
        a.llvm = os.path.join(root, "bin")
    plugin = os.path.join(a.build, "lib", "libDispatchTidy.so")
    scan = os.path.join(a.build, "bin", "dispatch-scan")
    tidy, clangxx = os.path.join(a.llvm, "clang-tidy"), os.path.join(a.llvm, "clang++")
    builtin = "google-explicit-constructor,bugprone-forwarding-reference-overload"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for path, flags in units(tmp):
            if a.only and os.path.basename(path) not in a.only:
                continue
            f = shlex.split(flags)
            db = os.path.join(tmp, "db-" + os.path.basename(path))
            os.makedirs(db, exist_ok=True)
            with open(os.path.join(db, "compile_commands.json"), "w") as out:
                json.dump([{"directory": tmp, "file": path,
                            "arguments": [clangxx, "-c"] + f + [path]}], out)
            dispatch = [tidy, "--load=" + plugin, "--checks=-*,dispatch-*", "--quiet", path]
            cmds = {
                "syntax": [clangxx, "-fsyntax-only"] + f + [path],
                "scan": [scan, "collect", "-p", db, "--no-progress", "-o", os.devnull],
                "dispatch": dispatch + ["--"] + f,
                # clang-tidy's own pipeline, untrimmed (none of these TUs has
                # a .clang-tidy file that --config would replace).
                "full": dispatch + ["--config={CheckOptions: {TraverseProjectCodeOnly: false}}",
                                    "--"] + f,
                "builtin": [tidy, "--checks=-*," + builtin, "--quiet", path, "--"] + f,
            }
            if a.callgrind:
                # Instruction counts do not depend on load: both cores at once.
                with concurrent.futures.ThreadPoolExecutor(2) as pool:
                    counts = dict(zip(cmds, pool.map(instructions, cmds.values())))
                rows.append((os.path.basename(path), counts))
                continue
            times = {k: [] for k in cmds}
            for _ in range(a.repeat):
                for k, c in cmds.items():
                    times[k].append(timed(c))
            rows.append((os.path.basename(path), {k: statistics.median(v) for k, v in times.items()}))
    unit = "G instr" if a.callgrind else "CPU s"
    cols = [("dispatch", "clang-tidy dispatch-*"),
            ("full", "dispatch-*, TraverseProjectCodeOnly=false"),
            ("builtin", "clang-tidy built-in pair"), ("scan", "dispatch-scan collect")]
    print("| translation unit | clang++ -fsyntax-only (%s) | " % unit
          + " | ".join("%s (%s) | ratio" % (title, unit) for _, title in cols) + " |")
    print("| --- | ---: |" + " ---: | ---: |" * len(cols))
    tot = {k: 0.0 for k in ["syntax"] + [k for k, _ in cols]}
    for name, m in rows:
        for k in tot:
            tot[k] += m[k]
        print("| %s | %.3f | " % (name, m["syntax"])
              + " | ".join("%.3f | %.2f" % (m[k], m[k] / m["syntax"]) for k, _ in cols) + " |")
    print("| **total** | %.3f | " % tot["syntax"]
          + " | ".join("%.3f | **%.2f**" % (tot[k], tot[k] / tot["syntax"]) for k, _ in cols) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
