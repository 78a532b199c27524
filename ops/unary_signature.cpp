#include "ops/unary_signature.h"

namespace onnx_ref {

OpVersion x_to_y_version(const std::string& op_type, int since, const TypeSet& types) {
  OpVersion v;
  v.op_type = op_type;
  v.since_version = since;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T"}};
  v.type_constraints = {{"T", types}};
  return v;
}

}  // namespace onnx_ref
