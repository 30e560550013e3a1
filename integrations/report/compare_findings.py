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


def table_rows(path):
    """(`file:line check`, cells) for each Markdown table row naming both."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("|"):
                continue
            loc = re.search(r"`([\w./-]+:\d+)`", line)
            check = re.search(r"`(dispatch-[a-z-]+)`", line)
            if loc and check:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                yield "%s %s" % (loc.group(1), check.group(1)), cells


def expected(path):
    if path.endswith(".md"):
        return {row for row, _ in table_rows(path)}
    with open(path) as f:
        return {l.strip() for l in f if l.strip() and not l.startswith("#")}


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
