// Unit tests: runtime tensor.
#include "helpers/tensor.h"
#include "helpers/framework.h"

TEST_CASE("the tensor memory limit refuses allocations past it, with the sizes named") {
  set_tensor_memory_limit(1 << 20);
  CHECK(Tensor::uninitialized(T::Float, {256, 1024}).element_count() == 262144);  // exactly 1 MiB
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::Float, {256, 1025}),
                       "float[256, 1025] needs 1049600 bytes, more than the limit of 1048576 bytes (--max-memory)",
                       Error);
  CHECK_THROWS_WITH_AS(Tensor::uninitialized(T::Int64, {1 << 20}),
                       doctest::Contains("more than the limit of 1048576 bytes"), Error);
  set_tensor_memory_limit(0);  // back to the machine's memory (available memory, which moves)
  CHECK(tensor_memory_limit() > (uint64_t{1} << 20));
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::Float, {int64_t{1} << 40}), doctest::Contains("bytes of memory"), Error);
}

TEST_CASE("tensor: zeros refuses sizes it cannot hold before allocating") {
  // 2^20 * 2^42 floats are 2^64 bytes, a byte count that wraps around to 0.
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::Float, {int64_t{1} << 20, int64_t{1} << 42}),
                       "float[1048576, 4398046511104] needs more bytes than memory can address", Error);
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::String, {int64_t{1} << 40, int64_t{1} << 20}),
                       "string[1099511627776, 1048576] needs more bytes than memory can address", Error);
  // One std::string per element: 2^40 of them are more than any test machine's memory.
  CHECK_THROWS_AS(Tensor::zeros(T::String, {int64_t{1} << 20, int64_t{1} << 20}), Error);
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::Float, {2, -3}), "shape [2, -3] has a negative dimension", Error);
  CHECK_THROWS_WITH_AS(Tensor::zeros(T::Float, {INT64_MAX, 2}),
                       "shape [9223372036854775807, 2] has an element count that overflows int64", Error);
  CHECK(Tensor::zeros(T::String, {2, 3}).strings().size() == 6);
  CHECK(Tensor::zeros(T::Int4, {3}).bytes().size() == 2);
}
