// Unit tests of ops/generators/range.cpp.
#include "helpers/generator_spec_rules.h"
#include "helpers/reduce_range.h"

TEST_CASE("Range: integer counts exactly, without overflow") {
  CHECK(range_count_integer(3, 9, 3) == 2);
  CHECK(range_count_integer(10, 4, -2) == 3);
  CHECK(range_count_integer(10, 6, -3) == 2);
  CHECK(range_count_integer(0, 0, 1) == 0);
  CHECK(range_count_integer(5, 0, 1) == 0);
  CHECK(range_count_integer(0, 5, -1) == 0);
  CHECK(range_count_integer(kMin, kMax, kMax) == 3);  // -2^63, -1, 2^63 - 2
  CHECK(range_count_integer(kMax, kMin, kMin) == 2);
  CHECK(range_count_integer(kMin, kMax - 1, 2) == kMax);       // 2^63 - 1 elements: counted, not allocatable
  CHECK_THROWS_AS(range_count_integer(kMin, kMax, 2), Error);  // 2^63 elements
  CHECK_THROWS_WITH_AS(range_count_integer(kMin, kMax, 1),
                       "Range(start = -9223372036854775808, limit = 9223372036854775807, delta = 1) would hold "
                       "18446744073709551615 elements, more than int64 can count",
                       Error);
  CHECK_THROWS_WITH_AS(range_count_integer(1, 2, 0),
                       "Range's delta is 0: the element count max(ceil((limit - start) / delta), 0) is undefined",
                       Error);
}

TEST_CASE("Range: floating counts are the exact ceiling") {
  CHECK(range_count_floating(1, 5, 2) == 2);
  CHECK(range_count_floating(0, 1, 0.1) == 10);   // 1 / 0.1000000000000000055... = 9.99...: ceil 10
  CHECK(range_count_floating(0, 0.3, 0.1) == 3);  // 0.3 is just below 3 * 0.1
  CHECK(range_count_floating(0, 1, 0.25) == 4);   // exactly 4: no fifth element
  CHECK(range_count_floating(1, 0, -0.25) == 4);
  CHECK(range_count_floating(0, 1e-300, 1e-301) == 10);
  CHECK(range_count_floating(5, 1, 1) == 0);
  // The double quotient of (limit - start) / delta rounds to exactly 2^53 here; the exact ceiling is 2^53 + 1.
  CHECK(range_count_floating(0, 9007199254740993.0 * 0.5, 0.5) == 9007199254740992);
  CHECK(range_count_floating(-std::ldexp(1.0, 60), std::ldexp(1.0, 60), std::ldexp(1.0, 59)) == 4);
  CHECK_THROWS_WITH_AS(range_count_floating(0, 1e300, 1e-300),
                       "Range(start = 0, limit = 1.0000000000000001e+300, delta = 1e-300) would hold about inf "
                       "elements, more than can ever be allocated",
                       Error);
  CHECK_THROWS_AS(range_count_floating(-1e308, 1e308, 1), Error);
  CHECK_THROWS_WITH_AS(range_count_floating(0, 1, 0),
                       "Range's delta is 0: the element count max(ceil((limit - start) / delta), 0) is undefined",
                       Error);
  CHECK_THROWS_WITH_AS(range_count_floating(0, std::numeric_limits<double>::infinity(), 1),
                       "Range needs finite start, limit and delta; got start = 0, limit = inf, delta = 1", Error);
  CHECK_THROWS_AS(range_count_floating(std::nan(""), 1, 1), Error);
}

TEST_CASE("Range: elements are start + i * delta rounded once") {
  CHECK(range_element(1, 2, 1, false) == 3);
  CHECK(range_element(0, 0.1, 3, false) == 0.30000000000000004);  // 3 * 0.1 exactly, then rounded: not 0.1+0.1+0.1
  CHECK(range_element(0.5, 0.1, 7, false) ==
        1.2);  // 0.5 + 7 * 0.1 in double arithmetic rounds twice: 1.2000000000000002
  CHECK(range_element(1e16, 1, 1, false) == 1e16);  // 1e16 + 1 is a tie: to even
  CHECK(range_element(1e16, 1.5, 1, false) == 1e16 + 2);
  // float elements: the exact value rounded to float, not the double rounded again.
  const float f = static_cast<float>(range_element(16777216.0, 1.0 + std::ldexp(1.0, -23), 1, true));
  CHECK(f == 16777218.0f);  // 2^24 + 1 + 2^-23 rounds up; via a double rounding 2^24 + 1 ... would tie to 2^24
  // Large i takes the exact path.
  CHECK(range_element(0.25, 0.1, int64_t{1} << 40, false) == 109951162777.85);
}

TEST_CASE("Range versions: types, scalars, stash_type") {
  auto scalar = [](ElementType t, double v) {
    Tensor x = Tensor::zeros(t, {});
    dispatch_real(t, [&](auto tag) {
      using S = typename decltype(tag)::type;
      if constexpr (is_float_storage<S>)
        *reinterpret_cast<S*>(x.mutable_data()) = narrow<S>(v);
      else if constexpr (std::is_integral_v<S>)
        *reinterpret_cast<S*>(x.mutable_data()) = static_cast<S>(v);
    });
    return Value(x);
  };
  const auto out =
      run("Range", 11, {scalar(ElementType::Int16, 10), scalar(ElementType::Int16, 4), scalar(ElementType::Int16, -2)},
          {})[0]
          .tensor();
  CHECK(values_of<int16_t>(out) == std::vector<int16_t>{10, 8, 6});
  const auto h =
      run("Range", 27,
          {scalar(ElementType::Float16, 1), scalar(ElementType::Float16, 5), scalar(ElementType::Float16, 2)}, {})[0]
          .tensor();
  CHECK(h.type() == ElementType::Float16);
  CHECK(values_of<uint16_t>(h) == std::vector<uint16_t>{0x3c00, 0x4200});  // 1, 3
  // float16 2048 + i: 2049 is not a float16 (spacing 2); each element is rounded once, to even.
  const auto g =
      run("Range", 27,
          {scalar(ElementType::Float16, 2048), scalar(ElementType::Float16, 2052), scalar(ElementType::Float16, 1)},
          {})[0]
          .tensor();
  CHECK(values_of<uint16_t>(g) == std::vector<uint16_t>{0x6800, 0x6800, 0x6801, 0x6802});
  Attributes bad;
  bad.set("stash_type", int64_t{10});
  CHECK_THROWS_WITH_AS(
      run("Range", 27,
          {scalar(ElementType::BFloat16, 0), scalar(ElementType::BFloat16, 1), scalar(ElementType::BFloat16, 1)}, bad),
      "attribute 'stash_type' = 10 is neither 1 (float) nor 11 (double)", Error);
  CHECK_NOTHROW(run(
      "Range", 27, {scalar(ElementType::Int32, 0), scalar(ElementType::Int32, 1), scalar(ElementType::Int32, 1)}, bad));
  CHECK_THROWS_WITH_AS(
      run("Range", 11, {Value(floats({2}, {0, 1})), scalar(ElementType::Float, 1), scalar(ElementType::Float, 1)}, {}),
      "Range's start must be a scalar, but it is float[2]", Error);
  // One element in a 1-D tensor is a scalar too (ONNX's RMSNormalization-23 body writes them): 0, 1.
  const auto one_d =
      run("Range", 11, {Value(floats({1}, {0})), scalar(ElementType::Float, 2), Value(floats({1}, {1}))}, {})[0]
          .tensor();
  CHECK(values_of<float>(one_d) == std::vector<float>{0, 1});
  const auto i64 =
      run("Range", 11, {scalar(ElementType::Int64, 0), scalar(ElementType::Int64, -5), scalar(ElementType::Int64, 1)},
          {})[0]
          .tensor();
  CHECK(i64.shape() == Shape{0});
}

// start 1, delta 2^-24 (float16's smallest subnormal), limit 1 + 2^-10: 16384 elements. Element 8193
// is exactly 1 + 2^-11 + 2^-24, just above the midpoint of float16's 1 and 1 + 2^-10: rounded once
// it is 1 + 2^-10 (0x3C01). A loop in float (stash_type 1, the default) would first round it to the
// midpoint 1 + 2^-11 and then, ties to even, to 1; onnx-ref rounds the exact element once whatever
// stash_type says (docs/DEPARTURES.md, Range-27), and checks stash_type is float or double.
// spec: Range-27: "Defaults to 1 (float)."
TEST_CASE("Range-27: float16 elements are the exact values rounded once, with the default stash_type and with double") {
  const auto half = [](uint16_t bits) {
    return Value(Tensor::from_values<uint16_t>(ElementType::Float16, {}, {bits}));
  };
  Attributes as_double;
  as_double.set("stash_type", int64_t{11});
  for (const Attributes& attrs : {Attributes{}, as_double}) {
    const Tensor y = run("Range", 27, {half(0x3C00), half(0x3C01), half(0x0001)}, attrs)[0].tensor();
    REQUIRE(y.shape() == Shape{16384});
    CHECK(y.data_as<uint16_t>()[8192] == 0x3C00);  // 1 + 2^-11: a tie, to even
    CHECK(y.data_as<uint16_t>()[8193] == 0x3C01);
  }
}

namespace generator_spec_rules_tests {

// The text's examples: start 3, limit 9, delta 3 gives [3, 6]; start 10, limit 4, delta -2 gives [10, 8, 6].
// spec: Range-11,27: "The number of elements in the output of range is computed as below:"
// spec: Range-11,27: "First entry for the range of output values."
// spec: Range-11,27: "Exclusive upper limit for the range of output values."
// spec: Range-11,27: "A 1-D tensor with same type as the inputs containing generated range of values."
// spec: Range-11,27: "Scalar."
TEST_CASE("Range, every version: the text's two examples; scalar inputs; a 1-D output of their type") {
  const auto range = [](int64_t v, int64_t start, int64_t limit, int64_t delta) {
    OpTester t("Range", v);
    t.input(Value(i64({}, {start}))).input(Value(i64({}, {limit}))).input(Value(i64({}, {delta})));
    return t.run_tensor();
  };
  const auto ints = [](const Tensor& t) {
    return std::vector<int64_t>(t.data_as<int64_t>(), t.data_as<int64_t>() + t.element_count());
  };
  for (int64_t v : {11, 27}) {
    INFO("Range-", v);
    const Tensor a = range(v, 3, 9, 3);
    REQUIRE(a.type() == T::Int64);
    CHECK(a.shape() == Shape{2});
    CHECK(ints(a) == std::vector<int64_t>{3, 6});
    CHECK(ints(range(v, 10, 4, -2)) == std::vector<int64_t>{10, 8, 6});
    CHECK(range(v, 5, 1, 1).shape() == Shape{0});  // max(ceil(-4), 0) = 0
    OpTester two("Range", v);
    two.input(Value(i64({2}, {1, 2}))).input(Value(i64({}, {5}))).input(Value(i64({}, {1})));
    CHECK_THROWS_AS(two.run(), Error);
  }
}

}  // namespace generator_spec_rules_tests
