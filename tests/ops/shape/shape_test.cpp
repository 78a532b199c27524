// Unit tests of ops/shape/shape.cpp.
#include "helpers/shape_ops.h"

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
