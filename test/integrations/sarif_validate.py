#!/usr/bin/env python3
"""dispatch-scan's SARIF, validated by Microsoft's SARIF validator
(Sarif.Multitool `validate`: the SARIF 2.1.0 JSON schema and the
specification's rules; the npm package of test/tools/sarif-multitool, which
integrations/setup/install-deps.sh installs), and by check_sarif.py (what
code scanning reads).

The SARIF of the mini fixture, twice: with helpUri under a repository URL
(--sarif-uri-base, as the CI gate writes it) and with the default (file://
URIs of the local docs). Every validator result of level error fails the
test; warnings are printed.

    sarif_validate.py --scan BUILD/bin/dispatch-scan --clangxx clang++-16 --work DIR
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from verdicts import check, problems  # noqa: E402

MINI = os.path.join(ROOT, "test", "lit", "Inputs", "scan", "mini")
CHECK_SARIF = os.path.join(ROOT, "test", "lit", "Inputs", "scan", "check_sarif.py")
VALIDATOR = os.path.join(ROOT, "test", "tools", "sarif-multitool", "node_modules", "@microsoft",
                         "sarif-multitool-linux", "Sarif.Multitool")


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scan", required=True)
    ap.add_argument("--clangxx", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    if not os.access(VALIDATOR, os.X_OK):
        sys.exit("sarif_validate: no validator at %s (bash integrations/setup/install-deps.sh installs it)"
                 % VALIDATOR)
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    build = os.path.join(work, "build")
    res = run(["cmake", "-S", MINI, "-B", build, "-G", "Ninja", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
               "-DCMAKE_CXX_COMPILER=" + a.clangxx], work)
    check(res.returncode == 0, "the mini fixture configures", res.stdout)
    facts = os.path.join(work, "facts.json")
    res = run([a.scan, "collect", "-p", build, "--root", MINI, "--no-progress", "-o", facts], work)
    check(res.returncode == 0, "dispatch-scan collect", res.stdout)

    base = "https://github.com/OWNER/dispatch-tidy/blob/TAG/"
    for name, extra, check_args in [("repository", ["--sarif-uri-base", base], ["--uri-base", base]),
                                     ("local", [], [])]:
        log = os.path.join(work, name + ".sarif")
        res = run([a.scan, "report", facts, "--format", "sarif", "-o", log] + extra, work)
        check(res.returncode == 0, "%s: dispatch-scan report --format sarif" % name, res.stdout)
        with open(log) as f:
            results = json.load(f)["runs"][0]["results"]
        check(len(results) > 0, "%s: the log has results to validate" % name)
        out = os.path.join(work, name + ".validation.sarif")
        res = run([VALIDATOR, "validate", log, "-o", out], work)
        check(res.returncode == 0 and os.path.exists(out), "%s: the validator ran" % name, res.stdout)
        if os.path.exists(out):
            with open(out) as f:
                found = json.load(f)["runs"][0].get("results", [])
            errors = [r for r in found if r.get("level") == "error"]
            for r in found:
                if r.get("level") != "error":
                    print("validator %s %s: %s" % (r.get("level", "warning"), r["ruleId"],
                                                   r["message"].get("text", "")[:200]))
            check(not errors, "%s: Sarif.Multitool finds no error (schema and rules)" % name,
                  "\n".join("%s: %s" % (r["ruleId"], r["message"].get("text", "")) for r in errors))
        res = run([sys.executable, CHECK_SARIF, log] + check_args, work)
        check(res.returncode == 0, "%s: check_sarif.py" % name, res.stdout)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
