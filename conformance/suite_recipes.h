#pragma once
// Candidate cases for one operator version: the seeds' nodes over every allowed element type and
// value flavor, generic one-node recipes built from the registry's formal parameters (element-wise
// and reduction families need nothing else), and models a strict backend must refuse.
#include <string>
#include <utility>
#include <vector>

#include <onnx/onnx_pb.h>

#include "conformance/suite_seeds.h"
#include "ops/registry.h"

namespace onnx_ref::suite {

struct Candidate {
  std::string what;  // the test name's last part, e.g. "add_bcast_float16_special"
  onnx::ModelProto model;
  std::vector<std::pair<std::string, Value>> feeds;  // graph inputs in graph order
  bool must_refuse = false;                          // an error case: kept only when onnx-ref refuses it
};

// Candidates in the order gen-suite tries them: the first of each seed and recipe first, so that a
// cap on tests per version keeps them varied. `seeds` may be null.
std::vector<Candidate> version_candidates(const OpVersion& version, const std::vector<SeedCase>* seeds, uint64_t seed);

// Models of `version` with an element type its constraints do not allow.
std::vector<Candidate> refusal_candidates(const OpVersion& version, const std::vector<SeedCase>* seeds);

}  // namespace onnx_ref::suite
