#!/usr/bin/env python3
"""The CI integrations run from this repository, step by step, against a
small example project (the mini fixture of test/lit/Inputs/scan, a git
repository with a committed baseline and a pull request branch):

- action.yml (GitHub composite action): every `run:` step is executed as the
  runner would (bash, its `env:` with the `${{ }}` expressions evaluated,
  GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_BASE_REF=main), the cache step
  restores an install made from BUILD under the key the key step printed,
  and the SARIF upload step's input is checked by check_sarif.py;
- the GitLab template: before_script and script in one shell, as GitLab
  runs them, with the template's variables;
- the pre-commit hook of .pre-commit-hooks.yaml, called as pre-commit calls
  it (entry, args of the example's .pre-commit-config.yaml, staged files of
  the hook's types).

Verdicts checked on the pull request: a clean commit passes (exit 0); a new
widening declaration in a header fails (exit 1) naming it; the fixed one
(explicit, the use spelled out) passes again. Not run here: package
installation when packages are missing and the build of dispatch-tidy on a
cache miss (both are plain commands in integrations/ci/steps/), the real
actions/cache and upload-sarif actions, a runner without this machine's
packages.

With --fresh (test/integrations/fresh_root.sh runs it in a fresh Debian 12
root) nothing comes from BUILD: the action's first run, on the main branch
before it has a baseline, installs the packages and builds dispatch-tidy on
a cache miss; the baseline is written with the installed gate, as
docs/integrations.md says; the GitLab job builds into its own cached prefix.

    ci_templates.py --build BUILD --work DIR
    ci_templates.py --fresh [--llvm-version V] --work DIR
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MINI = os.path.join(ROOT, "test", "lit", "Inputs", "scan", "mini")
SARIF_CHECK = os.path.join(ROOT, "test", "lit", "Inputs", "scan", "check_sarif.py")
GATE = os.path.join(ROOT, "integrations", "ci", "dispatch_gate.py")

from verdicts import check, problems  # noqa: E402

# The pull request's commits: a header change (a new implicit conversion
# with a use, in tensor.h that three TUs include), and its fix.
WIDENING = """
struct Meters {
  Meters(double v) : value(v) {}
  double value;
};
inline double twice(Meters m) { return 2 * m.value; }
inline double runway() { return twice(3.0); }
"""
FIXED = """
struct Meters {
  explicit Meters(double v) : value(v) {}
  double value;
};
inline double twice(Meters m) { return 2 * m.value; }
inline double runway() { return twice(Meters(3.0)); }
"""


def sh(cmd, cwd, env=None, check_rc=True):
    res = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if check_rc and res.returncode != 0:
        sys.exit("command failed: %s\n%s" % (" ".join(cmd), res.stdout))
    return res


def git(proj, *args):
    return sh(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"]
              + list(args), cwd=proj)


def set_tensor_extra(proj, text):
    path = os.path.join(proj, "include", "mini", "tensor.h")
    with open(path) as f:
        s = f.read()
    s = re.sub(r"\n// pull request:.*?// end\n", "\n", s, flags=re.S)
    if text:
        s = s.replace("} // namespace mini", "// pull request:%s// end\n} // namespace mini" % text)
    with open(path, "w") as f:
        f.write(s)


class Action:
    """Runs action.yml's steps as a GitHub runner would, for one project."""

    def __init__(self, a, proj, with_inputs):
        with open(os.path.join(ROOT, "action.yml")) as f:
            self.doc = yaml.safe_load(f)
        self.a, self.proj = a, proj
        self.inputs = {k: str(v.get("default", "")) for k, v in self.doc["inputs"].items()}
        self.inputs.update(with_inputs)
        self.ctx = {"github.action_path": ROOT, "github.action_repository": "OWNER/dispatch-tidy",
                    "github.action_ref": "TAG", "github.workspace": proj,
                    "runner.tool_cache": os.path.join(a.work, "tool-cache")}
        self.outputs = {}

    def value(self, name):
        if name.startswith("inputs."):
            return self.inputs[name[7:]]
        m = re.match(r"steps\.([\w-]+)\.outputs\.([\w-]+)$", name)
        if m:
            return self.outputs.get(m.group(1), {}).get(m.group(2), "")
        return self.ctx[name]

    def expand(self, text):
        return re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: self.value(m.group(1)), str(text))

    def condition(self, expr):
        """The `if:` subset the action uses: always(), &&, ==, names, 'strings'."""
        py = expr.replace("always()", "True").replace("&&", " and ")
        py = re.sub(r"\b(inputs|steps|github|runner)\.[\w.-]+", lambda m: repr(self.value(m.group(0))), py)
        return eval(py, {"__builtins__": {}})

    def run(self, env_extra):
        """Runs every step; returns {step name: (exit status, output)}."""
        results = {}
        failed = False
        for step in self.doc["runs"]["steps"]:
            name = step.get("name", step.get("uses", step.get("id")))
            cond = step.get("if")
            if failed and not (cond and "always()" in cond):
                continue
            if cond and not self.condition(cond):
                results[name] = (None, "skipped by if")
                continue
            if "uses" in step:
                results[name] = self.uses(step)
                continue
            out_file = os.path.join(self.a.work, "github_output")
            open(out_file, "w").close()
            env = dict(os.environ, GITHUB_ACTION_PATH=ROOT, GITHUB_OUTPUT=out_file, GITHUB_ACTIONS="true",
                       **env_extra)
            env.update({k: self.expand(v) for k, v in step.get("env", {}).items()})
            res = subprocess.run(["bash", "-e", "-c", self.expand(step["run"])], cwd=self.proj, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            with open(out_file) as f:
                self.outputs[step.get("id", "")] = dict(l.rstrip("\n").split("=", 1) for l in f if "=" in l)
            results[name] = (res.returncode, res.stdout)
            failed = failed or res.returncode != 0
        return results

    def uses(self, step):
        w = {k: self.expand(v) for k, v in step.get("with", {}).items()}
        if step["uses"].startswith("actions/cache@"):
            check(w["key"].startswith("dispatch-tidy-") and w["key"].endswith("-llvm" + self.inputs["llvm-version"]),
                  "cache key names the dispatch-tidy commit and the LLVM version (%s)" % w["key"])
            if self.a.fresh:
                # The path persists between runs here: what a previous run's
                # build step left is what a cache hit restores.
                return (0, "cache: the path as the previous run left it")
            # A cache hit: the install a previous run's build step saved
            # under this key (made here from BUILD, with the key it records).
            install(self.a, w["path"], w["key"])
            return (0, "cache restored")
        if step["uses"].startswith("github/codeql-action/upload-sarif@"):
            res = sh([sys.executable, SARIF_CHECK, os.path.join(self.proj, w["sarif_file"]),
                      "--uri-base", "https://github.com/OWNER/dispatch-tidy/blob/TAG/"], cwd=self.proj, check_rc=False)
            return (res.returncode, res.stdout)
        raise SystemExit("action.yml uses an action this test does not know: " + step["uses"])


def llvm_version(a):
    """The LLVM major version BUILD is configured for: the templates' llvm-version."""
    if a.fresh:
        return a.llvm_version
    with open(os.path.join(a.build, "CMakeCache.txt")) as f:
        return next(l.split("=", 1)[1].strip() for l in f if l.startswith("DISPATCH_LLVM_VERSION:"))


def variant_dir(a, prefix):
    """Where an install of BUILD puts its LLVM variant (build-dispatch-tidy.sh's layout)."""
    return os.path.join(prefix, "lib", "dispatch-tidy", "llvm-" + llvm_version(a))


def install(a, prefix, key):
    variant = variant_dir(a, prefix)
    if not os.path.exists(os.path.join(variant, "bin", "dispatch-scan")):
        sh(["cmake", "--install", a.build, "--prefix", prefix], cwd=a.work)
    with open(os.path.join(variant, "build-key"), "w") as f:
        f.write(key + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build")
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--llvm-version", default="16")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    if bool(a.build) == a.fresh:
        ap.error("give --build BUILD or --fresh")
    a.work = os.path.abspath(a.work)
    if a.build:
        a.build = os.path.abspath(a.build)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)

    # The example project: main with its baseline, pushed to "origin".
    origin = os.path.join(a.work, "origin.git")
    seed = os.path.join(a.work, "seed")
    shutil.copytree(MINI, seed)
    with open(os.path.join(seed, ".gitignore"), "w") as f:
        f.write("build/\ndispatch-out/\ndispatch-out.cmake.log\n.dispatch-tidy\n")
    git(seed, "init", "-q")
    git(seed, "add", "-A")
    git(seed, "commit", "-q", "-m", "mini")
    if a.fresh:
        # Adoption: the action's first run on main, before any baseline. The
        # packages and the build of dispatch-tidy happen here, on a cache miss.
        results = Action(a, seed, {"llvm-version": llvm_version(a), "require-baseline": "false"}).run(
            {"GITHUB_WORKSPACE": seed})
        packages = results["Packages (C/C++ compiler, CMake, LLVM)"]
        check(packages[0] == 0 and "dispatch-tidy: installing" in packages[1],
              "fresh root: the action's package step installs the compiler, CMake and LLVM", packages[1])
        built = results["Build dispatch-tidy (once per cache key)"]
        check(built[0] == 0 and "dispatch-tidy: building" in built[1],
              "fresh root: the action builds dispatch-tidy on a cache miss", built[1][-3000:])
        rc, out = results.get("dispatch-tidy gate", (None, "not run"))
        check(rc == 1 and "Meters" not in out, "fresh root: without a baseline every finding is new (exit 1)", out)
        variant = variant_dir(a, os.path.join(a.work, "tool-cache", "dispatch-tidy"))
        gate = os.path.join(variant, "share", "dispatch-tidy", "ci", "dispatch_gate.py")
        scan = []   # the installed gate finds its own dispatch-scan
    else:
        sh(["cmake", "-S", seed, "-B", os.path.join(seed, "build"), "-G", "Ninja", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
            "-DCMAKE_CXX_COMPILER=clang++-" + llvm_version(a)], cwd=seed)
        gate, scan = GATE, ["--scan", os.path.join(a.build, "bin", "dispatch-scan")]
    # The baseline, written as docs/integrations.md says.
    sh([sys.executable, gate, "-p", "build", "--baseline", "dispatch-baseline.json", "--out", "/tmp/ci-templates-g",
        "--root", seed, "--update-baseline"] + scan, cwd=seed)
    shutil.rmtree(os.path.join(seed, "build"))
    git(seed, "add", "-A")
    git(seed, "commit", "-q", "-m", "dispatch-tidy baseline")
    sh(["git", "clone", "-q", "--bare", seed, origin], cwd=a.work)

    def pr_clone(name):
        proj = os.path.join(a.work, name)
        sh(["git", "clone", "-q", origin, proj], cwd=a.work)
        git(proj, "checkout", "-q", "-b", "pr")
        return proj

    def commit(proj, extra, message):
        set_tensor_extra(proj, extra)
        git(proj, "commit", "-q", "-am", message)

    pull_request = [("a clean commit", "\n// a comment only\n", 0),
                    ("a new widening declaration", WIDENING, 1),
                    ("the declaration fixed", FIXED, 0)]

    # --- GitHub composite action ------------------------------------------
    proj = pr_clone("github")
    for what, extra, want in pull_request:
        commit(proj, extra, what)
        action = Action(a, proj, {"llvm-version": llvm_version(a)})
        results = action.run({"GITHUB_BASE_REF": "main", "GITHUB_WORKSPACE": proj})
        rc, out = results["dispatch-tidy gate"]
        check(rc == want, "action.yml, %s: the gate step exits %d" % (what, want), out)
        if want == 1:
            check(re.search(r"^new .*include/mini/tensor.h:\d+ .*dispatch-implicit-conversion +Meters$", out, re.M)
                  and "dispatch-gate: FAILED" in out, "action.yml: the failure names the new declaration Meters", out)
        check("against the baseline origin/main:dispatch-baseline.json" in out or want == 1,
              "action.yml: the baseline is read at the base branch origin/main", out)
        sarif = results["Upload SARIF to code scanning"]
        check(sarif[0] == 0 and "valid SARIF 2.1.0" in sarif[1], "action.yml, %s: the SARIF it uploads validates" % what,
              sarif[1])
        for name, (step_rc, step_out) in results.items():
            if name not in ("dispatch-tidy gate",) and step_rc not in (0, None):
                check(False, "action.yml step %r ran" % name, step_out)
    packages = results["Packages (C/C++ compiler, CMake, LLVM)"]
    check(packages[0] == 0 and "packages present" in packages[1], "action.yml: the package step checks the compiler and LLVM",
          packages[1])
    check("using the cached build" in results["Build dispatch-tidy (once per cache key)"][1],
          "action.yml: the build step uses the cached build of this key")
    with open(os.path.join(proj, "dispatch-out", "dispatch.sarif")) as f:
        rules = json.load(f)["runs"][0]["tool"]["driver"]["rules"]
    check(all(r["helpUri"].startswith("https://github.com/OWNER/dispatch-tidy/blob/TAG/docs/") for r in rules),
          "action.yml: SARIF helpUri points into the action's repository at its tag")

    # A pull request's own baseline edit is not accepted.
    commit(proj, WIDENING, "widening again")
    shutil.copyfile(os.path.join(proj, "dispatch-out", "report.json"), os.path.join(proj, "dispatch-baseline.json"))
    git(proj, "commit", "-q", "-am", "accept my own finding")
    rc, out = Action(a, proj, {"llvm-version": llvm_version(a)}).run({"GITHUB_BASE_REF": "main"})["dispatch-tidy gate"]
    check(rc == 1 and "Meters" in out, "action.yml: a pull request that edits the baseline still fails", out)

    # --- GitLab template ---------------------------------------------------
    with open(os.path.join(ROOT, "integrations", "ci", "gitlab", "dispatch-tidy.gitlab-ci.yml")) as f:
        job = yaml.safe_load(f)["dispatch-tidy"]
    proj = pr_clone("gitlab")
    base_env = dict(os.environ, CI_PROJECT_DIR=proj, GITLAB_CI="true", CI_MERGE_REQUEST_TARGET_BRANCH_NAME="main")
    for k, v in job["variables"].items():
        base_env[k] = str(v).replace("$CI_PROJECT_DIR", proj)
    base_env["DISPATCH_LLVM_VERSION"] = llvm_version(a)   # a project's override of the default
    key = sh([os.path.join(ROOT, "integrations", "ci", "steps", "build-dispatch-tidy.sh"), "--key"], cwd=proj,
             env=dict(base_env, DISPATCH_TIDY_SRC=ROOT)).stdout.strip().split("=", 1)[1]
    if not a.fresh:   # a cache hit; fresh: the first job builds (a cache miss)
        install(a, base_env["DISPATCH_TIDY_PREFIX"], key)
    script = "\n".join(job["before_script"] + job["script"])
    for i, (what, extra, want) in enumerate(pull_request):
        commit(proj, extra, what)
        res = sh(["bash", "-e", "-c", script], cwd=proj, env=dict(base_env, DISPATCH_TIDY_SRC=ROOT), check_rc=False)
        check(res.returncode == want, "GitLab job, %s: exits %d" % (what, want), res.stdout)
        if a.fresh and i == 0:
            check("dispatch-tidy: building " + key in res.stdout, "fresh root: the GitLab job builds on a cache miss",
                  res.stdout[-3000:])
        if want == 1:
            check("Meters" in res.stdout and "dispatch-gate: FAILED" in res.stdout, "GitLab job: the failure names Meters",
                  res.stdout)
    check("using the cached build " + key in res.stdout, "GitLab job: the cached install of this key is used", res.stdout)
    env = {k: v for k, v in base_env.items() if k not in ("DISPATCH_TIDY_REPO", "DISPATCH_TIDY_SRC")}
    res = sh(["bash", "-e", "-c", script], cwd=proj, env=env, check_rc=False)
    check(res.returncode == 2 and "set DISPATCH_TIDY_REPO" in res.stdout, "GitLab job without DISPATCH_TIDY_REPO: one line, exit 2",
          res.stdout)
    branch = sh(["git", "-C", ROOT, "rev-parse", "--abbrev-ref", "HEAD"], cwd=ROOT).stdout.strip()
    clone_line = next(l for l in job["before_script"] if "git clone" in l)
    res = sh(["bash", "-e", "-c", clone_line + '\ntest -f "$DISPATCH_TIDY_SRC/integrations/ci/dispatch_gate.py"'],
             cwd=proj, env=dict(env, DISPATCH_TIDY_REPO=ROOT, DISPATCH_TIDY_REF=branch), check_rc=False)
    check(res.returncode == 0, "GitLab job: clones dispatch-tidy from DISPATCH_TIDY_REPO at DISPATCH_TIDY_REF", res.stdout)

    # --- pre-commit hook ---------------------------------------------------
    with open(os.path.join(ROOT, ".pre-commit-hooks.yaml")) as f:
        hook = yaml.safe_load(f)[0]
    proj = pr_clone("pre-commit")
    prefix = os.path.join(a.work, "tool-cache", "dispatch-tidy")
    sh(["cmake", "-S", proj, "-B", os.path.join(proj, "build"), "-G", "Ninja", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
        "-DCMAKE_CXX_COMPILER=clang++-" + llvm_version(a)], cwd=proj)
    args = ["-p", "build"]   # the documented .pre-commit-config.yaml args
    tags = {".cpp": {"c++"}, ".h": {"c++", "header", "c"}, ".hpp": {"c++", "header"}, ".cu": {"cuda"}}
    hook_env = dict(os.environ, PATH=os.path.join(prefix, "bin") + os.pathsep + os.environ["PATH"])
    for what, extra, want in pull_request:
        set_tensor_extra(proj, extra)
        git(proj, "add", "-A")
        staged = git(proj, "diff", "--cached", "--name-only").stdout.split()
        files = [f for f in staged if tags.get(os.path.splitext(f)[1], set()) & set(hook["types_or"])]
        res = sh([os.path.join(ROOT, hook["entry"])] + args + files, cwd=proj, env=hook_env, check_rc=False)
        check(files == ["include/mini/tensor.h"] and res.returncode == want
              and "checking 3 translation units" in res.stdout,
              "pre-commit hook, %s (staged header only): exit %d through the 3 TUs that include it" % (what, want),
              res.stdout)
        if want == 1:
            check("Meters" in res.stdout, "pre-commit hook: the failure names Meters", res.stdout)
        git(proj, "commit", "-q", "-m", what)

    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
