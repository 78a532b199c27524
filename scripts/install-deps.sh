#!/usr/bin/env bash
# Installs the Debian 12 packages onnx-ref builds, tests and benchmarks with (run as root).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
  ca-certificates cmake make g++ pkg-config \
  libonnx-dev libprotobuf-dev protobuf-compiler libeigen3-dev doctest-dev nlohmann-json3-dev \
  libcli11-dev libfmt-dev libbenchmark-dev libonnx-testdata \
  python3 time
