#!/usr/bin/env python3
"""Every check the plugin registers has a page in docs/checks/, and every
option it stores (clang-tidy --dump-config) is named on that page."""
import os
import re
import subprocess
import sys


def main(clang_tidy, plugin, root):
    base = [clang_tidy, "--load=" + plugin, "--checks=-*,dispatch-*"]
    listed = subprocess.run(base + ["--list-checks"], capture_output=True, text=True, check=True).stdout
    checks = sorted(set(re.findall(r"^\s+(dispatch-[a-z-]+)\s*$", listed, re.M)))
    config = subprocess.run(base + ["--dump-config"], capture_output=True, text=True, check=True).stdout
    failures = []
    if len(checks) < 7:
        failures.append("expected the seven dispatch-* checks, found %s" % checks)
    for check in checks:
        page = os.path.join(root, "docs", "checks", check + ".md")
        if not os.path.isfile(page):
            failures.append("no page " + page)
            continue
        text = open(page, encoding="utf-8").read()
        if not text.startswith("# " + check):
            failures.append(page + " does not start with its title")
        for option in sorted(set(re.findall(re.escape(check) + r"\.([A-Za-z]+):", config))):
            if option not in text:
                failures.append("%s: option %s is not documented" % (page, option))
    for f in failures:
        print("FAIL: " + f)
    print("%d checks, %d problems" % (len(checks), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
