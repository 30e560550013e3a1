"""What the CI gate (dispatch_gate.py) and the pre-commit hook
(pre-commit-dispatch-tidy.py) share: the compilation database (nvcc entries
translated, CUDA entries skipped with one line each when no toolkit is
there), the baseline (a file or a file at a git revision), running
dispatch-scan, and the one exit-status contract:

    0 pass, 1 new or grown findings, 2 any tool or input failure.

A failure of a tool or an input raises InputError; the entry points print
its one-line message and exit 2 (never a traceback, never a pass).
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cuda"))
import nvcc_to_clang  # noqa: E402  (the project's one nvcc translator)

PASS, FINDINGS, FAILURE = 0, 1, 2
CUDA_SUFFIXES = (".cu", ".cuh")
EMPTY_BASELINE = {"format": "dispatch-scan-report", "version": 1, "declarations": []}


class InputError(Exception):
    """A tool or an input failed: exit status 2 with this one-line message."""


def entry_point(prog, body):
    """Runs body() and maps InputError (and a missing program) to exit 2."""
    try:
        return body()
    except InputError as e:
        print("%s: error: %s" % (prog, e), file=sys.stderr, flush=True)
        return FAILURE
    except KeyboardInterrupt:
        print("%s: error: interrupted" % prog, file=sys.stderr)
        return FAILURE


# Installed, these scripts are in <variant root>/share/dispatch-tidy/ci of one
# LLVM variant (lib/dispatch-tidy/llvm-<V>/): its tools are beside them.
VARIANT_ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def beside(rel):
    """A file of the installed variant these scripts belong to, or None."""
    p = os.path.join(VARIANT_ROOT, rel)
    return p if os.path.exists(p) else None


def default_scan():
    """dispatch-scan of this variant; else `dispatch-scan` on PATH; else the
    newest `dispatch-scan-<V>` on PATH (the links a dispatch-tidy-llvm<V>
    package or install puts in bin/)."""
    found = beside("bin/dispatch-scan") or shutil.which("dispatch-scan")
    if found:
        return found
    versions = []
    for d in os.environ.get("PATH", "").split(os.pathsep):
        for p in glob.glob(os.path.join(d, "dispatch-scan-[0-9]*")):
            m = re.fullmatch(r"dispatch-scan-(\d+)", os.path.basename(p))
            if m and os.access(p, os.X_OK):
                versions.append((int(m.group(1)), p))
    return max(versions)[1] if versions else "dispatch-scan"


def llvm_bin_of(scan):
    """The bin directory of the LLVM dispatch-scan was built against (its --version)."""
    try:
        out = subprocess.run([scan, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True).stdout
    except OSError:
        return None
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("built against LLVM") and line.endswith(")") and "(" in line:
            return os.path.join(line[line.rindex("(") + 1:-1], "bin")
    return None


def find_tool(path, what):
    """The absolute path of an executable, or InputError naming the option."""
    found = shutil.which(path)
    if not found:
        raise InputError("%s not found: '%s' is not an executable on PATH or a path to one (%s)"
                         % (os.path.basename(path), path, what))
    return found


def run(cmd, capture=False, **kw):
    print("+ " + " ".join(cmd), flush=True)
    try:
        if capture:
            return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
        return subprocess.run(cmd, **kw)
    except OSError as e:
        raise InputError("cannot run %s: %s" % (cmd[0], e.strerror))


def read_json(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise InputError("cannot read %s %s: %s" % (what, path, e.strerror))
    except ValueError as e:
        raise InputError("%s %s is not JSON: %s" % (what, path, e))


def is_cuda_entry(entry):
    args = entry.get("arguments") or entry.get("command", "").split()
    return entry["file"].endswith(CUDA_SUFFIXES) or nvcc_to_clang.is_nvcc(args[0] if args else "")


def cuda_toolkit_ok(cuda_path):
    return os.path.isfile(os.path.join(cuda_path, "include", "cuda_runtime.h"))


def load_database(build, cuda_path, log=print):
    """The entries of BUILD/compile_commands.json, nvcc ones translated.
    Without a CUDA toolkit at cuda_path, CUDA entries are dropped with one
    line each (they cannot be parsed; they are not passed either: the line
    says what was not checked). An empty result is an InputError."""
    path = os.path.join(build, "compile_commands.json")
    entries = read_json(path, "compilation database")
    if not isinstance(entries, list) or not all(
            isinstance(e, dict) and "file" in e and "directory" in e for e in entries):
        raise InputError("compilation database %s is not a list of {directory, file, ...} entries" % path)
    if not entries:
        raise InputError("compilation database %s has no entries" % path)
    kept = []
    have_cuda = cuda_toolkit_ok(cuda_path)
    for e in entries:
        if is_cuda_entry(e) and not have_cuda:
            log("dispatch-tidy: skipped %s: no CUDA toolkit at %s (set cuda-path / --cuda-path to "
                "a directory with include/cuda_runtime.h); this file was NOT checked"
                % (os.path.relpath(os.path.join(e["directory"], e["file"])), cuda_path))
            continue
        kept.append(e)
    if not kept:
        raise InputError("nothing to check: every entry of %s was skipped" % path)
    return nvcc_to_clang.translate_database(kept, cuda_path=cuda_path)


def write_database(entries, directory):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return directory


def validate_baseline(doc, where):
    if not isinstance(doc, dict) or doc.get("format") not in ("dispatch-scan-report", "dispatch-scan-facts") \
            or not isinstance(doc.get("declarations"), list):
        raise InputError("baseline %s is not a dispatch-scan report or facts file "
                         "(write one with --update-baseline)" % where)
    return doc


def load_baseline(path, ref, root, required, out_path, log=print):
    """Writes the baseline to out_path and returns out_path, or None when
    there is none and none is required. With ref, the baseline is the file
    at that git revision (the pull request's base branch), so a change
    cannot accept its own findings."""
    if ref:
        res = subprocess.run(["git", "-C", root, "show", "%s:%s" % (ref, path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if res.returncode != 0:
            if required:
                raise InputError("no baseline %s at revision %s: %s"
                                 % (path, ref, res.stderr.strip().splitlines()[-1] if res.stderr.strip() else "git failed"))
            log("dispatch-tidy: warning: no baseline %s at %s; every finding counts as new" % (path, ref))
            return None
        try:
            doc = json.loads(res.stdout)
        except ValueError as e:
            raise InputError("baseline %s at %s is not JSON: %s" % (path, ref, e))
        where = "%s:%s" % (ref, path)
    else:
        full = path if os.path.isabs(path) else os.path.join(root, path)
        if not os.path.exists(full):
            if required:
                raise InputError("no baseline at %s (--require-baseline; write one with --update-baseline)"
                                 % full)
            log("dispatch-tidy: warning: no baseline at %s; every finding counts as new "
                "(pass --require-baseline to make this an error)" % full)
            return None
        doc = read_json(full, "baseline")
        where = full
    validate_baseline(doc, where)
    with open(out_path, "w") as f:
        json.dump(doc, f)
    return out_path


def compare(scan, facts, baseline, log=print):
    """dispatch-scan report --baseline --fail-on-new: True when nothing is
    new or grown. The diff (with the new dependent sites of a grown
    declaration) is printed."""
    if baseline is None:
        baseline = facts + ".empty-baseline.json"
        with open(baseline, "w") as f:
            json.dump(EMPTY_BASELINE, f)
    res = run([scan, "report", facts, "--baseline", baseline, "--fail-on-new", "-o", os.devnull],
              capture=True)
    log(res.stdout.rstrip())
    if res.returncode == 0:
        return True
    if res.returncode == 1:
        return False
    raise InputError("dispatch-scan report --baseline failed (exit %d)" % res.returncode)


def collect(scan, db, root, jobs, facts, files=(), extra=()):
    res = run([scan, "collect", "-p", db, "--root", root, "-j", str(jobs), "--no-progress",
               "-o", facts] + list(extra) + list(files))
    if res.returncode == 2:
        raise InputError("dispatch-scan collect: a translation unit crashed the scan (see above)")
    if res.returncode != 0:
        raise InputError("dispatch-scan collect failed (exit %d)" % res.returncode)
    doc = read_json(facts, "facts")
    broken = [t for t in doc.get("tus", []) if t.get("compile_errors")]
    return doc, broken


def unique_warnings(text):
    """clang-tidy's dispatch-* warnings, once per location and check (a
    header's warning is printed by every TU that includes it)."""
    seen, out = set(), []
    for line in text.splitlines():
        if "warning:" in line and "[dispatch-" in line and line not in seen:
            seen.add(line)
            out.append(line)
    return out
