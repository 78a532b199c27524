// Unit tests of ops/cast/cast_like.cpp.
#include "helpers/cast.h"

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
