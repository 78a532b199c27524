#!/usr/bin/env bash
# Configures and builds onnx-ref into ./build (Release, unity batches: ONNX_REF_UNITY_BUILD in
# CMakeLists.txt, which halves a cold build; ccache when installed).
#
#   scripts/build.sh                  the command alone, build/onnx-ref (the README's first command)
#   scripts/build.sh all              everything: the command, the unit tests, the Python package
#   scripts/build.sh TARGET...        those CMake targets (onnx-ref, unit_tests, onnx_ref_python, ...)
#
# Arguments starting with -D go to the configure step (-DONNX_REF_PYTHON=OFF leaves the Python
# package out). When the Python package is among the targets (all, onnx_ref_python), it is
# installed into Debian's /usr/bin/python3 site directory,
# /usr/local/lib/python3.11/dist-packages/onnx_ref on Debian 12.
set -euo pipefail
cd "$(dirname "$0")/.."
configure=() targets=()
for arg in "$@"; do
  case $arg in -D*) configure+=("$arg") ;; *) targets+=("$arg") ;; esac
done
[ ${#targets[@]} -gt 0 ] || targets=(onnx-ref)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DONNX_REF_UNITY_BUILD=ON "${configure[@]}"
cmake --build build -j"$(nproc)" --target "${targets[@]}"
case " ${targets[*]} " in
  *" all "* | *" onnx_ref_python "*)
    if grep -q '^ONNX_REF_PYTHON:BOOL=ON' build/CMakeCache.txt; then cmake --install build --component python; fi ;;
esac
