#!/usr/bin/env python3
"""Translates nvcc command lines in a compilation database into the clang
flags that parse the same CUDA code, so that clang-tidy (and dispatch-scan)
can analyse a CMake CUDA project without hand-editing.

    nvcc_to_clang.py BUILD/compile_commands.json OUT/compile_commands.json

Entries that do not run nvcc are copied unchanged. The clang-16 + CUDA 12+
workarounds of integrations/cuda/README.md are added to every CUDA entry.
"""
import json
import os
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# nvcc options that take a separate value and have no clang counterpart.
DROP_WITH_VALUE = {"-ccbin", "--compiler-bindir", "-Xcudafe", "-Xptxas", "--ptxas-options",
                   "-Xnvlink", "--nvlink-options", "-Xfatbin", "-diag-suppress", "--threads",
                   "-t", "--options-file", "-optf", "-Werror", "--Werror", "-maxrregcount",
                   "--maxrregcount"}
# nvcc switches with no clang counterpart (or none that matters for parsing).
DROP = {"--expt-relaxed-constexpr", "-expt-relaxed-constexpr", "--expt-extended-lambda",
        "-expt-extended-lambda", "--extended-lambda", "-extended-lambda", "-lineinfo",
        "--generate-line-info", "-G", "--device-debug", "--use_fast_math", "-use_fast_math",
        "-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
        "-forward-unknown-to-host-linker", "--keep", "-keep", "-dlto", "--dlink-time-opt",
        "-cudart", "--cudart", "-static-global-template-stub=true"}
PREFIX_DROP = ("--diag-suppress=", "--diag_suppress=", "-Werror=", "--Werror=", "-ccbin=",
               "--compiler-bindir=", "--threads=", "-maxrregcount=", "--maxrregcount=",
               "--cudart=", "-cudart=", "--generate-code=arch", "-Xcudafe=", "-Xptxas=",
               "--ptxas-options=", "--use-local-env")


def clang_cuda_flags(cuda_path="/usr/local/cuda", arch="sm_80"):
    """Everything clang needs to parse a .cu file here, as one shell string:
    the one list the lit suite, the reports and the benchmarks all use."""
    return " ".join(shlex.quote(a) for a in
                    ["-x", "cuda", "--cuda-gpu-arch=" + arch] + cuda_extras(cuda_path))


def is_nvcc(argv0):
    return os.path.basename(argv0) in ("nvcc", "nvcc.exe")


def arch_of(value):
    """sm_80 from `sm_80`, `compute_80`, `arch=compute_80,code=sm_80`, `80`."""
    for part in value.replace("[", ",").replace("]", ",").replace("=", ",").split(","):
        part = part.strip()
        if part.startswith(("sm_", "compute_")):
            return "sm_" + part.split("_", 1)[1]
        if part.isdigit():
            return "sm_" + part
    return None


def cuda_extras(cuda_path="/usr/local/cuda"):
    """The clang 16 + CUDA 12+ workarounds (README.md here), as arguments."""
    return ["--cuda-path=" + cuda_path, "-nocudalib", "-Wno-unknown-cuda-version",
            "-Xclang", "-fcuda-allow-variadic-functions",
            "-isystem", os.path.join(HERE, "include"),
            "-isystem", os.path.join(cuda_path, "include", "cccl"),
            "-include", "dispatch_cuda_shims.h"]


def translate(args, clangxx="clang++", cuda_path="/usr/local/cuda"):
    """clang arguments for an nvcc command line (args[0] is nvcc)."""
    out, archs = [clangxx], []
    i = 1
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        if a in ("-arch", "--gpu-architecture", "-code", "--gpu-code", "-gencode",
                 "--generate-code") and nxt is not None:
            arch = arch_of(nxt)
            if arch and arch not in archs:
                archs.append(arch)
            i += 2
            continue
        if a.startswith(("-arch=", "--gpu-architecture=", "-gencode=", "--generate-code=",
                         "-code=", "--gpu-code=")):
            arch = arch_of(a.split("=", 1)[1])
            if arch and arch not in archs:
                archs.append(arch)
        elif a in ("-Xcompiler", "--compiler-options") and nxt is not None:
            out += [x for x in nxt.split(",") if x]
            i += 2
            continue
        elif a.startswith(("-Xcompiler=", "--compiler-options=")):
            out += [x for x in a.split("=", 1)[1].split(",") if x]
        elif a in ("-rdc", "--relocatable-device-code") and nxt is not None:
            if nxt == "true":
                out.append("-fgpu-rdc")
            i += 2
            continue
        elif a.startswith(("-rdc=", "--relocatable-device-code=")):
            if a.endswith("=true"):
                out.append("-fgpu-rdc")
        elif a in ("-dc", "--device-c"):
            out += ["-fgpu-rdc", "-c"]
        elif a in ("-x", "--x") and nxt is not None:
            out += ["-x", "cuda" if nxt == "cu" else nxt]
            i += 2
            continue
        elif a.startswith(("-isystem=", "-I=")):
            # nvcc's `-isystem=DIR`; to clang a leading `=` means the sysroot.
            flag, value = a.split("=", 1)
            out += [flag, value]
        elif a.startswith("--std="):
            out.append("-std=" + a.split("=", 1)[1])
        elif a in ("--std", "-std") and nxt is not None:
            out.append("-std=" + nxt)
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
    for arch in archs or ["sm_80"]:
        out.append("--cuda-gpu-arch=" + arch)
    return out + cuda_extras(cuda_path)


def translate_database(entries, clangxx="clang++", cuda_path="/usr/local/cuda"):
    result = []
    for e in entries:
        args = e.get("arguments") or shlex.split(e["command"])
        if args and is_nvcc(args[0]):
            e = dict(e)
            e.pop("command", None)
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
