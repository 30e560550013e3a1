"""Judging claims against the compiler.

For a template, the counterfactual compile is the file with the template
deleted. Each call that resolved to a specialisation of the template is
paired with the call at the same place in that compile; what it resolves to
there (another function, an ambiguity, no viable function, ...) is the
call's *outcome*. A call whose outcome is another function is a ground-truth
hijack of the template.
"""
import re
from collections import defaultdict
from dataclasses import dataclass

from .claims import HIJACKED_CALL
from .resolve import ToolFailure

OVERLOAD_ERRORS = ("ambiguous", "no-viable", "deleted")


@dataclass(frozen=True)
class Outcome:
    kind: str  # resolves | builtin | ambiguous | no-viable | deleted | error | vanished
    callee: object = None  # resolve.Callee, for `resolves` and `deleted`
    error: object = None  # resolve.Error, for the error kinds

    def __str__(self):
        if self.kind == "resolves":
            return f"resolves to '{self.callee.signature}' ({self.callee.decl})"
        if self.kind == "builtin":
            return f"uses the {self.callee.signature}"
        if self.kind == "vanished":
            return "is no call any more (code that no longer exists)"
        return f"does not compile ({self.kind}: {self.error.message})"


@dataclass(frozen=True)
class Effect:
    """What deleting a template does to one call that resolved to it."""
    call: object  # resolve.Call, in the original compile
    outcome: Outcome

    @property
    def hijack(self):
        # Another function, or the built-in operator the template beat.
        return self.outcome.kind in ("resolves", "builtin")


@dataclass(frozen=True)
class Verdict:
    claim: object
    confirmed: bool
    reason: str


@dataclass(frozen=True)
class GroundTruth:
    """A ground-truth hijack and whether the checks reported it."""
    effect: Effect
    template: object  # resolve.Decl
    status: str  # reported | missed | expected-unreported
    reason: str = ""


def pair_calls(original, counterfactual, prefer):
    """{index of an original call: its counterpart in the counterfactual
    compile}. Calls are paired by site (start, operator/name location,
    enclosing function); where several calls share a site (`a < b` through
    `<=>` is a call of `<=>` and one of the comparison category's `<`),
    unchanged calls pair first, then the calls `prefer` selects, by kind,
    then in order."""
    free = defaultdict(list)
    for c in counterfactual:
        free[c.site].append(c)
    by_site = defaultdict(list)
    for o in original:
        by_site[o.site].append(o)
    pairs = {}
    for site, origs in by_site.items():
        candidates = free[site]

        def take(o, same):
            for c in candidates:
                if same(o, c):
                    candidates.remove(c)
                    pairs[o.index] = c
                    return

        for o in origs:
            take(o, lambda o, c: c.kind == o.kind and c.callee.key == o.callee.key)
        rest = sorted((o for o in origs if o.index not in pairs), key=lambda o: not prefer(o))
        # A comparison rewritten without the template (`a < b` as
        # `(a <=> b) < 0`) is two calls at the site: the `<=>` overload
        # resolution chose pairs with the original, not the `< 0` after it.
        candidates.sort(key=lambda c: not c.rewritten_inner)
        for o in rest:
            take(o, lambda o, c: c.kind == o.kind)
        for o in rest:
            if o.index not in pairs:
                take(o, lambda o, c: True)
    return pairs


def outcome(call, counterpart, counterfactual, template):
    """What `call` (which resolved to `template`) becomes without it."""
    errors = counterfactual.errors_at(call.locs)
    if counterpart is not None:
        if counterpart.callee.template_key == template.key:
            raise ToolFailure(f"{call.loc}: still resolves to {template} after deleting it")
        deleted = [e for e in errors if e.kind == "deleted"]
        if deleted:
            return Outcome("deleted", counterpart.callee, deleted[0])
        if counterpart.callee.builtin:
            return Outcome("builtin", counterpart.callee)
        return Outcome("resolves", counterpart.callee)
    for kind in OVERLOAD_ERRORS:
        for e in errors:
            if e.kind == kind:
                return Outcome(kind, error=e)
    # One candidate left that does not take an argument: clang reports that
    # argument's conversion, at the argument, instead of "no viable function".
    for e in counterfactual.errors_at(set(call.args)):
        if e.kind == "argument":
            return Outcome("no-viable", error=e)
    if errors:
        return Outcome("error", error=errors[0])
    return Outcome("vanished")


def _same_args(printed, claimed):
    squash = lambda args: tuple(a.replace(" ", "") for a in args)  # noqa: E731
    return squash(printed) == squash(claimed)


_EXPECTED = re.compile(r"//\s*counterfactual:\s*expected-unreported\s*\((?P<reason>.*)\)")


def expected_unreported(template, read_lines):
    """The reason of a `// counterfactual: expected-unreported (REASON)`
    comment on the template's line or the line above, or None."""
    for r in template.ranges:
        for loc in (r.begin_loc, r.loc):
            if not loc:
                continue
            lines = read_lines(loc.file)
            for n in (loc.line, loc.line - 1):
                if 1 <= n <= len(lines) and (m := _EXPECTED.search(lines[n - 1])):
                    return m["reason"].strip()
    return None


class Judge:
    """Claims and ground truth for one translation unit."""

    def __init__(self, resolver):
        self.resolver = resolver
        self.original = resolver.original
        self._effects = {}
        self._lines = {}

    def effects(self, template):
        """Every call the template wins, with its outcome without it."""
        if template.key not in self._effects:
            cf = self.resolver.without(template)
            won = lambda c: c.callee.template_key == template.key  # noqa: E731
            pairs = pair_calls(self.original.calls, cf.calls, won)
            self._effects[template.key] = [
                Effect(c, outcome(c, pairs.get(c.index), cf, template))
                for c in self.original.calls if won(c)]
        return self._effects[template.key]

    def verify(self, claim):
        refute = lambda why: Verdict(claim, False, why)  # noqa: E731
        if claim.template is None:
            return refute("the warning has no 'the template the call resolves to' note")
        templates = self.original.decls_at(claim.template, template=True)
        if not templates:
            others = self.original.decls_at(claim.template)
            return refute(f"no function template is declared at {claim.template}"
                          + (f" ({others[0]} is not a template)" if others else ""))
        template = templates[0]
        won = [e for e in self.effects(template) if e.call.at(claim.call)]
        if not won:
            here = self.original.calls_at(claim.call)
            return refute(f"the call at {claim.call} does not resolve to {template}: "
                          + (", ".join(f"{c.kind} of '{c.callee.signature}'" for c in here)
                             if here else "there is no call there"))
        if claim.with_args:
            same = [e for e in won if _same_args(e.call.callee.template_args, claim.with_args)]
            won = same or won  # a difference in spelling is not a refutation
        if claim.without is None:
            return Verdict(claim, True, f"resolves to '{won[0].call.callee.signature}'")
        for e in won:
            if self._satisfies(e.outcome, claim.without):
                return Verdict(claim, True, f"without the template the call {e.outcome}")
        return refute(f"claimed: without the template, {claim.without}; but without it the call "
                      + "; or ".join(sorted({str(e.outcome) for e in won})))

    def _satisfies(self, outcome, without):
        if without.kind == "builtin":  # the operator is the call's own
            return outcome.kind == "builtin" and outcome.callee.signature == without.text
        if without.kind != "resolves":
            return outcome.kind == without.kind
        if outcome.kind != "resolves":
            return False
        return outcome.callee.declared_at(without.decl) or any(
            d.key == outcome.callee.key for d in self.original.decls_at(without.decl))

    def ground_truth(self, templates, claims):
        """Each hijack of each template, and whether dispatch-hijacked-call
        claimed it (at the call, naming the template)."""
        rows = []
        for t in templates:
            excuse = expected_unreported(t, self._read_lines)
            for e in self.effects(t):
                if not e.hijack:
                    continue
                claimed = any(c.check == HIJACKED_CALL and e.call.at(c.call) and c.template in t.locs
                              for c in claims)
                if claimed:
                    rows.append(GroundTruth(e, t, "reported"))
                elif excuse is not None:
                    rows.append(GroundTruth(e, t, "expected-unreported", excuse))
                else:
                    rows.append(GroundTruth(e, t, "missed"))
        return rows

    def _read_lines(self, path):
        if path not in self._lines:
            with open(path, encoding="utf-8", errors="replace") as f:
                self._lines[path] = f.read().splitlines()
        return self._lines[path]
