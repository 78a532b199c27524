#!/usr/bin/env bash
# Configures and builds onnx-ref into ./build (Release), then installs the Python package onnx_ref
# (when it was built) into the site directory of the interpreter PYTHON names, by default the first
# `python3` on PATH (/usr/local/lib/python3.11/dist-packages for Debian 12's /usr/bin/python3).
# Extra arguments go to the configure step; -DONNX_REF_PYTHON=OFF leaves the package out. The
# library is compiled as a unity build (ONNX_REF_UNITY_BUILD in CMakeLists.txt), which halves a cold
# build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh
python=${PYTHON:-$(command -v python3 || true)}
phase_start configure
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DONNX_REF_UNITY_BUILD=ON ${python:+-DPYTHON="$python"} "$@"
phase_end
phase_start build
cmake --build build -j"$(nproc)"
phase_end
if grep -q '^ONNX_REF_PYTHON:BOOL=ON' build/CMakeCache.txt; then
  phase_start "install the Python package"
  cmake --install build --component python
  installed_for=$(sed -n 's/^ONNX_REF_PYTHON_EXECUTABLE:FILEPATH=//p' build/CMakeCache.txt)
  if "$installed_for" -c "import numpy" 2> /dev/null; then
    echo "onnx_ref is installed for $installed_for"
  else
    echo "onnx_ref is installed for $installed_for, which has no numpy: running a model needs it ($installed_for -m pip install numpy)"
  fi
  phase_end
fi
