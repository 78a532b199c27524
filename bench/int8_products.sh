#!/usr/bin/env bash
# The "Integer products" figures of bench/RESULTS.md, onnx-ref beside onnxruntime-node in one run:
#   - MatMulInteger 1024^3 and a 1024x1024 3x3 64-channel ConvInteger (bench/make_int8_op_models.py):
#     onnx-ref's kernel time from `run --profile`, onnxruntime's first session.run and the median of
#     REPS more, each as GOP/s (2 operations per multiply-add);
#   - the dynamically quantized stack (bench/make_quant_stack.py, 1024x1024): one shot (one process,
#     `onnx-ref run --threads 2 --random-inputs`; onnxruntime session creation plus one run, 2
#     threads), wall time and peak RSS.
# Each figure is the best of REPS (5) processes: the machine is shared, and the best is the least
# disturbed. ONNX_REF (build/onnx-ref) may name an older binary for a before/after pair; NODE_PATH
# must reach onnxruntime-node (scripts/bench-compare.sh installs it under BUILD_DIR/bench-node).
#
#   bench/int8_products.sh WORK_DIR
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mkdir -p "$1" && cd "$1" && pwd)
ONNX_REF=${ONNX_REF:-$REPO/build/onnx-ref}
REPS=${REPS:-5}
[[ -n ${NODE_PATH:-} ]] || { echo "int8_products: set NODE_PATH to a node_modules holding onnxruntime-node" >&2; exit 1; }
[[ -f $WORK/ops/matmul_integer_1024.onnx ]] || /usr/bin/python3 "$REPO/bench/make_int8_op_models.py" "$WORK/ops"
[[ -f $WORK/stack1024.onnx ]] || /usr/bin/python3 "$REPO/bench/make_quant_stack.py" "$WORK/stack1024.onnx"

best() { sort -g | head -1; }

# name ops model op_type
for spec in "MatMulInteger_1024^3 2147483648 $WORK/ops/matmul_integer_1024.onnx MatMulInteger-10" \
            "ConvInteger_1024x1024_64ch_3x3 77309411328 $WORK/ops/conv_integer_1024.onnx ConvInteger-10"; do
  read -r name ops model op <<< "$spec"
  ref=$(for _ in $(seq "$REPS"); do
          "$ONNX_REF" run --threads 2 --profile --random-inputs "$model" --output-dir "$WORK/out" 2>&1 >/dev/null |
            awk -v op="$op" '$4 == op && NF == 4 { print $1 }'
        done | best)
  ort=$(node "$REPO/bench/ort_session_time.js" "$model" 2 "$REPS")
  first=$(echo "$ort" | sed -E 's/.*first run ([0-9.]+) ms.*/\1/')
  steady=$(echo "$ort" | sed -E 's/.*more runs ([0-9.]+) ms.*/\1/')
  awk -v n="$name" -v o="$ops" -v r="$ref" -v f="$first" -v s="$steady" 'BEGIN {
    printf "%s: onnx-ref %.1f ms = %.0f GOP/s; onnxruntime first run %.1f ms = %.0f GOP/s, steady %.1f ms = %.0f GOP/s\n",
      n, r, o / r / 1e6, f, o / f / 1e6, s, o / s / 1e6 }'
done

stack=$WORK/stack1024.onnx
ref=$(for _ in $(seq "$REPS"); do
        /usr/bin/time -f "%e %M" "$ONNX_REF" run --threads 2 --random-inputs "$stack" --output-dir "$WORK/out" 2>&1 >/dev/null | tail -1
      done | sort -g | head -1)
ort=$(for _ in $(seq "$REPS"); do
        /usr/bin/time -f "%e %M" node "$REPO/bench/ort_session_time.js" "$stack" 2 0 2>&1 >/dev/null | tail -1
      done | sort -g | head -1)
echo "quantized stack 1024x1024, one shot: onnx-ref ${ref% *} s, peak RSS $(( ${ref#* } / 1024 )) MiB;" \
     "onnxruntime ${ort% *} s, peak RSS $(( ${ort#* } / 1024 )) MiB"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
