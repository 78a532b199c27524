// ONNX TfIdfVectorizer, every version (9).
// The pool (pool_int64s or pool_strings, exactly one) lists the n-grams: the items from
// ngram_counts[n - 1] up to ngram_counts[n] (or the pool's end) are n-grams of n items each, and the
// i-th n-gram of the whole pool, in that order, is counted at output coordinate ngram_indexes[i]
// with weight weights[i] (1 without weights). For each row of X ([C] or [N, C]), an n-gram of
// min_gram_length <= n <= max_gram_length occurs at start s with skip k (0 <= k <= max_skip_count)
// when X[s], X[s + k + 1], ..., X[s + (n - 1)(k + 1)] equal it; 1-grams are counted once, not once
// per skip (the spec's "skips" only separate items of longer n-grams). The output is
// [max(ngram_indexes) + 1] or [N, max(ngram_indexes) + 1] float: TF the count, IDF the weight where
// the count is positive (0 elsewhere), TFIDF the weight times the count. ngram_indexes that share a
// coordinate add up.
// Contract: correctly rounded: counts are exact, each output is its exact value (a sum of
// count x float32 weight products) rounded once to float.
// Refused when the model is loaded: both or neither pool, an unknown mode, lengths that are not
// positive and ordered, ngram_counts not starting at 0 or not increasing within the pool, a size
// class not a whole number of n-grams, ngram_indexes (or weights) of another length than the number
// of n-grams, a negative index, an n-gram listed twice. The input's type must match the pool.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "numeric/exact_sum.h"
#include "ops/text/register.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

struct TfIdfPlan {
  std::vector<int64_t> sizes;   // the size n of each n-gram of the pool, in pool order
  std::vector<int64_t> starts;  // where each n-gram starts in the pool
  int64_t output_size = 0;
};

// Checks every attribute rule above and returns the n-grams' layout.
TfIdfPlan tfidf_plan(const Attributes& attrs) {
  const bool ints = attrs.has("pool_int64s"), strs = attrs.has("pool_strings");
  if (ints == strs) throw Error("exactly one of the attributes 'pool_int64s' and 'pool_strings' must be set");
  const std::string& mode = std::get<std::string>(attrs.get("mode"));
  if (mode != "TF" && mode != "IDF" && mode != "TFIDF")
    throw Error("attribute 'mode' = " + quote_text(mode) + " is none of TF, IDF, TFIDF");
  const int64_t min_n = attrs.get_int("min_gram_length"), max_n = attrs.get_int("max_gram_length");
  const int64_t skip = attrs.get_int("max_skip_count");
  if (min_n < 1 || max_n < min_n)
    throw Error("min_gram_length = " + std::to_string(min_n) + " and max_gram_length = " + std::to_string(max_n) +
                " must satisfy 1 <= min_gram_length <= max_gram_length");
  if (skip < 0) throw Error("attribute 'max_skip_count' = " + std::to_string(skip) + " is negative");
  const int64_t pool = ints
                           ? static_cast<int64_t>(attrs.get_ints("pool_int64s").size())
                           : static_cast<int64_t>(std::get<std::vector<std::string>>(attrs.get("pool_strings")).size());
  const std::vector<int64_t>& counts = attrs.get_ints("ngram_counts");
  TfIdfPlan plan;
  for (size_t i = 0; i < counts.size(); ++i) {
    const int64_t begin = counts[i], end = i + 1 < counts.size() ? counts[i + 1] : pool;
    if ((i == 0 && begin != 0) || begin < 0 || end < begin || end > pool)
      throw Error("attribute 'ngram_counts' must start at 0 and not decrease within the pool of " +
                  std::to_string(pool) + " items");
    const int64_t n = static_cast<int64_t>(i) + 1;
    if ((end - begin) % n != 0)
      throw Error("the pool's " + std::to_string(n) + "-grams (items " + std::to_string(begin) + " to " +
                  std::to_string(end) + ") are not a whole number of " + std::to_string(n) + "-grams");
    for (int64_t s = begin; s < end; s += n) {
      plan.sizes.push_back(n);
      plan.starts.push_back(s);
    }
  }
  const std::vector<int64_t>& indexes = attrs.get_ints("ngram_indexes");
  if (indexes.size() != plan.sizes.size())
    throw Error("attribute 'ngram_indexes' has " + std::to_string(indexes.size()) + " entries, but the pool holds " +
                std::to_string(plan.sizes.size()) + " n-grams");
  if (attrs.has("weights") && std::get<std::vector<float>>(attrs.get("weights")).size() != indexes.size())
    throw Error("attribute 'weights' has " + std::to_string(std::get<std::vector<float>>(attrs.get("weights")).size()) +
                " entries, but the pool holds " + std::to_string(indexes.size()) + " n-grams");
  for (int64_t i : indexes) {
    if (i < 0 || i >= (int64_t{1} << 40))
      throw Error("attribute 'ngram_indexes' holds " + std::to_string(i) + ", out of range");
    plan.output_size = std::max(plan.output_size, i + 1);
  }
  return plan;
}

// The n-grams of the pool as keys, to their position in pool order; duplicates refused.
template <class K>
std::map<std::vector<K>, int64_t> tfidf_lookup(const TfIdfPlan& plan, const std::vector<K>& pool) {
  std::map<std::vector<K>, int64_t> lookup;
  for (size_t g = 0; g < plan.sizes.size(); ++g) {
    std::vector<K> key(pool.begin() + plan.starts[g], pool.begin() + plan.starts[g] + plan.sizes[g]);
    if (!lookup.emplace(std::move(key), static_cast<int64_t>(g)).second)
      throw Error("the pool lists its n-gram #" + std::to_string(g) + " twice");
  }
  return lookup;
}

// Everything the attributes decide, checked and built once, at load.
struct TfIdfModel {
  TfIdfPlan plan;
  int64_t min_n = 1, max_n = 1, skip = 0;
  std::string mode;
  std::vector<int64_t> indexes;
  std::vector<float> weights;  // one per n-gram (1 when the attribute is absent)
  bool string_pool = false;
  std::map<std::vector<std::string>, int64_t> string_lookup;
  std::map<std::vector<int64_t>, int64_t> int_lookup;
};

TfIdfModel tfidf_model(const Attributes& attrs) {
  TfIdfModel m;
  m.plan = tfidf_plan(attrs);
  m.min_n = attrs.get_int("min_gram_length"), m.max_n = attrs.get_int("max_gram_length");
  m.skip = attrs.get_int("max_skip_count");
  m.mode = std::get<std::string>(attrs.get("mode"));
  m.indexes = attrs.get_ints("ngram_indexes");
  m.weights = attrs.has("weights") ? std::get<std::vector<float>>(attrs.get("weights"))
                                   : std::vector<float>(m.indexes.size(), 1.0f);
  m.string_pool = attrs.has("pool_strings");
  if (m.string_pool)
    m.string_lookup = tfidf_lookup(m.plan, std::get<std::vector<std::string>>(attrs.get("pool_strings")));
  else
    m.int_lookup = tfidf_lookup(m.plan, attrs.get_ints("pool_int64s"));
  return m;
}

template <class K, class X>
void tfidf_count(const TfIdfModel& m, const std::map<std::vector<K>, int64_t>& lookup, const X* row, int64_t c,
                 std::vector<int64_t>& counts) {
  const int64_t min_n = m.min_n, max_n = m.max_n;
  const int64_t skip = m.skip;
  std::vector<K> key;
  for (int64_t k = 0; k <= skip && k < std::max<int64_t>(c, 1); ++k) {
    const int64_t distance = k + 1;
    for (int64_t s = 0; s < c; ++s) {
      key.clear();
      for (int64_t n = 1; n <= max_n; ++n) {
        const int64_t at = s + (n - 1) * distance;
        if (at >= c) break;
        key.push_back(static_cast<K>(row[at]));
        if (n < min_n || (n == 1 && k > 0)) continue;  // 1-grams once, at skip 0
        const auto it = lookup.find(key);
        if (it != lookup.end()) ++counts[static_cast<size_t>(it->second)];
      }
    }
  }
}

std::vector<Value> tfidf_vectorizer(const KernelContext& ctx, const TfIdfModel& m) {
  const TfIdfPlan& plan = m.plan;
  const Tensor& x = ctx.input(0);
  if (x.rank() != 1 && x.rank() != 2) throw Error("X must be [C] or [N, C], but it is " + x.describe());
  const bool string_pool = m.string_pool;
  if (string_pool != x.is_string())
    throw Error(std::string("X must be ") +
                (string_pool ? "a string tensor, as pool_strings is set" : "int32 or int64, as pool_int64s is set") +
                ", but it is " + x.describe());
  const int64_t rows = x.rank() == 1 ? 1 : x.shape()[0];
  const int64_t c = x.shape()[x.rank() - 1];
  const std::string& mode = m.mode;
  const std::vector<int64_t>& indexes = m.indexes;
  const std::vector<float>& weights = m.weights;
  Tensor y = Tensor::zeros(ElementType::Float, x.rank() == 1 ? Shape{plan.output_size} : Shape{rows, plan.output_size});
  float* out = y.element_count() ? reinterpret_cast<float*>(y.mutable_data()) : nullptr;
  std::vector<int64_t> counts(plan.sizes.size());
  // The n-grams in order of their coordinate, so that those sharing one are summed together.
  std::vector<size_t> order(plan.sizes.size());
  for (size_t g = 0; g < order.size(); ++g) order[g] = g;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return indexes[a] < indexes[b]; });
  auto emit = [&](int64_t r) {
    for (size_t first = 0; first < order.size();) {
      const int64_t coordinate = indexes[order[first]];
      ExactSum s;
      size_t g = first;
      for (; g < order.size() && indexes[order[g]] == coordinate; ++g) {
        const int64_t cnt = counts[order[g]];
        const double w = weights[order[g]];
        if (mode == "TF")
          s.add_product(static_cast<uint64_t>(cnt), 1.0);
        else if (mode == "IDF")
          s.add(cnt > 0 ? w : 0.0);
        else if (cnt > 0 && std::isfinite(w))
          s.add_product(static_cast<uint64_t>(cnt), w);
        else if (cnt > 0)
          s.add(w);  // an infinite or NaN weight times a positive count
      }
      first = g;
      // Rounding to odd, then to float, rounds the exact value once (numeric/exact_sum.h).
      const double nearest = s.round_nearest();
      out[r * plan.output_size + coordinate] =
          static_cast<float>(!std::isfinite(nearest) || nearest == 0 ? nearest : s.round_odd());
    }
  };
  if (string_pool) {
    for (int64_t r = 0; r < rows; ++r) {
      std::fill(counts.begin(), counts.end(), 0);
      tfidf_count<std::string>(m, m.string_lookup, x.strings().data() + r * c, c, counts);
      emit(r);
    }
  } else {
    for (int64_t r = 0; r < rows; ++r) {
      std::fill(counts.begin(), counts.end(), 0);
      if (x.type() == ElementType::Int32)
        tfidf_count<int64_t>(m, m.int_lookup, x.data_as<int32_t>() + r * c, c, counts);
      else
        tfidf_count<int64_t>(m, m.int_lookup, x.data_as<int64_t>() + r * c, c, counts);
      emit(r);
    }
  }
  return {y};
}

}  // namespace

void register_tfidf_vectorizer(Registry& registry) {
  OpVersion v;
  v.op_type = "TfIdfVectorizer";
  v.since_version = 9;
  v.inputs = {{"X", "T"}};
  v.outputs = {{"Y", "T1"}};
  v.attributes = {{"max_gram_length", AttrType::Int, true},
                  {"max_skip_count", AttrType::Int, true},
                  {"min_gram_length", AttrType::Int, true},
                  {"mode", AttrType::String, true},
                  {"ngram_counts", AttrType::Ints, true},
                  {"ngram_indexes", AttrType::Ints, true},
                  {"pool_int64s", AttrType::Ints},
                  {"pool_strings", AttrType::Strings},
                  {"weights", AttrType::Floats}};
  v.type_constraints = {{"T", TypeSet{ElementType::String, ElementType::Int32, ElementType::Int64}},
                        {"T1", TypeSet{ElementType::Float}}};
  v.set_kernel(tfidf_model, tfidf_vectorizer);
  registry.add(std::move(v));
  registry.declare_accuracy(
      "TfIdfVectorizer",
      {AccuracyKind::CorrectlyRounded, "exact counts; each output the exact sum of count x weight rounded once"});
}

}  // namespace onnx_ref
