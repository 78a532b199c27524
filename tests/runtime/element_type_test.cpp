#include <doctest/doctest.h>

#include "runtime/element_type.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

using namespace onnx_ref;

TEST_CASE("every code 1..26 has a distinct name and round-trips through code and name") {
  CHECK(all_element_types().size() == 26);
  for (int code = 1; code <= 26; ++code) {
    auto t = element_type_from_code(code);
    REQUIRE(t);
    CHECK(code_of(*t) == code);
    CHECK(element_type_from_name(name_of(*t)) == t);
  }
  CHECK_FALSE(element_type_from_code(0));
  CHECK_FALSE(element_type_from_code(27));
  CHECK(element_type_from_name("float32") == ElementType::Float);
  CHECK(element_type_from_name("float64") == ElementType::Double);
  CHECK_FALSE(element_type_from_name("float128"));
}

TEST_CASE("spec names and bit widths") {
  CHECK(tensor_type_string(ElementType::Float8E4M3FN) == "tensor(float8e4m3fn)");
  CHECK(bits_of(ElementType::Int4) == 4);
  CHECK(bits_of(ElementType::UInt2) == 2);
  CHECK(bits_of(ElementType::Complex128) == 128);
  CHECK(bits_of(ElementType::Float8E8M0) == 8);
  CHECK(bits_of(ElementType::String) == 0);
  CHECK(describe_type_code(99) == "undefined element type code 99");
}

TEST_CASE("packed storage sizes round up") {
  CHECK(storage_bytes(ElementType::Int4, 3) == 2);
  CHECK(storage_bytes(ElementType::Int4, 4) == 2);
  CHECK(storage_bytes(ElementType::UInt2, 5) == 2);
  CHECK(storage_bytes(ElementType::UInt2, 4) == 1);
  CHECK(storage_bytes(ElementType::UInt2, 0) == 0);
  CHECK(storage_bytes(ElementType::Complex64, 3) == 24);
}

TEST_CASE("TypeSet membership and formatting") {
  TypeSet s{ElementType::Float, ElementType::Double};
  CHECK(s.contains(ElementType::Float));
  CHECK_FALSE(s.contains(ElementType::Int64));
  CHECK(s.with({ElementType::Int64}).contains(ElementType::Int64));
  CHECK(s.to_string() == "tensor(float), tensor(double)");
}

TEST_CASE("element counts refuse negative dims and overflow, including wrap-around to a small count") {
  CHECK(checked_element_count({}) == 1);
  CHECK(checked_element_count({2, 0, 3}) == 0);
  CHECK_FALSE(checked_element_count({-1, 2}));
  // 2^32 * 2^32 wraps to 0 in 64-bit arithmetic; it must be refused, not taken as 0.
  CHECK_FALSE(checked_element_count({int64_t{1} << 32, int64_t{1} << 32}));
  CHECK_FALSE(checked_element_count({int64_t{1} << 62, 4, 0}));
}

TEST_CASE("reshaped tensors share storage and keep every byte") {
  auto t = Tensor::from_values<float>(ElementType::Float, {2, 3}, {1, 2, 3, 4, 5, 6});
  auto r = t.reshaped({3, 2});
  CHECK(r.shares_storage_with(t));
  CHECK(r.data() == t.data());
  CHECK(r.shape() == Shape{3, 2});
  CHECK_THROWS(t.reshaped({4}));
}

TEST_CASE("storage size must match type and shape") {
  CHECK_THROWS_WITH(Tensor::from_storage(ElementType::Int4, {3}, Storage::allocate(1)),
                    "int4[3] needs 2 bytes but 1 are present");
  CHECK_NOTHROW(Tensor::from_storage(ElementType::Int4, {3}, Storage::allocate(2)));
  CHECK_THROWS(Tensor::from_strings({2}, {"a"}));
}

TEST_CASE("allocating a tensor larger than the machine's memory is a clean error") {
  CHECK_THROWS_WITH_AS(Tensor::zeros(ElementType::Float, {int64_t{1} << 20, int64_t{1} << 20}),
                       doctest::Contains("float[1048576, 1048576] needs 4398046511104 bytes, more than this machine's"),
                       Error);
}
