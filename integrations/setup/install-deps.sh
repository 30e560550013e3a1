#!/usr/bin/env bash
# Installs the Debian packages listed in debian-packages.txt that are missing.
# Idempotent: prints nothing and touches nothing when all are present.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mapfile -t wanted < <(grep -v '^\s*#' "$here/debian-packages.txt" | sed '/^\s*$/d')
bash "$here/install-missing.sh" "${wanted[@]}"
if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "dispatch-tidy: note: no CUDA toolkit at /usr/local/cuda; CUDA tests will be skipped" >&2
fi
