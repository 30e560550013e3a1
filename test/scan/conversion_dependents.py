#!/usr/bin/env python3
"""The compiler judges dispatch-scan's dependents of implicit conversions.

    conversion_dependents.py --scan BUILD/bin/dispatch-scan --clangxx CLANG++ --work DIR
        (--cmake-project SRC [--cmake-arg ARG]... | --database-project SRC)

For every converting constructor and conversion operator dispatch-scan
reports (dispatch-implicit-conversion, dispatch-implicit-device-transfer),
the project is compiled again with that declaration made `explicit`: the
lines that then fail to compile, and the lines whose calls then resolve to
another function (a call the conversion took from a printf-style fallback
still compiles without it; dispatch-resolve, the counterfactual harness's
judge, says what each call resolves to), are what depends on it, the C++
counterpart of the code a Julia method invalidates. They must be exactly the
dependent sites dispatch-scan lists for it (file and line, in project
files), no more and no fewer. Latent declarations (no implicit use
anywhere) must break and change nothing.

The project is copied into DIR first; --cmake-project configures the copy
(CMAKE_EXPORT_COMPILE_COMMANDS), --database-project expects the source
directory to hold a compile_commands.json whose "directory" is the source
directory (it is rewritten to the copy). nvcc commands are translated with
integrations/cuda/nvcc_to_clang.py; .cu files are compiled in both CUDA
passes.

Exit status: 0 every declaration's dependents match; 1 a mismatch; 2 the
harness could not judge (the unmodified project does not compile, a tool
failed).
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "integrations", "cuda"))
import nvcc_to_clang  # noqa: E402  (the one nvcc → clang table)

CONVERSION_CHECKS = {"dispatch-implicit-conversion", "dispatch-implicit-device-transfer"}
ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):\d+: error: ", re.M)


def run(cmd, **kw):
    print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def syntax_commands(entries, clangxx):
    """One -fsyntax-only command per TU and CUDA pass: (directory, args)."""
    out = []
    for e in nvcc_to_clang.translate_database(entries, clangxx):
        args = list(e.get("arguments") or shlex.split(e["command"]))
        args[0] = clangxx
        cleaned, skip = [], False
        for a in args:
            if skip:
                skip = False
                continue
            if a == "-o":
                skip = True
                continue
            if a == "-c" or a.startswith("-M"):
                continue
            cleaned.append(a)
        cleaned.append("-fsyntax-only")
        if e["file"].endswith(".cu"):
            for p in ("--cuda-host-only", "--cuda-device-only"):
                out.append((e["directory"], cleaned + [p]))
        else:
            out.append((e["directory"], cleaned))
    return out


def errors_of(commands, src, jobs):
    """(file relative to src, line) of every error in project files, and the
    error lines outside them."""
    def one(cmd):
        d, args = cmd
        r = subprocess.run(args, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return r.stdout
    inside, outside = set(), []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for text in pool.map(one, commands):
            for m in ERROR.finditer(text):
                path = os.path.realpath(m.group("file"))
                if path.startswith(src + os.sep):
                    inside.add((os.path.relpath(path, src), int(m.group("line"))))
                else:
                    outside.append(m.group(0))
    return inside, outside


def resolve_args(cmd):
    """dispatch-resolve's FILE and compiler arguments for a syntax command."""
    d, args = cmd
    files = [a for a in args[1:] if a.endswith((".cpp", ".cc", ".cxx", ".cu"))]
    flags = [a for a in args[1:] if a not in files and a != "-fsyntax-only"]
    return d, os.path.join(d, files[-1]), flags


def callees(resolve, commands, src):
    """{(file, line): set of callee signatures} of every call dispatch-resolve
    reports in project files, over every translation unit."""
    out = {}
    for cmd in commands:
        d, file, flags = resolve_args(cmd)
        r = subprocess.run([resolve, file, "--"] + flags, cwd=d, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        decoder, pos, text = json.JSONDecoder(), 0, r.stdout
        while pos < len(text):
            while pos < len(text) and text[pos].isspace():
                pos += 1
            if pos >= len(text):
                break
            doc, pos = decoder.raw_decode(text, pos)
            for call in doc.get("calls", []):
                path = os.path.realpath(os.path.join(d, call["begin"]["file"]))
                if path.startswith(src + os.sep):
                    key = (os.path.relpath(path, src), call["begin"]["line"])
                    out.setdefault(key, set()).add(call["callee"]["signature"])
    return out


def make_explicit(path, line, col):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    text = lines[line - 1]
    lines[line - 1] = text[:col - 1] + "explicit " + text[col - 1:]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return text


def restore(path, line, original):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    lines[line - 1] = original
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scan", required=True)
    ap.add_argument("--clangxx", required=True)
    ap.add_argument("--resolve", help="dispatch-resolve (default: beside --scan)")
    ap.add_argument("--work", required=True)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--cmake-project")
    g.add_argument("--database-project")
    ap.add_argument("--cmake-arg", action="append", default=[])
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()

    shutil.rmtree(a.work, ignore_errors=True)
    src = os.path.realpath(os.path.join(a.work, "src"))
    origin = os.path.realpath(a.cmake_project or a.database_project)
    shutil.copytree(origin, src, ignore=shutil.ignore_patterns("build", ".git"))
    if a.cmake_project:
        db_dir = os.path.join(a.work, "build")
        run(["cmake", "-S", src, "-B", db_dir, "-G", "Ninja", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
             "-DCMAKE_CXX_COMPILER=" + a.clangxx] + a.cmake_arg, stdout=subprocess.DEVNULL)
    else:
        db_dir = src
        with open(os.path.join(src, "compile_commands.json")) as f:
            entries = json.load(f)
        for e in entries:
            e["directory"] = src if os.path.realpath(e["directory"]) == origin else e["directory"]
            e["file"] = e["file"].replace(origin, src)
        with open(os.path.join(src, "compile_commands.json"), "w") as f:
            json.dump(entries, f)
    with open(os.path.join(db_dir, "compile_commands.json")) as f:
        entries = json.load(f)

    facts = os.path.join(a.work, "facts.json")
    report = os.path.join(a.work, "report.json")
    try:
        run([a.scan, "collect", "-p", db_dir, "--root", src, "-j", str(a.j), "--no-progress",
             "-o", facts], stderr=subprocess.DEVNULL)
        run([a.scan, "report", facts, "--latent", "--format", "json", "-o", report])
    except subprocess.CalledProcessError as e:
        print("cannot judge: %s" % e)
        return 2
    with open(report) as f:
        declarations = [d for d in json.load(f)["declarations"] if d["check"] in CONVERSION_CHECKS]

    commands = syntax_commands(entries, a.clangxx)
    base, base_outside = errors_of(commands, src, a.j)
    if base or base_outside:
        print("cannot judge: the unmodified project does not compile: %s %s"
              % (sorted(base), base_outside[:3]))
        return 2

    resolve = a.resolve or os.path.join(os.path.dirname(a.scan), "dispatch-resolve")
    before = None  # what each call resolves to as written: asked once, when first needed
    problems = []
    for d in declarations:
        file, line, col = d["decl_loc"].rsplit(":", 2)
        path = os.path.join(src, file)
        sites = {(s["loc"].rsplit(":", 2)[0], int(s["loc"].rsplit(":", 2)[1])) for s in d["sites"]}
        original = make_explicit(path, int(line), int(col))
        try:
            broken, outside = errors_of(commands, src, a.j)
            # Listed lines that still compile: their calls must now resolve
            # elsewhere (the calls the conversion took).
            compiling = sites - broken
            after = callees(resolve, commands, src) if compiling else {}
        finally:
            restore(path, int(line), original)
        if compiling and before is None:
            before = callees(resolve, commands, src)
        changed = {k for k in compiling if before.get(k) and before.get(k) != after.get(k)}
        name = "%s %s (%s)" % (d["decl_loc"], d["name"], d["check"])
        missing, extra = sites - broken - changed, broken - sites
        verdict = "ok  " if not (missing or extra or outside) else "FAIL"
        print("%s %s: %d dependent sites, %d lines break and %d resolve elsewhere when explicit%s"
              % (verdict, name, len(sites), len(broken), len(changed),
                 ", latent" if d.get("latent") else ""))
        for f_, l_ in sorted(missing):
            problems.append("%s: dispatch-scan lists %s:%d, which compiles and resolves the same "
                            "with the declaration explicit"
                            % (name, f_, l_))
        for f_, l_ in sorted(extra):
            problems.append("%s: %s:%d breaks with the declaration explicit but is not a dependent site"
                            % (name, f_, l_))
        for o in outside[:3]:
            problems.append("%s: an error outside the project: %s" % (name, o))
    for p in problems:
        print("FAIL: " + p)
    print("%d conversions judged, %d problems" % (len(declarations), len(problems)))
    if not declarations:
        print("FAIL: nothing to judge")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
