#!/usr/bin/env python3
"""dispatch-clangd against the real clangd-16, driven by a scripted client:

initialize; open a file with a widening conversion and an unused variable;
one publishDiagnostics carries clangd's warning and ours; a code action
request returns our quick fix, which applied and compiled keeps the code
building; after the edit our warning disappears while clangd's stays; a
malformed message gets a parse error and the session goes on; clangd killed
mid-session is restarted (the editor is told, the document reopened, requests
answered again); shutdown and exit end the server with status 0. A header
whose conversion two other files use implicitly: with the last scan's facts
(dispatch-facts.json beside the database) the quick fix over every file is
offered first and leaves the project compiling; the buffer-only one says
that other files use the declaration. A .cu file
with CMake's nvcc command line gets our warning and no false clangd error:
clangd reads the database translated (a copy in --dispatch-cache-dir).

    clangd_session.py --proxy BUILD/bin/dispatch-clangd --clangd clangd-16 --clangxx clang++-16 --work DIR
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient, apply_edits  # noqa: E402

SOURCE = """struct Index {
  Index(int bits) : bits(bits) {}
  int bits;
};

int width(Index i) { return i.bits; }

int use() {
  int unused = 0;
  return width(32);
}
"""

NVCC = "/usr/local/cuda/bin/nvcc"
CUDA_SOURCE = """struct Scale {
  __host__ __device__ Scale(float f) : f(f) {}
  float f;
};

__global__ void apply(float *x, Scale s) { x[threadIdx.x] *= s.f; }

void launch(float *x) { apply<<<1, 32>>>(x, 2.0f); }
"""

# A header used by two other files, and once inline by itself (so that the
# header's own buffer shows the finding as effective).
KIND_H = """#pragma once
struct IndexKind {
  IndexKind(int bits) : bits(bits) {}
  int bits;
};
inline int bits_of(IndexKind k) { return k.bits; }
inline int default_bits() { return bits_of(32); }
"""
USERS = {"a.cpp": '#include "kind.h"\nint a() { return bits_of(8); }\n',
         "b.cpp": '#include "kind.h"\nint b() { IndexKind k = 16; return k.bits; }\n'}

from verdicts import check, problems  # noqa: E402


def children(pid):
    with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
        return [int(x) for x in f.read().split()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--proxy", required=True)
    ap.add_argument("--clangd", required=True)
    ap.add_argument("--clangxx", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    src = os.path.join(a.work, "model.cpp")
    with open(src, "w") as f:
        f.write(SOURCE)
    # A CUDA file compiled by nvcc, as CMake writes it: dispatch-clangd
    # translates the command (integrations/cuda/nvcc_to_clang.py).
    cu = os.path.join(a.work, "kernel.cu")
    with open(cu, "w") as f:
        f.write(CUDA_SOURCE)
    entries = [{"directory": a.work, "file": src,
                "arguments": [a.clangxx, "-std=c++17", "-Wall", "-c", src]}]
    kind_h = os.path.join(a.work, "kind.h")
    with open(kind_h, "w") as f:
        f.write(KIND_H)
    for name, text in USERS.items():
        with open(os.path.join(a.work, name), "w") as f:
            f.write(text)
        entries.append({"directory": a.work, "file": os.path.join(a.work, name),
                        "arguments": [a.clangxx, "-std=c++17", "-c", name]})
    if os.path.exists(NVCC):
        entries.append({"directory": a.work, "file": cu,
                        "command": NVCC + " -std=c++17 -arch=sm_80 -x cu -c " + cu + " -o kernel.o"})
    with open(os.path.join(a.work, "compile_commands.json"), "w") as f:
        json.dump(entries, f)
    uri = "file://" + src
    scan = os.path.join(os.path.dirname(a.proxy), "dispatch-scan")
    res = subprocess.run([scan, "collect", "-p", a.work, "--root", a.work, "--no-progress",
                          "-o", os.path.join(a.work, "dispatch-facts.json")], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    check(res.returncode == 0, "dispatch-scan collect writes the facts dispatch-clangd reads", res.stdout)

    cache = os.path.join(a.work, "cache")
    c = LspClient([a.proxy, "--clangd=" + a.clangd, "--dispatch-debounce-ms=50", "--dispatch-cache-dir=" + cache,
                   "--compile-commands-dir=" + a.work, "--log=error", "--background-index=false"])
    init = c.initialize(a.work)
    check("codeActionProvider" in init["result"]["capabilities"], "initialize relays clangd's capabilities")

    opened = time.monotonic()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": 1,
                                                       "text": SOURCE}})

    def both(ds):
        return any(d.get("source") == "dispatch-tidy" for d in ds) and any(
            "unused" in d["message"] for d in ds)

    stamp, msg = c.diagnostics(uri, both)
    # "Settled" = no publish for several times what the first check took:
    # a loaded machine stretches both clangd's and our worker's runs.
    quiet = max(2.0, 3 * (stamp - opened))
    diags = msg["params"]["diagnostics"]
    ours = [d for d in diags if d.get("source") == "dispatch-tidy"]
    check(len(ours) == 1 and ours[0]["code"] == "dispatch-implicit-conversion"
          and ours[0]["range"]["start"] == {"line": 1, "character": 2},
          "one publish holds clangd's warning and dispatch-implicit-conversion at 2:3")

    # The cursor at the end of the diagnostic's line, not on its range.
    eol = {"line": 1, "character": len(SOURCE.splitlines()[1])}
    rid = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {"start": eol, "end": eol},
                                                "context": {"diagnostics": []}})
    actions = c.response(rid)["result"] or []
    fixes = [x for x in actions if x.get("diagnostics", [{}])[0].get("source") == "dispatch-tidy"]
    check(len(fixes) == 1 and fixes[0]["kind"] == "quickfix"
          and fixes[0]["title"] == "make 'Index::Index(int)' explicit and rewrite 1 use",
          "code action anywhere on the line offers our quick fix, titled with what it does",
          json.dumps([x.get("title") for x in actions]))
    fixed = apply_edits(SOURCE, fixes[0]["edit"]["changes"][uri]) if fixes else SOURCE
    check("explicit Index(int bits)" in fixed and "width(Index(32))" in fixed,
          "the fix makes the constructor explicit and rewrites the call")
    fixed_path = os.path.join(a.work, "fixed.cpp")
    with open(fixed_path, "w") as f:
        f.write(fixed)
    res = subprocess.run([a.clangxx, "-std=c++17", "-fsyntax-only", fixed_path], stderr=subprocess.PIPE, text=True)
    check(res.returncode == 0, "the fixed buffer compiles")

    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": fixed}]})
    msg = c.settle(uri, quiet)
    diags = msg["params"]["diagnostics"]
    check(not any(d.get("source") == "dispatch-tidy" for d in diags)
          and any("unused" in d["message"] for d in diags),
          "after the edit ours are gone and clangd's stay")

    # Incremental edits re-introduce the conversion and an implicit use of it
    # (without a use it would be latent, not reported): back in one publish.
    lines = fixed.splitlines()
    call = next(i for i, l in enumerate(lines) if "return width(" in l)
    start = lines[call].index("width(") + len("width(")
    end = lines[call].rindex(")")
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
        {"range": {"start": {"line": call, "character": start}, "end": {"line": call, "character": end}},
         "text": "32"},
        {"range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 11}}, "text": ""}]})
    msg = c.settle(uri, quiet)
    check(any(d.get("source") == "dispatch-tidy" for d in msg["params"]["diagnostics"])
          and msg["params"].get("version") == 3, "an incremental edit brings our warning back")

    if os.path.exists(NVCC):
        cu_uri = "file://" + cu
        c.notify("textDocument/didOpen", {"textDocument": {"uri": cu_uri, "languageId": "cuda",
                                                           "version": 1, "text": CUDA_SOURCE}})
        _, msg = c.diagnostics(cu_uri, lambda ds: any(d.get("source") == "dispatch-tidy" for d in ds),
                               timeout=180)
        ours = [d for d in msg["params"]["diagnostics"] if d.get("source") == "dispatch-tidy"]
        check(any(d["code"] == "dispatch-implicit-conversion" and d["range"]["start"]["line"] == 1
                  for d in ours), "a .cu buffer with an nvcc compile command gets our warning")
        msg = c.settle(cu_uri, 2.0, last=msg)
        errors = [d for d in msg["params"]["diagnostics"] if d.get("source") != "dispatch-tidy"
                  and d.get("severity") == 1]
        check(not errors, "clangd shows no error in the .cu buffer (it reads the translated command)",
              json.dumps(errors, indent=1))
        copies = [os.path.join(r, f) for r, _, fs in os.walk(cache) for f in fs if f == "compile_commands.json"]
        translated = json.load(open(copies[0])) if len(copies) == 1 else []
        cu_entry = [e for e in translated if e["file"] == cu]
        check(len(cu_entry) == 1 and "--cuda-host-only" in cu_entry[0]["arguments"]
              and not os.path.basename(cu_entry[0]["arguments"][0]).startswith("nvcc"),
              "the copy clangd reads has the .cu entry translated to clang's CUDA flags", json.dumps(translated))
    else:
        print("skip: no nvcc, the CUDA buffer case is not run")

    # The header: the fix over every file, from the last scan.
    kind_uri = "file://" + kind_h
    c.notify("textDocument/didOpen", {"textDocument": {"uri": kind_uri, "languageId": "cpp", "version": 1,
                                                       "text": KIND_H}})
    _, msg = c.diagnostics(kind_uri, lambda ds: any(d.get("source") == "dispatch-tidy" for d in ds))
    ours = [d for d in msg["params"]["diagnostics"] if d.get("source") == "dispatch-tidy"]
    rid = c.request("textDocument/codeAction", {"textDocument": {"uri": kind_uri}, "range": ours[0]["range"],
                                                "context": {"diagnostics": [ours[0]]}})
    actions = [x for x in c.response(rid)["result"] or []
               if x.get("diagnostics", [{}])[0].get("source") == "dispatch-tidy"]
    titles = [x["title"] for x in actions]
    check(titles == ["make 'IndexKind::IndexKind(int)' explicit and rewrite the uses in 2 other files",
                     "make 'IndexKind::IndexKind(int)' explicit and rewrite 1 use (this file only; 2 other files use it)"]
          and actions[0]["isPreferred"] and not actions[1]["isPreferred"],
          "a header's quick fixes: over every file first (preferred), the buffer-only one says other files use it",
          json.dumps(titles))

    def compiles_with(edit):
        d = os.path.join(a.work, "applied")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        files = {"kind.h": KIND_H, **USERS}
        for name in files:
            u = "file://" + os.path.join(a.work, name)
            text = apply_edits(files[name], edit["changes"].get(u, []))
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        return all(subprocess.run([a.clangxx, "-std=c++17", "-fsyntax-only", os.path.join(d, n)],
                                  stderr=subprocess.DEVNULL).returncode == 0 for n in USERS)

    if len(actions) == 2:
        check(sorted(actions[0]["edit"]["changes"]) == sorted("file://" + os.path.join(a.work, n)
                                                              for n in ["kind.h", *USERS])
              and compiles_with(actions[0]["edit"]), "the fix over every file leaves both users compiling")
        check(not compiles_with(actions[1]["edit"]), "(the buffer-only fix alone would break them)")
    # Once a user file changed after the scan, its offsets may be stale: no
    # fix over every file is offered.
    time.sleep(0.05)
    os.utime(os.path.join(a.work, "a.cpp"))
    c.notify("textDocument/didChange", {"textDocument": {"uri": kind_uri, "version": 2},
                                        "contentChanges": [{"text": KIND_H}]})
    msg = c.settle(kind_uri, quiet)
    rid = c.request("textDocument/codeAction", {"textDocument": {"uri": kind_uri}, "range": ours[0]["range"],
                                                "context": {"diagnostics": []}})
    titles = [x["title"] for x in c.response(rid)["result"] or []
              if x.get("diagnostics", [{}])[0].get("source") == "dispatch-tidy"]
    check(titles == ["make 'IndexKind::IndexKind(int)' explicit and rewrite 1 use"],
          "after a user file changed since the scan, only the buffer's fix is offered", json.dumps(titles))

    c.send_raw(b"{ this is not json")
    _, err = c.wait(lambda m: "error" in m and m.get("id") is None, 10, "parse error")
    check(err["error"]["code"] == -32700, "a malformed message gets a -32700 parse error")
    rid = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 5}})
    check("result" in c.response(rid), "the session goes on after it")

    kids = children(c.proc.pid)
    check(len(kids) == 1, "one clangd child")
    os.kill(kids[0], signal.SIGKILL)
    _, note = c.wait(lambda m: m.get("method") == "window/showMessage", 20, "restart notice")
    check("restarting" in note["params"]["message"], "the editor is told clangd restarts")
    _, msg = c.diagnostics(uri, lambda ds: any("unused" in d["message"] for d in ds), timeout=60)
    check(True, "the reopened document gets clangd's diagnostics again")
    time.sleep(0.5)
    rid = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 5}})
    check("result" in c.response(rid, timeout=30), "requests are answered by the new clangd")
    check(children(c.proc.pid) != kids, "a new clangd process runs")

    rid = c.request("shutdown", None)
    check("result" in c.response(rid), "shutdown answered")
    c.notify("exit", None)
    check(c.close(10) == 0, "exit ends dispatch-clangd with status 0")

    # Without --compile-commands-dir the database is found from initialize's
    # rootUri (as clangd would find it for the workspace's files), and the
    # .cu buffer still gets no false clangd error.
    if os.path.exists(NVCC):
        root_cache = os.path.join(a.work, "cache-from-root")
        c = LspClient([a.proxy, "--clangd=" + a.clangd, "--dispatch-debounce-ms=50",
                       "--dispatch-cache-dir=" + root_cache, "--log=error", "--background-index=false"])
        c.initialize(a.work)
        c.notify("textDocument/didOpen", {"textDocument": {"uri": cu_uri, "languageId": "cuda",
                                                           "version": 1, "text": CUDA_SOURCE}})
        _, msg = c.diagnostics(cu_uri, lambda ds: any(d.get("source") == "dispatch-tidy" for d in ds),
                               timeout=180)
        msg = c.settle(cu_uri, 2.0, last=msg)
        errors = [d for d in msg["params"]["diagnostics"] if d.get("source") != "dispatch-tidy"
                  and d.get("severity") == 1]
        check(not errors and os.path.isdir(root_cache),
              "found from rootUri, the database reaches clangd translated: no error in the .cu buffer",
              json.dumps(errors, indent=1))
        rid = c.request("shutdown", None)
        c.response(rid)
        c.notify("exit", None)
        c.close(10)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
