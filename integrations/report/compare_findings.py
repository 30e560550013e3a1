#!/usr/bin/env python3
"""Compares findings.json with the expected findings.

The expected file is either a list of `file:line check` lines (# comments),
or a Markdown file (.md) whose table rows name a `` `file:line` `` and a
`` `dispatch-...` `` check, like cuda_ref/SEEDED.md. Exits 1 and prints the
difference when a finding is missing or unexpected.
"""
import json
import re
import sys


def expected(path):
    with open(path) as f:
        text = f.read()
    if not path.endswith(".md"):
        return {l.strip() for l in text.splitlines() if l.strip() and not l.startswith("#")}
    rows = set()
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        loc = re.search(r"`([\w./-]+:\d+)`", line)
        check = re.search(r"`(dispatch-[a-z-]+)`", line)
        if loc and check:
            rows.add("%s %s" % (loc.group(1), check.group(1)))
    return rows


def main(findings_path, expected_path):
    with open(findings_path) as f:
        got = {"%s:%d %s" % (x["file"], x["line"], x["check"]) for x in json.load(f)}
    want = expected(expected_path)
    missing, extra = sorted(want - got), sorted(got - want)
    for m in missing:
        print("missing:    " + m)
    for e in extra:
        print("unexpected: " + e)
    print("%d expected, %d found, %d missing, %d unexpected" % (len(want), len(got), len(missing), len(extra)))
    return 1 if missing or extra else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
