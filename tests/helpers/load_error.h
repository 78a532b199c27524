#pragma once
// The one-line error of loading a hand-built model, or "(loaded)".
#include <string>

#include "runtime/error.h"
#include "tests/model_builder.h"

inline std::string load_error(const onnx_ref::testing::ModelBuilder& b) {
  try {
    b.build();
  } catch (const onnx_ref::Error& e) {
    return e.what();
  }
  return "(loaded)";
}
