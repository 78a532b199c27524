#include "interpreter/feeds.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/json_document.h"
#include "runtime/npy.h"
#include "runtime/tensor_json.h"
#include "runtime/tensor_proto.h"
#include "runtime/value_json.h"
#include "runtime/value_proto.h"

namespace onnx_ref {

namespace fs = std::filesystem;

namespace {

const ValueInfo* find_input(const Model& model, const std::string& name) {
  for (const auto* list : {&model.required_inputs(), &model.optional_inputs()})
    for (const auto& v : *list)
      if (v.name == name) return &v;
  return nullptr;
}

}  // namespace

namespace {

// `origin` names the source in errors; `base_dir` resolves {"file": ...} paths.
Feeds feeds_from_json_stream(const Model& model, std::istream& in, const std::string& origin,
                             const fs::path& base_dir) {
  std::ostringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = parse_json_document(text.str(), origin);
  if (!doc.is_object()) throw Error(origin + ": expected an object from input name to tensor");
  Feeds feeds;
  for (const auto& [name, value] : doc.items()) {
    const ValueInfo* declared = find_input(model, name);
    if (!declared) throw Error(origin + ": " + quote_text(name) + " is not an input of the model");
    JsonTensorContext context{"input " + quote_text(name), base_dir, declared->type};
    try {
      feeds.emplace(name, value_from_json(value, context,
                                          declared->typed ? std::optional<ValueKind>(declared->kind) : std::nullopt,
                                          declared->key.value_or(ElementType::Undefined)));
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at(origin));
    }
  }
  return feeds;
}

}  // namespace

Feeds feeds_from_json_file(const Model& model, const fs::path& path) {
  std::ifstream in(path);
  if (!in) throw Error(path.string() + ": cannot be read");
  return feeds_from_json_stream(model, in, path.string(), path.parent_path());
}

// K from "`prefix`K.pb", or -1. Matched by hand: a std::regex built per folder dominated the
// harness's run time.
long pb_file_number(const std::string& file, const std::string& prefix) {
  if (file.size() <= prefix.size() + 3 || file.compare(0, prefix.size(), prefix) != 0 ||
      file.compare(file.size() - 3, 3, ".pb") != 0)
    return -1;
  const std::string digits = file.substr(prefix.size(), file.size() - prefix.size() - 3);
  if (digits.size() > 8 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return -1;
  return std::stol(digits);
}

std::vector<fs::path> numbered_pb_files(const fs::path& dir, const std::string& prefix) {
  std::vector<std::pair<long, fs::path>> found;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const long k = pb_file_number(entry.path().filename().string(), prefix);
    if (k >= 0) found.emplace_back(k, entry.path());
  }
  std::sort(found.begin(), found.end());
  std::vector<fs::path> files;
  for (size_t i = 0; i < found.size(); ++i) {
    if (found[i].first != static_cast<long>(i))
      throw Error(dir.string() + ": " + prefix + std::to_string(i) +
                  ".pb is missing (the files are numbered from 0 without gaps)");
    files.push_back(found[i].second);
  }
  return files;
}

Feeds feeds_from_pb_folder(const Model& model, const fs::path& dir) {
  Feeds feeds;
  const auto& required = model.required_inputs();
  const auto files = numbered_pb_files(dir, "input_");
  if (files.empty() && !required.empty())
    throw Error(dir.string() +
                ": holds no input_0.pb (a test_data_set_N folder has input_K.pb for each of the model's " +
                std::to_string(required.size()) + " input(s) to feed)");
  for (size_t i = 0; i < files.size(); ++i) {
    std::string name;
    // The message in the file is the one the graph input at this position declares: a TensorProto,
    // or a SequenceProto / OptionalProto.
    ValueType declared = ValueType::tensor(ElementType::Undefined);
    if (i < required.size() && required[i].kind != ValueKind::Tensor)
      declared = {required[i].kind, required[i].type.value_or(ElementType::Undefined),
                  required[i].key.value_or(ElementType::Undefined)};
    Value tensor = read_value_file(files[i], declared, &name);
    if (name.empty() || !find_input(model, name)) {
      if (i >= required.size())
        throw Error(files[i].string() + ": the model has no graph input for it (it takes " +
                    std::to_string(required.size()) + ")");
      name = required[i].name;
    }
    if (!feeds.emplace(name, std::move(tensor)).second)
      throw Error(files[i].string() + ": input " + quote_text(name) + " is given twice");
  }
  return feeds;
}

std::map<std::string, int64_t> parse_dim_options(const std::vector<std::string>& specs) {
  std::map<std::string, int64_t> dims;
  for (const auto& spec : specs) {
    const auto eq = spec.find('=');
    size_t used = 0;
    int64_t value = -1;
    try {
      if (eq != std::string::npos) value = std::stoll(spec.substr(eq + 1), &used);
    } catch (const std::exception&) {
    }
    if (eq == std::string::npos || eq == 0 || used != spec.size() - eq - 1 || value < 0)
      throw Error("--dim " + quote_text(spec) + " is not NAME=VALUE with a non-negative VALUE");
    dims[spec.substr(0, eq)] = value;
  }
  return dims;
}

namespace {

// A .npy file, or a .pb file (TensorProto, SequenceProto, OptionalProto), named as INPUTS: the value
// of the model's one input to feed. With more inputs it cannot say which is which.
bool is_single_value_file(const fs::path& path) {
  const std::string ext = path.extension().string();
  if (ext == ".npy" || ext == ".pb") return true;
  std::ifstream in(path, std::ios::binary);
  char magic[6] = {};
  return in.read(magic, sizeof magic) && std::string(magic, sizeof magic) == "\x93NUMPY";
}

Feeds feeds_from_value_file(const Model& model, const fs::path& path) {
  const auto& required = model.required_inputs();
  if (required.size() != 1)
    throw Error(path.string() + ": one value file feeds a model with one input, and this model takes " +
                std::to_string(required.size()) + "; name each in a JSON file: {\"" +
                (required.empty() ? std::string("x") : required[0].name) + "\": {\"file\": \"" +
                path.filename().string() + "\"}, ...}");
  const ValueInfo& input = required[0];
  Feeds feeds;
  std::string ignored;
  const ValueType declared = input.kind == ValueKind::Tensor
                                 ? ValueType::tensor(ElementType::Undefined)
                                 : ValueType{input.kind, input.type.value_or(ElementType::Undefined),
                                             input.key.value_or(ElementType::Undefined)};
  const std::string ext = path.extension().string();
  feeds.emplace(input.name, ext == ".pb" ? read_value_file(path, declared, &ignored) : Value(read_npy(path)));
  return feeds;
}

}  // namespace

Feeds load_feeds(const Model& model, const fs::path& path) {
  // "-" is standard input, JSON; {"file": ...} paths in it are relative to the current folder.
  if (path == "-") return feeds_from_json_stream(model, std::cin, "<stdin>", fs::current_path());
  std::error_code ec;
  if (fs::is_directory(path, ec)) return feeds_from_pb_folder(model, path);
  if (!fs::exists(path, ec)) throw Error(path.string() + ": no such file or folder");
  if (fs::is_regular_file(path, ec))
    return is_single_value_file(path) ? feeds_from_value_file(model, path) : feeds_from_json_file(model, path);
  // A pipe the user names, as `<(...)` makes (/dev/fd/N), is read as it comes: whoever named it is
  // writing to it. Files a model or a JSON document names are still refused when they are pipes,
  // since nobody need be writing to those. Relative {"file": ...} paths are then relative to the
  // current folder.
  if (fs::is_fifo(path, ec)) {
    std::ifstream in(path);
    if (!in) throw Error(path.string() + ": cannot be read");
    return feeds_from_json_stream(model, in, path.string(), fs::current_path());
  }
  throw Error(
      path.string() +
      ": not a regular file or a pipe (INPUTS is a JSON file, a test_data_set_N folder, or - for standard input)");
}

Feeds random_feeds(const Model& model, uint64_t seed, const std::map<std::string, int64_t>& dims) {
  std::mt19937_64 rng(seed);
  Feeds feeds;
  for (const auto& input : model.required_inputs()) {
    const std::string where = model.origin() + ": input " + quote_text(input.name);
    if (!input.type) throw Error(where + " declares no element type, so random values cannot be made for it");
    if (!input.has_shape) throw Error(where + " declares no shape, so random values cannot be made for it");
    Shape shape;
    for (size_t i = 0; i < input.dims.size(); ++i) {
      if (input.dims[i]) {
        shape.push_back(*input.dims[i]);
        continue;
      }
      auto it = dims.find(input.dim_params[i]);
      if (input.dim_params[i].empty() || it == dims.end())
        throw Error(where + " dimension " + std::to_string(i) + " is " +
                    (input.dim_params[i].empty() ? "unknown" : quote_text(input.dim_params[i])) +
                    "; fix it with --dim NAME=VALUE");
      shape.push_back(it->second);
    }
    const ElementType type = *input.type;
    Tensor t;
    try {
      t = Tensor::zeros(type, shape);
    } catch (const Error& e) {
      rethrow_with_context(e, ErrorContext::at(where));
    }
    if (type == ElementType::String) {
      std::vector<std::string> values(static_cast<size_t>(t.element_count()));
      for (auto& s : values) {
        s.resize(rng() % 8);
        for (auto& c : s) c = static_cast<char>('a' + rng() % 26);
      }
      feeds[input.name] = Tensor::from_strings(shape, std::move(values));
      continue;
    }
    const auto kind = info(type).kind;
    for (int64_t i = 0; i < t.element_count(); ++i) {
      switch (kind) {
        case ElementKind::Boolean:
          write_int64(type, t.mutable_data(), i, static_cast<int64_t>(rng() & 1));
          break;
        case ElementKind::SignedInt: {
          // Small values in the type's range: -8..7 for int4, -2..1 for int2, -100..100 otherwise.
          const int64_t span = bits_of(type) >= 8 ? 201 : (int64_t{1} << bits_of(type));
          const int64_t low = bits_of(type) >= 8 ? -100 : -(span / 2);
          write_int64(type, t.mutable_data(), i, low + static_cast<int64_t>(rng() % static_cast<uint64_t>(span)));
          break;
        }
        case ElementKind::UnsignedInt: {
          const uint64_t span = bits_of(type) >= 8 ? 201 : (uint64_t{1} << bits_of(type));
          write_uint64(type, t.mutable_data(), i, rng() % span);
          break;
        }
        case ElementKind::Float: {
          // Uniform in [-4, 4), rounded to the element type as Cast would.
          const double v = std::ldexp(static_cast<double>(rng() >> 11), -53) * 8.0 - 4.0;
          write_real(type, t.mutable_data(), i, type == ElementType::Float8E8M0 ? std::fabs(v) + 0.125 : v);
          break;
        }
        case ElementKind::Complex: {
          const double re = std::ldexp(static_cast<double>(rng() >> 11), -53) * 2.0 - 1.0;
          const double im = std::ldexp(static_cast<double>(rng() >> 11), -53) * 2.0 - 1.0;
          write_complex(type, t.mutable_data(), i, {re, im});
          break;
        }
        case ElementKind::String:
          break;
      }
    }
    feeds[input.name] = t;
  }
  return feeds;
}

}  // namespace onnx_ref
