// NonMaxSuppression-10 and -11: the box format default of the ONNX 1.22.0 text, cited.
// The helpers of these cases, shared by the operator test files they moved to.
#pragma once
#include <doctest/doctest.h>

#include <vector>

#include "op_tester.h"
#include "runtime/error.h"

namespace non_max_suppression_rules_tests {
namespace {
using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

}  // namespace
}  // namespace non_max_suppression_rules_tests
