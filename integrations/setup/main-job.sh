#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: install what is missing, build,
# run the reference GNN workload, then every dispatch-* check over the bundled
# CUDA reference implementation (which must come out clean) and over the
# widening example; findings tables in build/report/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bash "$root/integrations/setup/install-deps.sh"
bash "$root/integrations/setup/build.sh"
"$root/build/cuda_ref/gnn_workload"
echo "== dispatch-* over cuda_ref (the clean reference implementation)"
python3 "$root/integrations/report/run_checks.py" --build "$root/build" --fail-on-compile-errors \
  --cuda-ref "$root/cuda_ref" --out "$root/build/report/cuda_ref"
echo "== dispatch-* over examples/widening-demo"
python3 "$root/integrations/report/run_checks.py" --build "$root/build" --fail-on-compile-errors \
  --project "$root/examples/widening-demo" --out "$root/build/report/widening-demo"
