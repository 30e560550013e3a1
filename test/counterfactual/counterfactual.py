#!/usr/bin/env python3
"""The counterfactual harness: the compiler judges the dispatch-* checks.

    counterfactual.py [options] FILE... [-- COMPILER-FLAGS...]

For every template a claim names, the file is compiled again without the
template (dispatch-resolve, its text blanked out) and each claim is checked:
the call resolves to that template, and without it to the overload the
claim names, or to an ambiguity or no viable function, as claimed. For
completeness, every function template of the main file is deleted in turn;
each call that then resolves to another function is a ground-truth hijack
and must be claimed by dispatch-hijacked-call, unless the template's line
(or the line above) says `// counterfactual: expected-unreported (REASON)`.

Claims come from clang-tidy with the plugin (--plugin), from --claims
FILE.json, or from saved clang-tidy output (--tidy-output). Exit status: 0 every claim confirmed and no hijack missed; 1
otherwise; 2 when the harness could not judge (a tool failed, the file does
not compile). --report-only lists the ground truth without judging.

A fixture may carry its own flags in a comment, `// counterfactual-flags:
-std=c++20 -I%S/include` (%S: the fixture's directory), appended to the
command line's. A .cu file is judged in the host and the device pass
separately, with the project's CUDA flags unless the flags already say `-x`.
"""
import argparse
import json
import os
import re
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "integrations", "cuda"))

from cflib import claims as claims_mod  # noqa: E402
from cflib import report  # noqa: E402
from cflib.judge import Judge  # noqa: E402
from cflib.locations import norm_path  # noqa: E402
from cflib.resolve import Resolver, ToolFailure  # noqa: E402

CUDA_PASSES = {"host": "--cuda-host-only", "device": "--cuda-device-only"}
_FLAGS_COMMENT = re.compile(r"//\s*counterfactual-flags:(?P<flags>.*)")


def fixture_flags(path):
    """Flags from `// counterfactual-flags:` comments at the top of the file."""
    flags = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for _, line in zip(range(20), f):
            if m := _FLAGS_COMMENT.search(line):
                flags += [a.replace("%S", os.path.dirname(path)) for a in shlex.split(m["flags"])]
    return flags


def cuda_passes(path, flags, wanted):
    """[(pass name, flags)] to judge: one unnamed pass for C++."""
    is_cuda = path.endswith(".cu") or "cuda" in [b for a, b in zip(flags, flags[1:]) if a == "-x"]
    if not is_cuda:
        return [(None, flags)]
    if "-x" not in flags:
        import nvcc_to_clang  # the project's one list of clang CUDA flags
        flags = shlex.split(nvcc_to_clang.clang_cuda_flags()) + flags
    names = list(CUDA_PASSES) if wanted == "both" else [wanted]
    return [(n, flags + [CUDA_PASSES[n]]) for n in names]


def obtain_claims(opts, file, flags, cuda_pass):
    """The claims about one unit, or None when there is no claims source."""
    if opts.claims:
        return [c for c in claims_mod.load_claims_json(opts.claims, file)
                if c.cuda_pass in (None, cuda_pass)]
    if opts.tidy_output:
        with open(opts.tidy_output) as f:
            return claims_mod.parse_tidy_output(f.read(), os.path.dirname(file), cuda_pass)
    if opts.plugin:
        # Each check alone: together, dispatch-hijacked-call leaves the calls
        # of a template another check reports to that check's warning, which
        # notes the first three. Alone, every check states every claim it can
        # make, and completeness is dispatch-hijacked-call's, call by call.
        names = [c for c in opts.checks.split(",") if c and c != "-*"]
        runs = (["-*," + c for c in names] if all(c in claims_mod.CHECKS for c in names)
                else [opts.checks])
        claims = []
        for checks in runs:
            out = claims_mod.run_clang_tidy(opts.clang_tidy, opts.plugin, checks, file, flags,
                                            opts.tidy_arg)
            claims += claims_mod.parse_tidy_output(out, os.getcwd(), cuda_pass)
        return claims
    return None


def judge_unit(opts, file, flags, cuda_pass):
    claims = obtain_claims(opts, file, flags, cuda_pass)
    resolver = Resolver(opts.resolve, file, flags, keep_temp=opts.keep_temp)
    try:
        judge = Judge(resolver)
        templates = [d for d in resolver.original.decls
                     if d.template and d.kind != "deduction-guide"
                     and (opts.include_headers or d.declared_in(file))]
        verdicts = [] if opts.report_only else [judge.verify(c) for c in claims]
        ground_truth = judge.ground_truth(templates, claims or [])
        effects = {t: judge.effects(t) for t in templates}
    finally:
        resolver.close()
    return report.UnitResult(file, cuda_pass, claims, verdicts, ground_truth, effects)


def parse_args(argv):
    if "--" in argv:
        cut = argv.index("--")
        argv, flags = argv[:cut], argv[cut + 1:]
    else:
        flags = []
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--resolve", default=os.path.join(ROOT, "build", "bin", "dispatch-resolve"),
                   help="the dispatch-resolve binary (default: build/bin/dispatch-resolve)")
    p.add_argument("--clang-tidy", default="/usr/lib/llvm-16/bin/clang-tidy")
    p.add_argument("--plugin", help="libDispatchTidy.so: take the claims from clang-tidy's output")
    p.add_argument("--checks", default="-*," + ",".join(claims_mod.CHECKS))
    p.add_argument("--tidy-arg", action="append", default=[], help="extra clang-tidy argument")
    p.add_argument("--claims", help="take the claims from this JSON file instead (one FILE only)")
    p.add_argument("--tidy-output", metavar="FILE",
                   help="parse this saved clang-tidy output instead of running clang-tidy "
                        "(relative paths in it are relative to FILE's directory; one FILE only)")
    p.add_argument("--report-only", action="store_true", help="list the ground truth, judge nothing")
    p.add_argument("--markdown", action="store_true", help="with --report-only: a Markdown table")
    p.add_argument("--json", metavar="OUT", help="write counts and details as JSON ('-': stdout)")
    p.add_argument("--include-headers", action="store_true",
                   help="completeness over the templates of included project headers too")
    p.add_argument("--cuda-pass", choices=["host", "device", "both"], default="both")
    p.add_argument("--keep-temp", action="store_true", help="keep the counterfactual sources")
    opts = p.parse_args(argv)
    if (opts.claims or opts.tidy_output) and len(opts.files) != 1:
        p.error("--claims and --tidy-output go with exactly one FILE")
    if not opts.report_only and not (opts.claims or opts.tidy_output or opts.plugin):
        p.error("judging needs claims: --plugin, --claims or --tidy-output (or use --report-only)")
    return opts, flags


def main(argv):
    opts, flags = parse_args(argv)
    results = []
    try:
        for f in opts.files:
            file = norm_path(f)
            for cuda_pass, unit_flags in cuda_passes(file, flags + fixture_flags(file), opts.cuda_pass):
                results.append(judge_unit(opts, file, unit_flags, cuda_pass))
    except (ToolFailure, OSError, ValueError) as e:
        print(f"counterfactual: {e}", file=sys.stderr)
        return 2

    if opts.json:
        text = json.dumps(report.as_json(results), indent=1)
        if opts.json == "-":
            print(text)
        else:
            with open(opts.json, "w") as f:
                f.write(text + "\n")
    if opts.json != "-":
        if opts.report_only:
            print(report.ground_truth_markdown(results) if opts.markdown
                  else report.ground_truth_text(results))
        else:
            print(report.judgement_text(results))
    if opts.report_only:
        return 0
    n = report.counts(results)
    return 1 if n["refuted"] or n["missed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
