#!/usr/bin/env bash
# Configures and builds onnx-ref into ./build (Release, unity batches: ONNX_REF_UNITY_BUILD in
# CMakeLists.txt, which halves a cold build; ccache when installed).
#
#   scripts/build.sh                  the command alone, build/onnx-ref (the README's first command)
#   scripts/build.sh all              everything: the command, the unit tests, the Python package
#   scripts/build.sh TARGET...        those CMake targets (onnx-ref, unit_tests, onnx_ref_python, ...)
#
# Arguments starting with -D go to the configure step (-DONNX_REF_PYTHON=OFF leaves the Python
# package out). The Python package is built for the interpreter PYTHON names, by default the first
# `python3` on PATH, and when it is among the targets (all, onnx_ref_python) it is installed into
# that interpreter's site directory (/usr/local/lib/python3.11/dist-packages for Debian 12's
# /usr/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."
# Unity batches halve a cold build, but their generated sources name this checkout's absolute paths,
# so no other clone can reuse them: with ccache (scripts/install-deps.sh installs it) every source is
# compiled on its own, and a clone or a rebuild takes what any clone compiled before.
unity=$(command -v ccache > /dev/null && echo OFF || echo ON)
source scripts/phase.sh
python=${PYTHON:-$(command -v python3 || true)}
configure=() targets=()
for arg in "$@"; do
  case $arg in -D*) configure+=("$arg") ;; *) targets+=("$arg") ;; esac
done
[ ${#targets[@]} -gt 0 ] || targets=(onnx-ref)
phase_start configure
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DONNX_REF_UNITY_BUILD="$unity" ${python:+-DPYTHON="$python"} "${configure[@]}"
phase_end
phase_start "build (${targets[*]})"
cmake --build build -j"$(nproc)" --target "${targets[@]}"
phase_end
case " ${targets[*]} " in
  *" all "* | *" onnx_ref_python "*)
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
    fi ;;
esac
