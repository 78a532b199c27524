#pragma once
// Seed cases for gen-suite: one-node models with their first data set, read from backend-test
// folders (ONNX's official node tests). gen-suite keeps each seed's node and input shapes and
// retargets, retypes and refills it for every version of the operator.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <onnx/onnx_pb.h>

#include "runtime/value.h"

namespace onnx_ref::suite {

struct SeedCase {
  std::string name;  // the folder's name without "test_", e.g. "add_bcast"
  std::shared_ptr<const onnx::ModelProto> model;
  std::vector<std::pair<std::string, Value>> inputs;  // the fed graph inputs, in graph order
};

// Seeds by (domain as canonical_domain gives it, op_type). Test folders of the same name in several
// roots or releases count once (the release sorting last); a folder whose graph is not one node,
// that onnx-ref cannot load, or whose inputs are large is left out.
using SeedIndex = std::map<std::pair<std::string, std::string>, std::vector<SeedCase>>;
SeedIndex load_seeds(const std::vector<std::filesystem::path>& roots);

}  // namespace onnx_ref::suite
