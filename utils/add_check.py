#!/usr/bin/env python3
"""Scaffolds a new dispatch-* check: one registry entry plus the files it
needs, like clang-tidy's add_new_check.py.

    utils/add_check.py dispatch-widening-thing --summary "what it finds"

Creates rules/<folder>/<Class>.{h,cpp} (a thin DispatchCheck with a working
placeholder matcher: it reports functions named by its Names option), the docs
page rules/<folder>/<name>.md and its link in docs/checks/, a lit test
test/lit/checks/<folder>.cpp with a positive and a negative case, appends the
registry entry to rules/checks.json and regenerates the README table and the
docs index. Re-run CMake; the build picks the check up from the registry.
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

HEADER = """\
// {name}: {summary}
#pragma once

#include "../common/DispatchCheck.h"

#include <string>
#include <vector>

namespace dispatch {{

class {cls} : public DispatchCheck {{
public:
  {cls}(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerCheckMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void onMatch(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// Placeholder: the functions this check reports.
  std::vector<std::string> Names;
}};

}} // namespace dispatch
"""

SOURCE = """\
#include "{cls}.h"

#include "dispatch/DiagnosticText.h"
#include "dispatch/Options.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace dispatch {{

{cls}::{cls}(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : DispatchCheck(Name, Context), Names(splitList(Options.get("Names", "{placeholder}"))) {{}}

void {cls}::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {{
  DispatchCheck::storeOptions(Opts);
  Options.store(Opts, "Names", joinList(Names));
}}

void {cls}::registerCheckMatchers(MatchFinder *Finder) {{
  Finder->addMatcher(
      functionDecl(unless(isExpansionInSystemHeader()),
                   hasAnyName(std::vector<llvm::StringRef>(Names.begin(), Names.end())))
          .bind("fn"),
      this);
}}

void {cls}::onMatch(const MatchFinder::MatchResult &Result) {{
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!isWrittenDeclaration(FD) || !isOwned(FD))
    return;
  report(finding(FD, WideningKind::{kind}, FD->getLocation(),
                 "'" + signatureOf(FD) + "' is reported by the {name} placeholder"));
}}

}} // namespace dispatch
"""

PAGE = """\
# {name}

{summary_cap}.

## Why

(What it widens, and the Julia invalidation it corresponds to.)

## What is reported

Placeholder: functions named by `Names`.

## Fix

—

## Options

| option | default |
| --- | --- |
| `Names` | `{placeholder}` |
| `SourceRoots`, `ThirdPartyDirs`, `OwnedNamespaces` | who owns what, as in [dispatch-implicit-conversion](dispatch-implicit-conversion.md#ownership) |
"""

LIT = """\
// RUN: %check_dispatch_tidy %s {name} %t -- -std=c++17

void {placeholder}();
// CHECK-MESSAGES: :[[@LINE-1]]:6: warning: '{placeholder}()' is reported by the {name} placeholder [{name}]

// Negative: another name.
void other();
"""


def camel(folder):
    return "".join(p.capitalize() for p in folder.split("-")) + "Check"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("name", help="dispatch-<folder>, e.g. dispatch-widening-thing")
    p.add_argument("--summary", default="(what it finds)", help="the README's 'finds' column")
    p.add_argument("--kind", default="UnconstrainedTemplate", help="the WideningKind its findings have")
    a = p.parse_args()
    if not re.fullmatch(r"dispatch-[a-z][a-z0-9-]*[a-z0-9]", a.name):
        p.error("the name must be dispatch-<lowercase-words>")
    folder = a.name[len("dispatch-"):]
    cls = camel(folder)
    placeholder = folder.replace("-", "_") + "_placeholder"
    registry_path = os.path.join(ROOT, "rules", "checks.json")
    with open(registry_path, encoding="utf-8") as f:
        registry = json.load(f)
    if any(c["name"] == a.name for c in registry["checks"]):
        p.error(a.name + " is already registered")
    fields = dict(name=a.name, cls=cls, summary=a.summary, summary_cap=a.summary[:1].upper() + a.summary[1:],
                  placeholder=placeholder, kind=a.kind)
    files = {
        os.path.join("rules", folder, cls + ".h"): HEADER,
        os.path.join("rules", folder, cls + ".cpp"): SOURCE,
        os.path.join("rules", folder, a.name + ".md"): PAGE,
        os.path.join("test", "lit", "checks", folder + ".cpp"): LIT,
    }
    for rel, template in files.items():
        path = os.path.join(ROOT, rel)
        if os.path.exists(path):
            p.error(rel + " exists")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(template.format(**fields))
        print("created " + rel)
    link = os.path.join(ROOT, "docs", "checks", a.name + ".md")
    os.symlink(os.path.join("..", "..", "rules", folder, a.name + ".md"), link)
    print("created docs/checks/%s.md -> rules/%s/%s.md" % (a.name, folder, a.name))
    registry["checks"].append({
        "name": a.name, "effect": "(what makes a finding effective in a translation unit)",
        "class": cls, "folder": folder, "summary": a.summary, "fix": "—",
        "sarif": a.summary[:1].upper() + a.summary[1:] + ".",
        "options": [{"name": "Names", "type": "list", "default": placeholder,
                     "doc": "placeholder: the functions it reports"}],
        "claims": [folder],
    })
    with open(registry_path, "w", encoding="utf-8") as f:
        f.write(json.dumps(registry, indent=2, ensure_ascii=False) + "\n")
    print("registered %s in rules/checks.json" % a.name)
    subprocess.run([sys.executable, os.path.join(ROOT, "utils", "registry.py"), "--write"], check=True)
    print("regenerated the README table and docs/checks/README.md; re-run CMake and build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
