// Unit tests of ops/ml/dict_vectorizer.cpp.
#include "helpers/maps.h"

TEST_CASE("DictVectorizer: values at their vocabulary positions") {
  // The spec's example: string_vocabulary ["a", "c", "b", "z"], {"a": 4, "c": 8} -> [4, 8, 0, 0].
  MlNode n("DictVectorizer", std::pair{T::String, T::Int64});
  set_strings(*n.node, "string_vocabulary", {"a", "c", "b", "z"});
  const Value x = Value::map(MapEntries::make(strings({"c", "a"}), keys_i64({8, 4})));
  // Y is [1, V], the row the type constraint's [1,C] names (docs/DEPARTURES.md, DictVectorizer-1).
  // spec: DictVectorizer-1: "A 1-D tensor holding values from the input dictionary."
  // spec: DictVectorizer-1: "The index into the vocabulary array at which the key is found is then used to index the output 1-D tensor 'Y' and insert into it the value found in the dictionary 'X'."
  CHECK(n.run(x).tensor().identical_to(Tensor::from_values<int64_t>(T::Int64, {1, 4}, {4, 8, 0, 0})));
  // spec: DictVectorizer-1: "All keys in the input dictionary must be present in the index mapping vector."
  CHECK_THROWS_WITH_AS(n.run(Value::map(MapEntries::make(strings({"q"}), keys_i64({1})))),
                       doctest::Contains("the map's key 'q' is not in the vocabulary"), Error);

  MlNode d("DictVectorizer", std::pair{T::Int64, T::Double});
  set_ints(*d.node, "int64_vocabulary", {5, -1, 7});
  const Value y = d.run(Value::map(MapEntries::make(keys_i64({7}), doubles({0.1}))));
  CHECK(y.tensor().identical_to(Tensor::from_values<double>(T::Double, {1, 3}, {0, 0, 0.1})));

  MlNode s("DictVectorizer", std::pair{T::Int64, T::String});
  set_ints(*s.node, "int64_vocabulary", {1, 2});
  CHECK(s.run(Value::map(MapEntries::make(keys_i64({2}), strings({"v"}))))
            .tensor()
            .identical_to(Tensor::from_strings({1, 2}, {"", "v"})));

  // The vocabulary must be of the map's key type, and hold each key once.
  MlNode wrong("DictVectorizer", std::pair{T::Int64, T::Float});
  set_strings(*wrong.node, "string_vocabulary", {"a"});
  CHECK_THROWS_WITH_AS(wrong.b.build(), doctest::Contains("X is map(int64, float) but the node sets string_vocabulary"),
                       Error);
  MlNode dup("DictVectorizer", std::pair{T::String, T::Float});
  set_strings(*dup.node, "string_vocabulary", {"a", "b", "a"});
  CHECK_THROWS_WITH_AS(dup.b.build(),
                       doctest::Contains("attribute 'string_vocabulary' holds 'a' twice (entries 0 and 2)"), Error);
  // spec: DictVectorizer-1: "An integer vocabulary array.<br>One and only one of the vocabularies must be defined."
  // spec: DictVectorizer-1: "A string vocabulary array.<br>One and only one of the vocabularies must be defined."
  MlNode none("DictVectorizer", std::pair{T::String, T::Float});
  CHECK_THROWS_WITH_AS(none.b.build(), doctest::Contains("(neither is)"), Error);
  // spec: DictVectorizer-1: "The input must be a map from strings or integers to either strings or a numeric type."
  // spec: DictVectorizer-1: "The key and value types cannot be the same."
  MlNode same("DictVectorizer", std::pair{T::Int64, T::Int64});
  set_ints(*same.node, "int64_vocabulary", {1});
  CHECK_THROWS_AS(same.run(Value::map(MapEntries::make(keys_i64({1}), keys_i64({2})))), Error);
  MlNode strings_to_strings("DictVectorizer", std::pair{T::String, T::String});
  set_strings(*strings_to_strings.node, "string_vocabulary", {"a"});
  CHECK_THROWS_AS(strings_to_strings.run(Value::map(MapEntries::make(strings({"a"}), strings({"b"})))), Error);
}
