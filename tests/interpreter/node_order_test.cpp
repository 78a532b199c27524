// Nodes out of topological order: refused by default (IR.md), sorted, run and warned about with
// LoadOptions::sort_nodes. Expected values by hand.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "interpreter/node_order.h"
#include "interpreter/session.h"
#include "model_builder.h"
#include "runtime/error.h"

using namespace onnx_ref;
using namespace onnx_ref::testing;
using T = ElementType;

namespace {

// y = Relu(Neg(x) + x2) written consumer first, as float16 converters write their Casts last:
// node 0 reads node 2's output, node 1 reads node 0's.
onnx::ModelProto out_of_order() {
  ModelBuilder b(17);
  b.input("x", T::Float, {3}).input("x2", T::Float, {3}).output("y");
  b.node("Add", {"n", "x2"}, {"s"}).set_name("add");
  b.node("Relu", {"s"}, {"y"}).set_name("relu");
  b.node("Neg", {"x"}, {"n"}).set_name("neg");
  return b.proto();
}

std::map<std::string, Value> feeds() {
  return {{"x", Tensor::from_values<float>(T::Float, {3}, {1, -2, 3})},
          {"x2", Tensor::from_values<float>(T::Float, {3}, {0, 0, 5})}};
}

}  // namespace

// spec: IR.md: "The list of nodes defining the top-level computation graph MUST be ordered topologically"
TEST_CASE("a graph whose nodes are out of order is refused by default and runs sorted with sort_nodes") {
  const auto proto = std::make_shared<onnx::ModelProto>(out_of_order());
  CHECK(graph_out_of_order(proto->graph()));
  CHECK_THROWS_WITH_AS(Model::from_proto(proto, {}, "m.onnx"), doctest::Contains("--sort-nodes sorts them"), Error);
  const Model model = Model::from_proto(proto, {}, "m.onnx", LoadOptions{true, false});
  // Neg first, then the file's order among the rest.
  REQUIRE(model.proto().graph().node_size() == 3);
  CHECK(model.proto().graph().node(0).name() == "neg");
  CHECK(model.proto().graph().node(1).name() == "add");
  CHECK(model.proto().graph().node(2).name() == "relu");
  CHECK_FALSE(graph_out_of_order(model.proto().graph()));
  const auto out = model.run(feeds());
  const float* y = out[0].second.tensor().data_as<float>();
  CHECK(y[0] == 0.0f);  // relu(-1)
  CHECK(y[1] == 2.0f);
  CHECK(y[2] == 2.0f);  // -3 + 5
}

TEST_CASE("sort_nodes through a file and a Session; a sorted graph is left as it is; a cycle is still refused") {
  const auto path = std::filesystem::temp_directory_path() / "onnx_ref_node_order_test.onnx";
  {
    std::ofstream f(path, std::ios::binary);
    f << out_of_order().SerializeAsString();
  }
  CHECK_THROWS_AS(Session::from_file(path), Error);
  const Session session = Session::from_file(path, {}, LoadOptions{true, false});
  CHECK(
      session.run({{"x", Tensor::from_values<float>(T::Float, {3}, {1, -2, 3})}, {"x2", Tensor::zeros(T::Float, {3})}})
          .at("y")
          .data_as<float>()[1] == 2.0f);
  std::filesystem::remove(path);
  // In order already: the same nodes in the same order.
  onnx::ModelProto sorted = out_of_order();
  CHECK(sort_nodes_topologically(*sorted.mutable_graph()) == 1);
  onnx::ModelProto again = sorted;
  CHECK(sort_nodes_topologically(*again.mutable_graph()) == 0);
  CHECK(again.SerializeAsString() == sorted.SerializeAsString());
  // A cycle: a = Neg(b), b = Neg(a). Sorting cannot help; loading refuses it.
  ModelBuilder cycle(17);
  cycle.input("x", T::Float, {1}).output("a");
  cycle.node("Neg", {"b"}, {"a"});
  cycle.node("Neg", {"a"}, {"b"});
  CHECK_THROWS_WITH_AS(
      Model::from_proto(std::make_shared<onnx::ModelProto>(cycle.proto()), {}, "c.onnx", LoadOptions{true, false}),
      doctest::Contains("cycle"), Error);
}
