# lit configuration for the dispatch-* checks, in the style of clang-tidy's own
# test suite: each test is a source file with RUN lines, CHECK-MESSAGES and
# CHECK-FIXES, run through the real clang-tidy with the plugin loaded.
import os
import shlex
import shutil
import sys

import lit.formats
import lit.util

site = lit_config.params.get("site")
if site:
    lit_config.load_config(config, site)

config.name = "dispatch-tidy"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.build_dir, "test", "lit-out")

here = os.path.dirname(os.path.abspath(__file__))
checker = os.path.join(here, "check_dispatch_tidy.py")
sys.path.insert(0, os.path.join(here, "..", "..", "integrations", "cuda"))
import nvcc_to_clang  # noqa: E402  (the one list of clang CUDA flags)

cuda_flags = nvcc_to_clang.clang_cuda_flags(config.cuda_path)

config.substitutions.append((
    "%check_dispatch_tidy",
    " ".join(shlex.quote(x) for x in [
        config.python, checker, "--clang-tidy", config.clang_tidy, "--plugin",
        config.dispatch_plugin, "--clangxx", config.clangxx, "--filecheck", config.filecheck,
    ]),
))
config.substitutions.append((
    "%clang_tidy",
    shlex.quote(config.clang_tidy) + " --load=" + shlex.quote(config.dispatch_plugin),
))
config.substitutions.append(("%clangxx", shlex.quote(config.clangxx)))
config.substitutions.append(("%dispatch_scan", shlex.quote(config.dispatch_scan)))
config.substitutions.append(("%dispatch_resolve", shlex.quote(config.dispatch_resolve)))
config.substitutions.append(("%cmake", shlex.quote(config.cmake)))
config.substitutions.append(("%dispatch_clangd", shlex.quote(config.dispatch_clangd)))
config.substitutions.append(("%dispatch_version", config.dispatch_version))
config.substitutions.append(("%llvm_version", config.llvm_version))
config.substitutions.append(("%project_root", os.path.abspath(os.path.join(here, "..", ".."))))
config.substitutions.append(("%python", shlex.quote(config.python)))
config.substitutions.append(("%cuda_flags", cuda_flags))
config.substitutions.append(("%cuda_path", config.cuda_path))
config.substitutions.append(("%cuda_shims", os.path.join(here, "..", "..", "integrations", "cuda", "include")))
# Tests read a copy of their inputs in the build tree, as they would a user's
# project: in this repository's own tree they sit below test/, one of the
# AuxiliaryDirs, where every finding is latent.
inputs_copy = os.path.join(config.test_exec_root, "Inputs")
shutil.rmtree(inputs_copy, ignore_errors=True)
shutil.copytree(os.path.join(here, "Inputs"), inputs_copy, symlinks=True)
config.substitutions.append(("%inputs", inputs_copy))
# Where clang-tidy/clang 16 and 19 behave differently, a test says what each
# does: FileCheck prefixes ending in the major version (%llvm_major), or
# REQUIRES: llvm16 / llvm19 on a RUN-less variant.
config.substitutions.append(("%llvm_major", config.llvm_major))
config.available_features.add("llvm" + config.llvm_major)
config.substitutions.append(("%not", shlex.quote(os.path.join(config.llvm_bin, "not"))))

config.environment["PATH"] = os.pathsep.join([config.llvm_bin, config.environment.get("PATH", "")])
if shutil.which("rsvg-convert"):
    config.available_features.add("rsvg-convert")
if os.path.isdir(os.path.join(config.cuda_path, "include")):
    config.available_features.add("cuda-toolkit")
