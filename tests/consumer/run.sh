#!/usr/bin/env bash
# Installs onnx-ref from BUILD_DIR into a scratch prefix, builds tests/consumer against the
# installed CMake package, and runs it on the bundled example.
set -eu
build_dir=$1; source_dir=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
# Only the embeddable library's public headers are installed, and none includes protobuf's or ONNX's.
installed=$(cd "$work/prefix/include/onnx_ref" && find . -name '*.h' | sed 's|^\./||' | LC_ALL=C sort | tr '\n' ' ')
expected="interpreter/exposed_values.h interpreter/load_options.h interpreter/session.h onnx_ref.h runtime/element_type.h runtime/error.h runtime/npy.h runtime/run_context.h runtime/run_limits.h runtime/tensor.h runtime/tensor_file.h runtime/tensor_json.h runtime/value.h "
[ "$installed" = "$expected" ] || { echo "installed headers: $installed"; echo "expected:          $expected"; exit 1; }
if grep -rlE '#include <(onnx|google/protobuf)/' "$work/prefix/include/onnx_ref"; then echo "an installed header includes protobuf's or ONNX's"; exit 1; fi
cmake -S "$source_dir/tests/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/build/consumer" "$source_dir/examples/reshape_flatten/model.onnx"
