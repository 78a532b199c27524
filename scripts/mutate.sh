#!/usr/bin/env bash
# Mutation testing: thousands of damaged copies of ../shared/onnx-node-tests through `onnx-ref test`
# (and `onnx-ref run` on every 10th). They may pass, fail or be skipped, but never crash, hang, end
# in an internal error or print an error that spans lines. scripts/mutate.py does the work.
#
#   MUTANTS=20000 SEED=7 bash scripts/mutate.sh
#   ONNX_REF=build-asan/onnx-ref bash scripts/mutate.sh     # under the sanitizers (scripts/sanitize.sh builds it)
#
# Mutants with findings are kept in build-mutants/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
onnx_ref=${ONNX_REF:-build/onnx-ref}
[ -x "$onnx_ref" ] || { echo "$onnx_ref is not built (scripts/build.sh builds it)"; exit 1; }
mkdir -p build-mutants/findings
exec python3 scripts/mutate.py --onnx-ref "$onnx_ref" --source ../shared/onnx-node-tests \
  --count "${MUTANTS:-5000}" --seed "${SEED:-1}" --keep build-mutants/findings "$@"
