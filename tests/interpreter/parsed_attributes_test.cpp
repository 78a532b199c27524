// Attributes parsed once (OpVersion::set_kernel, ops/registry.h): a version's parse step runs when
// a node is loaded, its kernel reads the parsed struct on every call, and a rule on attribute
// values alone is refused at load, naming the node, before anything runs.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "op_tester.h"
#include "ops/registry.h"
#include "runtime/error.h"

namespace onnx_ref {
namespace {

struct ScaleParams {
  int64_t factor = 0;
};

// A version whose parse step counts its calls in `parses` and whose kernel returns the factor.
OpVersion counting_version(std::shared_ptr<int> parses) {
  OpVersion v;
  v.op_type = "Scale";
  v.attributes = {{"factor", AttrType::Int, false, int64_t{1}}};
  v.set_kernel(
      [parses](const Attributes& attrs) {
        ++*parses;
        const int64_t factor = attrs.get_int("factor");
        if (factor < 1) throw Error("attribute 'factor' must be at least 1, got " + std::to_string(factor));
        return ScaleParams{factor};
      },
      [](const KernelContext&, const ScaleParams& params) -> std::vector<Value> {
        return {Tensor::from_values<int64_t>(ElementType::Int64, {}, {params.factor})};
      });
  return v;
}

int64_t scalar_of(const std::vector<Value>& outputs) { return outputs.at(0).tensor().data_as<int64_t>()[0]; }

// Factor attributes of a node as loading resolves them.
Attributes factor(int64_t value) {
  Attributes attrs;
  attrs.set("factor", value);
  return attrs;
}

TEST_CASE("a node's kernel parses its attributes once; the version's plain kernel on each call") {
  auto parses = std::make_shared<int>(0);
  const OpVersion v = counting_version(parses);
  const Kernel kernel = v.node_kernel(factor(7));
  CHECK(*parses == 1);
  const Attributes none;
  const KernelContext bound(none, {}, 1);  // the bound kernel reads the parsed struct, not these
  for (int call = 0; call < 3; ++call) CHECK(scalar_of(kernel(bound)) == 7);
  CHECK(*parses == 1);
  // Without a loader (a benchmark calling a kernel directly) the attributes are those of the call.
  const Attributes three = factor(3);
  const KernelContext direct(three, {}, 1);
  CHECK(scalar_of(v.kernel(direct)) == 3);
  CHECK(scalar_of(v.kernel(direct)) == 3);
  CHECK(*parses == 3);
}

TEST_CASE("a parse step's Error comes out of node_kernel, before any call") {
  const OpVersion v = counting_version(std::make_shared<int>(0));
  CHECK_THROWS_WITH_AS(v.node_kernel(factor(0)), "attribute 'factor' must be at least 1, got 0", Error);
}

TEST_CASE("a version without a parse step runs its kernel as registered") {
  OpVersion v;
  v.kernel = [](const KernelContext& ctx) -> std::vector<Value> {
    return {Tensor::from_values<int64_t>(ElementType::Int64, {}, {ctx.attrs.get_int("k")})};
  };
  Attributes attrs;
  attrs.set("k", int64_t{5});
  CHECK(!v.bind_kernel);
  CHECK(scalar_of(v.node_kernel(attrs)(KernelContext(attrs, {}, 1))) == 5);
}

// Conv-22 of a 3x3 input of ones with a 2x2 kernel of ones.
testing::OpTester ones_conv() {
  testing::OpTester t("Conv", 22);
  t.input(Tensor::from_values<float>(ElementType::Float, {1, 1, 3, 3}, std::vector<float>(9, 1.0f)))
      .input(Tensor::from_values<float>(ElementType::Float, {1, 1, 2, 2}, std::vector<float>(4, 1.0f)));
  return t;
}

// Loading alone (Model, no run) refuses the node with `message`.
void check_refused_at_load(const testing::OpTester& t, const std::string& message) {
  CHECK_THROWS_WITH_AS(t.model(), message.c_str(), Error);
}

// Conv-22 and AveragePool-22, pads: "This attribute cannot be used simultaneously with auto_pad
// attribute." A rule on attribute values alone: the model is refused when it is loaded, not when
// the node runs.
TEST_CASE("Conv-22 and AveragePool-22: explicit pads with auto_pad are refused at load") {
  testing::OpTester conv = ones_conv();
  conv.attribute("auto_pad", "SAME_UPPER").attribute("pads", std::vector<int64_t>{1, 1, 0, 0});
  check_refused_at_load(conv,
                        "test.onnx: node 'n' (#0, Conv-22): explicit pads [1, 1, 0, 0] cannot be used with "
                        "auto_pad 'SAME_UPPER'");
  testing::OpTester pool("AveragePool", 22);
  pool.input(Tensor::from_values<float>(ElementType::Float, {1, 1, 3}, {1.0f, 2.0f, 3.0f}))
      .attribute("kernel_shape", std::vector<int64_t>{2})
      .attribute("auto_pad", "VALID")
      .attribute("pads", std::vector<int64_t>{0, 1});
  check_refused_at_load(pool,
                        "test.onnx: node 'n' (#0, AveragePool-22): explicit pads [0, 1] cannot be used with "
                        "auto_pad 'VALID'");
}

// Without the conflict the node loads and its parsed window runs: auto_pad SAME_UPPER gives a 3x3
// output with a total padding of 1 per axis, at the end; each output counts the ones its window
// covers, 4 inside, 2 along the last row or column, 1 at the corner.
TEST_CASE("Conv-22: auto_pad SAME_UPPER through the parsed window") {
  testing::OpTester t = ones_conv();
  t.attribute("auto_pad", "SAME_UPPER");
  const Tensor y = t.run_tensor();
  REQUIRE(y.shape() == Shape{1, 1, 3, 3});
  const std::vector<float> expected{4, 4, 2, 4, 4, 2, 2, 2, 1};
  for (size_t i = 0; i < expected.size(); ++i) CHECK(y.data_as<float>()[i] == expected[i]);
}

}  // namespace
}  // namespace onnx_ref
