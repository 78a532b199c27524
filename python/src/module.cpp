// onnx_ref._core: the compiled half of the Python package. It loads models, converts NumPy arrays to
// onnx-ref values and back, and runs graphs with the GIL released. The pure-Python half
// (onnx_ref/__init__.py) turns model objects into bytes or paths and lists or scalars into arrays of
// the declared type before calling in here.
//
// Element types (README "Python package"):
//  - the types NumPy has map to their dtype, both ways;
//  - strings come back as object arrays holding str where the bytes are valid UTF-8, bytes otherwise;
//    they are taken from object arrays of str (encoded as UTF-8) or bytes (taken as they are);
//  - bfloat16, the float8 types, float8e8m0 and float4e2m1 come back as float32 (every value of those
//    types is exactly a float32), as ONNX 1.12's numpy_helper.to_array does for bfloat16; an input of
//    such a type takes a floating array whose every value is exactly representable in the type;
//  - int4/int2 come back as int8 and uint4/uint2 as uint8, one element per byte; an input of such a
//    type takes an integer array whose values fit.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/feeds.h"
#include "interpreter/model.h"
#include "interpreter/session.h"
#include "runtime/element_values.h"
#include "runtime/error.h"
#include "runtime/error_context.h"
#include "runtime/float_formats.h"

namespace py = pybind11;
using namespace onnx_ref;

namespace {

// Raised as onnx_ref.Error / onnx_ref.UnsupportedError (registered in the module init).
PyObject* g_error = nullptr;
PyObject* g_unsupported = nullptr;

// Runs `f`, turning every C++ exception into onnx_ref.Error (UnsupportedError for UnsupportedError)
// with the same message; errors raised by Python itself (py::error_already_set) pass through.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (py::error_already_set&) {
    throw;
  } catch (const py::builtin_exception&) {
    throw;
  } catch (const UnsupportedError& e) {
    PyErr_SetString(g_unsupported, e.what());
  } catch (const Error& e) {
    PyErr_SetString(g_error, e.what());
  } catch (const std::bad_alloc&) {
    PyErr_SetString(g_error, "out of memory");
  } catch (const std::exception& e) {
    PyErr_SetString(g_error, (std::string("internal error: ") + e.what()).c_str());
  }
  throw py::error_already_set();
}

// The options of Session.run: max_memory is "" (the default budget), MiB ("512") or a percentage
// ("25%"), as the command's --max-memory; timeout is seconds, 0 for none.
RunOptions checked_run_options(int threads, uint64_t seed, int64_t max_loop_iterations, const std::string& max_memory,
                               double timeout) {
  if (threads < 1 || threads > 256) throw Error("threads must be 1 to 256, not " + std::to_string(threads));
  if (max_loop_iterations < 0) throw Error("max_loop_iterations must not be negative");
  if (!(timeout >= 0 && timeout <= 1e9)) throw Error("timeout must be 0 (none) to 1e9 seconds");
  RunOptions options{threads, seed, max_loop_iterations};
  if (!max_memory.empty()) options.max_memory = parse_memory_amount(max_memory);
  options.timeout_seconds = timeout;
  return options;
}

bool is_numpy_carried_as_float32(ElementType t) {
  return t == ElementType::BFloat16 || (is_small_float(t) && t != ElementType::Float16);
}

bool is_narrow_int(ElementType t) { return is_sub_byte(t) && info(t).kind != ElementKind::Float; }

// The element type NumPy itself has for a dtype, or nullopt (strings are handled apart).
std::optional<ElementType> numpy_native_type(const py::dtype& dt) {
  const char kind = dt.kind();
  const auto size = dt.itemsize();
  switch (kind) {
    case 'b':
      return ElementType::Bool;
    case 'i':
      return size == 1   ? ElementType::Int8
             : size == 2 ? ElementType::Int16
             : size == 4 ? ElementType::Int32
             : size == 8 ? std::optional(ElementType::Int64)
                         : std::nullopt;
    case 'u':
      return size == 1   ? ElementType::UInt8
             : size == 2 ? ElementType::UInt16
             : size == 4 ? ElementType::UInt32
             : size == 8 ? std::optional(ElementType::UInt64)
                         : std::nullopt;
    case 'f':
      return size == 2   ? ElementType::Float16
             : size == 4 ? ElementType::Float
             : size == 8 ? std::optional(ElementType::Double)
                         : std::nullopt;
    case 'c':
      return size == 8 ? ElementType::Complex64 : size == 16 ? std::optional(ElementType::Complex128) : std::nullopt;
    default:
      return std::nullopt;
  }
}

// The name of the NumPy dtype an element type comes back as (a name, so that listing the types
// does not need numpy: `import onnx_ref` works in an interpreter without it).
const char* numpy_dtype_name(ElementType t) {
  switch (t) {
    case ElementType::Bool:
      return "bool";
    case ElementType::Int8:
    case ElementType::Int4:
    case ElementType::Int2:
      return "int8";
    case ElementType::UInt8:
    case ElementType::UInt4:
    case ElementType::UInt2:
      return "uint8";
    case ElementType::Int16:
      return "int16";
    case ElementType::UInt16:
      return "uint16";
    case ElementType::Int32:
      return "int32";
    case ElementType::UInt32:
      return "uint32";
    case ElementType::Int64:
      return "int64";
    case ElementType::UInt64:
      return "uint64";
    case ElementType::Float16:
      return "float16";
    case ElementType::Float:
      return "float32";
    case ElementType::Double:
      return "float64";
    case ElementType::Complex64:
      return "complex64";
    case ElementType::Complex128:
      return "complex128";
    case ElementType::String:
      return "object";
    default:
      if (is_numpy_carried_as_float32(t)) return "float32";
      throw Error("element type " + std::string(name_of(t)) + " has no NumPy dtype");
  }
}

py::dtype numpy_dtype_for(ElementType t) { return py::dtype(numpy_dtype_name(t)); }

Shape shape_of(const py::array& a) {
  Shape shape;
  for (py::ssize_t i = 0; i < a.ndim(); ++i) shape.push_back(static_cast<int64_t>(a.shape(i)));
  return shape;
}

std::string at_index(const std::string& what, int64_t i) { return what + " [" + std::to_string(i) + "]"; }

std::string format_double(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A string tensor from an object array of str or bytes.
Tensor strings_from_array(const py::array& array, const std::string& what) {
  py::array objects = py::module_::import("numpy").attr("asarray")(array, py::dtype("object"), "C");
  std::vector<std::string> values;
  values.reserve(static_cast<size_t>(objects.size()));
  auto** items = static_cast<PyObject**>(objects.mutable_data());
  for (py::ssize_t i = 0; i < objects.size(); ++i) {
    PyObject* item = items[i];
    if (PyUnicode_Check(item)) {
      Py_ssize_t size = 0;
      const char* utf8 = PyUnicode_AsUTF8AndSize(item, &size);
      if (!utf8) {  // lone surrogates cannot be encoded
        PyErr_Clear();
        throw Error(at_index(what, i) + ": a str that cannot be encoded as UTF-8");
      }
      values.emplace_back(utf8, static_cast<size_t>(size));
    } else if (PyBytes_Check(item)) {
      values.emplace_back(PyBytes_AS_STRING(item), static_cast<size_t>(PyBytes_GET_SIZE(item)));
    } else {
      throw Error(at_index(what, i) + ": a string tensor takes str or bytes, not " +
                  std::string(Py_TYPE(item)->tp_name));
    }
  }
  return Tensor::from_strings(shape_of(objects), std::move(values));
}

// A tensor from a NumPy array. `declared` is the model's element type for this input, when it says:
// it picks the type of a float32 array for bfloat16/float8/float4 inputs and of an integer array for
// int4/uint4/int2/uint2 inputs (values must be exact). Any other difference is left for the model's
// own feed check, which names the input and both types.
Tensor tensor_from_array(const py::array& input, std::optional<ElementType> declared, const std::string& what) {
  const py::dtype dt = input.dtype();
  const char kind = dt.kind();
  if (kind == 'O' || kind == 'U' || kind == 'S') return strings_from_array(input, what);
  const auto native = numpy_native_type(dt);
  if (!native)
    throw Error(what + ": NumPy dtype " + py::str(static_cast<const py::handle&>(dt)).cast<std::string>() +
                " has no ONNX element type");
  // Native byte order, C order.
  py::array a = py::module_::import("numpy").attr("asarray")(input, dt.attr("newbyteorder")("="), "C");
  const Shape shape = shape_of(a);
  const int64_t count = static_cast<int64_t>(a.size());

  if (declared && *declared != *native && is_numpy_carried_as_float32(*declared) && kind == 'f') {
    // Rounded as the command line rounds JSON numbers: to nearest, ties to even; the float8 and
    // float4 types saturate as Cast (saturate = 1) does; a finite value that would round to an
    // infinity (bfloat16) is refused, as 300 is for uint8; an infinity stays one where the type has
    // it. bfloat16 is the top half of a float32: a float32 whose low half is zero is taken as is,
    // NaN payloads included.
    Tensor t = Tensor::zeros(*declared, shape);
    const auto* data = static_cast<const std::byte*>(a.data());
    for (int64_t i = 0; i < count; ++i) {
      if (*declared == ElementType::BFloat16 && *native == ElementType::Float) {
        uint32_t bits;
        std::memcpy(&bits, data + 4 * i, 4);
        if ((bits & 0xffffu) == 0) {
          reinterpret_cast<uint16_t*>(t.mutable_data())[i] = static_cast<uint16_t>(bits >> 16);
          continue;
        }
      }
      const double v = read_real(*native, data, i);
      write_real(*declared, t.mutable_data(), i, v);
      if (std::isfinite(v) && !std::isfinite(read_real(*declared, t.data(), i)))
        throw Error(at_index(what, i) + ": " + format_double(v) + " is beyond the range of " +
                    std::string(name_of(*declared)));
    }
    return t;
  }
  if (declared && *declared != *native && is_narrow_int(*declared) && (kind == 'i' || kind == 'u')) {
    Tensor t = Tensor::zeros(*declared, shape);
    const auto* data = static_cast<const std::byte*>(a.data());
    for (int64_t i = 0; i < count; ++i) {
      if (kind == 'i') {
        const int64_t v = read_int64(*native, data, i);
        if (!fits_integer(*declared, v))
          throw Error(at_index(what, i) + ": " + std::to_string(v) + " does not fit " +
                      std::string(name_of(*declared)));
        write_int64(*declared, t.mutable_data(), i, v);
      } else {
        const uint64_t v = read_uint64(*native, data, i);
        if (!fits_unsigned(*declared, v))
          throw Error(at_index(what, i) + ": " + std::to_string(v) + " does not fit " +
                      std::string(name_of(*declared)));
        if (info(*declared).kind == ElementKind::SignedInt)
          write_int64(*declared, t.mutable_data(), i, static_cast<int64_t>(v));
        else
          write_uint64(*declared, t.mutable_data(), i, v);
      }
    }
    return t;
  }
  Tensor t = Tensor::uninitialized(*native, shape);
  if (count) std::memcpy(t.mutable_data(), a.data(), static_cast<size_t>(a.nbytes()));
  if (*native == ElementType::Bool)  // NumPy bools are 0 or 1; anything else came from a view
    for (int64_t i = 0; i < count; ++i)
      if (static_cast<const uint8_t*>(a.data())[i] > 1)
        throw Error(at_index(what, i) + ": a bool byte other than 0 or 1");
  return t;
}

py::object str_or_bytes(const std::string& s) {
  PyObject* text = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict");
  if (text) return py::reinterpret_steal<py::object>(text);
  PyErr_Clear();
  return py::bytes(s);
}

py::array array_from_tensor(const Tensor& t) {
  std::vector<py::ssize_t> shape(t.shape().begin(), t.shape().end());
  const py::dtype dt = numpy_dtype_for(t.type());
  py::array out(dt, shape);
  const int64_t count = t.element_count();
  if (t.is_string()) {
    auto** items = static_cast<PyObject**>(out.mutable_data());
    const auto& strings = t.strings();
    for (int64_t i = 0; i < count; ++i) {
      py::object s = str_or_bytes(strings[static_cast<size_t>(i)]);
      Py_XDECREF(items[i]);  // NumPy fills new object arrays with None
      items[i] = s.release().ptr();
    }
  } else if (is_numpy_carried_as_float32(t.type())) {
    auto* f = static_cast<float*>(out.mutable_data());
    for (int64_t i = 0; i < count; ++i) {
      const uint32_t bits = static_cast<uint32_t>(read_bits(t.type(), t.data(), i));
      if (t.type() == ElementType::BFloat16) {  // bfloat16 is the top half of a float32, NaN payloads included
        const uint32_t wide = bits << 16;
        std::memcpy(&f[i], &wide, 4);
      } else {
        f[i] = static_cast<float>(decode_small_float(t.type(), bits));
      }
    }
  } else if (is_narrow_int(t.type())) {
    auto* b = static_cast<uint8_t*>(out.mutable_data());
    for (int64_t i = 0; i < count; ++i)
      b[i] = info(t.type()).kind == ElementKind::SignedInt
                 ? static_cast<uint8_t>(static_cast<int8_t>(read_int64(t.type(), t.data(), i)))
                 : static_cast<uint8_t>(read_uint64(t.type(), t.data(), i));
  } else if (count) {
    std::memcpy(out.mutable_data(), t.data(), t.bytes().size());
  }
  return out;
}

// A map as a dict of Python scalars (ints, floats, str or bytes), in the map's entry order.
py::dict dict_from_map(const MapEntries& map) {
  const py::list keys = array_from_tensor(map.keys).attr("tolist")();
  const py::list values = array_from_tensor(map.values).attr("tolist")();
  py::dict d;
  for (size_t i = 0; i < keys.size(); ++i) d[keys[i]] = values[i];
  return d;
}

py::object object_from_value(const Value& v) {
  if (v.is_tensor()) return array_from_tensor(v.tensor());
  if (v.is_map()) return dict_from_map(v.map_entries());
  if (v.is_map_sequence()) {
    py::list maps;
    for (const auto& m : v.maps()) maps.append(dict_from_map(m));
    return maps;
  }
  if (v.is_sequence()) {
    py::list items;
    for (const auto& t : v.items()) items.append(array_from_tensor(t));
    return items;
  }
  if (!v.has_element()) return py::none();
  return object_from_value(v.element());
}

const ValueInfo* find_declared(const Model& model, const std::string& name) {
  for (const auto* list : {&model.required_inputs(), &model.optional_inputs()})
    for (const auto& v : *list)
      if (v.name == name) return &v;
  return nullptr;
}

// A map from the (keys, values) pair of 1-D arrays the Python layer makes of a dict.
MapEntries map_from_object(const py::handle& obj, const ValueInfo& declared, const std::string& what) {
  if (!py::isinstance<py::tuple>(obj) || py::len(obj) != 2 || !py::isinstance<py::array>(obj[py::int_(0)]) ||
      !py::isinstance<py::array>(obj[py::int_(1)]))
    throw Error(what + " is " + declared.describe() + ": feed a dict");
  Tensor keys = tensor_from_array(py::reinterpret_borrow<py::array>(obj[py::int_(0)]), declared.key, what + " keys");
  Tensor values =
      tensor_from_array(py::reinterpret_borrow<py::array>(obj[py::int_(1)]), declared.type, what + " values");
  if ((declared.key && keys.type() != *declared.key) || (declared.type && values.type() != *declared.type))
    throw Error(what + " is a map(" + std::string(name_of(keys.type())) + ", " + std::string(name_of(values.type())) +
                ") but the model declares " + declared.describe());
  try {
    return MapEntries::make(std::move(keys), std::move(values));
  } catch (const Error& e) {
    rethrow_with_context(e, ErrorContext::at(what));
  }
}

// A feed from a Python object: an array (after the Python layer made one), a list of arrays for a
// sequence input, None for an empty optional, a (keys, values) pair of arrays for a map, a list of
// such pairs for a sequence of maps.
Value value_from_object(const py::handle& obj, const ValueInfo* declared, const std::string& name) {
  const std::string what = "input " + quote_text(name);
  const std::optional<ElementType> elem = declared ? declared->type : std::nullopt;
  const ValueKind kind = declared && declared->typed ? declared->kind : ValueKind::Tensor;
  if (kind == ValueKind::Map) return Value::map(map_from_object(obj, *declared, what));
  if (kind == ValueKind::MapSequence) {
    if (!py::isinstance<py::list>(obj) && !py::isinstance<py::tuple>(obj))
      throw Error(what + " is " + declared->describe() + ": feed a list of dicts");
    std::vector<MapEntries> maps;
    size_t i = 0;
    for (const auto& item : obj)
      maps.push_back(map_from_object(item, *declared, what + " item " + std::to_string(i++)));
    if (!elem && maps.empty()) throw Error(what + ": an empty sequence of maps needs a declared value type");
    const ElementType value_type = elem ? *elem : maps.front().values.type();
    return Value::map_sequence(*declared->key, value_type, std::move(maps));
  }
  const bool optional = kind == ValueKind::OptionalTensor || kind == ValueKind::OptionalSequence;
  if (obj.is_none()) {
    if (!optional || !elem)
      throw Error(what + ": None is only a value for an optional input of a declared element type");
    return Value::none(ValueType{kind, *elem});
  }
  if (kind == ValueKind::Sequence || kind == ValueKind::OptionalSequence) {
    if (!py::isinstance<py::list>(obj) && !py::isinstance<py::tuple>(obj))
      throw Error(what + " is a sequence: feed a list of arrays");
    std::vector<Tensor> items;
    size_t i = 0;
    for (const auto& item : obj) {
      if (!py::isinstance<py::array>(item))
        throw Error(what + " item " + std::to_string(i) + ": a sequence item must be a NumPy array");
      items.push_back(
          tensor_from_array(py::reinterpret_borrow<py::array>(item), elem, what + " item " + std::to_string(i)));
      ++i;
    }
    if (!elem && items.empty()) throw Error(what + ": an empty sequence needs a declared element type");
    Value seq = Value::sequence(elem ? *elem : items.front().type(), std::move(items));
    return optional ? Value::some(seq) : seq;
  }
  if (!py::isinstance<py::array>(obj)) throw Error(what + ": expected a NumPy array");
  Value t = tensor_from_array(py::reinterpret_borrow<py::array>(obj), elem, what);
  return optional ? Value::some(t) : t;
}

py::dict describe_info(const ValueInfo& v) {
  py::dict d;
  d["name"] = v.name;
  d["type"] = v.typed ? v.describe() : std::string("");
  const char* kinds[] = {"tensor", "sequence", "optional", "optional_sequence", "map", "map_sequence"};
  d["kind"] = v.typed ? kinds[static_cast<int>(v.kind)] : "";
  d["key_type"] = v.key ? py::object(py::str(std::string(name_of(*v.key)))) : py::object(py::none());
  d["key_numpy_dtype"] = v.key ? py::object(py::str(numpy_dtype_name(*v.key))) : py::object(py::none());
  d["elem_type"] = v.type ? py::object(py::str(std::string(name_of(*v.type)))) : py::object(py::none());
  d["numpy_dtype"] = v.type && *v.type != ElementType::Undefined ? py::object(py::str(numpy_dtype_name(*v.type)))
                                                                 : py::object(py::none());
  py::list dims;
  if (v.has_shape)
    for (size_t i = 0; i < v.dims.size(); ++i)
      dims.append(v.dims[i] ? py::object(py::int_(*v.dims[i])) : py::object(py::str(v.dim_params[i])));
  d["shape"] = v.has_shape ? py::object(dims) : py::object(py::none());
  return d;
}

class PySession {
 public:
  explicit PySession(Session s) : session_(std::make_shared<const Session>(std::move(s))) {}

  std::vector<std::string> input_names() const { return session_->input_names(); }
  std::vector<std::string> output_names() const { return session_->output_names(); }
  std::vector<std::string> graph_input_names() const {
    std::vector<std::string> names;
    for (const auto& in : session_->model().proto().graph().input()) names.push_back(in.name());
    return names;
  }
  py::list inputs() const {
    py::list out;
    for (const auto& v : session_->model().required_inputs()) out.append(describe_info(v));
    return out;
  }
  py::list optional_inputs() const {
    py::list out;
    for (const auto& v : session_->model().optional_inputs()) out.append(describe_info(v));
    return out;
  }
  py::list outputs() const {
    py::list out;
    for (const auto& v : session_->model().outputs()) out.append(describe_info(v));
    return out;
  }
  std::vector<std::string> kernels() const { return session_->model().kernel_labels(); }

  // Random values for every input to feed, as `onnx-ref run --random-inputs` makes them.
  py::dict random_feeds(uint64_t seed, const std::map<std::string, int64_t>& dims) const {
    const Feeds feeds = onnx_ref::random_feeds(session_->model(), seed, dims);
    py::dict out;
    for (const auto& [name, value] : feeds) out[py::str(name)] = object_from_value(value);
    return out;
  }

  // Runs with per-node timing: ([(name, value)] of every output, [row dicts] in first-finished order).
  py::tuple run_profile(const py::dict& feeds, RunOptions options) const {
    RunProfile profile;
    options.profile = &profile;
    py::list outputs = run(feeds, std::nullopt, options);
    py::list rows;
    for (const auto& row : profile.rows()) {
      py::dict d;
      d["node"] = row.node;
      d["op"] = row.op;
      d["calls"] = row.calls;
      d["milliseconds"] = static_cast<double>(row.nanoseconds) / 1e6;
      d["holds_graphs"] = row.holds_graphs;
      d["top_level"] = row.top_level;
      rows.append(d);
    }
    return py::make_tuple(outputs, rows);
  }

  // Returns [(name, value)] for the requested outputs (all of them, in graph order, when None).
  py::list run(const py::dict& feeds, const std::optional<std::vector<std::string>>& names,
               const RunOptions& options) const {
    std::map<std::string, Value> values;
    const Model& model = session_->model();
    for (const auto& [key, obj] : feeds) {
      if (!py::isinstance<py::str>(key)) throw Error("feed names must be str");
      const std::string name = key.cast<std::string>();
      values.emplace(name, value_from_object(obj, find_declared(model, name), name));
    }
    if (names) {
      const auto all = session_->output_names();
      for (const auto& n : *names)
        if (std::find(all.begin(), all.end(), n) == all.end())
          throw Error(model.origin() + ": " + quote_text(n) + " is not a graph output");
    }
    std::vector<std::pair<std::string, Value>> results;
    {
      py::gil_scoped_release release;
      results = session_->run_values(values, options);
    }
    py::list out;
    if (names) {
      for (const auto& n : *names)
        for (const auto& [name, value] : results)
          if (name == n) {
            out.append(py::make_tuple(name, object_from_value(value)));
            break;
          }
    } else {
      for (const auto& [name, value] : results) out.append(py::make_tuple(name, object_from_value(value)));
    }
    return out;
  }

 private:
  std::shared_ptr<const Session> session_;
};

PySession load(const py::object& model, const std::string& base_dir, const ExposedValues& exposed = {},
               const LoadOptions& options = {}, const std::string& origin = "") {
  if (py::isinstance<py::bytes>(model)) {
    std::string bytes = model.cast<std::string>();
    py::gil_scoped_release release;
    return origin.empty() ? PySession(Session::from_bytes(bytes, base_dir, exposed, options))
                          : PySession(Session::from_bytes(bytes, base_dir, exposed, options, origin));
  }
  const std::string path = py::str(model).cast<std::string>();
  py::gil_scoped_release release;
  return PySession(Session::from_file(path, exposed, options));
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "onnx-ref's compiled core; use the onnx_ref package instead.";
  static py::exception<Error> error(m, "Error");
  static py::exception<UnsupportedError> unsupported(m, "UnsupportedError", error.ptr());
  error.attr("__module__") = "onnx_ref";
  unsupported.attr("__module__") = "onnx_ref";
  g_error = error.ptr();
  g_unsupported = unsupported.ptr();
  error.doc() = "A model or input onnx-ref refuses; the message is onnx-ref's one-line diagnostic.";
  unsupported.doc() =
      "The model is valid but uses something onnx-ref does not implement (an operator version, a type).";

  py::class_<PySession>(m, "Session")
      .def_property_readonly("input_names", [](const PySession& s) { return s.input_names(); })
      .def_property_readonly("output_names", [](const PySession& s) { return s.output_names(); })
      .def_property_readonly("graph_input_names", [](const PySession& s) { return s.graph_input_names(); })
      .def_property_readonly("inputs", &PySession::inputs)
      .def_property_readonly("optional_inputs", &PySession::optional_inputs)
      .def_property_readonly("outputs", &PySession::outputs)
      .def_property_readonly("kernels", &PySession::kernels)
      .def(
          "run",
          [](const PySession& s, const py::dict& feeds, const std::optional<std::vector<std::string>>& names,
             int threads, uint64_t seed, int64_t max_loop_iterations, const std::string& max_memory, double timeout) {
            return guarded([&] {
              return s.run(feeds, names, checked_run_options(threads, seed, max_loop_iterations, max_memory, timeout));
            });
          },
          py::arg("feeds"), py::arg("output_names") = py::none(), py::arg("threads") = 1, py::arg("seed") = 0,
          py::arg("max_loop_iterations") = RunOptions{}.max_loop_iterations, py::arg("max_memory") = "",
          py::arg("timeout") = 0.0)
      .def(
          "random_feeds",
          [](const PySession& s, uint64_t seed, const std::map<std::string, int64_t>& dims) {
            return guarded([&] { return s.random_feeds(seed, dims); });
          },
          py::arg("seed") = 0, py::arg("dims") = std::map<std::string, int64_t>{})
      .def(
          "run_profile",
          [](const PySession& s, const py::dict& feeds, int threads, uint64_t seed, int64_t max_loop_iterations,
             const std::string& max_memory, double timeout) {
            return guarded([&] {
              return s.run_profile(feeds, checked_run_options(threads, seed, max_loop_iterations, max_memory, timeout));
            });
          },
          py::arg("feeds"), py::arg("threads") = 1, py::arg("seed") = 0,
          py::arg("max_loop_iterations") = RunOptions{}.max_loop_iterations, py::arg("max_memory") = "",
          py::arg("timeout") = 0.0);

  m.def(
      "load",
      [](const py::object& model, const std::string& base_dir, const std::vector<std::string>& extra_outputs,
         bool every_node_output, bool sort_nodes, bool allow_deprecated, const std::string& origin) {
        return guarded([&] {
          return load(model, base_dir, ExposedValues{extra_outputs, every_node_output},
                      LoadOptions{sort_nodes, allow_deprecated}, origin);
        });
      },
      py::arg("model"), py::arg("base_dir") = "", py::arg("extra_outputs") = std::vector<std::string>{},
      py::arg("every_node_output") = false, py::arg("sort_nodes") = false, py::arg("allow_deprecated") = false,
      py::arg("origin") = "",
      "Loads and checks a model from a path (str) or bytes; external data is looked up in base_dir for bytes. "
      "extra_outputs names values of the model's graph returned after its outputs; every_node_output adds every node's "
      "outputs. "
      "sort_nodes and allow_deprecated are the loader's opt-ins (--sort-nodes, --allow-deprecated).");

  m.def(
      "check",
      [](const py::object& model, const std::string& base_dir, const std::string& origin) -> py::object {
        try {
          guarded([&] { return load(model, base_dir, {}, {}, origin); });
        } catch (py::error_already_set& e) {
          if (e.matches(g_unsupported)) return py::str(py::str(e.value()));
          throw;
        }
        return py::none();
      },
      py::arg("model"), py::arg("base_dir") = "", py::arg("origin") = "",
      "None when onnx-ref implements everything the model uses, else the UnsupportedError message. "
      "Other problems raise onnx_ref.Error.");

  m.def(
      "element_types",
      [] {
        py::dict d;
        for (const auto& t : all_element_types())
          d[py::str(std::string(t.name))] = py::make_tuple(code_of(t.type), py::str(numpy_dtype_name(t.type)));
        return d;
      },
      "ONNX element type name -> (TensorProto code, NumPy dtype name it comes back as).");
}
