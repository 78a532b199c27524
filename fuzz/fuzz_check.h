#pragma once
// What every fuzz target checks besides "no crash, no sanitizer report, no leak": broken
// invariants abort with a message, so libFuzzer records the input as a crash.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "runtime/error.h"

namespace onnx_ref::fuzz {

[[noreturn]] inline void finding(const char* what, const char* detail = "") {
  std::fprintf(stderr, "FUZZ FINDING: %s %s\n", what, detail);
  std::abort();
}

inline void require(bool condition, const char* what) {
  if (!condition) finding(what);
}

// Every refusal is one line (the command prints it as is), whatever bytes the input held.
inline void check_error(const Error& e) {
  if (std::strchr(e.what(), '\n') || std::strchr(e.what(), '\r')) finding("error message spans lines:", e.what());
}

}  // namespace onnx_ref::fuzz
