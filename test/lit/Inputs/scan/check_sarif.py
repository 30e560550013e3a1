#!/usr/bin/env python3
"""Checks a SARIF log field by field against what SARIF 2.1.0 requires of
the parts dispatch-scan writes (sections 3.13 sarifLog, 3.14 run, 3.18/3.19
tool/driver, 3.27 result, 3.28 location, 3.30 region, 3.49 reportingDescriptor)
and what GitHub code scanning reads. Prints one line per result."""
import json
import sys


def fail(msg):
    sys.exit("SARIF: " + msg)


log = json.load(open(sys.argv[1]))
if log.get("version") != "2.1.0":
    fail("version must be \"2.1.0\"")
if not isinstance(log.get("runs"), list) or len(log["runs"]) != 1:
    fail("one run expected")
run = log["runs"][0]
driver = run.get("tool", {}).get("driver", {})
if not isinstance(driver.get("name"), str) or not driver["name"]:
    fail("tool.driver.name is required")
rules = driver.get("rules", [])
ids = [r.get("id") for r in rules]
if len(set(ids)) != len(ids) or not all(isinstance(i, str) and i for i in ids):
    fail("rule ids must be unique non-empty strings")
for r in rules:
    if not r.get("shortDescription", {}).get("text"):
        fail("rule %s lacks shortDescription.text" % r["id"])
bases = run.get("originalUriBaseIds", {})
for key, base in bases.items():
    if not base.get("uri", "").endswith("/"):
        fail("originalUriBaseIds.%s.uri must end with a slash" % key)
for res in run.get("results", []):
    if not res.get("message", {}).get("text"):
        fail("result without message.text")
    if res.get("level") not in ("none", "note", "warning", "error"):
        fail("bad level %r" % res.get("level"))
    rid = res.get("ruleId")
    if "ruleIndex" in res and (res["ruleIndex"] >= len(rules) or ids[res["ruleIndex"]] != rid):
        fail("ruleIndex %s does not point at rule %s" % (res["ruleIndex"], rid))
    locs = res.get("locations", [])
    if not locs:
        fail("result without a location")
    phys = locs[0].get("physicalLocation", {})
    art = phys.get("artifactLocation", {})
    if not art.get("uri"):
        fail("artifactLocation.uri is required")
    if "uriBaseId" in art and art["uriBaseId"] not in bases:
        fail("uriBaseId %s is not in originalUriBaseIds" % art["uriBaseId"])
    region = phys.get("region", {})
    if not isinstance(region.get("startLine"), int) or region["startLine"] < 1:
        fail("region.startLine must be an integer >= 1")
    if "startColumn" in region and region["startColumn"] < 1:
        fail("region.startColumn must be >= 1")
    print("%s %s:%d %s" % (rid, art["uri"], region["startLine"],
                           res.get("properties", {}).get("impact", "-")))
print("valid SARIF 2.1.0: %d results" % len(run.get("results", [])))
