#!/usr/bin/env bash
# Encodes one text-format protobuf into its binary form.
# usage: encode_textproto.sh PROTOC ONNX_PROTO_INCLUDE_DIR MESSAGE IN OUT
# The result is written beside OUT and renamed, so a failed encode never leaves an OUT that looks
# up to date to the build system.
set -euo pipefail
protoc=$1; include=$2; message=$3; in=$4; out=$5
mkdir -p "$(dirname "$out")"
trap 'rm -f "$out.tmp"' EXIT
"$protoc" --encode="$message" -I "$include" onnx/onnx.proto < "$in" > "$out.tmp"
mv -f "$out.tmp" "$out"
