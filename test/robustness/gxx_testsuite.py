#!/usr/bin/env python3
"""The plugin must never crash clang-tidy: run it over GCC's C++ testsuite.

GCC's g++.dg is some 15,000 small C++ files, many ill-formed on purpose
(error recovery, diagnostics) and many exercising corners of the language
that real projects rarely reach. Every selected file is run through
clang-tidy twice:

  ours      clang-tidy --load=PLUGIN --checks=-*,dispatch-* --config={}
            (the trimmed pipeline, as users run it; --full-pipeline passes
            --config={CheckOptions: {TraverseProjectCodeOnly: false}} instead)
  baseline  the same clang-tidy without the plugin, --checks=-*,<one cheap
            built-in check> (readability-else-after-return by default: an
            AST-matcher check, so the baseline goes through clang-tidy's
            matcher traversal as ours does, but one so narrow that it adds
            almost nothing to the parse and has no known crash of its own)

Each run is classified ok, errors (compile errors only: clang-tidy exit 1
with "error:" lines, normal here), crash (killed by a signal, or clang's crash
banner / an assertion / LLVM ERROR in the output), hang (over --timeout) or
tool-error (non-zero exit without any error diagnostic: a broken command line
or configuration, which would otherwise hide as "errors"). A failure is
attributable to the plugin when ours crashed or hung and the baseline did
neither.

The testsuite comes from Debian's gcc-12-source (a tarball under
/usr/src/gcc-12/); only gcc/testsuite/g++.dg is extracted, into a cache
directory under /tmp. --testsuite DIR uses an unpacked g++.dg instead.

Flags come from each file's dg-options / dg-additional-options and from the
C++ level its dg-do target selector asks for, through the small tables
below; GCC-only flags are dropped. Writes OUT/summary.json, OUT/summary.md,
OUT/runs.jsonl (one line per file, written as the run goes) and, for each
attributable failure, OUT/failures/NNNN-<name>.txt (command, output head,
stack). The plugin is copied into OUT first, so a rebuild during the run does
not change what is tested.

Exit status: 0 nothing attributable; 1 something attributable; 77 no
testsuite found (ctest's SKIP_RETURN_CODE); 2 usage errors.
"""
import argparse
import concurrent.futures
import glob
import hashlib
import json
import os
import random
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import threading
import time

SKIP = 77
MEMBER_DIR = "gcc/testsuite/g++.dg"
SUFFIXES = (".C", ".cc", ".cpp")
DEFAULT_TARBALLS = ["/usr/src/gcc-12/gcc-*.tar.*", "/usr/src/gcc-*/gcc-*.tar.*"]
DEFAULT_CACHE = "/tmp/dispatch-tidy-gxx-testsuite"

# ---------------------------------------------------------------------------
# Flag tables (data). GCC spells C++ levels as -std=(c|gnu)++NN; clang 16
# accepts all of them but c++23/gnu++23 (it knows c++2b) and c++26.
STD_LEVEL = {  # GCC's spelling of a level -> clang 16's
    "98": "98", "03": "03", "0x": "11", "11": "11", "1y": "14", "14": "14",
    "1z": "17", "17": "17", "2a": "20", "20": "20", "2b": "2b", "23": "2b",
}
# dg-do target selectors naming a level: c++NN (at least NN), c++NN_only,
# c++NN_down (at most NN), "concepts" (C++20 or -fconcepts, clang: C++20).
LEVEL_ORDER = ["98", "11", "14", "17", "20", "2b"]
SELECTOR_LEVEL = {"98": "98", "03": "98", "11": "11", "0x": "11", "14": "14", "1y": "14",
                  "17": "17", "1z": "17", "20": "20", "2a": "20", "23": "2b", "2b": "2b"}
DEFAULT_LEVEL = "17"  # GCC 12's and clang 16's default; GCC's testsuite runs c++NN, not gnu++NN
# Flags given to clang unchanged: those that change what parses. Everything
# else (-O*, -g*, -W*, -m*, -fdump-*, --param, -fmodules-ts, ...) is dropped;
# in particular -fconcepts / -fconcepts-ts (clang has no Concepts TS).
KEEP_PREFIXES = ("-D", "-U", "-I")
KEEP_FLAGS = {
    "-fno-exceptions", "-fexceptions", "-fno-rtti", "-frtti", "-fchar8_t", "-fno-char8_t",
    "-fsized-deallocation", "-fno-sized-deallocation", "-faligned-new", "-fno-aligned-new",
    "-fno-threadsafe-statics", "-fms-extensions", "-funsigned-char", "-fsigned-char",
    "-fshort-wchar", "-fno-operator-names", "-fopenmp", "-fopenmp-simd", "-fno-access-control",
    "-fno-elide-constructors", "-pedantic", "-pedantic-errors", "-trigraphs", "-fno-gnu-keywords",
}
ALIASES = {"-ansi": "-std=c++98"}

DG_OPTIONS = re.compile(r"\{\s*dg-(?:additional-)?options\s+(\"[^\"]*\"|\{[^}]*\}|\S+)")
DG_DO = re.compile(r"\{\s*dg-do\s+\w+\s*\{\s*target\s+(.*?)\}\s*\}")
SELECTOR = re.compile(r"(!\s*)?\bc\+\+(\w\w)(_only|_down)?\b|\bconcepts\b")
STD_FLAG = re.compile(r"^-std=(c|gnu)\+\+(\w\w)$")

# Crash signatures at the start of a line: clang's crash handler, glibc's
# assert, LLVM's fatal errors. (Anchored so that a test's own source line
# quoted in a diagnostic cannot match.)
CRASH_TEXT = re.compile(r"^(PLEASE submit a bug report|Stack dump:|LLVM ERROR:|"
                        r"\S.*: Assertion `.*' failed\.$|UNREACHABLE executed)", re.M)
ERROR_LINE = re.compile(r"^[^\n]*\berror: ", re.M)
FINDING = re.compile(r"^[^\n]*: warning: .*\[dispatch-[a-z-]+\]$", re.M)
BAD = ("crash", "hang")


def level_of(selector, default_level=DEFAULT_LEVEL):
    """The C++ level a dg-do target selector asks for, or None."""
    for m in SELECTOR.finditer(selector):
        if m.group(0) == "concepts":
            return "20"
        lvl = SELECTOR_LEVEL.get(m.group(2))
        if lvl is None:
            continue
        i = LEVEL_ORDER.index(lvl)
        if m.group(1):  # ! c++NN: below NN
            return LEVEL_ORDER[max(i - 1, 0)]
        if m.group(3):  # _only, _down: exactly / at most NN
            return lvl
        return LEVEL_ORDER[max(i, LEVEL_ORDER.index(default_level))]
    return None


def derive_flags(text, default_level=DEFAULT_LEVEL):
    """(clang flags, dropped GCC flags) for one test file's dg- directives."""
    std, keep, dropped = None, [], []
    for m in DG_OPTIONS.finditer(text):
        for opt in m.group(1).strip('"{}').split():
            opt = ALIASES.get(opt, opt)
            sm = STD_FLAG.match(opt)
            if sm:
                lvl = STD_LEVEL.get(sm.group(2))
                if lvl:
                    std = "-std=%s++%s" % (sm.group(1), lvl)
                else:
                    dropped.append(opt)
            elif opt in KEEP_FLAGS or (opt.startswith(KEEP_PREFIXES) and len(opt) > 2):
                keep.append(opt)
            else:
                dropped.append(opt)
    if std is None:
        m = DG_DO.search(text)
        std = "-std=c++" + ((m and level_of(m.group(1), default_level)) or default_level)
    return [std] + keep, dropped


# ---------------------------------------------------------------------------
def find_tarball(explicit):
    if explicit:
        return explicit if os.path.isfile(explicit) else None
    for pattern in DEFAULT_TARBALLS:
        hits = sorted(glob.glob(pattern))
        if hits:
            return hits[-1]
    return None


def extract(tarball, cache):
    """Extracts only */gcc/testsuite/g++.dg from the tarball into the cache
    (once; a stamp names the tarball). Returns the g++.dg directory."""
    key = hashlib.sha256(("%s:%d" % (os.path.realpath(tarball), os.path.getsize(tarball)))
                         .encode()).hexdigest()[:12]
    dest = os.path.join(cache, key)
    target = os.path.join(dest, "g++.dg")
    if os.path.isfile(os.path.join(dest, "stamp")):
        return target
    os.makedirs(cache, exist_ok=True)
    tmp = "%s.tmp-%d" % (dest, os.getpid())
    print("extracting %s from %s into %s ..." % (MEMBER_DIR, tarball, dest), file=sys.stderr)
    t0 = time.time()
    n = 0
    with tarfile.open(tarball, "r|*") as tar:
        for member in tar:
            parts = member.name.split("/")
            # <top>/gcc/testsuite/g++.dg/...; regular files only, no links.
            if len(parts) < 5 or "/".join(parts[1:4]) != MEMBER_DIR or not member.isfile():
                continue
            rel = parts[4:]
            if any(p in ("", ".", "..") for p in rel):
                continue
            out = os.path.join(tmp, "g++.dg", *rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with tar.extractfile(member) as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst)
            n += 1
    if n == 0:
        shutil.rmtree(tmp, ignore_errors=True)
        raise SystemExit("no %s in %s" % (MEMBER_DIR, tarball))
    with open(os.path.join(tmp, "stamp"), "w") as f:
        f.write("%s\n%d files\n" % (tarball, n))
    try:
        os.rename(tmp, dest)
    except OSError:  # another run finished first
        shutil.rmtree(tmp, ignore_errors=True)
    print("extracted %d files in %.0f s" % (n, time.time() - t0), file=sys.stderr)
    return target


def select(root, pattern, sample, seed):
    files = []
    for d, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(SUFFIXES):
                files.append(os.path.relpath(os.path.join(d, name), root))
    files.sort()
    if pattern:
        rx = re.compile(pattern)
        files = [f for f in files if rx.search(f)]
    if sample and sample < len(files):
        files = sorted(random.Random(seed).sample(files, sample))
    return files


# ---------------------------------------------------------------------------
def run(cmd, cwd, timeout):
    """(class, returncode, seconds, output)."""
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        hung = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        hung = True
    secs = time.monotonic() - t0
    text = out.decode("utf-8", "replace")
    rc = proc.returncode
    if hung:
        cls = "hang"
    elif rc < 0 or CRASH_TEXT.search(text):
        cls = "crash"
    elif rc == 0:
        cls = "ok"
    elif ERROR_LINE.search(text):
        cls = "errors"
    else:
        cls = "tool-error"
    return cls, rc, secs, text


def stack_excerpt(text, lines=30):
    """The crash banner and the first frames of the stack dump."""
    out = text.splitlines()
    for i, line in enumerate(out):
        if CRASH_TEXT.match(line):
            return "\n".join(out[i:i + lines])
    return "\n".join(out[-lines:])


def markdown(summary):
    c = summary["counts"]
    def pair(k):
        return "%d / %d" % (c["ours"].get(k, 0), c["baseline"].get(k, 0))
    rows = [
        "| files | ok (ours / baseline) | errors only | crashes ours / baseline | "
        "hangs ours / baseline | tool errors | attributable | wall time |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        "| %d | %s | %s | %s | %s | %s | %d | %s |" % (
            summary["files"], pair("ok"), pair("errors"), pair("crash"), pair("hang"),
            pair("tool-error"), len(summary["attributable"]), fmt_secs(summary["wall_seconds"])),
    ]
    text = ["# dispatch-tidy over GCC's g++.dg", "",
            "Pipeline: %s; default -std=c++%s; baseline check: `%s`; timeout %d s; -j %d; "
            "plugin sha256 %s." % (
                summary["pipeline"], summary["default_std"], summary["baseline_check"], summary["timeout"],
                summary["jobs"], summary["plugin_sha256"][:16]), "", *rows, "",
            "The checks reported %d dispatch-* findings along the way. Sum of run times: ours "
            "%.0f s, baseline %.0f s." % (summary["dispatch_findings"], summary["seconds_ours"],
                                          summary["seconds_baseline"]),
            ""]
    if summary["attributable"]:
        text += ["## Attributable to the plugin", ""]
        for a in summary["attributable"]:
            text += ["- `%s`: ours %s (rc %s), baseline %s; details in `%s`" % (
                a["file"], a["ours"], a["ours_rc"], a["baseline"], a["log"])]
        text.append("")
    both = summary["baseline_fails_too"]
    if both:
        text += ["## Crashes and hangs the baseline has too (clang's, not attributable)", ""]
        text += ["- `%s`: ours %s, baseline %s" % (b["file"], b["ours"], b["baseline"]) for b in both]
        text.append("")
    if summary["class_differs"]:
        text += ["## Other differences between ours and the baseline", ""]
        text += ["- `%s`: ours %s, baseline %s" % (d["file"], d["ours"], d["baseline"])
                 for d in summary["class_differs"][:50]]
        text.append("")
    return "\n".join(text)


def fmt_secs(s):
    s = int(round(s))
    return "%d:%02d:%02d" % (s // 3600, s % 3600 // 60, s % 60) if s >= 3600 else \
        "%d:%02d" % (s // 60, s % 60)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--testsuite", help="an unpacked g++.dg directory (default: extract it)")
    ap.add_argument("--tarball", help="GCC source tarball (default: /usr/src/gcc-12/gcc-*.tar.*)")
    ap.add_argument("--cache", default=DEFAULT_CACHE, help="where g++.dg is extracted")
    ap.add_argument("--clang-tidy", default="/usr/lib/llvm-16/bin/clang-tidy")
    ap.add_argument("--plugin", required=True, help="libDispatchTidy.so")
    ap.add_argument("--out", default="/tmp/dispatch-tidy-gxx-out")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="clang-tidy processes at a time")
    ap.add_argument("--timeout", type=float, default=30, help="seconds per clang-tidy run")
    ap.add_argument("--sample", type=int, default=0, help="a deterministic subset of N files")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--filter", help="only files whose path under g++.dg matches this regex")
    ap.add_argument("--full-pipeline", action="store_true",
                    help="TraverseProjectCodeOnly: false (clang-tidy's whole pipeline)")
    ap.add_argument("--baseline-check", default="readability-else-after-return")
    ap.add_argument("--default-std", default=DEFAULT_LEVEL, choices=LEVEL_ORDER,
                    help="C++ level for files that name none (GCC runs most at 98, 14, 17, 20)")
    ap.add_argument("--memory-limit-mb", type=int, default=8192,
                    help="address-space limit for every clang-tidy (0: none)")
    a = ap.parse_args()

    if a.testsuite:
        root = a.testsuite
        if not os.path.isdir(root):
            print("skipped: no testsuite directory %s" % root, file=sys.stderr)
            return SKIP
    else:
        tarball = find_tarball(a.tarball)
        if not tarball:
            print("skipped: no GCC source tarball (apt-get install gcc-12-source)", file=sys.stderr)
            return SKIP
        root = extract(tarball, a.cache)
    root = os.path.abspath(root)
    for tool in (a.clang_tidy, a.plugin):
        if not os.path.isfile(tool):
            print("error: %s not found" % tool, file=sys.stderr)
            return 2

    files = select(root, a.filter, a.sample, a.seed)
    if not files:
        print("error: no test files selected", file=sys.stderr)
        return 2
    os.makedirs(os.path.join(a.out, "failures"), exist_ok=True)
    for old in glob.glob(os.path.join(a.out, "failures", "*.txt")):
        os.remove(old)
    plugin = os.path.join(a.out, "libDispatchTidy.so")
    shutil.copyfile(a.plugin, plugin)
    with open(plugin, "rb") as f:
        plugin_sha = hashlib.sha256(f.read()).hexdigest()
    if a.memory_limit_mb:
        limit = a.memory_limit_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))  # inherited by every child

    config = "{CheckOptions: {TraverseProjectCodeOnly: false}}" if a.full_pipeline else "{}"
    ours_base = [a.clang_tidy, "--load=" + plugin, "--checks=-*,dispatch-*", "--config=" + config]
    base_base = [a.clang_tidy, "--checks=-*," + a.baseline_check, "--config={}"]

    def job(rel, which):
        path = os.path.join(root, rel)
        with open(path, encoding="utf-8", errors="replace") as f:
            flags, dropped = derive_flags(f.read(), a.default_std)
        cmd = (ours_base if which == "ours" else base_base) + [path, "--"] + flags
        cls, rc, secs, text = run(cmd, os.path.dirname(path), a.timeout)
        return rel, which, cmd, flags, dropped, cls, rc, secs, text

    findings = [0]
    counts = {"ours": {}, "baseline": {}}
    per_file = {}
    attributable, both, differs, entries = [], [], [], []
    dropped_count = {}
    lock = threading.Lock()
    t0 = time.monotonic()
    done = 0
    runs_log = open(os.path.join(a.out, "runs.jsonl"), "w")
    print("%d files, %s pipeline, -j %d, timeout %g s, plugin %s" % (
        len(files), "full" if a.full_pipeline else "trimmed", a.jobs, a.timeout, plugin),
        file=sys.stderr)

    def finish(rel):
        r = per_file.pop(rel)
        o, b = r["ours"], r["baseline"]
        counts["ours"][o["class"]] = counts["ours"].get(o["class"], 0) + 1
        counts["baseline"][b["class"]] = counts["baseline"].get(b["class"], 0) + 1
        entry = {"file": rel, "flags": r["flags"], "ours": o["class"], "ours_rc": o["rc"],
                 "ours_s": round(o["secs"], 2), "baseline": b["class"], "baseline_rc": b["rc"],
                 "baseline_s": round(b["secs"], 2)}
        if o["class"] in BAD and b["class"] not in BAD:
            n = len(attributable) + 1
            log = os.path.join(a.out, "failures", "%04d-%s.txt" % (
                n, re.sub(r"[^A-Za-z0-9_.-]", "_", rel)))
            with open(log, "w") as f:
                f.write("file: %s\nclass: ours %s (rc %s, %.1f s), baseline %s (rc %s, %.1f s)\n"
                        % (os.path.join(root, rel), o["class"], o["rc"], o["secs"], b["class"],
                           b["rc"], b["secs"]))
                f.write("command (cwd %s):\n  %s\nbaseline:\n  %s\n\n" % (
                    os.path.dirname(os.path.join(root, rel)), shlex.join(o["cmd"]),
                    shlex.join(b["cmd"])))
                f.write("--- stack ---\n%s\n\n--- output (head) ---\n%s\n" % (
                    stack_excerpt(o["text"]) if o["class"] == "crash" else "(timeout)",
                    "\n".join(o["text"].splitlines()[:80])))
            attributable.append(dict(entry, log=log))
            print("ATTRIBUTABLE: %s: ours %s, baseline %s" % (rel, o["class"], b["class"]),
                  file=sys.stderr)
        elif o["class"] in BAD or b["class"] in BAD:
            both.append(entry)
        elif o["class"] != b["class"]:
            differs.append(entry)
        entries.append(entry)
        runs_log.write(json.dumps(entry) + "\n")
        runs_log.flush()

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        futures = [pool.submit(job, rel, which) for rel in files for which in ("ours", "baseline")]
        for fut in concurrent.futures.as_completed(futures):
            rel, which, cmd, flags, dropped, cls, rc, secs, text = fut.result()
            with lock:
                r = per_file.setdefault(rel, {"flags": flags})
                keep = text if cls in BAD else ""
                r[which] = {"cmd": cmd, "class": cls, "rc": rc, "secs": secs, "text": keep}
                if which == "ours":
                    findings[0] += len(FINDING.findall(text))
                    for d in dropped:
                        dropped_count[d] = dropped_count.get(d, 0) + 1
                if "ours" in r and "baseline" in r:
                    finish(rel)
                    done += 1
                    if done % 250 == 0 or done == len(files):
                        el = time.monotonic() - t0
                        print("[%d/%d %s] ours %s | baseline %s | attributable %d" % (
                            done, len(files), fmt_secs(el), json.dumps(counts["ours"]),
                            json.dumps(counts["baseline"]), len(attributable)), file=sys.stderr)
    runs_log.close()
    wall = time.monotonic() - t0

    summary = {
        "testsuite": root, "files": len(files), "sample": a.sample, "seed": a.seed,
        "filter": a.filter, "pipeline": "full" if a.full_pipeline else "trimmed",
        "default_std": a.default_std,
        "baseline_check": a.baseline_check, "timeout": a.timeout, "jobs": a.jobs,
        "clang_tidy": a.clang_tidy, "plugin": plugin, "plugin_source": os.path.abspath(a.plugin),
        "plugin_sha256": plugin_sha, "wall_seconds": round(wall, 1), "counts": counts,
        "dispatch_findings": findings[0],
        "attributable": attributable, "baseline_fails_too": both, "class_differs": differs,
        "seconds_ours": round(sum(e["ours_s"] for e in entries), 1),
        "seconds_baseline": round(sum(e["baseline_s"] for e in entries), 1),
        "slowest_ours": sorted(entries, key=lambda e: -e["ours_s"])[:10],
        "dropped_flags": dict(sorted(dropped_count.items(), key=lambda kv: -kv[1])[:40]),
    }
    with open(os.path.join(a.out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    md = markdown(summary)
    with open(os.path.join(a.out, "summary.md"), "w") as f:
        f.write(md + "\n")
    print(md)
    return 1 if attributable else 0


if __name__ == "__main__":
    sys.exit(main())
