"""The checks' claims about overload resolution.

From clang-tidy's output, following the contract the checks print:

  dispatch-hijacked-call: the warning is at the call, then
    note: the template the call resolves to                       (at the template)
    note: without the template, the call would resolve to 'SIG'   (at SIG's declaration)
    (a specialisation: "to the template 'SIG' (with T = ...)", at its template)
  dispatch-unconstrained-operator, dispatch-generic-copy: the warning is at
  the template; for each call it wins
    note: this call resolves to the template (with T = ...)       (at the call)
  optionally followed by one of
    note: without the template, the call would resolve to 'SIG'   (at SIG's declaration)
    note: without the template, the call would be ambiguous       (at the call)
    note: without the template, the call would have no viable function  (at the call)
    note: without the template, the call would use the built-in 'operator+'  (at the call)

A warning's notes are the note lines after it, up to the next warning.

Or from a JSON file (to test the harness without the checks):

  {"claims": [{"check": "dispatch-hijacked-call", "call": "12:5", "template": "8:22",
               "without": {"resolves_to": "7:7"} | {"builtin": "operator+"} | "ambiguous"
                          | "no-viable" | null,
               "pass": "host" | "device" | null, "with": "T = int" | null}]}

with locations `LINE:COL` in the main file or `PATH:LINE:COL`, PATH relative
to the JSON file.
"""
import json
import os
import re
import subprocess
from dataclasses import dataclass

from . import locations
from .locations import Loc
from .resolve import ToolFailure

HIJACKED_CALL = "dispatch-hijacked-call"
PER_TEMPLATE_CHECKS = ("dispatch-unconstrained-operator", "dispatch-generic-copy")
CHECKS = (HIJACKED_CALL,) + PER_TEMPLATE_CHECKS


@dataclass(frozen=True)
class Without:
    kind: str  # resolves | builtin | ambiguous | no-viable
    decl: Loc | None = None  # for `resolves`: where the overload is declared
    text: str = ""  # the signature the note names; for `builtin`: "built-in 'operator+'"

    def __str__(self):
        if self.kind == "resolves":
            return f"'{self.text}' ({self.decl})" if self.text else f"the function at {self.decl}"
        if self.kind == "builtin":
            return f"the {self.text}"
        return {"ambiguous": "an ambiguous call", "no-viable": "no viable function"}[self.kind]


@dataclass(frozen=True)
class Claim:
    check: str
    call: Loc
    template: Loc | None  # None: the warning lacked its template note
    without: Without | None
    cuda_pass: str | None = None  # None: every pass
    with_args: tuple | None = None  # `(with T = int)` -> ("int",): tells calls at one place apart

    def describe(self):
        args = f" (with {', '.join(self.with_args)})" if self.with_args else ""
        out = f"{self.check}: call {self.call} resolves to the template at {self.template or '?'}{args}"
        return out + (f"; without it: {self.without}" if self.without else "")


_DIAG = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<level>warning|error|note): "
                   r"(?P<msg>.*?)(?: \[(?P<check>[^\]]+)\])?$")
_TEMPLATE_NOTE = "the template the call resolves to"
_CALL_NOTE = re.compile(r"^this call resolves to the template(?: \(with (?P<args>.*)\))?$")
_RESOLVES_NOTE = re.compile(r"^without the template, the call would resolve to (?:the template )?"
                            r"'(?P<sig>.*)'(?: \(with .*\))?$")
_BUILTIN_NOTE = re.compile(r"^without the template, the call would use the (?P<op>built-in .*)$")
_AMBIGUOUS_NOTE = "without the template, the call would be ambiguous"
_NO_VIABLE_NOTE = "without the template, the call would have no viable function"


def _without_note(msg, loc):
    """The Without a note states, or None if it is not a without-note."""
    if m := _RESOLVES_NOTE.match(msg):
        return Without("resolves", loc, m["sig"])
    if m := _BUILTIN_NOTE.match(msg):
        return Without("builtin", text=m["op"])
    if msg == _AMBIGUOUS_NOTE:
        return Without("ambiguous")
    if msg == _NO_VIABLE_NOTE:
        return Without("no-viable")
    return None


def template_args(text):
    """("int", "gnn::Graph") from `T = int, U = gnn::Graph`: values split at
    top-level commas (`std::map<int, int>` is one value); None if the text
    is not such a list."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    values = []
    for part in parts:
        name, eq, value = part.partition("=")
        if not eq:
            return None
        values.append(value.strip())
    return tuple(values)


def _diagnostics(text, cwd):
    """clang-tidy's output as [(check, loc, message, [(loc, note)])], one
    entry per warning (or error), its notes attached."""
    out = []
    for line in text.splitlines():
        m = _DIAG.match(line)
        if not m:
            continue  # source excerpts, carets, summaries
        loc = Loc(locations.norm_path(m["file"], cwd), int(m["line"]), int(m["col"]))
        if m["level"] == "note":
            if out:
                out[-1][3].append((loc, m["msg"]))
        else:
            check = (m["check"] or "").split(",")[0]
            out.append((check, loc, m["msg"], []))
    return out


def parse_tidy_output(text, cwd, cuda_pass=None):
    """The claims in clang-tidy's output (see the module docstring)."""
    claims = []
    for check, loc, _msg, notes in _diagnostics(text, cwd):
        if check == HIJACKED_CALL:
            template, without = None, None
            for nloc, note in notes:
                if note == _TEMPLATE_NOTE:
                    template = nloc
                elif (w := _without_note(note, nloc)) is not None:
                    without = w
            claims.append(Claim(check, loc, template, without, cuda_pass))
        elif check in PER_TEMPLATE_CHECKS:
            calls = []  # [call loc, Without | None, template args] per call note
            for nloc, note in notes:
                if m := _CALL_NOTE.match(note):
                    calls.append([nloc, None, template_args(m["args"]) if m["args"] else None])
                elif (w := _without_note(note, nloc)) is not None and calls:
                    calls[-1][1] = w
            claims.extend(Claim(check, c, loc, w, cuda_pass, args) for c, w, args in calls)
    return claims


def load_claims_json(path, main_file):
    """Claims from a JSON file (see the module docstring)."""
    base = os.path.dirname(os.path.abspath(path))
    with open(path) as f:
        doc = json.load(f)

    def loc(text):
        return locations.parse(text, main_file, base)

    claims = []
    for c in doc["claims"]:
        w = c.get("without")
        if isinstance(w, dict) and "builtin" in w:
            w = Without("builtin", text=f"built-in '{w['builtin']}'")
        elif isinstance(w, dict):
            w = Without("resolves", loc(w["resolves_to"]), w.get("signature", ""))
        elif w is not None:
            if w not in ("ambiguous", "no-viable"):
                raise ValueError(f"{path}: unknown `without` {w!r}")
            w = Without(w)
        claims.append(Claim(c.get("check", HIJACKED_CALL), loc(c["call"]),
                            loc(c["template"]) if c.get("template") else None, w, c.get("pass"),
                            template_args(c["with"]) if c.get("with") else None))
    return claims


def run_clang_tidy(clang_tidy, plugin, checks, file, args, extra=()):
    """clang-tidy's output on one file (the claims' source)."""
    cmd = [clang_tidy, f"--load={plugin}", f"--checks={checks}", "--header-filter=.*", *extra,
           file, "--", *args]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise ToolFailure(f"cannot run {clang_tidy}: {e}")
    # clang-tidy exits non-zero on compile errors only (the file must compile).
    if proc.returncode != 0:
        raise ToolFailure(f"clang-tidy failed ({proc.returncode}) on {file}:\n"
                          f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    return proc.stdout
