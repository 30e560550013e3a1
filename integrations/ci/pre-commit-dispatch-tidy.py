#!/usr/bin/env python3
"""pre-commit hook: the dispatch-tidy gate on the staged files.

    pre-commit-dispatch-tidy.py [-p BUILD] [--baseline dispatch-baseline.json]
                                [--require-baseline] [--scan dispatch-scan]
                                [--cuda-path DIR] [-j N] FILES...

The translation units checked are the staged sources the compilation
database knows plus, for each staged header, every TU of the database that
includes it (the compiler's own dependency list, `-M`). dispatch-scan
collects their facts and compares them with the baseline as the CI gate
does: findings the baseline accepts pass, new or grown ones fail. Without a
baseline file every finding fails (--require-baseline: exit 2 instead).

Exit status: 0 pass, 1 new or grown findings, 2 a tool or an input failed.
"""
import argparse
import concurrent.futures
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dispatch_ci as ci  # noqa: E402

# Options whose next argument is an output file or a dependency target.
_DROP_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ"}
_DROP = {"-c", "-MD", "-MMD", "-MP", "-M", "-MM"}


def dependencies(entry):
    """Real paths of every file the entry's TU includes (`-M`)."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    cmd = [args[0]]
    i = 1
    while i < len(args):
        a = args[i]
        if a in _DROP_WITH_VALUE:
            i += 2
            continue
        if a not in _DROP and not a.startswith(("-o", "-MF", "-MT", "-MQ")):
            cmd.append(a)
        i += 1
    if ci.is_cuda_entry(entry) and "clang" in os.path.basename(cmd[0]):
        cmd.append("--cuda-host-only")
    cmd += ["-M", "-w"]
    try:
        res = subprocess.run(cmd, cwd=entry["directory"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    except OSError as e:
        raise ci.InputError("cannot run %s for the includes of %s: %s" % (cmd[0], entry["file"], e.strerror))
    if res.returncode != 0:
        raise ci.InputError("%s -M failed for %s: %s" % (
            cmd[0], entry["file"], (res.stderr.strip().splitlines() or ["?"])[0]))
    text = res.stdout.replace("\\\n", " ")
    deps = set()
    for rule in text.splitlines():
        if ":" not in rule:
            continue
        words = rule.split(":", 1)[1].replace("\\ ", "\0").split()
        deps.update(os.path.realpath(os.path.join(entry["directory"], w.replace("\0", " "))) for w in words)
    return deps


def tus_for(entries, files, jobs):
    """Main files of the database to check for the staged files."""
    by_path = {os.path.realpath(os.path.join(e["directory"], e["file"])): e for e in entries}
    staged = {os.path.realpath(f) for f in files}
    chosen = {p for p in staged if p in by_path}
    headers = staged - chosen
    if headers:
        with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
            for path, deps in zip(by_path, pool.map(dependencies, by_path.values())):
                if deps & headers:
                    chosen.add(path)
    return sorted(os.path.join(by_path[p]["directory"], by_path[p]["file"]) for p in chosen)


def hook(a):
    scan = ci.find_tool(a.scan, "install dispatch-tidy or pass --scan")
    root = os.path.abspath(a.root)
    entries = ci.load_database(a.build, a.cuda_path)
    tus = tus_for(entries, a.files, a.j)
    if not tus:
        return ci.PASS
    with tempfile.TemporaryDirectory() as tmp:
        baseline = ci.load_baseline(a.baseline, None, root, a.require_baseline,
                                    os.path.join(tmp, "baseline.json"))
        db = ci.write_database(entries, os.path.join(tmp, "db"))
        facts = os.path.join(tmp, "facts.json")
        print("dispatch-tidy: checking %d translation units: %s"
              % (len(tus), " ".join(os.path.relpath(t, root) for t in tus)))
        _, broken = ci.collect(scan, db, root, a.j, facts, files=tus)
        for tu in broken:
            print("dispatch-tidy: %s: %d compile errors; its findings are incomplete"
                  % (tu["file"], tu["compile_errors"]))
        if ci.compare(scan, facts, baseline):
            return ci.PASS
        print("dispatch-tidy: new or grown widening declarations (above); fix them, or accept "
              "them in %s (dispatch_gate.py --update-baseline)" % a.baseline)
        return ci.FINDINGS


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-p", dest="build", default="build")
    ap.add_argument("--baseline", default="dispatch-baseline.json", help="relative to --root")
    ap.add_argument("--require-baseline", action="store_true")
    ap.add_argument("--root", default=os.getcwd())
    ap.add_argument("--scan", default=os.environ.get("DISPATCH_SCAN") or ci.default_scan(),
                    help="default: the installed variant's dispatch-scan, else the one on PATH")
    ap.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    return ci.entry_point("dispatch-tidy", lambda: hook(a))


if __name__ == "__main__":
    sys.exit(main())
