#!/usr/bin/env bash
# Installs the Debian packages listed in debian-packages.txt that are missing,
# and the test's npm package (test/tools/sarif-multitool: Microsoft's SARIF
# validator, from its package-lock.json) when it is not installed yet.
# Idempotent: prints nothing and touches nothing when all are present.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mapfile -t wanted < <(grep -v '^\s*#' "$here/debian-packages.txt" | sed '/^\s*$/d')
bash "$here/install-missing.sh" "${wanted[@]}"
sarif="$here/../../test/tools/sarif-multitool"
validator="$sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -e "$validator" ]; then
  command -v npm >/dev/null || bash "$here/install-missing.sh" npm
  (cd "$sarif" && npm ci --no-audit --no-fund --loglevel=error)
fi
# npm leaves its install scripts unrun: the executable bit is ours to set.
chmod u+x "$validator"
if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "dispatch-tidy: note: no CUDA toolkit at /usr/local/cuda; CUDA tests will be skipped" >&2
fi
