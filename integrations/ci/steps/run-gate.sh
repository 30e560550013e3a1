#!/usr/bin/env bash
# CI step 3: the project's compilation database (configured with CMake when
# BUILD_DIR has none) and the gate. Exit status: the gate's (0 pass, 1 new or
# grown findings, 2 a tool or an input failed).
#   DISPATCH_TIDY_PREFIX  where build-dispatch-tidy.sh installed dispatch-tidy
#   BUILD_DIR             build directory with compile_commands.json (default build)
#   CONFIGURE             true: run CMake when BUILD_DIR has no database (default true)
#   BASELINE              baseline file in the project (default dispatch-baseline.json)
#   BASELINE_REF          git revision to read the baseline at; default: the base
#                         branch of the pull/merge request (origin/$GITHUB_BASE_REF,
#                         origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME), fetched if absent
#   REQUIRE_BASELINE      true (default): no baseline is an error (exit 2)
#   CHECKS                check glob added to the project's .clang-tidy
#   CUDA_PATH             CUDA toolkit for .cu entries (default /usr/local/cuda);
#                         without it each .cu entry is skipped with one line
#   OUT                   output directory (default dispatch-out); OUT/dispatch.sarif
#   SARIF_URI_BASE        URL base of the SARIF helpUri links
#   DISPATCH_LLVM_VERSION LLVM major version (default 16)
set -uo pipefail
prefix="${DISPATCH_TIDY_PREFIX:?}"
v="${DISPATCH_LLVM_VERSION:-16}"
build="${BUILD_DIR:-build}"
if [ ! -f "$build/compile_commands.json" ] && [ "${CONFIGURE:-true}" = "true" ]; then
  CC="${CC:-clang-$v}" CXX="${CXX:-clang++-$v}" cmake -S . -B "$build" -G Ninja \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "${OUT:-dispatch-out}.cmake.log" 2>&1 \
    || { cat "${OUT:-dispatch-out}.cmake.log"; echo "dispatch-tidy: error: configuring the project with CMake failed" >&2; exit 2; }
fi
# In a CI container the checkout belongs to another user: let git read it.
if [ -n "${GITHUB_ACTIONS:-}${GITLAB_CI:-}" ] && ! git config --global --get-all safe.directory 2>/dev/null | grep -qxF "$PWD"; then
  git config --global --add safe.directory "$PWD"
fi
ref="${BASELINE_REF:-}"
if [ -z "$ref" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then ref="origin/$GITHUB_BASE_REF"; fi
if [ -z "$ref" ] && [ -n "${CI_MERGE_REQUEST_TARGET_BRANCH_NAME:-}" ]; then ref="origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"; fi
args=()
if [ -n "$ref" ]; then
  if ! git rev-parse --verify -q "$ref^{commit}" >/dev/null && [ "${ref#origin/}" != "$ref" ]; then
    git fetch -q --depth=1 origin "${ref#origin/}:refs/remotes/$ref" \
      || { echo "dispatch-tidy: error: cannot fetch the base branch $ref for the baseline" >&2; exit 2; }
  fi
  args+=(--baseline-ref "$ref")
fi
[ "${REQUIRE_BASELINE:-true}" = "true" ] && args+=(--require-baseline)
[ -n "${CHECKS:-}" ] && args+=(--checks "$CHECKS")
[ -n "${SARIF_URI_BASE:-}" ] && args+=(--sarif-uri-base "$SARIF_URI_BASE")
variant="$prefix/lib/dispatch-tidy/llvm-$v"   # build-dispatch-tidy.sh's install
python3 "$variant/share/dispatch-tidy/ci/dispatch_gate.py" -p "$build" \
  --baseline "${BASELINE:-dispatch-baseline.json}" --out "${OUT:-dispatch-out}" --root "$PWD" \
  --scan "$variant/bin/dispatch-scan" --cuda-path "${CUDA_PATH:-/usr/local/cuda}" "${args[@]}"
