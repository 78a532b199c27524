// Unit tests of ops/shape/openvino_reshape.cpp.
#include "helpers/op_versions.h"

TEST_CASE("OpenVINO Reshape-1: special_zero and integer shape inputs") {
  struct Example {
    Shape input;
    std::vector<int64_t> shape;
    int64_t special_zero;
    Shape expected;
  };
  // The five examples of the OpenVINO opset1 Reshape page.
  const std::vector<Example> examples = {{{2, 5, 5, 0}, {0, 4}, 0, {0, 4}},
                                         {{2, 5, 5, 24}, {0, -1, 4}, 1, {2, 150, 4}},
                                         {{2, 2, 3}, {0, 0, 1, -1}, 1, {2, 2, 1, 3}},
                                         {{3, 1, 1}, {-1, 0}, 1, {3, 1}},
                                         {{3, 1, 1}, {0, -1}, 1, {3, 1}}};
  for (T shape_type : {T::Int64, T::Int32, T::Int8, T::UInt16}) {
    for (const auto& e : examples) {
      CAPTURE(shape_to_string(e.input));
      ModelBuilder b(1, "org.openvinotoolkit");
      b.input("x", T::Float, e.input).output("y");
      Tensor shape = Tensor::zeros(shape_type, {static_cast<int64_t>(e.shape.size())});
      for (size_t i = 0; i < e.shape.size(); ++i) {
        const int64_t v = e.shape[i];
        if (shape_type == T::UInt16 && v < 0) continue;  // -1 does not exist in an unsigned type
        std::memcpy(shape.mutable_data() + i * (bits_of(shape_type) / 8), &v, bits_of(shape_type) / 8);
      }
      const bool has_minus_one = std::count(e.shape.begin(), e.shape.end(), -1) > 0;
      if (shape_type == T::UInt16 && has_minus_one) continue;
      b.initializer("shape", shape);
      set_int(b.node("Reshape", {"x", "shape"}, {"y"}, "org.openvinotoolkit"), "special_zero", e.special_zero);
      const Model m = b.build();
      CHECK(m.kernel_labels() == std::vector<std::string>{"org.openvinotoolkit:Reshape-1"});
      check_shares_input(m, Tensor::zeros(T::Float, e.input), e.expected);
    }
  }
  ModelBuilder no_attr(1, "org.openvinotoolkit");
  no_attr.input("x", T::Float, {2}).output("y").initializer("shape", int64_tensor({2}));
  no_attr.node("Reshape", {"x", "shape"}, {"y"}, "org.openvinotoolkit");
  CHECK_THROWS_WITH_AS(
      no_attr.build(),
      doctest::Contains("node #0 (org.openvinotoolkit:Reshape-1): required attribute 'special_zero' is not set"),
      Error);

  ModelBuilder float_shape(1, "org.openvinotoolkit");
  float_shape.input("x", T::Float, {2})
      .output("y")
      .initializer("shape", Tensor::from_values<float>(T::Float, {1}, {2}));
  set_int(float_shape.node("Reshape", {"x", "shape"}, {"y"}, "org.openvinotoolkit"), "special_zero", 1);
  CHECK_THROWS_WITH_AS(
      float_shape.build(),
      doctest::Contains(
          "input 1 ('shape') is tensor(float), which org.openvinotoolkit:Reshape-1 does not allow for T_SHAPE"),
      Error);
}
