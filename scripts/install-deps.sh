#!/usr/bin/env bash
# Installs the Debian 12 packages onnx-ref builds, tests and benchmarks with (run as root).
# The Python package needs pybind11-dev, python3-dev and python3-numpy; its tests python3-onnx and
# python3-pytest; the HTML report test renders the report in chromium.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
  ca-certificates cmake make g++ pkg-config ccache \
  libonnx-dev libprotobuf-dev protobuf-compiler libeigen3-dev doctest-dev nlohmann-json3-dev \
  libcli11-dev libfmt-dev libbenchmark-dev libonnx-testdata libmpfr-dev libre2-dev libicu-dev \
  libjpeg62-turbo-dev libpng-dev libwebp-dev libtiff-dev libopenjp2-7-dev \
  python3 python3-venv python3-pip time \
  pybind11-dev python3-dev python3-numpy python3-onnx python3-pytest chromium
