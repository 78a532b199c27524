// Unit tests of ops/reduce/reduce_max.cpp.
#include "helpers/reduce_common_rules.h"
#include "helpers/reductions.h"

TEST_CASE("ReduceMax, ReduceMin: NaN propagates, +0 above -0, empty sets, bool, integers") {
  auto f = [](std::vector<float> v) { return floats({static_cast<int64_t>(v.size())}, v); };
  CHECK(values_of<float>(reduce_all<MaxAccumulator>(f({1, 3, -2})))[0] == 3);
  CHECK(values_of<float>(reduce_all<MinAccumulator>(f({1, 3, -2})))[0] == -2);
  // The first NaN of the run, payload and all.
  const float nan1 = std::bit_cast<float>(0x7fc00123u), nan2 = std::bit_cast<float>(0xffc00456u);
  CHECK(std::bit_cast<uint32_t>(values_of<float>(reduce_all<MaxAccumulator>(f({1, nan1, 5, nan2})))[0]) == 0x7fc00123u);
  CHECK(std::bit_cast<uint32_t>(values_of<float>(reduce_all<MinAccumulator>(f({1, nan2, -5, nan1})))[0]) ==
        0xffc00456u);
  CHECK(!std::signbit(values_of<float>(reduce_all<MaxAccumulator>(f({-0.0f, 0.0f})))[0]));
  CHECK(!std::signbit(values_of<float>(reduce_all<MaxAccumulator>(f({0.0f, -0.0f})))[0]));
  CHECK(std::signbit(values_of<float>(reduce_all<MinAccumulator>(f({0.0f, -0.0f})))[0]));
  // Empty: -inf / +inf for floats, the type's ends for integers, false / true for bool.
  const Tensor e = floats({3, 0}, {});
  CHECK(values_of<float>(reduce_tensor(e, V{1}, false, row_kernel<MaxAccumulator>())) ==
        std::vector<float>(3, -INFINITY));
  CHECK(values_of<float>(reduce_tensor(e, V{1}, false, row_kernel<MinAccumulator>())) ==
        std::vector<float>(3, INFINITY));
  const Tensor ei = tensor<int8_t>(ElementType::Int8, {0}, {});
  CHECK(values_of<int8_t>(reduce_all<MaxAccumulator>(ei))[0] == -128);
  CHECK(values_of<int8_t>(reduce_all<MinAccumulator>(ei))[0] == 127);
  const Tensor eb = tensor<uint8_t>(ElementType::Bool, {0}, {});
  CHECK(values_of<uint8_t>(reduce_all<MaxAccumulator>(eb))[0] == 0);
  CHECK(values_of<uint8_t>(reduce_all<MinAccumulator>(eb))[0] == 1);
  const Tensor bools = tensor<uint8_t>(ElementType::Bool, {2, 2}, {0, 1, 0, 0});
  CHECK(values_of<uint8_t>(reduce_tensor(bools, V{1}, false, row_kernel<MaxAccumulator>())) ==
        std::vector<uint8_t>{1, 0});
  CHECK(values_of<uint8_t>(reduce_tensor(bools, V{0}, false, row_kernel<MinAccumulator>())) ==
        std::vector<uint8_t>{0, 0});
  const Tensor u64 = tensor<uint64_t>(ElementType::UInt64, {3}, {UINT64_MAX, 0, UINT64_MAX - 1});
  CHECK(values_of<uint64_t>(reduce_all<MaxAccumulator>(u64))[0] == UINT64_MAX);
  // int64 beyond 2^53 is compared exactly, never through double.
  const int64_t p = (int64_t{1} << 60) + 1;
  CHECK(values_of<int64_t>(reduce_all<MaxAccumulator>(tensor<int64_t>(ElementType::Int64, {2}, {p, p - 1})))[0] == p);
  // float16 compares by value (bit patterns would order negatives backwards).
  const Tensor h = small_floats(ElementType::Float16, {-1.0, -2.0, 0.5});
  CHECK(small_value(ElementType::Float16, reduce_all<MinAccumulator>(h)) == -2.0);
  // ReduceMax-20 takes bool; the versions before it do not.
  CHECK(Registry::builtin().resolve("", "ReduceMax", 20)->constraint("T").allows(ValueType::tensor(ElementType::Bool)));
  CHECK(
      !Registry::builtin().resolve("", "ReduceMax", 18)->constraint("T").allows(ValueType::tensor(ElementType::Bool)));
  CHECK(
      !Registry::builtin().resolve("", "ReduceMin", 11)->constraint("T").allows(ValueType::tensor(ElementType::Int8)));
}

namespace reduce_common_rules_tests {

// spec: ReduceMax-20: "If the input data type is Boolean, the comparison should consider `False < True`."
// spec: ReduceMin-20: "If the input data type is Boolean, the comparison should consider `False < True`."
TEST_CASE("ReduceMax-20, ReduceMin-20: booleans compare False < True") {
  const Tensor b = Tensor::from_values<uint8_t>(ElementType::Bool, {2, 2}, {0, 1, 0, 0});
  const Tensor mx = reduce_node(kReduceOps[2], 20, b, std::vector<int64_t>{1}, 0).run_tensor();
  const Tensor mn = reduce_node(kReduceOps[3], 20, b, std::vector<int64_t>{0}, 0).run_tensor();
  REQUIRE(mx.shape() == Shape{2});
  REQUIRE(mn.shape() == Shape{2});
  CHECK(mx.data_as<uint8_t>()[0] == 1);  // max(False, True) = True
  CHECK(mx.data_as<uint8_t>()[1] == 0);
  CHECK(mn.data_as<uint8_t>()[0] == 0);
  CHECK(mn.data_as<uint8_t>()[1] == 0);  // min(True, False) = False
}

}  // namespace reduce_common_rules_tests
