#!/usr/bin/env python3
"""Compares findings.json with an expected list of `file:line check` lines.

Exits 1 and prints the difference when a finding is missing or unexpected.
"""
import json
import sys


def main(findings_path, expected_path):
    with open(findings_path) as f:
        got = {"%s:%d %s" % (x["file"], x["line"], x["check"]) for x in json.load(f)}
    with open(expected_path) as f:
        want = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    missing, extra = sorted(want - got), sorted(got - want)
    for m in missing:
        print("missing:    " + m)
    for e in extra:
        print("unexpected: " + e)
    print("%d expected, %d found, %d missing, %d unexpected" % (len(want), len(got), len(missing), len(extra)))
    return 1 if missing or extra else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
