#!/usr/bin/env python3
"""Debian's Neovim (0.7) with no plugins, configured with the init.lua that
docs/integrations.md shows (the ```lua block after its "tested:
neovim_session" marker, used as it is written), on a small project: a git
checkout whose compilation database is in build/.

Headless nvim opens a file with an implicit conversion and an unused
variable; a harness script (run after the documented init.lua) waits for
the diagnostics, asks for the code actions on the warning's line, applies
dispatch-tidy's quick fix and writes the file. Checked: clangd's warning and
ours both reach Neovim's diagnostics, the quick fix is offered with its
title, and the fixed file compiles.

    neovim_session.py --bin BUILD/bin --clangxx clang++-16 --work DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from verdicts import check, problems  # noqa: E402

# The buffer of the scripted session: an implicit conversion used once, and
# an unused variable for clangd's own warning.
from clangd_session import SOURCE  # noqa: E402

# Runs after init.lua: waits for both kinds of diagnostics, applies our
# quick fix, writes what it saw to result.json.
HARNESS = r"""
local out = {}
local function ours()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source == 'dispatch-tidy' then return d end
  end
end
local function clangds()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source ~= 'dispatch-tidy' and d.message:find('unused') then return d end
  end
end
out.attached = vim.wait(20000, function() return #vim.lsp.buf_get_clients(0) > 0 end, 100)
out.diagnostics = vim.wait(120000, function() return ours() ~= nil and clangds() ~= nil end, 100)
local d = ours()
if d then
  out.code = d.user_data and d.user_data.lsp and d.user_data.lsp.code or ''
  out.line = d.lnum
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(),
    -- the cursor at the end of the warning's line
    range = { start = { line = d.lnum, character = 40 }, ['end'] = { line = d.lnum, character = 40 } },
    context = { diagnostics = {} },
  }
  local replies = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', params, 20000) or {}
  out.titles = {}
  for _, reply in pairs(replies) do
    for _, action in ipairs(reply.result or {}) do
      table.insert(out.titles, action.title)
      if action.edit and action.diagnostics and action.diagnostics[1]
         and action.diagnostics[1].source == 'dispatch-tidy' and not out.applied then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        out.applied = action.title
      end
    end
  end
  vim.cmd('write')
end
local f = io.open(vim.env.RESULT, 'w')
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qall!')
"""


def documented_init_lua():
    with open(os.path.join(ROOT, "docs", "integrations.md")) as f:
        text = f.read()
    m = re.search(r"<!-- tested: neovim_session -->\s*```lua\n(.*?)```", text, re.S)
    if not m:
        sys.exit("docs/integrations.md has no ```lua block marked <!-- tested: neovim_session -->")
    return m.group(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="directory with dispatch-clangd")
    ap.add_argument("--clangxx", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--nvim", default="nvim")
    a = ap.parse_args()
    if not shutil.which(a.nvim):
        sys.exit("neovim_session: no %s (Debian package neovim, in integrations/setup/debian-packages.txt)" % a.nvim)
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    proj = os.path.join(work, "project")
    os.makedirs(os.path.join(proj, "build"))
    os.makedirs(os.path.join(proj, ".git"))   # the root the init.lua looks for
    src = os.path.join(proj, "model.cpp")
    with open(src, "w") as f:
        f.write(SOURCE)
    with open(os.path.join(proj, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": proj, "file": src, "arguments": [a.clangxx, "-std=c++17", "-Wall", "-c", src]}], f)
    config = os.path.join(work, "config")
    os.makedirs(config)
    init = os.path.join(config, "init.lua")
    with open(init, "w") as f:
        f.write(documented_init_lua())
    harness = os.path.join(config, "harness.lua")
    with open(harness, "w") as f:
        f.write(HARNESS)
    result = os.path.join(work, "result.json")
    env = dict(os.environ, PATH=os.path.abspath(a.bin) + os.pathsep + os.environ["PATH"], RESULT=result,
               XDG_CONFIG_HOME=config, XDG_DATA_HOME=os.path.join(work, "data"),
               XDG_STATE_HOME=os.path.join(work, "state"), XDG_CACHE_HOME=os.path.join(work, "cache"))
    res = subprocess.run([a.nvim, "--headless", "-u", init, "-i", "NONE", src, "-c", "luafile " + harness],
                         cwd=proj, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         timeout=240)
    if not os.path.exists(result):
        check(False, "nvim ran the harness", res.stdout)
        return 1
    with open(result) as f:
        out = json.load(f)
    check(out.get("attached"), "the documented init.lua starts dispatch-clangd and attaches the buffer", json.dumps(out))
    check(out.get("diagnostics"), "clangd's warning and ours both reach Neovim's diagnostics", json.dumps(out))
    check(out.get("code") == "dispatch-implicit-conversion" and out.get("line") == 1,
          "ours is dispatch-implicit-conversion at line 2", json.dumps(out))
    check(out.get("applied") == "make 'Index::Index(int)' explicit and rewrite 1 use",
          "the quick fix, asked for at the end of the line, is offered and applied", json.dumps(out))
    with open(src) as f:
        fixed = f.read()
    check("explicit Index(int bits)" in fixed and "width(Index(32))" in fixed, "the written file has the fix", fixed)
    res = subprocess.run([a.clangxx, "-std=c++17", "-fsyntax-only", src], stderr=subprocess.PIPE, text=True)
    check(res.returncode == 0, "the fixed file compiles", res.stderr)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
