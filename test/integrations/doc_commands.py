#!/usr/bin/env python3
"""Every shell block of README.md and docs/integrations.md is run by a test.

A ```sh block must follow a marker line `<!-- tested: NAME -->`:
- NAME `doc_commands`: this script runs the block, as written, with bash -e,
  in a scratch copy of examples/widening-demo (a git checkout configured
  with CMake into build/) whose build/ also holds links to dispatch-tidy's
  bin/ and lib/ (build-19/lib to the LLVM 19 build's), so that the README's
  `build/bin/dispatch-scan` and `build/lib/libDispatchTidy.so` are this
  build's; `file.cpp` (the README's placeholder) is src/train.cpp, and
  /usr/lib/dispatch-tidy/ (the .deb's prefix) is an install of BUILD made
  with `cmake --install`. A dispatch-baseline.json (the report of the
  project as it is, not committed: the documented block that writes it
  commits it) stands for the one a project keeps. Each block starts from
  the example as committed, must exit 0 and print what EXPECT says.
- any other NAME: a ctest test of that name (test/CMakeLists.txt) or a
  script of this repository, which runs the block's commands itself
  (`.ci/run` runs the README's set-up and test commands).

    doc_commands.py --build BUILD [--build-19 BUILD19] --work DIR
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from verdicts import check, problems  # noqa: E402

DOCS = ["README.md", os.path.join("docs", "integrations.md")]
EXAMPLE = os.path.join(ROOT, "examples", "widening-demo")

# What a block prints, by a command it contains: (command regex, output regex).
EXPECT = [
    (r"clang-tidy-16 --load=build/lib", r"include/demo/tensor\.h:\d+:\d+: warning: .*\[dispatch-implicit-conversion\]"),
    (r"clang-tidy-19 --load=build-19/lib", r"warning: .*\[dispatch-hijacked-call\]"),
    (r"dispatch-scan report facts\.json\b", r"Function Name"),
    (r"dispatch-scan fix -p build", r"translation units compile with the fixes"),
    (r"dispatch_gate\.py .*--update-baseline", r"baseline"),
]


def blocks(path):
    """(line, marker name or None, text) of each ```sh block."""
    lines = open(os.path.join(ROOT, path)).read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^\s*```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            j += 1
        if m.group(1) in ("sh", "bash", "console", "shell"):
            k = i - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            mark = re.match(r"^\s*<!-- tested: ([\w./-]+) -->\s*$", lines[k]) if k >= 0 else None
            out.append((i + 1, mark.group(1) if mark else None, "\n".join(lines[i + 1:j])))
        i = j + 1
    return out


def sh(cmd, cwd, env=None):
    res = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if res.returncode != 0:
        sys.exit("command failed: %s\n%s" % (" ".join(cmd), res.stdout))
    return res.stdout


def known_runner(name):
    with open(os.path.join(ROOT, "test", "CMakeLists.txt")) as f:
        if re.search(r"add_test\(NAME %s\b" % re.escape(name), f.read()):
            return True
    return os.path.exists(os.path.join(ROOT, name)) or os.path.exists(os.path.join(HERE, name + ".sh"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--build-19")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    # The example project, as a user has it.
    proj = os.path.join(work, "project")
    shutil.copytree(EXAMPLE, proj)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        version = next(l.split("=", 1)[1].strip() for l in f if l.startswith("DISPATCH_LLVM_VERSION:"))
    sh(["cmake", "-S", proj, "-B", os.path.join(proj, "build"), "-G", "Ninja",
        "-DCMAKE_CXX_COMPILER=/usr/lib/llvm-%s/bin/clang++" % version], proj)
    for d in ("bin", "lib"):
        os.symlink(os.path.join(build, d), os.path.join(proj, "build", d))
    if a.build_19 and not os.path.exists(os.path.join(a.build_19, "lib", "libDispatchTidy.so")):
        print("skip: no LLVM 19 build at %s (DISPATCH_LLVM_VERSIONS=16?)" % a.build_19)
        a.build_19 = None
    if a.build_19:
        os.makedirs(os.path.join(proj, "build-19"))
        os.symlink(os.path.join(os.path.abspath(a.build_19), "lib"), os.path.join(proj, "build-19", "lib"))
    scan = os.path.join(build, "bin", "dispatch-scan")
    sh([scan, "collect", "-p", "build", "--no-progress", "-o", os.path.join(work, "baseline-facts.json")], proj)
    with open(os.path.join(proj, ".gitignore"), "w") as f:
        f.write("build/\nbuild-19/\nfacts.json\nfixes.yaml\n")
    sh(["git", "init", "-q", "-b", "main"], proj, env)
    sh(["git", "add", "-A"], proj, env)
    sh(["git", "commit", "-q", "-m", "example"], proj, env)
    # Not committed: docs/integrations.md's block writes and commits it.
    baseline = sh([scan, "report", os.path.join(work, "baseline-facts.json"), "--format", "json"], proj)
    with open(os.path.join(proj, "dispatch-baseline.json"), "w") as f:
        f.write(baseline)
    prefix = os.path.join(work, "prefix")
    sh(["cmake", "--install", build, "--prefix", prefix], work)

    ran = 0
    for doc in DOCS:
        for line, mark, text in blocks(doc):
            where = "%s:%d" % (doc, line)
            if mark is None:
                check(False, "%s: a shell block without a <!-- tested: NAME --> marker" % where, text)
                continue
            if mark != "doc_commands":
                check(known_runner(mark), "%s: run by %s" % (where, mark))
                continue
            if "build-19/" in text and not a.build_19:
                print("skip: %s needs --build-19" % where)
                continue
            # Each block starts from the example as committed (a --fix of
            # an earlier block would leave a later one nothing to fix).
            sh(["git", "checkout", "-q", "--", "."], proj, env)
            script = text.replace("file.cpp", "src/train.cpp").replace("/usr/lib/dispatch-tidy/",
                                                                     prefix + "/lib/dispatch-tidy/")
            res = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=proj, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
            ok = res.returncode == 0
            for cmd, want in EXPECT:
                if re.search(cmd, text):
                    ok = ok and re.search(want, res.stdout) is not None
            check(ok, "%s: the block runs as written (exit %d)" % (where, res.returncode), res.stdout[-4000:])
            ran += 1
    check(ran >= 2, "%d blocks were run" % ran)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
