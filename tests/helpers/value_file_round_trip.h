// A value written to a value file (TensorProto, SequenceProto, MapProto or OptionalProto) and read
// back: shared by the map and the sequence/optional round-trip tests.
#pragma once
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "runtime/value_proto.h"

namespace {

// `v` written to dir/v.pb under the name "name" and read back as v's type; the name must survive.
inline onnx_ref::Value round_trip_value_file(const std::filesystem::path& dir, const onnx_ref::Value& v) {
  const auto file = dir / "v.pb";
  onnx_ref::write_value_file(file, v, "name");
  std::string name;
  onnx_ref::Value back = onnx_ref::read_value_file(file, v.type(), &name);
  CHECK(name == "name");
  return back;
}

}  // namespace
