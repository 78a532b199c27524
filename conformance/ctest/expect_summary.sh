#!/usr/bin/env bash
# Runs an `onnx-ref test` command and checks both its exit code and its closing summary line.
# usage: expect_summary.sh EXIT_CODE "N passed, N failed, N skipped" COMMAND...
set -u
want_rc=$1; want_line=$2; shift 2
out=$("$@" 2>&1); rc=$?
printf '%s\n' "$out" | tail -n 30
last=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' | tail -n 1)
if [ "$rc" != "$want_rc" ]; then echo "FAIL: exit code $rc, expected $want_rc"; exit 1; fi
if [ "$last" != "$want_line" ]; then echo "FAIL: summary '$last', expected '$want_line'"; exit 1; fi
echo "OK: $want_line (exit $rc)"
