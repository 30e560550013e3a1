#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: install what is missing, build,
# run the reference GNN workload, then every dispatch-* check over the bundled
# CUDA reference implementation: the clean build (must report nothing) and the
# seeded build (the C++ analogs of the session's invalidations, SEEDED.md).
# Findings tables in build/report/; the impact report (dispatch-scan) in
# build/report/scan/.
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

# The impact report (dispatch-scan) over cuda_ref's own CMake compilation
# database (nvcc command lines, translated by the scan): which widening
# declarations affect how much code, clean and seeded, and what the clean
# build removes. build/report/scan/: facts, table, tree, plot, SARIF, diff.
scan="$root/build/bin/dispatch-scan"
out="$root/build/report/scan"
mkdir -p "$out"
for variant in clean seeded; do
  seeded=$([ "$variant" = seeded ] && echo ON || echo OFF)
  cmake -S "$root/cuda_ref" -B "$out/$variant-build" -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DCUDA_REF_SEEDED=$seeded > /dev/null
  "$scan" collect -p "$out/$variant-build" --root "$root/cuda_ref" -j 2 -o "$out/$variant.facts.json" 2> "$out/$variant.collect.log"
  "$scan" report "$out/$variant.facts.json" -o "$out/$variant.table.txt"
  "$scan" report "$out/$variant.facts.json" --format sarif -o "$out/$variant.sarif"
done
echo "== dispatch-scan report: cuda_ref seeded (impact = affected functions, SnoopCompile's children)"
cat "$out/seeded.table.txt"
echo "== dispatch-scan report --entry main: what the workload runs"
"$scan" report "$out/seeded.facts.json" --entry main | tee "$out/seeded.entry-main.txt"
echo "== dispatch-scan tree 1: the worst offender"
"$scan" tree "$out/seeded.facts.json" 1 | tee "$out/seeded.tree.txt"
"$scan" plot "$out/seeded.facts.json" --svg "$out/seeded.svg" --title "cuda_ref seeded: children per widening declaration"
echo "== dispatch-scan diff seeded → clean"
"$scan" diff "$out/seeded.facts.json" "$out/clean.facts.json" | tee "$out/diff.txt"
echo "== dispatch-scan report: cuda_ref clean"
cat "$out/clean.table.txt"
echo "reports in $out (plot: seeded.svg)"
