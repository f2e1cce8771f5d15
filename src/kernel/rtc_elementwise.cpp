// cupp::rtc::elementwise_kernel without its C++ types: parameter lists, type binding,
// broadcasting, code generation and launch. Backend-independent: on the host backend everything
// up to the compilation runs, so argument errors read the same on both backends.
#define CUPP_HOST_ONLY_TU
#include <cupp/core/context.hpp>
#include <cupp/core/error.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/detail/rtc_elementwise.hpp>
#include <cupp/expr/cast.hpp>
#include <cupp/expr/node.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <utility>

namespace cupp::detail::rtc {

namespace {

const char* name_of(dtype_code c) { return dtype_name(c); }

/// Converts a scalar argument to dtype `to` as NumPy converts a Python scalar (`np.int8(300)`
/// raises overflow_error; floats to integers as astype does).
void convert_scalar(const argument& a, dtype_code to, unsigned char* out) {
  visit(a.type, [&](auto from_tag) {
    using From = decltype(from_tag);
    From v;
    std::memcpy(&v, a.value, sizeof v);
    visit(to, [&](auto to_tag) {
      using To = decltype(to_tag);
      To r;
      if constexpr (std::is_integral_v<From> && std::is_integral_v<To>) {
        r = expr::weak_cast<To>(v);
      } else {
        r = expr::cast<To>{}(v);
      }
      std::memcpy(out, &r, sizeof r);
    });
  });
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> w;
  for (std::string x; in >> x;)
    w.push_back(x);
  return w;
}

/// True when the array has C order wherever its extents exceed 1 (extent-1 strides do not matter).
bool c_contiguous(const shape_t& shape, const shape_t& strides) {
  index_t expected = 1;
  for (int d = shape.size() - 1; d >= 0; --d) {
    if (shape[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= shape[d];
  }
  return true;
}

/// n values of T, on the stack up to N (a call's few parameters of low rank), else on the heap.
template <class T, std::size_t N> class small_array {
public:
  explicit small_array(std::size_t n)
      : heap_(n > N ? n : 0), data_(n > N ? heap_.data() : local_) {}
  small_array(const small_array&) = delete;
  small_array& operator=(const small_array&) = delete;
  T* data() noexcept { return data_; }
  T& operator[](std::size_t i) noexcept { return data_[i]; }

private:
  T local_[N];
  std::vector<T> heap_;
  T* data_;
};

// Device-side helpers every generated kernel starts with. The host builds the same layouts as
// arrays of 64-bit words (run()), so every member is 8 bytes wide.
constexpr const char* prelude = R"(
template <class V, int N> struct cupp_strided { V* p; long long s[N]; };
template <class V> struct cupp_raw_c {
  V* p; long long n;
  __device__ V& operator[](long long j) const { return p[j]; }
  __device__ long long size() const { return n; }
};
template <class V, int N> struct cupp_raw {
  V* p; long long extent[N]; long long stride[N]; long long n;
  __device__ V& operator[](long long j) const {
    long long off = 0;
#pragma unroll
    for (int d = N - 1; d >= 0; --d) {
      const long long q = j % extent[d];
      j /= extent[d];
      off += q * stride[d];
    }
    return p[off];
  }
  __device__ long long size() const { return n; }
};
struct cupp_index { long long n; __device__ long long size() const { return n; } };
template <int N> struct cupp_loop { long long n; long long extent[N]; };
)";

constexpr unsigned block_threads = 256;
// Elements per thread where every array is C-contiguous: their inputs are loaded before any
// element's operation runs, so that a thread has that many loads in flight (one element per
// thread kept too few bytes in flight to reach the memory's rate: 1.46x the functor kernel's
// time at 20M floats on an H100, run 19)
constexpr unsigned contiguous_items = 4;

template <class Bound> bool uses_16bit_float(const Bound& b) {
  return std::any_of(b.types.begin(), b.types.end(), [](dtype_code t) {
    return t == dtype_code::float16 || t == dtype_code::bfloat16;
  });
}

template <class Bound> bool uses_complex(const Bound& b) {
  return std::any_of(b.types.begin(), b.types.end(), [](dtype_code t) {
    return t == dtype_code::complex64 || t == dtype_code::complex128;
  });
}

// Where NVRTC finds cuda_fp16.h: $CUDA_PATH/include, else the toolkit cupp was built with.
std::string toolkit_include_dir() {
  if (const char* root = std::getenv("CUDA_PATH"); root && *root)
    return std::string(root) + "/include";
  return CUPP_CUDA_INCLUDE_DIR;
}

} // namespace

// ---- parsing ----------------------------------------------------------------------------------

elementwise_program::elementwise_program(const std::string& in_params,
                                         const std::string& out_params, std::string operation,
                                         std::string name, std::vector<std::string> options,
                                         std::string preamble)
    : operation_(std::move(operation)), name_(std::move(name)), preamble_(std::move(preamble)),
      options_(std::move(options)) {
  if (!is_identifier(name_)) throw value_error("kernel name '" + name_ + "' is not a C identifier");
  auto parse = [&](const std::string& list, bool output) {
    if (words(list).empty()) return;
    std::stringstream in(list);
    for (std::string item; std::getline(in, item, ',');) {
      const auto w = words(item);
      const bool raw = !w.empty() && w[0] == "raw";
      if (w.size() != (raw ? 3u : 2u) || !is_identifier(w[w.size() - 2]) ||
          !is_identifier(w.back()))
        throw value_error("Syntax error in kernel parameter '" + item +
                          "': expected '[raw] type name' (a NumPy dtype or a type placeholder)");
      param p;
      p.type = w[w.size() - 2];
      p.name = w.back();
      p.raw = raw;
      p.output = output;
      if (const auto d = dtype_from_name(p.type)) {
        p.fixed = true;
        p.dtype = *d;
      }
      static const char* const c_names[] = {"float", "double", "int",  "long",
                                            "short", "char",   "half", "unsigned"};
      for (const char* c : c_names)
        if (p.type == c)
          throw type_error("'" + p.type + "' in kernel parameter '" + item +
                           "' is not a dtype name: write the NumPy dtype (float32 for C++'s float, "
                           "float64 for NumPy's 'float' and C++'s double, int32, int64...)");
      if (p.name == "i" || p.name == "_ind" || p.name.rfind("_cupp", 0) == 0)
        throw value_error("kernel parameter name '" + p.name + "' is reserved");
      for (const auto& q : params_)
        if (q.name == p.name) throw value_error("duplicate kernel parameter name '" + p.name + "'");
      params_.push_back(p);
    }
  };
  parse(in_params, false);
  nin_ = params_.size();
  parse(out_params, true);
}

void elementwise_program::check_output_types(const dtype_code* outs, std::size_t n) const {
  if (n == 0) return;
  if (n != nout())
    throw type_error("kernel '" + name_ + "' has " + std::to_string(nout()) +
                     " output(s), but its object names " + std::to_string(n) + " output type(s)");
  for (std::size_t k = 0; k < n; ++k) {
    const param& p = params_[nin_ + k];
    if (p.fixed && p.dtype != outs[k])
      throw type_error("Type is mismatched: output '" + p.name + "' of kernel '" + name_ + "' is " +
                       name_of(p.dtype) + ", but the kernel object returns " + name_of(outs[k]));
  }
}

void elementwise_program::wrong_arity(std::size_t n) const {
  throw type_error(
      "Wrong number of arguments for '" + name_ + "': it takes " + std::to_string(nin_) +
      " input(s) and " + std::to_string(nout()) + " output(s), got " + std::to_string(n) +
      " argument(s)" +
      (n == nin_ ? " (pass the outputs, or name their types in the kernel object)" : ""));
}

// ---- binding ----------------------------------------------------------------------------------

struct elementwise_program::bound {
  std::vector<dtype_code> types; // by parameter
  std::vector<std::pair<std::string, dtype_code>> placeholders;
  shape_t shape; // the loop's
  index_t n = 0;
  int nd = 0;                   // 0: every non-raw array is C-contiguous with the loop's shape
  shape_t extent;               // the coalesced loop extents (nd > 0)
  std::vector<shape_t> strides; // by parameter: coalesced strides of non-raw arrays
  std::vector<char> kind;       // by parameter: 'a'rray, 's'calar, 'c'ontiguous or 'r'aw
  std::vector<int> raw_ndim;    // by parameter, for 'r'
  std::string key;
};

shape_t elementwise_program::output_shape(const argument* inputs) const {
  shape_t shape;
  bool ok = true, any = false;
  for (std::size_t k = 0; k < nin_; ++k)
    if (!params_[k].raw && inputs[k].is_array) {
      ok = broadcast_into(shape, inputs[k].shape) && ok;
      any = true;
    }
  if (!ok) {
    std::vector<shape_t> shapes; // the message's list, gathered only when it is needed
    for (std::size_t k = 0; k < nin_; ++k)
      if (!params_[k].raw && inputs[k].is_array) shapes.push_back(inputs[k].shape);
    throw value_error(broadcast_message(shapes));
  }
  if (!any)
    throw value_error("Loop size is undecided: kernel '" + name_ +
                      "' needs an array for a non-raw parameter, or its outputs");
  return shape;
}

elementwise_program::bound elementwise_program::bind(const argument* args) const {
  const std::size_t np = params_.size();
  bound b;
  b.types.resize(np);
  auto placeholder = [&](const std::string& t) -> std::pair<std::string, dtype_code>* {
    for (auto& p : b.placeholders)
      if (p.first == t) return &p;
    return nullptr;
  };
  std::vector<std::string> bound_by; // which parameter bound each placeholder, for messages
  // arrays first (inputs, then outputs), as CuPy: their dtypes decide the placeholders
  for (std::size_t k = 0; k < np; ++k) {
    const param& p = params_[k];
    const argument& a = args[k];
    if (!a.is_array) {
      if (p.raw || p.output)
        throw type_error(std::string(p.output ? "output" : "raw parameter") + " '" + p.name +
                         "' of kernel '" + name_ + "' needs an array, got a scalar");
      continue;
    }
    if (p.fixed) {
      if (a.type != p.dtype)
        throw type_error("Type is mismatched: parameter '" + p.name + "' of kernel '" + name_ +
                         "' is " + name_of(p.dtype) + ", got an array of " + name_of(a.type));
    } else if (auto* ph = placeholder(p.type)) {
      if (ph->second != a.type)
        throw type_error("Type is mismatched: '" + p.type + "' of kernel '" + name_ + "' is " +
                         name_of(ph->second) + " from '" + bound_by[ph - b.placeholders.data()] +
                         "', but '" + p.name + "' is " + name_of(a.type));
    } else {
      b.placeholders.emplace_back(p.type, a.type);
      bound_by.push_back(p.name);
    }
  }
  // a placeholder only scalars stand for takes the first scalar's C++ type
  for (std::size_t k = 0; k < np; ++k)
    if (!args[k].is_array && !params_[k].fixed && !placeholder(params_[k].type))
      b.placeholders.emplace_back(params_[k].type, args[k].type);
  for (std::size_t k = 0; k < np; ++k)
    b.types[k] = params_[k].fixed ? params_[k].dtype : placeholder(params_[k].type)->second;

  // the loop: the inputs' broadcast shape, which each output must have
  bool defined = false;
  {
    bool ok = true;
    for (std::size_t k = 0; k < nin_; ++k)
      if (!params_[k].raw && args[k].is_array) {
        ok = broadcast_into(b.shape, args[k].shape) && ok;
        defined = true;
      }
    if (!ok) {
      std::vector<shape_t> shapes; // the message's list, gathered only when it is needed
      for (std::size_t k = 0; k < nin_; ++k)
        if (!params_[k].raw && args[k].is_array) shapes.push_back(args[k].shape);
      throw value_error(broadcast_message(shapes));
    }
  }
  for (std::size_t k = nin_; k < np; ++k) {
    if (params_[k].raw) continue;
    const shape_t& out = args[k].shape;
    shape_t joint = out;
    const bool joins = !defined || broadcast_into(joint, b.shape);
    if (!joins || joint != out)
      throw value_error("non-broadcastable output operand with shape " + shape_repr(out, ",") +
                        " doesn't match the broadcast shape " +
                        shape_repr(joins ? joint : b.shape, ","));
    b.shape = out;
    defined = true;
  }
  if (!defined)
    throw value_error("Loop size is undecided: kernel '" + name_ +
                      "' needs an array for a non-raw parameter, or its outputs");
  b.n = shape_size(b.shape);

  // the layout: flat indices when every non-raw array is C-contiguous with the loop's shape, else
  // strides over the loop's dimensions, merged where contiguous for all and without extent-1 ones
  b.strides.resize(np);
  b.kind.resize(np);
  b.raw_ndim.resize(np);
  bool flat = true;
  for (std::size_t k = 0; k < np; ++k) {
    const argument& a = args[k];
    if (params_[k].raw) {
      b.kind[k] = c_contiguous(a.shape, a.strides) ? 'c' : 'r';
      b.raw_ndim[k] = a.shape.size();
    } else if (a.is_array) {
      b.kind[k] = 'a';
      flat = flat && a.shape == b.shape && c_contiguous(a.shape, a.strides);
    } else {
      b.kind[k] = 's';
    }
  }
  if (!flat) { // the broadcast arrays' strides, coalesced (raw and scalar arguments take none)
    std::vector<std::size_t> arrays;
    std::vector<shape_t> aligned;
    for (std::size_t k = 0; k < np; ++k)
      if (!params_[k].raw && args[k].is_array) {
        arrays.push_back(k);
        aligned.push_back(cupp::detail::align_strides(b.shape, args[k].shape, args[k].strides));
      }
    std::vector<shape_t> coalesced(arrays.size());
    b.nd = cupp::detail::coalesce(b.shape, aligned, b.extent, coalesced);
    for (std::size_t j = 0; j < arrays.size(); ++j)
      b.strides[arrays[j]] = coalesced[j];
  }

  // what the generated code depends on: types, kinds of arguments, layout
  b.key = std::to_string(b.nd);
  for (std::size_t k = 0; k < np; ++k) {
    b.key += ',' + std::to_string(static_cast<int>(b.types[k])) + b.kind[k];
    if (b.kind[k] == 'r') b.key += std::to_string(b.raw_ndim[k]);
  }
  return b;
}

// ---- code generation --------------------------------------------------------------------------

std::string elementwise_program::source(const bound& b) const {
  // the 16-bit floats are CUDA's __half and __nv_bfloat16 (the same bits as cupp's), whose
  // headers the kernel then includes from the toolkit
  std::string s = uses_16bit_float(b) ? "#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n" : "";
  // the complex dtypes are libcu++'s cuda::std::complex (cupp's own), named as NumPy's in the
  // kernel too; their operators are libcu++'s, not NumPy's division (as CuPy's thrust::complex)
  if (uses_complex(b))
    s += "#include <cuda/std/complex>\ntypedef cuda::std::complex<float> complex64;\n"
         "typedef cuda::std::complex<double> complex128;\n";
  s += prelude;
  s += "#line 1 \"preamble\"\n" + preamble_ + "\n";
  for (const auto& [t, code] : b.placeholders)
    s += "typedef " + std::string(dtype_c_name(code)) + " " + t + ";\n";
  const std::string nd = std::to_string(b.nd);
  const std::string items = std::to_string(contiguous_items);
  s += "extern \"C\" __global__ void " + name_ + "(";
  std::string bind, offsets, prefetch, held;
  for (std::size_t k = 0; k < params_.size(); ++k) {
    const param& p = params_[k];
    const std::string ct = dtype_c_name(b.types[k]);
    const std::string v = p.output ? ct : "const " + ct;
    if (b.kind[k] == 'c') {
      s += "cupp_raw_c<" + ct + "> " + p.name;
    } else if (b.kind[k] == 'r') {
      s += "cupp_raw<" + ct + ", " + std::to_string(b.raw_ndim[k]) + "> " + p.name;
    } else if (b.kind[k] == 's') {
      s += ct + " _cupp_s_" + p.name;
      bind += "    const " + ct + " " + p.name + " = _cupp_s_" + p.name + ";\n";
    } else {
      const std::string ptr = "_cupp_p_" + p.name;
      const std::string ref = p.output ? ct + "& " : "const " + ct + " ";
      if (b.nd == 0 && !p.output) {
        s += v + "* " + ptr;
        const std::string vals = "_cupp_v_" + p.name;
        held += "    " + ct + " " + vals + "[" + items + "];\n";
        prefetch += "      if (_cupp_b + _cupp_u * _cupp_step < _cupp_n) " + vals +
                    "[_cupp_u] = " + ptr + "[_cupp_b + _cupp_u * _cupp_step];\n";
        bind += "      const " + ct + " " + p.name + " = " + vals + "[_cupp_u];\n";
      } else if (b.nd == 0) {
        s += v + "* " + ptr;
        bind += "      " + ref + p.name + " = " + ptr + "[i];\n";
      } else {
        s += "cupp_strided<" + v + ", " + nd + "> " + ptr;
        offsets += "      _cupp_o_" + p.name + " += _cupp_q * " + ptr + ".s[_cupp_d];\n";
        bind += "    " + ref + p.name + " = " + ptr + ".p[_cupp_o_" + p.name + "];\n";
      }
    }
    s += ", ";
  }
  s += b.nd == 0 ? "long long _cupp_n" : "cupp_loop<" + nd + "> _cupp_loop";
  const std::string n = b.nd == 0 ? "_cupp_n" : "_cupp_loop.n";
  s += ") {\n  const cupp_index _ind{" + n + "};\n";
  if (b.nd == 0) { // `items` elements blockDim.x apart per thread, their inputs loaded first
    const std::string each = "    for (int _cupp_u = 0; _cupp_u < " + items + "; ++_cupp_u) {\n";
    s += "  const long long _cupp_step = blockDim.x;\n";
    s += "  for (long long _cupp_b = (long long)blockIdx.x * blockDim.x * " + items +
         " + threadIdx.x; _cupp_b < _cupp_n; _cupp_b += _cupp_step * gridDim.x * " + items +
         ") {\n";
    s += held + "#pragma unroll\n" + each + prefetch + "    }\n#pragma unroll\n" + each;
    s += "      const long long i = _cupp_b + _cupp_u * _cupp_step;\n"
         "      if (i >= _cupp_n) break;\n";
    s += bind + "#line 1 \"operation\"\n" + operation_ + ";\n    }\n  }\n}\n";
    return s;
  }
  // strided operands: one element per thread, its offsets from the loop's multi-index
  s += "  for (long long _cupp_i = (long long)blockIdx.x * blockDim.x + threadIdx.x; _cupp_i < " +
       n + "; _cupp_i += (long long)blockDim.x * gridDim.x) {\n";
  s += "    const long long i = _cupp_i;\n";
  s += "    long long _cupp_rest = i";
  for (std::size_t k = 0; k < params_.size(); ++k)
    if (b.kind[k] == 'a') s += ", _cupp_o_" + params_[k].name + " = 0";
  s += ";\n#pragma unroll\n    for (int _cupp_d = " + nd +
       " - 1; _cupp_d >= 0; --_cupp_d) {\n"
       "      const long long _cupp_q = _cupp_rest % _cupp_loop.extent[_cupp_d];\n"
       "      _cupp_rest /= _cupp_loop.extent[_cupp_d];\n" +
       offsets + "    }\n";
  s += bind + "#line 1 \"operation\"\n" + operation_ + ";\n  }\n}\n";
  return s;
}

const function& elementwise_program::compiled(const bound& b) const {
  const int device = current_device();
  const std::string key = std::to_string(device) + ':' + b.key;
  const std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = compiled_.find(key); it != compiled_.end()) return it->second;
  std::vector<std::string> options = options_;
  if (uses_16bit_float(b) || uses_complex(b)) options.push_back("-I" + toolkit_include_dir());
  if (uses_complex(b)) options.push_back("-I" + toolkit_include_dir() + "/cccl");
  const module_source src{source(b), std::move(options), {}, name_};
  return compiled_.emplace(key, load_function(src, name_, device, parameters::unchecked))
      .first->second;
}

// ---- launch -----------------------------------------------------------------------------------

void elementwise_program::run(const argument* args) const {
  const bound b = bind(args);
  const std::size_t np = params_.size();
  // each parameter's value as 64-bit words (the layouts of the prelude's structs), one run of
  // words per parameter and one for the loop, in one buffer (on the stack for the usual call)
  auto rank = [](const shape_t& s) { return static_cast<std::size_t>(s.size()); };
  std::size_t count = 1 + (b.nd != 0 ? rank(b.extent) : 0); // the loop: n, then its extents
  for (std::size_t k = 0; k < np; ++k) {
    const argument& a = args[k];
    if (params_[k].raw) {
      count += 2 + (b.kind[k] == 'r' ? rank(a.shape) + rank(a.strides) : 0);
    } else if (!a.is_array) {
      count += 1;
    } else {
      count += 1 + (b.nd != 0 ? rank(b.strides[k]) : 0);
    }
  }
  small_array<long long, 128> words(count);
  small_array<void*, 16> pointers(np + 1);
  small_array<std::size_t, 16> sizes(np + 1);
  auto pointer = [](const void* p) {
    return static_cast<long long>(reinterpret_cast<std::intptr_t>(p));
  };
  std::size_t at = 0;
  for (std::size_t k = 0; k < np; ++k) {
    const argument& a = args[k];
    const std::size_t start = at;
    if (params_[k].raw) {
      words[at++] = pointer(a.data);
      if (b.kind[k] == 'r') {
        for (const index_t e : a.shape)
          words[at++] = e;
        for (const index_t st : a.strides)
          words[at++] = st;
      }
      words[at++] = shape_size(a.shape);
    } else if (!a.is_array) {
      words[at] = 0;
      convert_scalar(a, b.types[k], reinterpret_cast<unsigned char*>(&words[at]));
      ++at;
    } else {
      words[at++] = pointer(a.data);
      if (b.nd != 0)
        for (const index_t st : b.strides[k])
          words[at++] = st;
    }
    pointers[k] = &words[start];
    sizes[k] = b.kind[k] == 's' ? dtype_size(b.types[k]) : (at - start) * sizeof(long long);
  }
  const std::size_t loop = at;
  words[at++] = b.n;
  if (b.nd != 0)
    for (const index_t e : b.extent)
      words[at++] = e;
  pointers[np] = &words[loop];
  sizes[np] = (at - loop) * sizeof(long long);
  // compiled after the arguments are checked and converted, so that their errors read the same on
  // the host backend, which cannot compile
  const function& f = compiled(b);
  check_arguments(f, sizes.data(), np + 1); // guards the generator against itself
  if (b.n == 0) return;
  const index_t per_block = block_threads * (b.nd == 0 ? contiguous_items : 1);
  const index_t blocks = std::min<index_t>((b.n + per_block - 1) / per_block, 0x7fffffff);
  const unsigned grid[3] = {static_cast<unsigned>(blocks), 1, 1};
  const unsigned block[3] = {block_threads, 1, 1};
  launch(f, grid, block, 0, pointers.data());
}

} // namespace cupp::detail::rtc
