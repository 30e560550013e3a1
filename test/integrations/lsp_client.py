"""A small scripted LSP client over stdio, for the dispatch-clangd tests and
benchmark: framed JSON-RPC, a reader thread, and waits with timeouts (a hang
is a failure, never a stuck test)."""
import json
import os
import queue
import subprocess
import threading
import time


class LspClient:
    def __init__(self, cmd, cwd=None):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd)
        self.messages = queue.Queue()
        self.next_id = 1
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            self.messages.put((time.monotonic(), json.loads(body)))

    def send_raw(self, body):
        data = body if isinstance(body, bytes) else body.encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send_raw(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send_raw(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}))
        return rid

    def wait(self, pred, timeout=60, what="message"):
        """The first message satisfying pred (earlier ones are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no %s within %ss" % (what, timeout))
            try:
                item = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if item is None:
                raise EOFError("server closed its output while waiting for " + what)
            stamp, msg = item
            # Answer server requests (e.g. window/workDoneProgress/create).
            if "method" in msg and "id" in msg:
                self.send_raw(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": None}))
            if pred(msg):
                return stamp, msg

    def response(self, rid, timeout=60):
        return self.wait(lambda m: m.get("id") == rid and "method" not in m, timeout,
                         "response to request %s" % rid)[1]

    def diagnostics(self, uri, pred=lambda d: True, timeout=60):
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and pred(m["params"]["diagnostics"]),
                         timeout, "diagnostics for " + uri)

    def settle(self, uri, quiet=2.0, timeout=60, last=None):
        """The last diagnostics published for uri once none came for `quiet`
        seconds (our worker and clangd both publish after an edit); `last`:
        a publish already received."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                _, msg = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                   and m["params"]["uri"] == uri, quiet, "diagnostics")
                last = msg
            except TimeoutError:
                if last is not None:
                    return last
        raise TimeoutError("diagnostics for %s never settled" % uri)

    def initialize(self, root):
        rid = self.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + root,
                                          "capabilities": {"textDocument": {"publishDiagnostics": {
                                              "relatedInformation": True}}}})
        res = self.response(rid)
        self.notify("initialized", {})
        return res

    def close(self, timeout=10):
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise


def apply_edits(text, edits):
    """Applies LSP TextEdits (ASCII text) in reverse order."""
    lines = text.split("\n")
    offsets = [0]
    for l in lines:
        offsets.append(offsets[-1] + len(l) + 1)

    def off(p):
        return offsets[p["line"]] + p["character"]

    for e in sorted(edits, key=lambda e: off(e["range"]["start"]), reverse=True):
        text = text[:off(e["range"]["start"])] + e["newText"] + text[off(e["range"]["end"]):]
    return text
