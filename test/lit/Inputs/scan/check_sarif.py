#!/usr/bin/env python3
"""Checks a SARIF log as code-scanning tools read it:

1. the properties SARIF 2.1.0 requires of what dispatch-scan writes, with
   their types (sections 3.13 sarifLog, 3.14 run, 3.18 tool, 3.19
   toolComponent, 3.27 result, 3.11 message, 3.28 location, 3.29
   physicalLocation, 3.30 region, 3.49 reportingDescriptor,
   3.12 multiformatMessageString), each reported with its JSON path;
2. what those sections say beyond types and GitHub code scanning needs:
   unique rule ids, ruleIndex pointing at its rule, uriBaseId declared,
   every rule with shortDescription, fullDescription, help and a helpUri to
   its docs page (not a placeholder host), every result with a
   partialFingerprint, relatedLocations with unique ids.

Prints one line per result: rule, file:line, impact, related locations.

    check_sarif.py LOG [--uri-base URL]   (helpUri must start with URL + docs/;
                                           default: an absolute file:// URI of a docs page)
"""
import argparse
import json
import os
import sys



def fail(msg):
    sys.exit("SARIF: " + msg)


def need(obj, path, key, kind):
    """obj[key] exists and has JSON type kind; returns it."""
    if not isinstance(obj, dict) or key not in obj:
        fail("'%s' is a required property at %s" % (key, path))
    if not isinstance(obj[key], kind):
        fail("%s/%s must be %s" % (path, key, kind.__name__))
    return obj[key]


def message(obj, path, key):
    """A message or multiformatMessageString: text is required."""
    need(need(obj, path, key, dict), path + "/" + key, "text", str)


ap = argparse.ArgumentParser()
ap.add_argument("log")
ap.add_argument("--uri-base", default="")
a = ap.parse_args()

log = json.load(open(a.log))
need(log, "", "version", str)
for i, run_ in enumerate(need(log, "", "runs", list)):
    p = "/runs/%d" % i
    drv = need(need(run_, p, "tool", dict), p + "/tool", "driver", dict)
    need(drv, p + "/tool/driver", "name", str)
    for j, rule in enumerate(drv.get("rules", [])):
        rp = "%s/tool/driver/rules/%d" % (p, j)
        need(rule, rp, "id", str)
        for field in ("shortDescription", "fullDescription", "help"):
            if field in rule:
                message(rule, rp, field)
    for j, res in enumerate(run_.get("results", [])):
        rp = "%s/results/%d" % (p, j)
        message(res, rp, "message")
        for field in ("locations", "relatedLocations"):
            for k, loc in enumerate(res.get(field, [])):
                lp = "%s/%s/%d" % (rp, field, k)
                phys = need(loc, lp, "physicalLocation", dict)
                need(need(phys, lp + "/physicalLocation", "artifactLocation", dict),
                     lp + "/physicalLocation/artifactLocation", "uri", str)
                region = phys.get("region", {})
                if not isinstance(region.get("startLine", 1), int) or region.get("startLine", 1) < 1:
                    fail("%s/physicalLocation/region/startLine must be an integer >= 1" % lp)

if log.get("version") != "2.1.0":
    fail("version must be \"2.1.0\"")
if len(log["runs"]) != 1:
    fail("one run expected")
run = log["runs"][0]
driver = run["tool"]["driver"]
rules = driver.get("rules", [])
ids = [r["id"] for r in rules]
if len(set(ids)) != len(ids):
    fail("rule ids must be unique")
for r in rules:
    for field in ("shortDescription", "fullDescription", "help"):
        if not r.get(field, {}).get("text"):
            fail("rule %s lacks %s.text" % (r["id"], field))
    if r["shortDescription"]["text"].strip() in (r["id"], r["id"] + " (dispatch-tidy)"):
        fail("rule %s: shortDescription repeats the id" % r["id"])
    if r.get("name") == r["id"]:
        fail("rule %s: name must differ from the id (3.49.7)" % r["id"])
    uri = r.get("helpUri", "")
    under = uri.startswith(a.uri_base + "docs/") if a.uri_base else (
        uri.startswith("file:///") and os.path.exists(uri[len("file://"):].split("#")[0]))
    if ".invalid" in uri or not under or ".md" not in uri:
        fail("rule %s: helpUri %r is not an absolute URI of a docs page under %r" % (r["id"], uri,
                                                                                      a.uri_base or "file://"))
if "://" not in driver.get("informationUri", ""):
    fail("tool.driver.informationUri must be an absolute URI")
bases = run.get("originalUriBaseIds", {})
for key, base in bases.items():
    if not base.get("uri", "").endswith("/"):
        fail("originalUriBaseIds.%s.uri must end with a slash" % key)
fingerprints = set()
for res in run.get("results", []):
    rid = res.get("ruleId")
    if "ruleIndex" in res and (res["ruleIndex"] >= len(rules) or ids[res["ruleIndex"]] != rid):
        fail("ruleIndex %s does not point at rule %s" % (res["ruleIndex"], rid))
    locs = res.get("locations", [])
    if not locs:
        fail("result without a location")
    for loc in locs + res.get("relatedLocations", []):
        art = loc["physicalLocation"]["artifactLocation"]
        if "uriBaseId" in art and art["uriBaseId"] not in bases:
            fail("uriBaseId %s is not in originalUriBaseIds" % art["uriBaseId"])
    related = res.get("relatedLocations", [])
    rel_ids = [r.get("id") for r in related]
    if len(set(rel_ids)) != len(rel_ids) or None in rel_ids:
        fail("relatedLocations need unique ids")
    if any(not r.get("message", {}).get("text") for r in related):
        fail("a related location without a message")
    fp = res.get("partialFingerprints", {})
    if not fp:
        fail("result without partialFingerprints")
    key = json.dumps(fp, sort_keys=True)
    if key in fingerprints:
        fail("two results share the fingerprint %s" % key)
    fingerprints.add(key)
    phys = locs[0]["physicalLocation"]
    print("%s %s:%d %s related=%d" % (rid, phys["artifactLocation"]["uri"], phys["region"]["startLine"],
                                      res.get("properties", {}).get("impact", "-"), len(related)))
print("valid SARIF 2.1.0: %d results" % len(run.get("results", [])))
