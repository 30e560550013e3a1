"""Output: the verdicts and the ground truth, as text, JSON or a Markdown
table."""
from dataclasses import dataclass, field

from .claims import HIJACKED_CALL
from .locations import display_path


@dataclass
class UnitResult:
    """One translation unit (one CUDA pass of a .cu file)."""
    file: str
    cuda_pass: str | None
    claims: list | None  # None: no claims source (--report-only without a plugin)
    verdicts: list  # judge.Verdict, empty with --report-only
    ground_truth: list  # judge.GroundTruth
    effects: dict = field(default_factory=dict)  # template Decl -> [judge.Effect]

    @property
    def title(self):
        return display_path(self.file) + (f" [{self.cuda_pass}]" if self.cuda_pass else "")

    def warned_at(self, call):
        """Whether dispatch-hijacked-call warns at the call at all (whatever its notes say)."""
        return any(c.check == HIJACKED_CALL and call.at(c.call) for c in self.claims or ())


    def warnings_without_hijack(self):
        """[(claim, [effects at its call])] for each dispatch-hijacked-call
        warning at a call that is no ground-truth hijack (with --report-only
        the measure of the check's precision)."""
        out = []
        for c in self.claims or ():
            if c.check != HIJACKED_CALL or any(g.effect.call.at(c.call) for g in self.ground_truth):
                continue
            out.append((c, [e for effects in self.effects.values() for e in effects if e.call.at(c.call)]))
        return out


_NOT_JUDGED = "no call there resolves to a template judged here (one in a header: --include-headers)"


def counts(results):
    gt = [g for r in results for g in r.ground_truth]
    verdicts = [v for r in results for v in r.verdicts]
    return {
        "claims": len(verdicts),
        "confirmed": sum(v.confirmed for v in verdicts),
        "refuted": sum(not v.confirmed for v in verdicts),
        "ground_truth_hijacks": len(gt),
        "reported": sum(g.status == "reported" for g in gt),
        "missed": sum(g.status == "missed" for g in gt),
        "expected_unreported": sum(g.status == "expected-unreported" for g in gt),
    }


def at(call):
    """Where a call is: its start, and its operator or member name when
    several calls start there (`log << g << 1`)."""
    if call.loc and call.loc != call.begin:
        return f"{call.begin} (at {call.loc.line}:{call.loc.col})"
    return str(call.begin)


def _sig(callee):
    return f"'{callee.signature}' ({callee.decl})"


def judgement_text(results):
    out = []
    for r in results:
        out.append(f"== {r.title}")
        for v in r.verdicts:
            out.append(f"  {'confirmed' if v.confirmed else 'REFUTED  '}  {v.claim.describe()}")
            if not v.confirmed:
                out.append(f"             {v.reason}")
        for g in r.ground_truth:
            if g.status == "reported":
                continue
            label = "MISSED" if g.status == "missed" else "expected-unreported"
            c = g.effect.call
            out.append(f"  {label}  {c.kind} at {at(c)}: {_sig(c.callee)} from template {g.template};"
                       f" without it {g.effect.outcome}" + (f" [{g.reason}]" if g.reason else ""))
    n = counts(results)
    out.append("claims {claims}: {confirmed} confirmed, {refuted} refuted; ground-truth hijacks "
               "{ground_truth_hijacks}: {reported} reported, {missed} missed, {expected_unreported} "
               "expected unreported".format(**n))
    return "\n".join(out)


def ground_truth_text(results):
    """--report-only: per template, every call it wins and what the call
    becomes without it."""
    out = []
    for r in results:
        out.append(f"== {r.title}")
        for t, effects in r.effects.items():
            if not effects:
                out.append(f"  template {t}: wins no call")
                continue
            out.append(f"  template {t}:")
            for e in effects:
                c = e.call
                where = " (in an instantiation)" if c.in_instantiation else ""
                tag = "hijack" if e.hijack else "no hijack"
                warned = ""
                if e.hijack and r.claims is not None:
                    warned = ", warned" if r.warned_at(c) else ", not warned"
                out.append(f"    {tag}{warned}: {c.kind} at {at(c)}{where} -> '{c.callee.signature}';"
                           f" without it {e.outcome}")
        for claim, effects in r.warnings_without_hijack():
            what = "; ".join(f"'{e.call.callee.signature}'; without its template the call {e.outcome}"
                             for e in effects)
            out.append(f"  warned, no hijack: dispatch-hijacked-call at {claim.call}: " + (what or _NOT_JUDGED))
    n = counts(results)
    out.append("ground-truth hijacks: {ground_truth_hijacks} ({expected_unreported} marked "
               "expected-unreported)".format(**n))
    return "\n".join(out)


def ground_truth_markdown(results):
    rows = ["| file | call | kind | resolves to | template | without it | dispatch-hijacked-call |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in results:
        for g in r.ground_truth:
            c, o = g.effect.call, g.effect.outcome
            warned = "?" if r.claims is None else "warns" if r.warned_at(c) else "silent"
            if g.status == "expected-unreported":
                warned += " (expected-unreported)"
            op = f" (op {c.loc.line}:{c.loc.col})" if c.loc and c.loc != c.begin and c.kind == "operator-call" else ""
            rows.append(f"| {r.title} | {c.begin.line}:{c.begin.col}{op}"
                        f"{' (inst.)' if c.in_instantiation else ''} | {c.kind} | `{c.callee.signature}` |"
                        f" {g.template.loc.line}:{g.template.loc.col} | `{o.callee.signature}`"
                        f" ({o.callee.decl.line}:{o.callee.decl.col}) | {warned} |")
    extra = [(r, claim, effects) for r in results for claim, effects in r.warnings_without_hijack()]
    if extra:
        rows += ["", "dispatch-hijacked-call warnings at calls that are no ground-truth hijack:", "",
                 "| file | call | what the compiler says |", "| --- | --- | --- |"]
        for r, claim, effects in extra:
            what = "; ".join(f"`{e.call.callee.signature}`; without its template the call {e.outcome}"
                             for e in effects) or _NOT_JUDGED
            rows.append(f"| {r.title} | {claim.call.line}:{claim.call.col} | {what} |")
    return "\n".join(rows)


def _loc(x):
    return str(x) if x else None


def as_json(results):
    units = []
    for r in results:
        units.append({
            "file": r.file,
            "pass": r.cuda_pass,
            "verdicts": [{"check": v.claim.check, "call": _loc(v.claim.call),
                          "template": _loc(v.claim.template),
                          "without": str(v.claim.without) if v.claim.without else None,
                          "confirmed": v.confirmed, "reason": v.reason} for v in r.verdicts],
            "templates": [{"template": t.signature, "loc": _loc(t.loc), "effects": [
                {"call": _loc(e.call.begin), "kind": e.call.kind, "resolves_to": e.call.callee.signature,
                 "in_instantiation": e.call.in_instantiation, "outcome": e.outcome.kind,
                 "without": e.outcome.callee.signature if e.outcome.callee else None,
                 "without_decl": _loc(e.outcome.callee.decl) if e.outcome.callee else None,
                 "error": e.outcome.error.message if e.outcome.error else None}
                for e in effects]} for t, effects in r.effects.items()],
            "ground_truth": [{"call": _loc(g.effect.call.begin), "kind": g.effect.call.kind,
                              "template": g.template.signature, "template_loc": _loc(g.template.loc),
                              "without": g.effect.outcome.callee.signature,
                              "without_decl": _loc(g.effect.outcome.callee.decl),
                              "status": g.status, "reason": g.reason} for g in r.ground_truth],
        })
    return {"counts": counts(results), "units": units}
