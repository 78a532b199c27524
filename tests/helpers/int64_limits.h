// The int64 extremes the index and range rules are tested at.
#pragma once
#include <cstdint>
#include <limits>

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

}  // namespace
