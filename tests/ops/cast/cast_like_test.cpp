// Unit tests of ops/cast/cast_like.cpp.
#include "helpers/cast.h"
#include "helpers/cast_rules.h"

TEST_CASE("CastLike: the output type is the second input's") {
  ModelBuilder b(19);
  b.input("x", T::Float, {3}).input("like", T::Float8E5M2, {0}).output("y");
  auto& n = b.node("CastLike", {"x", "like"}, {"y"});
  set_int(n, "saturate", 0);
  const Model m = b.build();
  const auto out = m.run({{"x", floats({1e6f, 1.0f, -1e6f})}, {"like", Tensor::zeros(T::Float8E5M2, {0})}});
  const Tensor& y = out[0].second.tensor();
  CHECK(y.type() == T::Float8E5M2);
  CHECK(bits_at(y, 0) == 0x7C);
  CHECK(bits_at(y, 1) == 0x3C);
  CHECK(bits_at(y, 2) == 0xFC);
  ModelBuilder c(15);
  c.input("x", T::String, {2}).input("like", T::Int16, {1}).output("y");
  c.node("CastLike", {"x", "like"}, {"y"});
  const auto s = c.build().run({{"x", strings({"-7", "12.9"})}, {"like", Tensor::zeros(T::Int16, {1})}});
  CHECK(read_int64(T::Int16, s[0].second.tensor().data(), 1) == 12);
}

namespace cast_rules_tests {

// spec: CastLike-*: "The operator casts the elements of a given input tensor (the first input) to the same data type as the elements of the second input tensor."
// spec: CastLike-*: "The (first) input tensor will be cast to produce a tensor of the same type as this (second input) tensor."
// spec: CastLike-*: "Output tensor produced by casting the first input tensor to have the same type as the second input tensor."
TEST_CASE("CastLike, every version: the first input in the second input's type, the first's shape") {
  const Tensor x = Tensor::from_values<float>(T::Float, {2, 2}, {1.5f, -2.75f, 3, 1e10f});
  const Tensor like = Tensor::from_values<int32_t>(T::Int32, {3}, {0, 0, 0});
  for (int64_t v : kCastLike) {
    INFO("CastLike-", v);
    OpTester t("CastLike", v);
    t.input(Value(Tensor::from_values<float>(T::Float, {2, 2}, {1.5f, -2.75f, 3, 100}))).input(Value(like));
    const Tensor y = t.run_tensor();
    REQUIRE(y.type() == T::Int32);
    REQUIRE(y.shape() == Shape{2, 2});
    CHECK(std::vector<int32_t>(y.data_as<int32_t>(), y.data_as<int32_t>() + 4) == std::vector<int32_t>{1, -2, 3, 100});
    OpTester d("CastLike", v);
    d.input(Value(x)).input(Value(Tensor::from_values<double>(T::Double, {}, {0})));
    CHECK(d.run_tensor().data_as<double>()[3] == 1e10);
  }
}

}  // namespace cast_rules_tests
