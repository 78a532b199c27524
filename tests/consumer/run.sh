#!/usr/bin/env bash
# Installs onnx-ref from BUILD_DIR into a scratch prefix, builds tests/consumer against the
# installed CMake package, and runs it on the bundled example.
set -eu
build_dir=$1; source_dir=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$source_dir/tests/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/build/consumer" "$source_dir/examples/reshape_flatten/model.onnx"
