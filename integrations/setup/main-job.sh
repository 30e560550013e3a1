#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: install what is missing, build,
# then run every dispatch-* check over the bundled example and print the
# findings table (written to build/report/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bash "$root/integrations/setup/install-deps.sh"
bash "$root/integrations/setup/build.sh"
python3 "$root/integrations/report/run_checks.py" --build "$root/build" \
  --project "$root/examples/widening-demo" --out "$root/build/report"
