#!/usr/bin/env bash
# Encodes every examples/*/model.textproto into the model.onnx beside it (needs protobuf-compiler
# and libonnx-dev for onnx.proto).
set -euo pipefail
cd "$(dirname "$0")/.."
for text in examples/*/model.textproto; do
  protoc --encode=onnx.ModelProto -I /usr/include onnx/onnx.proto < "$text" > "$(dirname "$text")/model.onnx"
done
