#!/usr/bin/env python3
"""Runs one dispatch-* lit test the way clang-tidy's own suite does.

    check_dispatch_tidy.py TOOLS [options] INPUT CHECKS TEMP -- COMPILER-ARGS

1. Copies INPUT to TEMP (keeping its extension) with the CHECK lines blanked.
2. Runs clang-tidy with the plugin, only CHECKS enabled, and --fix.
3. FileChecks the diagnostics against CHECK-MESSAGES[-SUFFIX] lines, with no
   other warning allowed; without such lines, no dispatch-* warning may appear.
   CHECK-NOTES[-SUFFIX] lines check warnings and notes together, with no other
   warning or note allowed (as clang-tidy's own check_clang_tidy.py does).
4. FileChecks the fixed file against CHECK-FIXES[-SUFFIX] lines; without such
   lines, the file must be unchanged.
5. Compiles the fixed file with clang++ -fsyntax-only, so that a fix that
   breaks the build fails the test.
"""
import argparse
import os
import re
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def fail(msg, output=""):
    sys.stderr.write("check_dispatch_tidy: " + msg + "\n")
    if output:
        sys.stderr.write("------ output ------\n" + output + "\n--------------------\n")
    sys.exit(1)


def main():
    argv = sys.argv[1:]
    compiler_args = []
    if "--" in argv:
        i = argv.index("--")
        argv, compiler_args = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser()
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--clangxx", required=True)
    p.add_argument("--filecheck", required=True)
    p.add_argument("--check-suffix", default="",
                   help="comma-separated; CHECK-MESSAGES-<S> / CHECK-FIXES-<S> lines count "
                        "besides the unsuffixed ones")
    p.add_argument("--config", default=None, help="YAML/JSON passed to --config")
    p.add_argument("--tidy-arg", action="append", default=[])
    p.add_argument("input")
    p.add_argument("checks")
    p.add_argument("temp")
    a = p.parse_args(argv)

    ext = os.path.splitext(a.input)[1]
    temp = a.temp + ext
    os.makedirs(os.path.dirname(os.path.abspath(temp)), exist_ok=True)
    with open(a.input, encoding="utf-8") as f:
        original = f.read()
    suffixes = [""] + ["-" + x.upper() for x in a.check_suffix.split(",") if x]
    msg_prefixes = ["CHECK-MESSAGES" + x for x in suffixes]
    note_prefixes = ["CHECK-NOTES" + x for x in suffixes]
    fix_prefixes = ["CHECK-FIXES" + x for x in suffixes]

    def uses(prefixes):
        return any(re.search(r"//\s*" + re.escape(p) + r"(-DAG|-NOT|-NEXT|-SAME)?:", original)
                   for p in prefixes)

    has_messages = uses(msg_prefixes)
    has_notes = uses(note_prefixes)
    has_fixes = uses(fix_prefixes)
    msg_prefix = ",".join(msg_prefixes)
    fix_prefix = ",".join(fix_prefixes)
    # Blank every CHECK line so that FileCheck patterns never match themselves
    # in the fixed file; line numbers stay the same.
    cleaned = re.sub(r"//\s*CHECK-[A-Z0-9-]*:[^\r\n]*", "//", original)
    with open(temp, "w", encoding="utf-8") as f:
        f.write(cleaned)

    cmd = [a.clang_tidy, "--load=" + a.plugin, temp, "--checks=-*," + a.checks, "--fix",
           "--format-style=none"] + a.tidy_arg
    # Isolated from any .clang-tidy above the test: the test's own options or
    # none at all.
    cmd.append("--config=" + (a.config if a.config is not None else "{}"))
    cmd += ["--"] + compiler_args
    res = run(cmd)
    out = res.stdout
    if re.search(r"(^|\n)[^\n]*: error: ", out):
        fail("the test source (or a fix) did not compile under clang-tidy", out)
    if res.returncode != 0:
        fail("clang-tidy exited with %d" % res.returncode, out)

    msg_file = temp + ".msg"
    with open(msg_file, "w", encoding="utf-8") as f:
        # --fix's own "FIX-IT applied" notes are clang-tidy's, not the check's.
        f.write("".join(l for l in out.splitlines(True)
                        if "note: FIX-IT applied suggested code changes" not in l))
    if has_messages:
        fc = run([a.filecheck, "-input-file=" + msg_file, a.input,
                  "-check-prefixes=" + msg_prefix, "-allow-unused-prefixes",
                  "-implicit-check-not={{warning|error}}:"])
        if fc.returncode != 0:
            fail("diagnostics do not match " + msg_prefix, fc.stdout)
    elif not has_notes and re.search(r"warning: .*\[dispatch-", out):
        fail("expected no dispatch-* diagnostic", out)
    if has_notes:
        fc = run([a.filecheck, "-input-file=" + msg_file, a.input,
                  "-check-prefixes=" + ",".join(note_prefixes), "-allow-unused-prefixes",
                  "-implicit-check-not={{warning|error|note}}:"])
        if fc.returncode != 0:
            fail("diagnostics and notes do not match " + ",".join(note_prefixes), fc.stdout)

    with open(temp, encoding="utf-8") as f:
        fixed = f.read()
    if has_fixes:
        fc = run([a.filecheck, "-input-file=" + temp, a.input, "-check-prefixes=" + fix_prefix, "-allow-unused-prefixes",
                  "-strict-whitespace"])
        if fc.returncode != 0:
            diff = run(["diff", "-u", "-", temp], input=cleaned).stdout
            fail("fixed file does not match " + fix_prefix, fc.stdout + "\n--- what the fix changed ---\n" + diff)
    elif fixed != cleaned:
        diff = run(["diff", "-u", "-", temp], input=cleaned).stdout
        fail("expected no fix, but the file changed", diff)

    if fixed != cleaned:
        cc = run([a.clangxx, "-fsyntax-only"] + compiler_args + [temp])
        if cc.returncode != 0:
            fail("the fixed file does not compile", cc.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
