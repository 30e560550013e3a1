#!/usr/bin/env python3
"""Translates nvcc command lines in a compilation database into the clang
flags that parse the same CUDA code, so that clang-tidy (and dispatch-scan)
can analyse a CMake CUDA project without hand-editing.

    nvcc_to_clang.py BUILD/compile_commands.json OUT/compile_commands.json

Entries that do not run nvcc are copied unchanged. The clang-16 + CUDA 12+
workarounds of integrations/cuda/README.md are added to every CUDA entry.

The rules are data, nvcc-rules.json beside this file: the same table that
dispatch-scan and dispatch-clangd embed (checker/driver/NvccTranslation.cpp),
so that both translators give the same arguments (ctest -R nvcc_parity).
"""
import json
import os
import re
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RULES_PATH = os.path.join(HERE, "nvcc-rules.json")
SUPPORTED_VERSION = 1

with open(RULES_PATH) as _f:
    RULES = json.load(_f)
if RULES.get("version") != SUPPORTED_VERSION:
    raise ImportError("%s: version %r, this translator reads version %d"
                      % (RULES_PATH, RULES.get("version"), SUPPORTED_VERSION))

_ARCH = RULES["architecture"]
_HOST = RULES["host_compiler"]
_RDC = RULES["relocatable_device_code"]
_DC = RULES["device_compile"]
_LANG = RULES["language"]
_STD = RULES["std"]
_OPTIONS_FILES = RULES["options_files"]
# The tables by their former names (nvcc options that take a separate value,
# switches, prefixes: all dropped, having no clang counterpart that matters).
DROP_WITH_VALUE = set(RULES["drop_with_value"])
DROP = set(RULES["drop"])
PREFIX_DROP = tuple(RULES["drop_prefixes"])
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")


def _expand(template, values):
    """A rules string with {name} replaced by values[name]; a leading
    `{name}/rest` is os.path.join(values[name], rest)."""
    for name, value in values.items():
        head = "{" + name + "}/"
        if template.startswith(head):
            return os.path.join(value, _expand(template[len(head):], values))
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def clang_cuda_flags(cuda_path="/usr/local/cuda", arch=_ARCH["default"]):
    """Everything clang needs to parse a .cu file here, as one shell string:
    the one list the lit suite, the reports and the benchmarks all use."""
    return " ".join(shlex.quote(a) for a in
                    [_LANG["clang"], _LANG["map"]["cu"], _ARCH["clang"] + arch]
                    + cuda_extras(cuda_path))


def is_nvcc(argv0):
    return os.path.basename(argv0) in RULES["executables"]


def _known(arch):
    """arch as the newest architecture clang knows when it is newer
    (sm_100 → sm_90) or has a suffix (sm_90a → sm_90)."""
    digits = re.match(r"sm_(\d+)", arch)
    newest = re.match(r"sm_(\d+)", _ARCH["newest"])
    if not digits or not newest:
        return arch
    if int(digits.group(1)) > int(newest.group(1)):
        return _ARCH["newest"]
    return "sm_" + digits.group(1)


def arch_of(value):
    """sm_80 from `sm_80`, `compute_80`, `arch=compute_80,code=sm_80`, `80`."""
    for part in value.replace("[", ",").replace("]", ",").replace("=", ",").split(","):
        part = part.strip()
        if part.startswith(tuple(_ARCH["value_prefixes"])):
            return _known("sm_" + part.split("_", 1)[1])
        if part.isdigit():
            return _known("sm_" + part)
    return None


def cuda_extras(cuda_path="/usr/local/cuda"):
    """The clang 16 + CUDA 12+ workarounds (README.md here), as arguments."""
    values = {"cuda": cuda_path, "shims": os.path.join(HERE, "include")}
    return [_expand(a, values) for a in RULES["extras"]]


def translate(args, clangxx="clang++", cuda_path="/usr/local/cuda"):
    """clang arguments for an nvcc command line (args[0] is nvcc)."""
    out, archs = [clangxx], []
    i = 1
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        if a in _ARCH["separate"] and nxt is not None:
            arch = arch_of(nxt)
            if arch and arch not in archs:
                archs.append(arch)
            i += 2
            continue
        if a.startswith(tuple(_ARCH["joined"])):
            arch = arch_of(a.split("=", 1)[1])
            if arch and arch not in archs:
                archs.append(arch)
        elif a in _HOST["separate"] and nxt is not None:
            out += [x for x in nxt.split(",") if x]
            i += 2
            continue
        elif a.startswith(tuple(_HOST["joined"])):
            out += [x for x in a.split("=", 1)[1].split(",") if x]
        elif a in _RDC["separate"] and nxt is not None:
            if nxt == _RDC["enabled"]:
                out += _RDC["clang"]
            i += 2
            continue
        elif a.startswith(tuple(_RDC["joined"])):
            if a.endswith("=" + _RDC["enabled"]):
                out += _RDC["clang"]
        elif a in _DC["switches"]:
            out += _DC["clang"]
        elif a in _LANG["separate"] and nxt is not None:
            out += [_LANG["clang"], _LANG["map"].get(nxt, nxt)]
            i += 2
            continue
        elif a.startswith(tuple(RULES["split_at_equals"])):
            # nvcc's `-isystem=DIR`; to clang a leading `=` means the sysroot.
            flag, value = a.split("=", 1)
            out += [flag, value]
        elif a.startswith(tuple(_STD["joined"])):
            out.append(_STD["clang"] + a.split("=", 1)[1])
        elif a in _STD["separate"] and nxt is not None:
            out.append(_STD["clang"] + nxt)
            i += 2
            continue
        elif a in DROP_WITH_VALUE:
            i += 2
            continue
        elif a in DROP or a.startswith(PREFIX_DROP):
            pass
        else:
            out.append(a)
        i += 1
    for arch in archs or [_ARCH["default"]]:
        out.append(_ARCH["clang"] + arch)
    # nvcc 12+ compiles C++17 when told nothing; clang's CUDA default is C++14.
    if not any(a.startswith(_STD["clang"]) for a in out):
        out.append(_STD["clang"] + _STD["default"])
    return out + cuda_extras(cuda_path)


def splice_options_files(args, directory):
    """args with each nvcc options file (`--options-file includes_CUDA.rsp`,
    relative to directory) replaced by the arguments it holds; one that
    cannot be read stays, for translate() to drop."""
    out = []
    i = 0
    while i < len(args):
        a = args[i]
        path = None
        if a in _OPTIONS_FILES["separate"] and i + 1 < len(args):
            path, step = args[i + 1], 2
        elif a.startswith(tuple(_OPTIONS_FILES["joined"])):
            path, step = a.split("=", 1)[1], 1
        if path is not None:
            try:
                with open(os.path.join(directory, path)) as f:
                    out += shlex.split(f.read())
                i += step
                continue
            except OSError:
                pass
        out.append(a)
        i += 1
    return out


def translate_database(entries, clangxx="clang++", cuda_path="/usr/local/cuda"):
    result = []
    for e in entries:
        args = e.get("arguments") or shlex.split(e["command"])
        if args and is_nvcc(args[0]):
            e = dict(e)
            e.pop("command", None)
            args = splice_options_files(args, e.get("directory", "."))
            e["arguments"] = translate(args, clangxx, cuda_path)
        result.append(e)
    return result


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    with open(argv[1]) as f:
        entries = json.load(f)
    os.makedirs(os.path.dirname(os.path.abspath(argv[2])), exist_ok=True)
    with open(argv[2], "w") as f:
        json.dump(translate_database(entries), f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
