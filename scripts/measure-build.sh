#!/usr/bin/env bash
# Times a cold build (ccache off) of a source tree as the README's two commands build it: first the
# command alone (scripts/build.sh), then everything else (scripts/build.sh all), each with its
# wall time, its CPU time and the machine's load average before it (the machine is shared: CPU
# time says what the build costs, wall time what it took under that load).
#
#   scripts/measure-build.sh [SOURCE_DIR [BUILD_DIR]]    default: this tree, /tmp/onnx-ref-cold
set -uo pipefail
src=$(realpath "${1:-$(dirname "$0")/..}")
out=${2:-/tmp/onnx-ref-cold}
export CCACHE_DISABLE=1
rm -rf "$out"
cmake -S "$src" -B "$out" -DCMAKE_BUILD_TYPE=Release -DONNX_REF_UNITY_BUILD=ON > "$out.configure.log" 2>&1 || { cat "$out.configure.log"; exit 1; }
echo "source: $src ($(git -C "$src" rev-parse --short HEAD 2>/dev/null)), $(nproc) cores"
for step in onnx-ref all; do
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  /usr/bin/time -f "%e %U %S" -o "$out.time" cmake --build "$out" -j"$(nproc)" --target "$step" > "$out.$step.log" 2>&1 || { tail -20 "$out.$step.log"; exit 1; }
  read -r wall user sys < "$out.time"
  echo "build --target $step: wall ${wall} s, CPU $(echo "$user + $sys" | bc) s, load average before: $load"
done
