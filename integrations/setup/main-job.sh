#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: install what is missing, build,
# run the reference GNN workload, then every dispatch-* check over the bundled
# CUDA reference implementation: the clean build (must report nothing) and the
# seeded build (the C++ analogs of the session's invalidations, SEEDED.md).
# Findings tables in build/report/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bash "$root/integrations/setup/install-deps.sh"
bash "$root/integrations/setup/build.sh"
"$root/build/cuda_ref/gnn_workload"
echo "== dispatch-* over cuda_ref (the clean reference implementation)"
python3 "$root/integrations/report/run_checks.py" --build "$root/build" --fail-on-compile-errors \
  --cuda-ref "$root/cuda_ref" --out "$root/build/report/cuda_ref"
echo "== dispatch-* over cuda_ref, seeded build (cuda_ref/SEEDED.md)"
python3 "$root/integrations/report/run_checks.py" --build "$root/build" --fail-on-compile-errors \
  --cuda-ref "$root/cuda_ref" --seeded --out "$root/build/report/cuda_ref-seeded"
