#!/usr/bin/env python3
"""Benchmark: what dispatch-clangd adds per keystroke-sized edit, on a
cuda_ref source (src/cpu/workload.cpp of the seeded build, which has a
dispatch-hijacked-call finding) through cuda_ref's own compilation database.

For --edits edits (one character typed into a comment, full-text didChange,
waiting for each to settle), measured from sending the edit:
  - plain clangd-16: until its publishDiagnostics for that version;
  - dispatch-clangd: until clangd's diagnostics for that version reach the
    editor through the proxy (the relay's cost), and until our dispatch-*
    diagnostics for that version are published (with --dispatch-debounce-ms=0,
    so the figure is the checks' own time; the default debounce adds 300 ms
    of waiting for the typing to stop).
Both servers run in the same invocation, alternating, so that machine noise
hits them alike. Prints a Markdown table (docs/performance.md).

    clangd_latency.py --build build [--edits 20]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "test", "integrations"))
sys.path.insert(0, os.path.join(ROOT, "integrations", "cuda"))
from lsp_client import LspClient  # noqa: E402
import nvcc_to_clang  # noqa: E402


def session(cmd, db, path, edits, ours):
    c = LspClient(cmd + ["--compile-commands-dir=" + db, "--log=error", "--background-index=false"])
    c.initialize(os.path.dirname(path))
    uri = "file://" + path
    text = open(path).read() + "\n// "
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": 1, "text": text}})
    c.diagnostics(uri, lambda ds: (not ours) or any(d.get("source") == "dispatch-tidy" for d in ds), 120)
    relay, mine = [], []
    for v in range(2, edits + 2):
        text += "x"
        t0 = time.monotonic()
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                            "contentChanges": [{"text": text}]})
        t1, _ = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                       and m["params"].get("version") == v, 120, "publish v%d" % v)
        relay.append(t1 - t0)
        if ours:
            t2, _ = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"].get("version") == v
                           and any(d.get("source") == "dispatch-tidy" for d in m["params"]["diagnostics"]),
                           120, "our publish v%d" % v)
            mine.append(max(t2, t1) - t0)
    rid = c.request("shutdown", None)
    c.response(rid)
    c.notify("exit", None)
    c.close()
    return relay, mine


def ms(xs):
    xs = sorted(xs)
    return "%.0f / %.0f" % (1000 * statistics.median(xs), 1000 * xs[int(0.9 * (len(xs) - 1))])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--edits", type=int, default=20)
    ap.add_argument("--work", default="/tmp/dispatch-clangd-latency")
    a = ap.parse_args()
    build = os.path.join(a.work, "cuda_ref")
    subprocess.run(["cmake", "-S", os.path.join(ROOT, "cuda_ref"), "-B", build, "-G", "Ninja",
                    "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DCUDA_REF_SEEDED=ON"],
                   check=True, stdout=subprocess.DEVNULL)
    db = os.path.join(a.work, "db")
    os.makedirs(db, exist_ok=True)
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = nvcc_to_clang.translate_database(json.load(f))
    with open(os.path.join(db, "compile_commands.json"), "w") as f:
        json.dump(entries, f)
    path = os.path.join(ROOT, "cuda_ref", "src", "cpu", "workload.cpp")
    clangd = "/usr/lib/llvm-16/bin/clangd"
    proxy = [os.path.join(a.build, "bin", "dispatch-clangd"), "--clangd=" + clangd, "--dispatch-debounce-ms=0"]
    plain, relay, ours = [], [], []
    half = max(1, a.edits // 2)
    for _ in range(2):  # alternate: plain, proxy, plain, proxy
        p, _ = session([clangd], db, path, half, False)
        r, o = session(proxy, db, path, half, True)
        plain += p
        relay += r
        ours += o
    print("| %d edits of `src/cpu/workload.cpp` (cuda_ref seeded) | median / p90 ms |" % len(plain))
    print("| --- | ---: |")
    print("| clangd-16 alone: edit → its diagnostics | %s |" % ms(plain))
    print("| dispatch-clangd: edit → clangd's diagnostics relayed | %s |" % ms(relay))
    print("| dispatch-clangd: edit → dispatch-* diagnostics published (debounce 0) | %s |" % ms(ours))
    print()
    print("added by the relay (median): %.0f ms; dispatch-* diagnostics after clangd's (median): %.0f ms"
          % (1000 * (statistics.median(relay) - statistics.median(plain)),
             1000 * (statistics.median(ours) - statistics.median(relay))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
