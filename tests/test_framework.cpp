// The pieces every operator shares: values that are not tensors, element copies by size, the
// broadcasting helper, formal parameters and the numeric dispatch.
#include <doctest/doctest.h>

#include <complex>
#include <cstring>

#include "ops/broadcast.h"
#include "ops/registry.h"
#include "runtime/element_copy.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"
#include "runtime/value.h"

using namespace onnx_ref;
using T = ElementType;

namespace {

// A packed tensor with varied bit patterns, unused high bits of the last byte zero.
Tensor iota(ElementType type, Shape shape) {
  Tensor t = Tensor::zeros(type, std::move(shape));
  auto* p = t.mutable_data();
  const size_t n = t.bytes().size();
  for (size_t i = 0; i < n; ++i) p[i] = static_cast<std::byte>(i * 73 + 0x5B);
  const int used = static_cast<int>((t.element_count() * bits_of(type)) % 8);
  if (used) p[n - 1] &= static_cast<std::byte>((1u << used) - 1);
  return t;
}

// Element i as its stored bytes (byte-sized types) or bits (packed types): exact, any width.
std::string elem(const Tensor& t, int64_t i) {
  if (is_sub_byte(t.type())) return std::to_string(read_bits(t.type(), t.data(), i));
  const size_t w = static_cast<size_t>(bits_of(t.type()) / 8);
  return std::string(reinterpret_cast<const char*>(t.data()) + static_cast<size_t>(i) * w, w);
}

std::vector<uint64_t> bits(const Tensor& t) {
  std::vector<uint64_t> out;
  for (int64_t i = 0; i < t.element_count(); ++i) out.push_back(read_bits(t.type(), t.data(), i));
  return out;
}

}  // namespace

TEST_CASE("value: sequences, optionals and their types") {
  const Tensor a = Tensor::from_values<float>(T::Float, {2}, {1.f, 2.f});
  const Tensor b = Tensor::from_values<float>(T::Float, {1}, {3.f});
  const Value seq = Value::sequence(T::Float, {a, b});
  CHECK(seq.type().to_string() == "seq(tensor(float))");
  CHECK(seq.items().size() == 2);
  CHECK(seq.describe() == "seq(tensor(float)) of 2: [float[2], float[1]]");
  CHECK_THROWS_WITH_AS(Value::sequence(T::Int64, {a}), "sequence item 0 is float[2] but the sequence holds tensor(int64)", Error);
  CHECK_THROWS_WITH_AS(seq.tensor(), "expected a tensor, got seq(tensor(float))", Error);

  const Value empty = Value::sequence(T::Int8, {});
  CHECK(empty.type().to_string() == "seq(tensor(int8))");

  const Value none = Value::none({ValueKind::OptionalTensor, T::Float});
  CHECK(none.type().to_string() == "optional(tensor(float))");
  CHECK_FALSE(none.has_element());
  CHECK(none.describe() == "optional(tensor(float)): empty");
  CHECK_THROWS_WITH_AS(none.element(), "the optional optional(tensor(float)) is empty", Error);

  const Value some = Value::some(seq);
  CHECK(some.type().to_string() == "optional(seq(tensor(float)))");
  CHECK(some.element().identical_to(seq));
  CHECK(Value::some(a).element().tensor().identical_to(a));
  CHECK_THROWS_AS(Value::some(some), Error);
  CHECK_FALSE(some.identical_to(seq));
  CHECK_FALSE(none.identical_to(Value::none({ValueKind::OptionalSequence, T::Float})));
  CHECK(Value(a).identical_to(Value(a)));
  CHECK_FALSE(Value::sequence(T::Float, {a}).identical_to(Value::sequence(T::Float, {b})));
}

TEST_CASE("element copies move every element type bit for bit") {
  for (const auto& ti : all_element_types()) {
    const ElementType type = ti.type;
    CAPTURE(name_of(type));
    if (type == T::String) continue;
    // Every byte pattern survives: fill the source with distinct bytes, not values.
    Tensor src = Tensor::zeros(type, {3, 5});
    if (!is_sub_byte(type)) {
      auto* p = src.mutable_data();
      for (size_t i = 0; i < src.bytes().size(); ++i) p[i] = static_cast<std::byte>(i * 37 + 11);
    } else {
      src = iota(type, {3, 5});
    }
    // Rows in reverse order, one run each.
    Tensor dst = Tensor::uninitialized(type, {3, 5});
    for (int64_t r = 0; r < 3; ++r) copy_elements(src, r * 5, dst, (2 - r) * 5, 5);
    for (int64_t r = 0; r < 3; ++r)
      for (int64_t c = 0; c < 5; ++c)
        CHECK(elem(dst, (2 - r) * 5 + c) == elem(src, r * 5 + c));
    // Column 1 gathered with stride 5, and element 7 filled.
    Tensor col = Tensor::uninitialized(type, {3});
    gather_strided(src, 1, 5, col, 0, 3);
    for (int64_t r = 0; r < 3; ++r) CHECK(elem(col, r) == elem(src, r * 5 + 1));
    const Tensor filled = filled_tensor(src, 7, {9});
    for (int64_t i = 0; i < 9; ++i) CHECK(elem(filled, i) == elem(src, 7));
    if (is_sub_byte(type)) {  // unused high bits of the last byte stay zero
      const auto last = static_cast<unsigned>(filled.bytes().back());
      const int used = static_cast<int>((9 * bits_of(type)) % 8);
      if (used) CHECK((last >> used) == 0u);
    }
  }
}

TEST_CASE("element copies of packed types at every alignment") {
  for (ElementType type : {T::Int4, T::UInt4, T::Int2, T::UInt2, T::Float4E2M1}) {
    CAPTURE(name_of(type));
    const Tensor src = iota(type, {23});
    for (int64_t from = 0; from < 8; ++from)
      for (int64_t to = 0; to < 8; ++to)
        for (int64_t n : {0, 1, 3, 8, 13}) {
          Tensor dst = Tensor::zeros(type, {23});
          copy_elements(src, from, dst, to, n);
          for (int64_t i = 0; i < 23; ++i) {
            const uint64_t want = i >= to && i < to + n ? read_bits(type, src.data(), from + i - to) : 0;
            REQUIRE(read_bits(type, dst.data(), i) == want);
          }
        }
  }
}

TEST_CASE("element copies of strings and int64 beyond 2^53") {
  const Tensor s = Tensor::from_strings({3}, {"a", std::string("b\0c", 3), "\xff"});
  Tensor d = Tensor::zeros(T::String, {4});
  copy_elements(s, 1, d, 0, 2);
  fill_elements(s, 0, d, 2, 2);
  CHECK(d.strings() == std::vector<std::string>{std::string("b\0c", 3), "\xff", "a", "a"});
  Tensor g = Tensor::zeros(T::String, {2});
  gather_strided(s, 0, 2, g, 0, 2);
  CHECK(g.strings() == std::vector<std::string>{"a", "\xff"});

  const int64_t big = (int64_t{1} << 53) + 1;
  const Tensor i64 = Tensor::from_values<int64_t>(T::Int64, {2}, {big, INT64_MIN});
  const Tensor f = filled_tensor(i64, 0, {1000});
  for (int64_t i = 0; i < 1000; ++i) REQUIRE(f.data_as<int64_t>()[i] == big);
  Tensor c = Tensor::uninitialized(T::Int64, {2});
  gather_strided(i64, 1, -1, c, 0, 2);
  CHECK(c.data_as<int64_t>()[0] == INT64_MIN);
  CHECK(c.data_as<int64_t>()[1] == big);
}

TEST_CASE("broadcast shapes follow NumPy and name both shapes when they cannot") {
  CHECK(broadcast_shapes(Shape{2, 3}, Shape{3}) == Shape{2, 3});
  CHECK(broadcast_shapes(Shape{2, 1, 4}, Shape{3, 1}) == Shape{2, 3, 4});
  CHECK(broadcast_shapes(Shape{}, Shape{5}) == Shape{5});
  CHECK(broadcast_shapes(Shape{0, 1}, Shape{1, 7}) == Shape{0, 7});
  CHECK(broadcast_shapes(Shape{1}, Shape{0}) == Shape{0});
  const Shape three[] = {{2, 1, 1}, {1, 3, 1}, {1, 1, 4}};
  CHECK(broadcast_shapes(three) == Shape{2, 3, 4});
  CHECK_THROWS_WITH_AS(broadcast_shapes(Shape{2, 3}, Shape{4}), "shapes [2, 3] and [4] cannot be broadcast (dimension 3 vs 4)", Error);
  CHECK_THROWS_WITH_AS(broadcast_shapes(Shape{2, 0}, Shape{2, 3}), "shapes [2, 0] and [2, 3] cannot be broadcast (dimension 0 vs 3)", Error);
  const Shape bad[] = {{5, 1}, {1, 6}, {4, 6}};
  CHECK_THROWS_WITH_AS(broadcast_shapes(bad), "shapes [5, 1] and [4, 6] cannot be broadcast (dimension 5 vs 4)", Error);
}

TEST_CASE("broadcast rows visit every output element with the right input offsets") {
  // Brute force: for each output coordinate, the input coordinate is the output's with stretched
  // dimensions at 0.
  const std::vector<std::pair<Shape, Shape>> cases = {
      {{2, 3, 4}, {3, 1}}, {{2, 3, 4}, {}}, {{2, 1, 4}, {2, 3, 1}}, {{5}, {5}}, {{1, 1}, {3, 1, 1}}, {{2, 0}, {2, 1}}};
  for (const auto& shapes : cases) {
    const Shape& a = shapes.first;  // not a structured binding: the lambdas below capture it
    const Shape& b = shapes.second;
    CAPTURE(shape_to_string(a));
    CAPTURE(shape_to_string(b));
    const Shape out = broadcast_shapes(a, b);
    const int64_t total = *checked_element_count(out);
    std::vector<int> seen(static_cast<size_t>(total), 0);
    auto flat_in = [&](const Shape& in, int64_t out_flat) {
      int64_t rest = out_flat, flat = 0, stride = 1;
      for (size_t d = out.size(); d-- > 0;) {
        const int64_t coord = rest % out[d];
        rest /= out[d];
        const int64_t k = static_cast<int64_t>(d) - static_cast<int64_t>(out.size() - in.size());
        if (k >= 0) {
          flat += (in[static_cast<size_t>(k)] == 1 ? 0 : coord) * stride;
          stride *= in[static_cast<size_t>(k)];
        }
      }
      return flat;
    };
    for_each_broadcast_row<2>(out, {&a, &b}, [&](int64_t o, const std::array<int64_t, 2>& off, const std::array<int64_t, 2>& step, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        ++seen[static_cast<size_t>(o + i)];
        REQUIRE(off[0] + i * step[0] == flat_in(a, o + i));
        REQUIRE(off[1] + i * step[1] == flat_in(b, o + i));
      }
    });
    for (int s : seen) CHECK(s == 1);
  }
}

TEST_CASE("formal parameters: optional, variadic and their arity") {
  OpVersion v;
  v.op_type = "Test";
  v.inputs = {{"a", "T"}, {"b", "T", ParamOption::Optional}, {"rest", "T", ParamOption::Variadic, 2}};
  v.outputs = {{"y", "T"}};
  v.type_constraints = {{"T", TypeSet{T::Float}}};
  CHECK(v.min_inputs() == 4);
  CHECK(v.input_param(0)->name == "a");
  CHECK(v.input_param(1)->name == "b");
  CHECK(v.input_param(2)->name == "rest");
  CHECK(v.input_param(9)->name == "rest");
  CHECK(v.output_param(0)->name == "y");
  CHECK(v.output_param(1) == nullptr);
  Registry r;
  r.add(v);
  OpVersion bad = v;
  bad.since_version = 2;
  bad.inputs = {{"rest", "T", ParamOption::Variadic}, {"a", "T"}};
  CHECK_THROWS_WITH_AS(r.add(bad), "Test-2: only the last formal parameter may be variadic", std::logic_error);
}

TEST_CASE("type constraints list their types as the spec writes them") {
  TypeConstraint c{"V", TypeSet{T::Float, T::Int8}, "", TypeSet{T::Float}, TypeSet{}, TypeSet{T::Bool}};
  CHECK(c.type_strings() == std::vector<std::string>{"optional(seq(tensor(bool)))", "seq(tensor(float))", "tensor(float)", "tensor(int8)"});
  CHECK(c.allows({ValueKind::Sequence, T::Float}));
  CHECK_FALSE(c.allows({ValueKind::Sequence, T::Int8}));
  CHECK(c.allows({ValueKind::OptionalSequence, T::Bool}));
  CHECK_FALSE(c.single_type());
  TypeConstraint one{"T1", TypeSet{T::Int64}};
  CHECK(one.single_type() == ValueType::tensor(T::Int64));
}

TEST_CASE("numeric dispatch: storage types, exact widening, one rounding") {
  CHECK(dispatch_real(T::Int16, [](auto tag) { return sizeof(typename decltype(tag)::type); }) == 2);
  CHECK(dispatch_real(T::BFloat16, [](auto tag) { return is_small_float_storage<typename decltype(tag)::type>; }));
  CHECK_THROWS_AS(dispatch_real(T::String, [](auto) { return 0; }), std::logic_error);
  // float16: 1 + 2^-11 is a tie between 1 and 1 + 2^-10: ties to even gives 1.
  CHECK(narrow<Float16Bits>(1.0 + std::ldexp(1.0, -11)).bits == 0x3C00);
  CHECK(narrow<Float16Bits>(1.0 + 3 * std::ldexp(1.0, -11)).bits == 0x3C02);
  CHECK(narrow<Float16Bits>(70000.0).bits == 0x7C00);  // beyond the largest float16: infinity
  CHECK(widen(Float16Bits{0x3555}) == 0.333251953125);
  CHECK(narrow<BFloat16Bits>(1.0 + std::ldexp(1.0, -8)).bits == 0x3F80);
}

TEST_CASE("the tensor memory limit refuses allocations past it, with the sizes named") {
  set_tensor_memory_limit(1 << 20);
  CHECK(Tensor::uninitialized(T::Float, {256, 1024}).element_count() == 262144);  // exactly 1 MiB
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::Float, {256, 1025}), "float[256, 1025] needs 1049600 bytes, more than the limit of 1048576 bytes (--max-memory)", Error);
  CHECK_THROWS_WITH_AS(Tensor::uninitialized(T::Int64, {1 << 20}), doctest::Contains("more than the limit of 1048576 bytes"), Error);
  set_tensor_memory_limit(0);  // back to the machine's memory (available memory, which moves)
  CHECK(tensor_memory_limit() > (uint64_t{1} << 20));
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::Float, {int64_t{1} << 40}), doctest::Contains("bytes of memory"), Error);
}
