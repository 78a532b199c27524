#include "ops/control/control_flow.h"

#include "ops/type_sets.h"
#include "runtime/error.h"

namespace onnx_ref::control {

namespace {
const TypeSet& tensors_at(int since_version) {
  using namespace type_sets;
  if (since_version >= 25) return kWithInt2;
  if (since_version >= 24) return kWithFloat8E8M0;
  if (since_version >= 23) return kWithFloat4;
  if (since_version >= 21) return kWithInt4;
  if (since_version >= 19) return kWithFloat8;
  if (since_version >= 16) return kWithBFloat16;
  return kClassic;
}
}  // namespace

TypeConstraint if_loop_values(int since_version) {
  TypeConstraint c{"V", tensors_at(since_version)};
  if (since_version >= 13) c.sequences = tensors_at(since_version);
  if (since_version >= 16) {
    c.optional_tensors = tensors_at(since_version);
    c.optional_sequences = type_sets::kWithBFloat16;
  }
  return c;
}

TypeConstraint scan_values(int since_version) { return {"V", tensors_at(since_version)}; }

int64_t scalar_int64(const Tensor& t, const std::string& what) {
  if (t.element_count() != 1) throw Error(what + " must hold one element, it is " + t.describe());
  return t.data_as<int64_t>()[0];
}

bool scalar_bool(const Tensor& t, const std::string& what) {
  if (t.element_count() != 1) throw Error(what + " must hold one element, it is " + t.describe());
  return t.data_as<uint8_t>()[0] != 0;
}

}  // namespace onnx_ref::control
