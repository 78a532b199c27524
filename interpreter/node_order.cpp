// Topological order of a graph's nodes (interpreter/node_order.h).
#include "interpreter/node_order.h"

#include <functional>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <vector>

namespace onnx_ref {

namespace {

// Every name a node reads: its inputs and, at any depth, the names its graph attributes read that
// they do not define themselves (outer values).
void names_read(const onnx::NodeProto& node, std::set<std::string>& out) {
  for (const auto& in : node.input())
    if (!in.empty()) out.insert(in);
  std::function<void(const onnx::GraphProto&)> visit = [&](const onnx::GraphProto& g) {
    std::set<std::string> defined;
    for (const auto& v : g.input()) defined.insert(v.name());
    for (const auto& t : g.initializer()) defined.insert(t.name());
    for (const auto& n : g.node())
      for (const auto& o : n.output()) defined.insert(o);
    std::set<std::string> inner;
    for (const auto& n : g.node()) names_read(n, inner);
    for (const auto& o : g.output()) inner.insert(o.name());
    for (const auto& name : inner)
      if (!defined.count(name)) out.insert(name);
  };
  for (const auto& a : node.attribute()) {
    if (a.has_g()) visit(a.g());
    for (const auto& g : a.graphs()) visit(g);
  }
}

// For each node, the nodes of the same graph it needs (by index).
std::vector<std::vector<int>> dependencies(const onnx::GraphProto& graph) {
  std::map<std::string, int> producer;
  for (int i = 0; i < graph.node_size(); ++i)
    for (const auto& o : graph.node(i).output())
      if (!o.empty()) producer.emplace(o, i);
  std::vector<std::vector<int>> deps(static_cast<size_t>(graph.node_size()));
  for (int i = 0; i < graph.node_size(); ++i) {
    std::set<std::string> reads;
    names_read(graph.node(i), reads);
    for (const auto& name : reads)
      if (auto p = producer.find(name); p != producer.end() && p->second != i)
        deps[static_cast<size_t>(i)].push_back(p->second);
  }
  return deps;
}

template <class F>
void for_each_subgraph(onnx::GraphProto& graph, F&& f) {
  for (auto& node : *graph.mutable_node())
    for (auto& a : *node.mutable_attribute()) {
      if (a.has_g()) f(*a.mutable_g());
      for (auto& g : *a.mutable_graphs()) f(g);
    }
}

}  // namespace

bool graph_out_of_order(const onnx::GraphProto& graph) {
  const auto deps = dependencies(graph);
  for (size_t i = 0; i < deps.size(); ++i)
    for (int d : deps[i])
      if (static_cast<size_t>(d) > i) return true;
  for (const auto& node : graph.node())
    for (const auto& a : node.attribute()) {
      if (a.has_g() && graph_out_of_order(a.g())) return true;
      for (const auto& g : a.graphs())
        if (graph_out_of_order(g)) return true;
    }
  return false;
}

size_t sort_nodes_topologically(onnx::GraphProto& graph) {
  size_t changed = 0;
  for_each_subgraph(graph, [&](onnx::GraphProto& g) { changed += sort_nodes_topologically(g); });
  const auto deps = dependencies(graph);
  const size_t n = deps.size();
  std::vector<std::vector<int>> users(n);
  std::vector<size_t> waiting(n, 0);
  for (size_t i = 0; i < n; ++i) {
    std::set<int> unique(deps[i].begin(), deps[i].end());
    waiting[i] = unique.size();
    for (int d : unique) users[static_cast<size_t>(d)].push_back(static_cast<int>(i));
  }
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (size_t i = 0; i < n; ++i)
    if (waiting[i] == 0) ready.push(static_cast<int>(i));
  std::vector<int> order;
  std::vector<bool> placed(n, false);
  while (!ready.empty()) {
    const int k = ready.top();
    ready.pop();
    order.push_back(k);
    placed[static_cast<size_t>(k)] = true;
    for (int u : users[static_cast<size_t>(k)])
      if (--waiting[static_cast<size_t>(u)] == 0) ready.push(u);
  }
  for (size_t i = 0; i < n; ++i)
    if (!placed[i]) order.push_back(static_cast<int>(i));  // a cycle: left for the loader to refuse
  bool same = true;
  for (size_t i = 0; i < n; ++i) same = same && order[i] == static_cast<int>(i);
  if (same) return changed;
  google::protobuf::RepeatedPtrField<onnx::NodeProto> sorted;
  for (int k : order) *sorted.Add() = graph.node(k);
  graph.mutable_node()->Swap(&sorted);
  return changed + 1;
}

}  // namespace onnx_ref
