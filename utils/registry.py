#!/usr/bin/env python3
"""The check registry (rules/checks.json): what is generated from it, and
whether code, docs and registry agree.

    registry.py --write                       regenerate the README table and docs/checks/README.md
    registry.py --check CLANG_TIDY PLUGIN     fail (exit 1) on any disagreement, listing each
    registry.py --sarif-rules OUT.json        the SARIF rule descriptions, from the docs pages

The build generates the module registration and the check source list from
the same file (rules/CMakeLists.txt); this script owns the documentation side
and the cross-check against the built plugin (clang-tidy --list-checks and
--dump-config).
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGISTRY = os.path.join(ROOT, "rules", "checks.json")
KNOWLEDGE = os.path.join(ROOT, "checker", "knowledge")
README = os.path.join(ROOT, "README.md")
INDEX = os.path.join(ROOT, "docs", "checks", "README.md")
BEGIN = "<!-- checks: generated from rules/checks.json by utils/registry.py --write -->"
END = "<!-- end of checks -->"


def load_registry():
    with open(REGISTRY, encoding="utf-8") as f:
        return json.load(f)


def knowledge_lists():
    """Every list of the knowledge files by key, for '@key' defaults."""
    out = {}
    for name in sorted(os.listdir(KNOWLEDGE)):
        if name.endswith(".json"):
            with open(os.path.join(KNOWLEDGE, name), encoding="utf-8") as f:
                for key, value in json.load(f).items():
                    if isinstance(value, list) and all(isinstance(v, str) for v in value):
                        out[key] = value
    return out


def default_of(option, lists):
    value = option.get("default", "")
    if value.startswith("@"):
        return ";".join(lists[value[1:]])
    return value


def page_of(check):
    return os.path.join("rules", check["folder"], check["name"] + ".md")


def readme_table(reg):
    rows = ["| check | finds | fix-it |", "| --- | --- | --- |"]
    for c in reg["checks"]:
        rows.append("| [%s](docs/checks/%s.md) | %s | %s |" % (c["name"], c["name"], c["summary"], c["fix"]))
    return "\n".join(rows)


def index_page(reg, lists):
    out = ["# The dispatch-* checks", "",
           "Generated from [rules/checks.json](../../rules/checks.json) by `utils/registry.py --write`;",
           "`ctest -R registry_consistent` fails when this page, the README table, the",
           "pages or the built plugin disagree with the registry.", "",
           "| check | finds | options |", "| --- | --- | --- |"]
    for c in reg["checks"]:
        opts = ", ".join("`%s`" % o["name"] for o in c["options"]) or "—"
        out.append("| [%s](%s.md) | %s | %s |" % (c["name"], c["name"], c["summary"], opts))
    out += ["", "## Options every check reads", "",
            "Set them once for all checks (`CheckOptions: {SourceRoots: src}`) or per check",
            "(`dispatch-implicit-conversion.SourceRoots`).", "",
            "| option | default | meaning |", "| --- | --- | --- |"]
    for o in reg["globalOptions"]:
        out.append("| `%s` | `%s` | %s |" % (o["name"], default_of(o, lists) or "", o["doc"]))
    out += ["", "## Effective and latent findings", "",
            "Like SnoopCompile, which lists only the methods that invalidated something, a",
            "check reports a declaration in a translation unit only when that unit shows its",
            "effect; notes give the locations (`note: used implicitly here`, `note: this call",
            "resolves to the template`). A declaration with no effect in the unit is *latent*:",
            "shown only with `ReportLatent: true` (with a note saying so), always recorded by",
            "`dispatch-scan collect` (marked `\"latent\": true`) and listed by",
            "`dispatch-scan report --latent`.", "",
            "A finding located in the project's tests, benchmarks, examples or experiments is",
            "latent too (note: `latent: in 'dev/', code the project does not ship`): its",
            "location's first directory below the repository root is one of `AuxiliaryDirs`,",
            "or a directory at any depth is one written `**/name` there (default: `**/test`,",
            "`**/tests`, `bench`, `**/benchmarks`, `**/examples`, `dev`, … from",
            "checker/knowledge/layout.json: dlib's `dlib/test/` is its tests, but not one",
            "below an `include` directory, whose headers are installed, nor one inside a",
            "CMake build tree (a directory holding `CMakeCache.txt`); names that also",
            "name library code deeper down, such as `sample` or `dev`, stay first-level;",
            "empty to turn it off). So is a declaration whose",
            "effects are all there (note: `latent: its effects in this translation unit are",
            "all in 'test/'`): a conversion or hook that only the project's own tests use is",
            "one its authors chose and test. A use in the library's own code, instantiated",
            "from a test, is an effect. A use written in a system header's template (a test",
            "framework's comparison macro expanding into its own template) takes effect where",
            "the project instantiated it: a test's `CHECK(a == b)` is the test's.", "",
            "| check | effect |", "| --- | --- |"]
    for c in reg["checks"]:
        out.append("| %s | %s |" % (c["name"], c["effect"]))
    out += ["", "## When two checks could report one declaration", "",
            "A check *defers* a kind of finding to another enabled check that *claims* it;",
            "with that other check disabled, it reports the finding itself.", "",
            "| kind | claimed by | deferred by |", "| --- | --- | --- |"]
    kinds = {}
    for c in reg["checks"]:
        for k in c.get("claims", []):
            kinds.setdefault(k, [[], []])[0].append(c["name"])
        for k in c.get("defers", []):
            kinds.setdefault(k, [[], []])[1].append(c["name"])
    for k in sorted(kinds):
        claim, defer = kinds[k]
        if defer:
            out.append("| %s | %s | %s |" % (k, ", ".join(claim), ", ".join(defer)))
    return "\n".join(out) + "\n"


def with_readme_table(text, table):
    if BEGIN not in text or END not in text:
        raise SystemExit("README.md has no %s ... %s block" % (BEGIN, END))
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + BEGIN + "\n" + table + "\n" + END + tail


def generated(reg, lists):
    with open(README, encoding="utf-8") as f:
        readme = f.read()
    return {README: with_readme_table(readme, readme_table(reg)), INDEX: index_page(reg, lists)}


def check_sources(reg, problems):
    names = [c["name"] for c in reg["checks"]]
    if len(set(names)) != len(names):
        problems.append("duplicate check names in the registry")
    folders = {c["folder"] for c in reg["checks"]}
    for entry in sorted(os.listdir(os.path.join(ROOT, "rules"))):
        path = os.path.join(ROOT, "rules", entry)
        if os.path.isdir(path) and entry != "common" and entry not in folders:
            problems.append("rules/%s is not in rules/checks.json" % entry)
    for c in reg["checks"]:
        header = os.path.join(ROOT, "rules", c["folder"], c["class"] + ".h")
        if not os.path.isfile(header):
            problems.append("%s: no %s" % (c["name"], os.path.relpath(header, ROOT)))
        elif not re.search(r"class\s+%s\b" % re.escape(c["class"]), open(header, encoding="utf-8").read()):
            problems.append("%s: %s does not declare class %s" % (c["name"], os.path.relpath(header, ROOT), c["class"]))
        page = os.path.join(ROOT, page_of(c))
        if not os.path.isfile(page):
            problems.append("%s: no docs page %s" % (c["name"], page_of(c)))
            continue
        text = open(page, encoding="utf-8").read()
        if not text.startswith("# " + c["name"]):
            problems.append("%s does not start with '# %s'" % (page_of(c), c["name"]))
        for o in c["options"]:
            if o["name"] not in text:
                problems.append("%s: option %s is not documented" % (page_of(c), o["name"]))
        link = os.path.join(ROOT, "docs", "checks", c["name"] + ".md")
        if not os.path.islink(link) or os.path.realpath(link) != os.path.realpath(page):
            problems.append("docs/checks/%s.md is not a link to %s" % (c["name"], page_of(c)))


def check_plugin(reg, lists, clang_tidy, plugin, problems):
    base = [clang_tidy, "--load=" + plugin, "--checks=-*,dispatch-*"]
    listed = subprocess.run(base + ["--list-checks"], capture_output=True, text=True, check=True).stdout
    registered = sorted(set(re.findall(r"^\s+(dispatch-[a-z-]+)\s*$", listed, re.M)))
    expected = sorted(c["name"] for c in reg["checks"])
    if registered != expected:
        problems.append("the plugin registers %s, the registry lists %s" % (registered, expected))
    config = subprocess.run(base + ["--dump-config"], capture_output=True, text=True, check=True).stdout
    stored = {}
    for check, option, value in re.findall(r"^\s+(dispatch-[a-z-]+)\.([A-Za-z]+):\s*(.*)$", config, re.M):
        stored.setdefault(check, {})[option] = value.strip().strip("'")
    globals_ = {o["name"]: o for o in reg["globalOptions"]}
    for c in reg["checks"]:
        own = {o["name"]: o for o in c["options"]}
        for option, value in sorted(stored.get(c["name"], {}).items()):
            spec = own.get(option) or globals_.get(option)
            if spec is None:
                problems.append("%s stores option %s, which the registry does not list" % (c["name"], option))
            elif default_of(spec, lists) != value:
                problems.append("%s.%s defaults to '%s', the registry says '%s'"
                                % (c["name"], option, value, default_of(spec, lists)))
        for option in own:
            if option not in stored.get(c["name"], {}):
                problems.append("%s does not store its option %s (storeOptions)" % (c["name"], option))


def _paragraphs(markdown):
    return [p.strip() for p in re.split(r"\n\s*\n", markdown) if p.strip()]


def _plain(text):
    """A paragraph of markdown as one line of plain text."""
    text = re.sub(r"\[([^]]+)\]\([^)]*\)", r"\1", text)
    return " ".join(text.replace("`", "").replace("**", "").split())


def _first_sentence(text):
    m = re.match(r"(.+?[.!?])(\s|$)", text)
    return m.group(1) if m else text


def sarif_rule(rule_id, page_path, markdown):
    """A SARIF reportingDescriptor's texts from a docs page: shortDescription
    the first sentence of its first paragraph, fullDescription that
    paragraph, help the page (text and markdown); helpUri is the page's
    path in the repository (dispatch-scan puts a URL base before it)."""
    body = [p for p in _paragraphs(markdown) if not p.startswith("#")]
    if not body:
        raise SystemExit("%s: no paragraph to describe %s in SARIF" % (page_path, rule_id))
    full = _plain(body[0])
    return {"id": rule_id, "short": _first_sentence(full), "full": full,
            "help_markdown": markdown.strip() + "\n", "help_text": _plain(markdown),
            "page": page_path}


def sarif_rules(reg):
    rules = []
    for c in reg["checks"]:
        page = "docs/checks/%s.md" % c["name"]
        with open(os.path.join(ROOT, page), encoding="utf-8") as f:
            rules.append(sarif_rule(c["name"], page, f.read()))
    # dispatch-scan's own rule is a section of docs/dispatch-scan.md.
    with open(os.path.join(ROOT, "docs", "dispatch-scan.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## (dispatch-odr-divergence)\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    if not m:
        raise SystemExit("docs/dispatch-scan.md: no '## dispatch-odr-divergence' section")
    rule = sarif_rule(m.group(1), "docs/dispatch-scan.md", m.group(2))
    rule["page"] += "#dispatch-odr-divergence"
    rules.append(rule)
    return {"comment": "Generated by utils/registry.py --sarif-rules from the docs pages. Do not edit.",
            "rules": rules}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", action="store_true")
    p.add_argument("--check", nargs=2, metavar=("CLANG_TIDY", "PLUGIN"))
    p.add_argument("--sarif-rules", metavar="OUT")
    a = p.parse_args()
    reg, lists = load_registry(), knowledge_lists()
    if a.sarif_rules:
        text = json.dumps(sarif_rules(reg), indent=1, ensure_ascii=False) + "\n"
        current = open(a.sarif_rules, encoding="utf-8").read() if os.path.isfile(a.sarif_rules) else ""
        if current != text:  # unchanged: no rebuild
            with open(a.sarif_rules, "w", encoding="utf-8") as f:
                f.write(text)
        return 0
    files = generated(reg, lists)
    if a.write:
        for path, text in files.items():
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return 0
    if not a.check:
        p.error("--write or --check")
    problems = []
    for path, text in files.items():
        current = open(path, encoding="utf-8").read() if os.path.isfile(path) else ""
        if current != text:
            problems.append("%s is out of date: run utils/registry.py --write" % os.path.relpath(path, ROOT))
    check_sources(reg, problems)
    check_plugin(reg, lists, a.check[0], a.check[1], problems)
    for problem in problems:
        print("FAIL: " + problem)
    print("%d checks, %d problems" % (len(reg["checks"]), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
