// Unit tests of ops/shape/shape.cpp.
#include "helpers/shape_ops.h"
#include "helpers/shape_rules.h"

TEST_CASE("Shape: the dimensions as int64, sliced from 15") {
  const Tensor x = Tensor::zeros(T::Complex128, {2, 0, 3});
  Attributes from_zero;  // what the loader gives Shape-15 onward without attributes
  from_zero.set("start", int64_t{0});
  for (int since : {1, 13, 15, 19, 21, 23, 24, 25}) {
    const auto out = run_kernel("Shape", since, {Value(x)}, since >= 15 ? from_zero : Attributes{});
    CHECK(out[0].tensor().identical_to(int64_tensor({2, 0, 3})));
  }
  Attributes a;
  a.set("start", int64_t{-2});
  CHECK(run_kernel("Shape", 15, {Value(x)}, a)[0].tensor().identical_to(int64_tensor({0, 3})));
  a.set("end", int64_t{-1});
  CHECK(run_kernel("Shape", 15, {Value(x)}, a)[0].tensor().identical_to(int64_tensor({0})));
  a.set("start", kMax);
  CHECK(run_kernel("Shape", 25, {Value(x)}, a)[0].tensor().identical_to(int64_tensor({})));
  const Tensor scalar = Tensor::from_strings({}, {"s"});
  CHECK(run_kernel("Shape", 1, {Value(scalar)})[0].tensor().identical_to(int64_tensor({})));
  a = Attributes{};
  a.set("start", int64_t{0});
  CHECK(run_kernel("Shape", 21, {Value(int4_tensor({5, 1}))}, a)[0].tensor().identical_to(int64_tensor({5, 1})));
}

namespace shape_rules_tests {

// spec: Shape-15,19,21,23,24,25: "Default value is 0.Negative value means counting dimensions from the back."
TEST_CASE("Shape 15 and later: start 0 by default; negative start and end count from the back") {
  const auto dims = [](const Tensor& t) {
    return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
  };
  for (int64_t v : {15, 19, 21, 23, 24, 25}) {
    INFO("Shape-", v);
    CHECK(dims(run("Shape", v, {kX()})) == std::vector<int64_t>{2, 3, 4});
    CHECK(dims(run("Shape", v, {kX()}, [](OpTester& t) { t.attribute("start", int64_t{-2}); })) ==
          std::vector<int64_t>{3, 4});
    CHECK(dims(run("Shape", v, {kX()}, [](OpTester& t) { t.attribute("end", int64_t{-1}); })) ==
          std::vector<int64_t>{2, 3});
  }
}

}  // namespace shape_rules_tests
