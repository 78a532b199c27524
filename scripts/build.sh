#!/usr/bin/env bash
# Configures and builds onnx-ref into ./build (Release), then installs the Python package onnx_ref
# (when it was built) into Debian's /usr/bin/python3 site directory,
# /usr/local/lib/python3.11/dist-packages/onnx_ref on Debian 12. Extra arguments go to the configure
# step; -DONNX_REF_PYTHON=OFF leaves the package out. The library is compiled as a unity build
# (ONNX_REF_UNITY_BUILD in CMakeLists.txt), which halves a cold build.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DONNX_REF_UNITY_BUILD=ON "$@"
cmake --build build -j"$(nproc)"
if grep -q '^ONNX_REF_PYTHON:BOOL=ON' build/CMakeCache.txt; then
  cmake --install build --component python
fi
