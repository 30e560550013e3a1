"""Running dispatch-resolve: on the file as written, and with one declaration
deleted.

A deletion blanks the declaration's bytes (newlines kept), in a temporary
copy of each file it touches, compiled in place of the original through
dispatch-resolve's --overlay. Every other byte keeps its offset, line and
column, so a call is found at the same location in both compiles, and file
names stay those of the originals (headers included).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from . import locations
from .locations import Loc


class ToolFailure(Exception):
    """The harness cannot judge (exit status 2)."""


@dataclass(frozen=True)
class Callee:
    name: str
    signature: str
    pattern_signature: str
    key: str
    template_key: str | None
    decl: Loc | None
    redecls: frozenset
    implicit: bool
    system: bool
    template_args: tuple  # printed, for a specialisation of a function template
    builtin: bool = False  # a built-in operator overload resolution chose (no declaration)

    @classmethod
    def from_json(cls, j):
        return cls(j["name"], j["signature"], j["pattern_signature"], j["key"], j["template_key"],
                   locations.from_json(j["decl"]),
                   frozenset(filter(None, map(locations.from_json, j["redecls"]))),
                   j["implicit"], j["system"], tuple(j.get("template_args", ())),
                   j.get("builtin", False))

    def declared_at(self, loc):
        return loc == self.decl or loc in self.redecls


@dataclass(frozen=True)
class Call:
    index: int  # order of the call in dispatch-resolve's output
    kind: str
    begin: Loc | None
    loc: Loc | None
    name: Loc | None
    context: str
    in_instantiation: bool
    implicit_context: bool
    rewritten: bool
    callee: Callee
    semantic_begin: Loc | None = None  # a rewritten comparison's synthesised call
    rewritten_inner: bool = False  # the `==`/`<=>` that overload resolution chose for `!=`, `<`
    args: tuple = ()  # where the arguments start: an argument's conversion error is the call's

    @classmethod
    def from_json(cls, index, j):
        return cls(index, j["kind"], locations.from_json(j["begin"]), locations.from_json(j["loc"]),
                   locations.from_json(j["name"]), j["context"], j["in_instantiation"],
                   j["implicit_context"], j.get("rewritten", False), Callee.from_json(j["callee"]),
                   locations.from_json(j.get("semantic_begin")), j.get("rewritten_inner", False),
                   tuple(filter(None, map(locations.from_json, j.get("args", ())))))

    @property
    def locs(self):
        """Where a diagnostic about this call may point: its start, its
        operator or member name, the callee's name, and for a rewritten
        comparison the start of the call clang synthesised (`id` in a
        reversed `3 == id`)."""
        return {x for x in (self.begin, self.loc, self.name, self.semantic_begin) if x}

    @property
    def site(self):
        """What identifies the call across compiles (offsets do not move)."""
        return (self.begin, self.loc, self.context)

    def at(self, loc):
        return loc in self.locs


@dataclass(frozen=True)
class Range:
    file: str  # normalised, for comparisons
    compiled_as: str  # the path clang opened, for the overlay
    begin: int
    end: int
    role: str
    loc: Loc | None
    begin_loc: Loc | None
    deletable: bool


@dataclass(frozen=True)
class Decl:
    key: str
    name: str
    signature: str
    kind: str
    template: bool
    constrained: bool
    loc: Loc | None
    ranges: tuple

    @classmethod
    def from_json(cls, j):
        ranges = tuple(Range(locations.norm_path(r["file"]), r["file"], r["begin"], r["end"], r["role"],
                             locations.from_json(r["loc"]), locations.from_json(r["begin_loc"]),
                             r["deletable"]) for r in j["ranges"])
        return cls(j["key"], j["name"], j["signature"], j["kind"], j["template"], j["constrained"],
                   locations.from_json(j["loc"]), ranges)

    @property
    def locs(self):
        """Where a claim may point at this declaration: any redeclaration's
        name or first token."""
        return {x for r in self.ranges for x in (r.loc, r.begin_loc) if x}

    def declared_in(self, path):
        return any(r.file == path for r in self.ranges)

    def __str__(self):
        return f"'{self.signature}' ({self.loc})"


@dataclass(frozen=True)
class Error:
    loc: Loc | None
    kind: str  # ambiguous | no-viable | deleted | other
    message: str


@dataclass
class Resolution:
    """One compile, as dispatch-resolve saw it."""
    calls: list
    decls: list
    errors: list
    language: dict = field(default_factory=dict)

    @classmethod
    def from_json(cls, doc):
        return cls([Call.from_json(i, c) for i, c in enumerate(doc["calls"])],
                   [Decl.from_json(d) for d in doc["decls"]],
                   [Error(locations.from_json(e["loc"]), e["kind"], e["message"]) for e in doc["errors"]],
                   doc.get("language") or {})

    def calls_at(self, loc):
        return [c for c in self.calls if c.at(loc)]

    def decls_at(self, loc, template=None):
        return [d for d in self.decls if loc in d.locs and (template is None or d.template == template)]

    def errors_at(self, locs):
        return [e for e in self.errors if e.loc in locs]


def blank(text, ranges):
    """text with every byte of each [begin, end) range but newlines replaced
    by a space: the declaration is gone, every other offset unchanged."""
    out = bytearray(text)
    for begin, end in ranges:
        for i in range(begin, end):
            if out[i] not in b"\r\n":
                out[i] = 0x20
    return bytes(out)


class Resolver:
    """dispatch-resolve for one translation unit: the original compile and
    counterfactual compiles, each without one declaration (cached)."""

    def __init__(self, tool, file, args, keep_temp=False):
        self.tool, self.file, self.args = tool, file, list(args)
        self._temp = None  # made with the first counterfactual source
        self._keep = keep_temp
        self._cache = {}
        self.original = self._run([])
        # Claims about a file that does not compile cannot be judged.
        if self.original.errors:
            raise ToolFailure(f"{locations.display_path(file)} does not compile as written: "
                              + "; ".join(f"{e.loc}: {e.message}" for e in self.original.errors[:3]))

    def close(self):
        if self._temp is None:
            return
        if self._keep:
            print(f"counterfactual: sources kept in {self._temp}", file=sys.stderr)
        else:
            shutil.rmtree(self._temp, ignore_errors=True)

    def without(self, decl):
        """The compile with every declaration of `decl` deleted."""
        if decl.key not in self._cache:
            self._cache[decl.key] = self._run(self._overlays(decl))
        return self._cache[decl.key]

    def _overlays(self, decl):
        if not all(r.deletable for r in decl.ranges):
            raise ToolFailure(f"cannot delete {decl} textually (a declaration shares its declarators)")
        by_file = {}
        for r in decl.ranges:
            by_file.setdefault(r.compiled_as, []).append((r.begin, r.end))
        overlays = []
        if self._temp is None:
            self._temp = tempfile.mkdtemp(prefix="counterfactual-")
        slot = os.path.join(self._temp, str(len(self._cache)))
        os.makedirs(slot)
        for i, (path, ranges) in enumerate(sorted(by_file.items())):
            with open(path, "rb") as f:
                text = f.read()
            copy = os.path.join(slot, f"{i}-{os.path.basename(path)}")
            with open(copy, "wb") as f:
                f.write(blank(text, ranges))
            overlays.append((path, copy))
        return overlays

    def _run(self, overlays):
        cmd = [self.tool] + [f"--overlay={p}={c}" for p, c in overlays] + [self.file, "--"] + self.args
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True)
        except OSError as e:
            raise ToolFailure(f"cannot run {self.tool}: {e}")
        if proc.returncode != 0:
            raise ToolFailure(f"dispatch-resolve failed ({proc.returncode}) on {self.file}:\n{proc.stderr}")
        try:
            return Resolution.from_json(json.loads(proc.stdout))
        except (ValueError, KeyError) as e:
            raise ToolFailure(f"dispatch-resolve printed no valid JSON for {self.file}: {e}")
