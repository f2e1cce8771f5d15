// A Python extension module (nanobind) that proves cupp's DLPack against real clients: it hands
// a cupp::array to NumPy, CuPy and PyTorch through `__dlpack__` / `__dlpack_device__` and takes
// theirs back through their `__dlpack__`, both ways without a copy (test_clients.py checks the
// data pointers and that a write on one side is seen on the other). Built with
// -DCUPP_BUILD_PYTHON_CLIENT=ON (docs/interop.md); not a Python package of cupp.
//
// The capsule protocol (DLPack's python_spec): a producer's capsule is named "dltensor_versioned"
// (DLPack 1.0) or "dltensor" (legacy); the consumer renames it "used_..." once it owns the tensor,
// and the capsule's destructor calls the deleter only of a tensor nobody took.
#include <cupp/array.hpp>
#include <cupp/array/reductions.hpp>
#include <cupp/core/context.hpp>
#include <cupp/creation.hpp>
#include <cupp/interop/dlpack.hpp>

#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace nb = nanobind;
namespace cp = cupp;

namespace {

// The capsule names of the two structs: the producer's, and the consumer's once it took it.
template <class M> struct capsule_names;
template <> struct capsule_names<DLManagedTensorVersioned> {
  static constexpr const char* fresh = "dltensor_versioned";
  static constexpr const char* used = "used_dltensor_versioned";
};
template <> struct capsule_names<DLManagedTensor> {
  static constexpr const char* fresh = "dltensor";
  static constexpr const char* used = "used_dltensor";
};

#if defined(CUPP_BACKEND_CUDA)
constexpr int device_type = kDLCUDA;
#else
constexpr int device_type = kDLCPU;
#endif

// The array API's stream integers (CUDA): None and 1 the legacy default stream, 2 the per-thread
// default stream, -1 no synchronisation, others a cudaStream_t. The host backend has no streams.
std::optional<cp::native_stream> stream_of(const nb::object& s) {
#if defined(CUPP_BACKEND_CUDA)
  const std::intptr_t v = s.is_none() ? 1 : nb::cast<std::intptr_t>(s);
  if (v == -1) return std::nullopt;
  if (v == 0) throw nb::value_error("stream 0 is ambiguous and not allowed by the array API");
  return reinterpret_cast<cp::native_stream>(v); // 1, 2: cudaStreamLegacy, cudaStreamPerThread
#else
  (void)s;
  return std::nullopt;
#endif
}

// cupp's current stream as the array API's integer, for a producer that must order its work
// before ours
nb::object current_stream_int() {
#if defined(CUPP_BACKEND_CUDA)
  const auto s = reinterpret_cast<std::intptr_t>(cp::current_stream());
  return nb::int_(s == 0 ? 1 : s);
#else
  return nb::none();
#endif
}

// A capsule's destructor: the tensor's deleter, unless a consumer took the tensor.
template <class M> void capsule_deleter(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, capsule_names<M>::fresh)) return;
  auto* t = static_cast<M*>(PyCapsule_GetPointer(capsule, capsule_names<M>::fresh));
  if (t && t->deleter) t->deleter(t);
}

template <class M> nb::object as_capsule(M* t) {
  PyObject* capsule = PyCapsule_New(t, capsule_names<M>::fresh, capsule_deleter<M>);
  if (!capsule) {
    t->deleter(t);
    throw nb::python_error();
  }
  return nb::steal(capsule);
}

// The tensor of a producer's capsule of struct M; nothing for a capsule of the other struct.
template <class M> std::optional<cp::array> take(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, capsule_names<M>::fresh)) return std::nullopt;
  auto* t = static_cast<M*>(PyCapsule_GetPointer(capsule, capsule_names<M>::fresh));
  PyCapsule_SetName(capsule, capsule_names<M>::used); // ours now, even if from_dlpack raises
  return cp::from_dlpack(t);
}

// a.__dlpack__(stream=..., max_version=..., dl_device=..., copy=...)
nb::object export_capsule(const cp::array& a, const nb::object& stream,
                          const std::optional<std::tuple<int, int>>& max_version,
                          const std::optional<std::tuple<int, int>>& dl_device,
                          const std::optional<bool>& copy) {
  if (dl_device &&
      (std::get<0>(*dl_device) != device_type || std::get<1>(*dl_device) != a.device()))
    throw nb::buffer_error("cupp exports only to the device its array is on");
  const cp::array src = copy.value_or(false) ? a.copy() : a;
  const cp::dlpack_kw kw{.stream = stream_of(stream)};
  if (max_version && std::get<0>(*max_version) >= 1)
    return as_capsule(cp::to_dlpack_versioned(src, kw));
  return as_capsule(cp::to_dlpack(src, kw));
}

// cupp's view of any object with __dlpack__ (NumPy, CuPy, PyTorch arrays...), no copy
cp::array import_object(const nb::object& obj) {
  const auto device = nb::cast<std::tuple<int, int>>(obj.attr("__dlpack_device__")());
  const bool cuda = std::get<0>(device) != kDLCPU;
  const nb::object stream = cuda ? current_stream_int() : nb::none();
  nb::object capsule;
  try {
    capsule = obj.attr("__dlpack__")(nb::arg("stream") = stream,
                                     nb::arg("max_version") = nb::make_tuple(1, 0));
  } catch (const nb::python_error& e) {
    if (!e.matches(PyExc_TypeError)) throw; // a producer older than DLPack 1.0's keywords
    capsule = obj.attr("__dlpack__")(nb::arg("stream") = stream);
  }
  if (auto a = take<DLManagedTensorVersioned>(capsule.ptr())) return *std::move(a);
  if (auto a = take<DLManagedTensor>(capsule.ptr())) return *std::move(a);
  throw nb::type_error("__dlpack__ returned no DLPack capsule");
}

cp::dtype dtype_named(const std::string& name) {
  const auto d = cp::dtype_from_name(name);
  if (!d) throw nb::type_error(("data type '" + name + "' not understood").c_str());
  return *d;
}

std::vector<cp::index_t> as_list(const cp::shape_t& s) { return {s.begin(), s.end()}; }

// the values in C order, as float64 (a sync point)
std::vector<double> values(const cp::array& a) { return a.astype<double>().get(); }

// the least and the greatest element, reduced on cupp's current stream (a sync point)
std::tuple<double, double> min_max(const cp::array& a) {
  return {cp::amin(a).astype<double>().get()[0], cp::amax(a).astype<double>().get()[0]};
}

// A side stream of cupp's that does not synchronise with the legacy default stream, made current
// by `with SideStream():`: work on it is ordered with a client's only through DLPack's events.
class side_stream {
public:
  void enter() { guard_.emplace(stream_); }
  void exit() { guard_.reset(); }

private:
  cp::stream stream_{cp::stream_options{.non_blocking = true}};
  std::optional<cp::stream_guard> guard_;
};

// n float32 zeros incremented `passes` times on cupp's current stream: a producer still running
// (tens of milliseconds on the GPU) when its caller hands the array over
cp::array slow_count(cp::index_t n, int passes) {
  cp::ndarray<float> a = cp::zeros<float>({n});
  for (int i = 0; i < passes; ++i)
    a += 1.0f;
  return a;
}

} // namespace

NB_MODULE(cupp_dlpack, m) {
  m.doc() = "cupp arrays through DLPack, for testing the exchange with NumPy, CuPy and PyTorch";
  m.attr("backend") = device_type == kDLCPU ? "host" : "cuda";

  nb::class_<cp::array>(m, "Array")
      .def("__dlpack__", &export_capsule, nb::kw_only(), nb::arg("stream") = nb::none(),
           nb::arg("max_version") = nb::none(), nb::arg("dl_device") = nb::none(),
           nb::arg("copy") = nb::none())
      .def("__dlpack_device__",
           [](const cp::array& a) { return std::make_tuple(device_type, a.device()); })
      .def_prop_ro("dtype", [](const cp::array& a) { return std::string(a.dtype_name()); })
      .def_prop_ro("shape", [](const cp::array& a) { return as_list(a.shape()); })
      .def_prop_ro("strides", [](const cp::array& a) { return as_list(a.strides()); }) // elements
      .def_prop_ro("data_ptr",
                   [](const cp::array& a) { return reinterpret_cast<std::uintptr_t>(a.data()); })
      .def("values", &values)
      .def("min_max", &min_max)
      .def("transpose", [](const cp::array& a) { return a.transpose(); })
      // multiplies every element by 2 in place (in the memory a client may share)
      .def("double_in_place", [](const cp::array& a) {
        a.visit([](auto t) {
          using T = typename decltype(t)::value_type;
          if constexpr (std::is_same_v<T, bool>) {
            throw nb::type_error("double_in_place of a bool array");
          } else {
            t *= T(2);
          }
        });
      });

  m.def(
      "arange",
      [](cp::index_t n, const std::string& dtype) {
        return cp::array(cp::arange<double>(static_cast<double>(n))).astype(dtype_named(dtype));
      },
      nb::arg("n"), nb::arg("dtype") = "float64");
  m.def("from_dlpack", &import_object, nb::arg("obj"));
  m.def("slow_count", &slow_count, nb::arg("n"), nb::arg("passes"));
  nb::class_<side_stream>(m, "SideStream")
      .def(nb::init<>())
      .def("__enter__", [](side_stream& s) { s.enter(); })
      .def("__exit__", [](side_stream& s, const nb::args&) { s.exit(); });
  m.def("synchronize", [] { cp::synchronize(); });
}
