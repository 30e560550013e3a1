#!/usr/bin/env python3
"""Self-test of the counterfactual harness, without the checks: claims come
from JSON files (Inputs/claims/) or saved clang-tidy output, the judge is
dispatch-resolve.

    selftest.py --resolve build/bin/dispatch-resolve [unittest options]
"""
import argparse
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "Inputs")
CLAIMS = os.path.join(INPUTS, "claims")
sys.path.insert(0, HERE)

from cflib import claims, judge, resolve  # noqa: E402
from cflib.locations import Loc  # noqa: E402

RESOLVE = None  # set from the command line


def harness(*args):
    """(exit status, --json document or None) of one harness run."""
    cmd = [sys.executable, os.path.join(HERE, "counterfactual.py"), "--resolve", RESOLVE,
           "--json", "-", *args]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    try:
        doc = json.loads(proc.stdout)
    except ValueError:
        doc = None
    return proc.returncode, doc, proc.stderr


class Pieces(unittest.TestCase):
    """The harness's logic, no compiler involved."""

    def test_blank_keeps_every_offset(self):
        text = b"int a;\ntemplate <class T> int f(T) {\n  return 1;\n} int g;\n"
        begin = text.index(b"template")
        end = text.index(b"}") + 1
        out = resolve.blank(text, [(begin, end)])
        self.assertEqual(len(out), len(text))
        self.assertEqual(out.count(b"\n"), text.count(b"\n"))
        self.assertEqual(out.index(b"int g"), text.index(b"int g"))
        self.assertNotIn(b"template", out)

    def test_template_args_split_at_top_level_commas(self):
        self.assertEqual(claims.template_args("T = int"), ("int",))
        self.assertEqual(claims.template_args("K = std::map<int, int>, V = float"),
                         ("std::map<int, int>", "float"))
        self.assertIsNone(claims.template_args("int"))

    def test_contract_parsing(self):
        out = "\n".join([
            "a.cpp:9:22: warning: generic 'deepcopy' ... [dispatch-generic-copy]",
            "template <class T> T deepcopy(const T &x) { return x; }",
            "                     ^",
            "a.cpp:15:12: note: this call resolves to the template (with T = gnn::GNNGraph)",
            "a.cpp:7:7: note: without the template, the call would resolve to 'gnn::deepcopy(const Graph &)'",
            "a.cpp:16:3: note: this call resolves to the template (with T = int *)",
            "a.cpp:16:3: note: without the template, the call would have no viable function",
            "a.cpp:17:3: note: this call resolves to the template (with T = int)",
            "a.cpp:15:12: warning: call to 'deepcopy' resolves to the unconstrained template "
            "'gnn::deepcopy(const T &)' although a more specific overload is viable [dispatch-hijacked-call]",
            "a.cpp:9:22: note: the template the call resolves to",
            "a.cpp:7:7: note: without the template, the call would resolve to 'gnn::deepcopy(const Graph &)'",
            "a.cpp:20:1: warning: something else [dispatch-implicit-conversion]",
            "a.cpp:21:1: note: this call resolves to the template",
            "1 warning generated.",
        ])
        got = claims.parse_tidy_output(out, "/src")
        at = lambda line, col: Loc(os.path.realpath("/src/a.cpp"), line, col)  # noqa: E731
        self.assertEqual(got, [
            claims.Claim("dispatch-generic-copy", at(15, 12), at(9, 22),
                         claims.Without("resolves", at(7, 7), "gnn::deepcopy(const Graph &)"),
                         None, ("gnn::GNNGraph",)),
            claims.Claim("dispatch-generic-copy", at(16, 3), at(9, 22), claims.Without("no-viable"),
                         None, ("int *",)),
            claims.Claim("dispatch-generic-copy", at(17, 3), at(9, 22), None, None, ("int",)),
            claims.Claim("dispatch-hijacked-call", at(15, 12), at(9, 22),
                         claims.Without("resolves", at(7, 7), "gnn::deepcopy(const Graph &)")),
        ])

    def test_pairing_prefers_unchanged_then_judged_calls(self):
        # `a < b` through a `<=>` template: two calls at one site (the
        # comparison-category `<` and the `<=>`); without the template, one
        # operator< call. It pairs with the judged `<=>` call.
        site = (Loc("f", 1, 1), Loc("f", 1, 3), "run()")

        def call(i, key, template_key=None):
            callee = resolve.Callee(key, key, key, key, template_key, None, frozenset(), False, False, ())
            return resolve.Call(i, "operator-call", site[0], site[1], None, site[2], False, False, True, callee)

        original = [call(0, "std::operator<"), call(1, "spaceship<T>", "T")]
        counterfactual = [call(0, "operator<")]
        pairs = judge.pair_calls(original, counterfactual, lambda c: c.callee.template_key == "T")
        self.assertEqual(pairs, {1: counterfactual[0]})


class Judging(unittest.TestCase):
    """The harness on the fixtures, claims from Inputs/claims/."""

    def judge(self, fixture, claims_file, *extra):
        return harness("--claims", os.path.join(CLAIMS, claims_file), *extra,
                       os.path.join(INPUTS, fixture), "--", "-std=c++17")

    def assertCounts(self, result, status, **expected):
        rc, doc, err = result
        self.assertIsNotNone(doc, err)
        got = {k: doc["counts"][k] for k in expected}
        self.assertEqual((rc, got), (status, expected), json.dumps(doc["units"], indent=1))

    def test_correct_claims_are_confirmed(self):
        self.assertCounts(self.judge("free_conversions.cpp", "free_conversions.correct.json"), 0,
                          claims=3, confirmed=3, ground_truth_hijacks=3, reported=3, missed=0)

    def test_wrong_skipped_overload_is_refuted(self):
        rc, doc, err = self.judge("free_conversions.cpp", "free_conversions.wrong_overload.json")
        self.assertCounts((rc, doc, err), 1, claims=3, confirmed=2, refuted=1, missed=0)
        refuted = [v for v in doc["units"][0]["verdicts"] if not v["confirmed"]]
        self.assertIn("resolves to 'gnn::scale(double)'", refuted[0]["reason"])

    def test_wrong_template_is_refuted_and_its_hijack_missed(self):
        self.assertCounts(self.judge("free_conversions.cpp", "free_conversions.wrong_template.json"), 1,
                          refuted=1, reported=2, missed=1)

    def test_missing_claim_is_reported_as_missed(self):
        rc, doc, err = self.judge("free_conversions.cpp", "free_conversions.missing.json")
        self.assertCounts((rc, doc, err), 1, confirmed=2, refuted=0, ground_truth_hijacks=3, missed=1)
        missed = [g for g in doc["units"][0]["ground_truth"] if g["status"] == "missed"]
        self.assertEqual([(g["call"].split(":")[-2:], g["without"]) for g in missed],
                         [(["19", "12"], "gnn::degree(long)")])

    def test_call_after_the_deleted_template_on_its_line(self):
        # With the template's text removed the call would move left; blanked,
        # it stays at 4:111 and is still matched.
        self.assertCounts(self.judge("location_shift.cpp", "location_shift.json"), 0,
                          confirmed=1, reported=1, missed=0)

    def test_calls_starting_at_one_location(self):
        # `log << g << 1`: both calls start at 19:3; `(with T = ...)` and the
        # outcome tell them apart.
        self.assertCounts(self.judge("operators.cpp", "operators.json"), 0,
                          claims=4, confirmed=4, ground_truth_hijacks=2, missed=0)
        self.assertCounts(self.judge("operators.cpp", "operators.wrong_args.json"), 1,
                          confirmed=2, refuted=1)

    def test_ambiguous_and_no_viable_outcomes(self):
        self.assertCounts(self.judge("removal_fails.cpp", "removal_fails.json"), 0,
                          confirmed=2, ground_truth_hijacks=0)
        self.assertCounts(self.judge("removal_fails.cpp", "removal_fails.swapped.json"), 1,
                          confirmed=0, refuted=2)

    def test_explicit_template_arguments_are_no_hijack(self):
        self.assertCounts(self.judge("explicit_args.cpp", "explicit_args.wrong.json"), 1,
                          refuted=1, ground_truth_hijacks=0)

    def test_hijack_inside_an_instantiation(self):
        self.assertCounts(self.judge("instantiation.cpp", "instantiation.json"), 0,
                          confirmed=1, reported=1, missed=0)

    def test_template_in_a_header(self):
        self.assertCounts(self.judge("header_template.cpp", "header_template.json", "--include-headers"), 0,
                          confirmed=1, ground_truth_hijacks=1, reported=1)

    def test_expected_unreported_constrained_templates(self):
        self.assertCounts(self.judge("constrained.cpp", "none.json"), 0,
                          claims=0, ground_truth_hijacks=2, expected_unreported=2, missed=0)

    def test_cuda_host_and_device_passes(self):
        rc, doc, err = self.judge("cuda_host_device.cu", "cuda_host_device.json")
        self.assertCounts((rc, doc, err), 0, claims=3, confirmed=3, ground_truth_hijacks=2, missed=0)
        self.assertEqual([u["pass"] for u in doc["units"]], ["host", "device"])

    def test_saved_clang_tidy_output(self):
        rc, doc, err = harness("--tidy-output", os.path.join(CLAIMS, "free_conversions.tidy.txt"),
                               os.path.join(INPUTS, "free_conversions.cpp"), "--", "-std=c++17")
        self.assertCounts((rc, doc, err), 0, claims=4, confirmed=4, reported=3, missed=0)

    def test_hijack_claim_where_removal_is_ambiguous_is_refuted(self):
        # emit(long) and emit(double) are both viable for emit(1), neither is
        # more specific: without the template the call is ambiguous.
        rc, doc, err = harness("--tidy-output", os.path.join(CLAIMS, "removal_fails.tidy.txt"),
                               os.path.join(INPUTS, "removal_fails.cpp"), "--", "-std=c++17")
        self.assertCounts((rc, doc, err), 1, claims=1, refuted=1, ground_truth_hijacks=0)
        self.assertIn("ambiguous", doc["units"][0]["verdicts"][0]["reason"])

    def test_file_that_does_not_compile_is_a_tool_failure(self):
        rc, doc, err = harness("--claims", os.path.join(CLAIMS, "none.json"),
                               os.path.join(INPUTS, "free_conversions.cpp"), "--", "-std=c++17",
                               "-include", os.path.join(INPUTS, "include", "does_not_compile.h"))
        self.assertEqual(rc, 2, err)
        self.assertIn("does not compile", err)


class ReportOnly(unittest.TestCase):
    def test_ground_truth_of_every_fixture(self):
        fixtures = sorted(os.path.join(INPUTS, f) for f in os.listdir(INPUTS) if f.endswith((".cpp", ".cu")))
        rc, doc, err = harness("--report-only", *fixtures, "--", "-std=c++17")
        self.assertEqual(rc, 0, err)
        hijacks = {(os.path.basename(u["file"]), u["pass"], ":".join(g["call"].split(":")[-2:]))
                   for u in doc["units"] for g in u["ground_truth"]}
        # One hijack per call kind the fixtures cover (a few spot checks).
        for expected in [("pointer_to_base.cpp", None, "12:10"), ("member_template.cpp", None, "15:3"),
                         ("forwarding_ref.cpp", None, "13:10"), ("forwarding_ref.cpp", None, "15:12"),
                         ("constructors.cpp", None, "19:10"), ("conversion_operator.cpp", None, "9:13"),
                         ("rewritten_eq.cpp", None, "13:12"), ("inherited_ctor.cpp", None, "13:9"),
                         ("cuda_host_device.cu", "device", "7:46")]:
            self.assertIn(expected, hijacks)
        files = {os.path.basename(u["file"]) for u in doc["units"] if u["ground_truth"]}
        self.assertNotIn("explicit_args.cpp", files)
        self.assertNotIn("removal_fails.cpp", files)


def main():
    global RESOLVE
    p = argparse.ArgumentParser()
    p.add_argument("--resolve", required=True)
    opts, rest = p.parse_known_args()
    RESOLVE = os.path.abspath(opts.resolve)
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)


if __name__ == "__main__":
    main()
