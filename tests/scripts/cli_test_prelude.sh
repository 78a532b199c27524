# Sourced by the CLI test scripts that take the command and a Python as their arguments: strict
# mode, onnx_ref=$1 and python=$2, a scratch folder $dir removed at exit, and fail MESSAGE.
set -eu
onnx_ref=$1; python=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
