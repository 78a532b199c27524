// The tree-ensemble engine (ops/ml/tree_ensemble_engine.h).
#include "ops/ml/tree_ensemble_engine.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <utility>

#include "numeric/float_format.h"
#include "runtime/error.h"
#include "runtime/numeric_dispatch.h"

namespace onnx_ref::ml {

TreeAggregate tree_aggregate_from_name(const std::string& name) {
  if (name == "AVERAGE") return TreeAggregate::Average;
  if (name == "SUM") return TreeAggregate::Sum;
  if (name == "MIN") return TreeAggregate::Min;
  if (name == "MAX") return TreeAggregate::Max;
  throw Error("attribute 'aggregate_function' = " + quote_text(name) + " is none of AVERAGE, SUM, MIN, MAX");
}

namespace {

std::string tree_ref_text(TreeRef ref) {
  return ref >= 0 ? "node " + std::to_string(ref) : "leaf " + std::to_string(-1 - ref);
}

void check_tree_ref(const Ensemble& e, TreeRef ref, const std::string& from) {
  const auto branches = static_cast<int64_t>(e.branches.size()), leaves = static_cast<int64_t>(e.leaves.size());
  if (ref >= 0 ? ref >= branches : -1 - ref >= leaves)
    throw Error(from + " points to " + tree_ref_text(ref) + ", outside the tree's " + std::to_string(branches) +
                " nodes and " + std::to_string(leaves) + " leaves");
}

bool tree_branch_goes_true(const TreeBranch& b, long double x) {
  if (std::isnan(x)) return b.nan_goes_true;
  const long double s = b.split;
  switch (b.rule) {
    case TreeRule::Leq:
      return x <= s;
    case TreeRule::Lt:
      return x < s;
    case TreeRule::Gte:
      return x >= s;
    case TreeRule::Gt:
      return x > s;
    case TreeRule::Eq:
      return x == s;
    case TreeRule::Neq:
      return x != s;
    case TreeRule::Member: {
      auto it = std::lower_bound(b.members.begin(), b.members.end(), x,
                                 [](double m, long double v) { return static_cast<long double>(m) < v; });
      return it != b.members.end() && static_cast<long double>(*it) == x;
    }
  }
  return false;
}

}  // namespace

void check_ensemble(const Ensemble& e) {
  if (e.targets < 1) throw Error("the number of targets must be at least 1, got " + std::to_string(e.targets));
  if (!e.base_values.empty() && static_cast<int64_t>(e.base_values.size()) != e.targets)
    throw Error("attribute 'base_values' has " + std::to_string(e.base_values.size()) + " values for " +
                std::to_string(e.targets) + " targets");
  for (size_t i = 0; i < e.branches.size(); ++i) {
    const TreeBranch& b = e.branches[i];
    if (b.feature < 0) throw Error("node " + std::to_string(i) + " reads feature " + std::to_string(b.feature));
    check_tree_ref(e, b.if_true, "node " + std::to_string(i) + "'s true branch");
    check_tree_ref(e, b.if_false, "node " + std::to_string(i) + "'s false branch");
  }
  for (size_t k = 0; k < e.leaves.size(); ++k)
    for (const TreeVote& v : e.leaves[k])
      if (v.target < 0 || v.target >= e.targets)
        throw Error("leaf " + std::to_string(k) + " votes for target " + std::to_string(v.target) + ", outside [0, " +
                    std::to_string(e.targets) + ")");
  for (size_t t = 0; t < e.roots.size(); ++t) check_tree_ref(e, e.roots[t], "tree " + std::to_string(t) + "'s root");
  // No cycle: a depth-first walk from every root (0 unseen, 1 on the path, 2 done).
  std::vector<uint8_t> state(e.branches.size(), 0);
  std::vector<std::pair<TreeRef, int>> stack;  // branch, children visited
  for (TreeRef root : e.roots) {
    if (root < 0 || state[static_cast<size_t>(root)] == 2) continue;
    stack.push_back({root, 0});
    state[static_cast<size_t>(root)] = 1;
    while (!stack.empty()) {
      auto& top = stack.back();
      const TreeBranch& b = e.branches[static_cast<size_t>(top.first)];
      if (top.second == 2) {
        state[static_cast<size_t>(top.first)] = 2;
        stack.pop_back();
        continue;
      }
      const TreeRef child = top.second++ == 0 ? b.if_true : b.if_false;
      if (child < 0) continue;
      const uint8_t s = state[static_cast<size_t>(child)];
      if (s == 1)
        throw Error("node " + std::to_string(top.first) + " leads back to node " + std::to_string(child) +
                    ": the trees have a cycle");
      if (s == 0) {
        state[static_cast<size_t>(child)] = 1;
        stack.push_back({child, 0});
      }
    }
  }
}

void ensemble_row_votes(const Ensemble& e, const std::vector<long double>& row, std::vector<TreeVote>& votes) {
  votes.clear();
  for (TreeRef ref : e.roots) {
    // check_ensemble found no cycle, so this ends within branches.size() steps.
    while (ref >= 0) {
      const TreeBranch& b = e.branches[static_cast<size_t>(ref)];
      ref = tree_branch_goes_true(b, row[static_cast<size_t>(b.feature)]) ? b.if_true : b.if_false;
    }
    const auto& leaf = e.leaves[static_cast<size_t>(-1 - ref)];
    votes.insert(votes.end(), leaf.begin(), leaf.end());
  }
}

void check_ensemble_features(const Ensemble& e, int64_t features) {
  for (size_t i = 0; i < e.branches.size(); ++i)
    if (e.branches[i].feature >= features)
      throw Error("node " + std::to_string(i) + " reads feature " + std::to_string(e.branches[i].feature) +
                  " but X has " + std::to_string(features) + " features");
}

Tensor ensemble_scores(const Ensemble& e, const Tensor& x, ElementType out_type) {
  const FeatureRows shape = feature_rows(x, "X");
  check_ensemble_features(e, shape.features);
  Tensor out = Tensor::zeros(out_type, {shape.rows, e.targets});
  const numeric::Format format = numeric::format_of_type(out_type);
  const uint64_t trees = e.roots.size();
  if (e.aggregate == TreeAggregate::Average && trees > std::numeric_limits<uint32_t>::max())
    throw Error("AVERAGE over " + std::to_string(trees) + " trees is beyond 2^32 - 1");
  std::vector<long double> row;
  std::vector<TreeVote> votes;
  dispatch_real(out_type, [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (is_float_storage<S>) {
      S* y = reinterpret_cast<S*>(out.mutable_data());
      for (int64_t r = 0; r < shape.rows; ++r) {
        read_feature_row(x, r, shape.features, row);
        ensemble_row_votes(e, row, votes);
        std::stable_sort(votes.begin(), votes.end(),
                         [](const TreeVote& a, const TreeVote& b) { return a.target < b.target; });
        size_t v = 0;
        for (int64_t t = 0; t < e.targets; ++t) {
          const double base = e.base_values.empty() ? 0.0 : e.base_values[static_cast<size_t>(t)];
          const size_t first = v;
          while (v < votes.size() && votes[v].target == t) ++v;
          ExactSum sum;
          uint32_t divisor = 1;
          if (e.aggregate == TreeAggregate::Sum || e.aggregate == TreeAggregate::Average) {
            for (size_t k = first; k < v; ++k) sum.add(votes[k].weight);
            if (e.aggregate == TreeAggregate::Average && trees > 0) {
              divisor = static_cast<uint32_t>(trees);
              if (std::isfinite(base))
                sum.add_product(trees, base);
              else
                sum.add(base);
            } else {
              sum.add(base);
            }
          } else {
            sum.add(base);
            if (v > first) {
              double extreme = votes[first].weight;
              for (size_t k = first; k < v; ++k) {
                const double w = votes[k].weight;
                if (std::isnan(w) || std::isnan(extreme))
                  extreme = std::numeric_limits<double>::quiet_NaN();
                else if (e.aggregate == TreeAggregate::Min ? w < extreme : w > extreme)
                  extreme = w;
              }
              sum.add(extreme);
            }
          }
          y[r * e.targets + t] = narrow<S>(round_sum(sum, format, divisor));
        }
      }
    }
  });
  return out;
}

LegacyTreeLists read_legacy_tree_lists(const Attributes& attrs, bool has_tensor_forms, const char* vote_prefix) {
  LegacyTreeLists l;
  l.vote_prefix = vote_prefix;
  l.tree_ids = ints_or_empty(attrs, "nodes_treeids");
  l.node_ids = ints_or_empty(attrs, "nodes_nodeids");
  l.features = ints_or_empty(attrs, "nodes_featureids");
  l.true_ids = ints_or_empty(attrs, "nodes_truenodeids");
  l.false_ids = ints_or_empty(attrs, "nodes_falsenodeids");
  l.missing_true = ints_or_empty(attrs, "nodes_missing_value_tracks_true");
  l.modes = strings_or_empty(attrs, "nodes_modes");
  l.values = floats_or_tensor(attrs, "nodes_values", has_tensor_forms);
  const std::string p = vote_prefix;
  l.vote_tree_ids = ints_or_empty(attrs, p + "_treeids");
  l.vote_node_ids = ints_or_empty(attrs, p + "_nodeids");
  l.vote_targets = ints_or_empty(attrs, p + "_ids");
  l.vote_weights = floats_or_tensor(attrs, p + "_weights", has_tensor_forms);
  return l;
}

OpVersion legacy_tree_version(const std::string& op_type, int since, const std::string& vote_prefix,
                              std::vector<AttributeSpec> own) {
  OpVersion v;
  v.domain = kMlDomain;
  v.op_type = op_type;
  v.since_version = since;
  v.deprecated = since == 5;
  std::vector<AttributeSpec> attributes = {{"base_values", AttrType::Floats},
                                           {"nodes_falsenodeids", AttrType::Ints},
                                           {"nodes_featureids", AttrType::Ints},
                                           {"nodes_hitrates", AttrType::Floats},
                                           {"nodes_missing_value_tracks_true", AttrType::Ints},
                                           {"nodes_modes", AttrType::Strings},
                                           {"nodes_nodeids", AttrType::Ints},
                                           {"nodes_treeids", AttrType::Ints},
                                           {"nodes_truenodeids", AttrType::Ints},
                                           {"nodes_values", AttrType::Floats},
                                           {"post_transform", AttrType::String, false, std::string("NONE")},
                                           {vote_prefix + "_ids", AttrType::Ints},
                                           {vote_prefix + "_nodeids", AttrType::Ints},
                                           {vote_prefix + "_treeids", AttrType::Ints},
                                           {vote_prefix + "_weights", AttrType::Floats}};
  attributes.insert(attributes.end(), std::make_move_iterator(own.begin()), std::make_move_iterator(own.end()));
  std::sort(attributes.begin(), attributes.end(),
            [](const AttributeSpec& a, const AttributeSpec& b) { return a.name < b.name; });
  if (since >= 3) {
    std::vector<std::string> tensor_forms = {"base_values", "nodes_hitrates", "nodes_values", vote_prefix + "_weights"};
    std::sort(tensor_forms.begin(), tensor_forms.end());
    for (const auto& name : tensor_forms) attributes.push_back({name + "_as_tensor", AttrType::Tensor});
  }
  v.attributes = std::move(attributes);
  return v;
}

namespace {

TreeRule legacy_tree_rule(const std::string& mode, bool& leaf) {
  leaf = false;
  if (mode == "BRANCH_LEQ") return TreeRule::Leq;
  if (mode == "BRANCH_LT") return TreeRule::Lt;
  if (mode == "BRANCH_GTE") return TreeRule::Gte;
  if (mode == "BRANCH_GT") return TreeRule::Gt;
  if (mode == "BRANCH_EQ") return TreeRule::Eq;
  if (mode == "BRANCH_NEQ") return TreeRule::Neq;
  if (mode == "LEAF") {
    leaf = true;
    return TreeRule::Leq;
  }
  throw Error("attribute 'nodes_modes' holds " + quote_text(mode) +
              ", none of BRANCH_LEQ, BRANCH_LT, BRANCH_GTE, BRANCH_GT, BRANCH_EQ, BRANCH_NEQ, LEAF");
}

void check_legacy_length(const std::string& name, size_t size, size_t expected, const std::string& like) {
  if (size != expected)
    throw Error("attribute '" + name + "' has " + std::to_string(size) + " values, '" + like + "' " +
                std::to_string(expected));
}

}  // namespace

Ensemble legacy_ensemble(const LegacyTreeLists& l) {
  const size_t n = l.node_ids.size();
  check_legacy_length("nodes_treeids", l.tree_ids.size(), n, "nodes_nodeids");
  check_legacy_length("nodes_featureids", l.features.size(), n, "nodes_nodeids");
  check_legacy_length("nodes_modes", l.modes.size(), n, "nodes_nodeids");
  check_legacy_length("nodes_values", l.values.size(), n, "nodes_nodeids");
  check_legacy_length("nodes_truenodeids", l.true_ids.size(), n, "nodes_nodeids");
  check_legacy_length("nodes_falsenodeids", l.false_ids.size(), n, "nodes_nodeids");
  if (!l.missing_true.empty())
    check_legacy_length("nodes_missing_value_tracks_true", l.missing_true.size(), n, "nodes_nodeids");
  const std::string p = l.vote_prefix;
  const size_t votes = l.vote_node_ids.size();
  check_legacy_length(p + "_treeids", l.vote_tree_ids.size(), votes, p + "_nodeids");
  check_legacy_length(p + "_ids", l.vote_targets.size(), votes, p + "_nodeids");
  check_legacy_length(p + "_weights", l.vote_weights.size(), votes, p + "_nodeids");

  // Node (tree id, node id) -> its reference: a branch or a leaf, numbered in list order.
  std::map<std::pair<int64_t, int64_t>, TreeRef> refs;
  std::vector<bool> is_leaf(n);
  int64_t branches = 0, leaves = 0;
  for (size_t i = 0; i < n; ++i) {
    bool leaf = false;
    legacy_tree_rule(l.modes[i], leaf);
    is_leaf[i] = leaf;
    const TreeRef ref = leaf ? tree_leaf_ref(leaves++) : branches++;
    if (!refs.emplace(std::make_pair(l.tree_ids[i], l.node_ids[i]), ref).second)
      throw Error("tree " + std::to_string(l.tree_ids[i]) + " lists node id " + std::to_string(l.node_ids[i]) +
                  " twice");
  }
  Ensemble e;
  e.branches.resize(static_cast<size_t>(branches));
  e.leaves.resize(static_cast<size_t>(leaves));
  auto find = [&](int64_t tree, int64_t node, const std::string& from) {
    auto it = refs.find({tree, node});
    if (it == refs.end())
      throw Error(from + " points to node id " + std::to_string(node) + ", which tree " + std::to_string(tree) +
                  " does not have");
    return it->second;
  };
  for (size_t i = 0; i < n; ++i) {
    if (is_leaf[i]) continue;
    const TreeRef ref = refs[{l.tree_ids[i], l.node_ids[i]}];
    TreeBranch& b = e.branches[static_cast<size_t>(ref)];
    bool leaf = false;
    b.rule = legacy_tree_rule(l.modes[i], leaf);
    b.feature = l.features[i];
    b.split = l.values[i];
    b.nan_goes_true = !l.missing_true.empty() && l.missing_true[i] != 0;
    const std::string from = "tree " + std::to_string(l.tree_ids[i]) + " node " + std::to_string(l.node_ids[i]);
    b.if_true = find(l.tree_ids[i], l.true_ids[i], from + "'s true branch");
    b.if_false = find(l.tree_ids[i], l.false_ids[i], from + "'s false branch");
    if (b.feature < 0) throw Error(from + " reads feature " + std::to_string(b.feature));
  }
  for (size_t k = 0; k < votes; ++k) {
    const std::string from = p + " vote " + std::to_string(k);
    const TreeRef ref = find(l.vote_tree_ids[k], l.vote_node_ids[k], from);
    if (ref >= 0)
      throw Error(from + " is given to tree " + std::to_string(l.vote_tree_ids[k]) + " node " +
                  std::to_string(l.vote_node_ids[k]) + ", which is not a LEAF");
    e.leaves[static_cast<size_t>(-1 - ref)].push_back({l.vote_targets[k], l.vote_weights[k]});
  }
  // One tree per tree id, in increasing order, rooted at its node id 0.
  std::map<int64_t, bool> trees;
  for (int64_t t : l.tree_ids) trees[t] = true;
  for (const auto& t : trees) {
    auto it = refs.find({t.first, 0});
    if (it == refs.end()) throw Error("tree " + std::to_string(t.first) + " has no node id 0, its root");
    e.roots.push_back(it->second);
  }
  return e;
}

}  // namespace onnx_ref::ml
