// The C++ half of the differential fuzzer against NumPy (scripts/diff_fuzz.py writes programs and
// compares): runs a program of operations on runtime-dtype arrays (cupp::array) and writes each
// step's result as an .npy file, or the class of the error it raised.
//
//   diff_numpy DIR...   reads each DIR/program.txt, whose lines are
//                         <var> = load <file.npy> [dtype=bfloat16]
//                         <var> = <op> <operand>... [key=value]...
//                       an operand is a variable or a scalar (b:1, i:-3, u:7, f:2.5, c:1.5,-2);
//                       index=3 and slice=1:none:-2 index along axis=k, indices=0,-1,4 are
//                       take's and setitems'; n=5 (or none), axes=0,-1 (or none), s=4,3 (or
//                       none), norm=ortho are the FFT's, ord=fro (or 2, inf, -inf, none) and
//                       axis=0,1 norm's; size=2,3 (or none), low=, high=, loc=, scale=,
//                       dtype=, endpoint=1 and replace=0 numpy.random.Generator's;
//                       writes DIR/<var>.npy for each step, or a line "<var> error <Class>"
//                       (NumPy's class names) to DIR/errors.txt. A step whose operand failed is
//                       skipped.
#include <cupp/array/manipulation.hpp>
#include <cupp/array/reductions.hpp>
#include <cupp/array/ufuncs.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/dtype_table.hpp>
#include <cupp/fft/fft.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/io/npy.hpp>
#include <cupp/linalg/linalg.hpp>
#include <cupp/math/compare.hpp>
#include <cupp/math/functions.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/random/generator.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using cupp::array;
using cupp::weak_scalar;

// One operand: a variable's array or a weak scalar.
struct operand {
  std::optional<array> a;
  std::optional<weak_scalar> s;
};

weak_scalar parse_scalar(const std::string& t) {
  const std::string v = t.substr(2);
  switch (t[0]) {
  case 'b':
    return v == "1";
  case 'i':
    return static_cast<std::int64_t>(std::stoll(v));
  case 'u':
    return static_cast<std::uint64_t>(std::stoull(v));
  case 'f':
    return std::stod(v);
  default: {
    const auto comma = v.find(',');
    return cupp::complex128(std::stod(v.substr(0, comma)), std::stod(v.substr(comma + 1)));
  }
  }
}

cupp::shape_t parse_shape(const std::string& t) {
  cupp::shape_t s;
  std::stringstream ss(t);
  for (std::string part; std::getline(ss, part, ',');)
    if (!part.empty()) s.push_back(std::stoll(part));
  return s;
}

const std::map<std::string, array (*)(const array&)>& unaries() {
  static const std::map<std::string, array (*)(const array&)> m = {
      {"negative", &cupp::negative},       {"positive", &cupp::positive},
      {"absolute", &cupp::absolute},       {"invert", &cupp::invert},
      {"logical_not", &cupp::logical_not}, {"ravel", &cupp::ravel},
      {"flatten", &cupp::flatten}};
  return m;
}

// A step's keywords (axis=1, shape=2,3, ddof=1, keepdims=1).
struct keywords {
  std::map<std::string, std::string> kv;
  [[nodiscard]] std::optional<cupp::index_t> axis() const {
    const auto it = kv.find("axis");
    if (it == kv.end() || it->second == "none") return std::nullopt;
    return std::stoll(it->second);
  }
  [[nodiscard]] cupp::axes axes() const {
    const auto a = axis();
    return a ? cupp::axes(*a) : cupp::all_axes;
  }
  [[nodiscard]] bool keepdims() const { return kv.count("keepdims") && kv.at("keepdims") == "1"; }
  [[nodiscard]] cupp::index_t integer(const std::string& k, cupp::index_t d) const {
    return kv.count(k) ? std::stoll(kv.at(k)) : d;
  }
  // a list of integers (indices=0,-1,4, axes=0,1, s=4,3); none when absent or "none"
  [[nodiscard]] std::optional<std::vector<cupp::index_t>> list(const std::string& k) const {
    const auto it = kv.find(k);
    if (it == kv.end() || it->second == "none") return std::nullopt;
    std::vector<cupp::index_t> r;
    std::stringstream ss(it->second);
    for (std::string p; std::getline(ss, p, ',');)
      r.push_back(std::stoll(p));
    return r;
  }
};

// "1:none:-2" as a cupp::slice.
cupp::slice parse_slice(const std::string& t) {
  std::optional<cupp::index_t> part[3];
  std::stringstream ss(t);
  std::string p;
  for (int i = 0; i < 3 && std::getline(ss, p, ':'); ++i)
    if (p != "none") part[i] = std::stoll(p);
  return {part[0], part[1], part[2]};
}

// x[(slice(None),) * axis + (item,)]: the axis moved to the front and indexed there (the other
// axes keep their order); a slice's result moves back.
template <class T, class I>
cupp::ndarray<T> index_along(const cupp::ndarray<T>& x, cupp::index_t axis, const I& item) {
  const auto moved = cupp::moveaxis(x, axis, 0);
  if constexpr (std::is_same_v<I, cupp::slice>) {
    return cupp::moveaxis(moved(item), 0, axis);
  } else {
    return moved(item);
  }
}

// The sorting and indexing steps, on the typed array (cupp::array has no methods for them).
array typed_step(const std::string& op, const std::vector<operand>& in, const keywords& kw) {
  const array& a = *in.at(0).a;
  const cupp::index_t axis = op == "sort" || op == "argsort" ? 0 : kw.integer("axis", 0);
  return a.visit([&](const auto& x) -> array {
    using T = typename std::decay_t<decltype(x)>::value_type;
    if (op == "sort") return cupp::sort(x, kw.axis());
    if (op == "argsort") return cupp::argsort(x, kw.axis(), "stable");
    if (op == "unique") return cupp::unique(x);
    if (op == "getitem") return index_along(x, axis, kw.integer("index", 0));
    if (op == "getslice") return index_along(x, axis, parse_slice(kw.kv.at("slice")));
    if (op == "take") return cupp::take(x, cupp::asarray(*kw.list("indices")), axis);
    if (op == "mask") return cupp::ndarray<T>(x(in.at(1).a->template astype<bool>()));
    // the writes: y = x.copy(); y[...] = v, v cast as NumPy does (unsafely, as astype)
    cupp::ndarray<T> y = x.copy();
    const auto value = [&](std::size_t i) {
      return in.at(i).a->astype(a.dtype()).template as<T>();
    };
    if (op == "setslice") {
      index_along(y, axis, parse_slice(kw.kv.at("slice"))).assign(value(1));
    } else if (op == "setitems") { // y[(slice(None),) * axis + ([i, j, ...],)] = v
      const auto idx = cupp::asarray(*kw.list("indices"));
      const cupp::slice all{};
      switch (axis < 0 ? axis + x.ndim() : axis) {
      case 0:
        y(idx) = value(1);
        break;
      case 1:
        y(all, idx) = value(1);
        break;
      case 2:
        y(all, all, idx) = value(1);
        break;
      case 3:
        y(all, all, all, idx) = value(1);
        break;
      case 4:
        y(all, all, all, all, idx) = value(1);
        break;
      default: // the generator writes along the first 5 axes
        throw std::invalid_argument("setitems along axis " + std::to_string(axis));
      }
    } else if (op == "setmask") { // y[m] = v
      y(in.at(1).a->template astype<bool>()) = value(2);
    } else {
      throw std::invalid_argument("unknown operation " + op);
    }
    return y;
  });
}

// ---- the math ufuncs --------------------------------------------------------------------------

// A sample of each math family (exponentials and logarithms, trigonometric and hyperbolic,
// rounding, powers, predicates), on the typed array: cupp::array has only the operators' ufuncs.
// The ones NumPy refuses for complex input do not compile in C++ and raise NumPy's TypeError here.
bool is_math(const std::string& op) {
  static const std::set<std::string> ops = {
      "sqrt", "exp",    "log",        "sin",   "tanh",     "arctan", "expm1", "log1p", "rint",
      "sign", "square", "reciprocal", "isnan", "isfinite", "floor",  "trunc", "cbrt",  "signbit"};
  return ops.count(op) != 0;
}
array math_step(const std::string& op, const array& a) {
  return a.visit([&](const auto& x) -> array {
    using T = typename std::decay_t<decltype(x)>::value_type;
#define CUPP_MATH(NAME)                                                                            \
  if (op == #NAME) return cupp::expr::evaluate(cupp::NAME(x));
    CUPP_MATH(sqrt)
    CUPP_MATH(exp)
    CUPP_MATH(log)
    CUPP_MATH(sin)
    CUPP_MATH(tanh)
    CUPP_MATH(arctan)
    CUPP_MATH(expm1)
    CUPP_MATH(log1p)
    CUPP_MATH(rint)
    if constexpr (std::is_same_v<T, bool>) {
      if (op == "sign") throw cupp::type_error("ufunc 'sign' did not contain a loop for bool");
    } else {
      CUPP_MATH(sign)
    }
    CUPP_MATH(square)
    CUPP_MATH(reciprocal)
    CUPP_MATH(isnan)
    CUPP_MATH(isfinite)
    if constexpr (cupp::is_complex_v<T>) {
      throw cupp::type_error("ufunc '" + op + "' not supported for complex input types");
    } else {
      CUPP_MATH(floor)
      CUPP_MATH(trunc)
      CUPP_MATH(cbrt)
      CUPP_MATH(signbit)
    }
#undef CUPP_MATH
    throw std::invalid_argument("unknown operation " + op);
  });
}

// ---- FFT ------------------------------------------------------------------------------------

cupp::fft::norm_mode parse_norm(const keywords& kw) {
  const auto it = kw.kv.find("norm");
  if (it == kw.kv.end() || it->second == "backward") return cupp::fft::backward;
  return it->second == "ortho" ? cupp::fft::ortho : cupp::fft::forward;
}

// np.fft's transforms; rfft and rfftn of complex input do not compile in C++ (NumPy's
// TypeError), raised here instead.
array fft_step(const std::string& op, const array& a, const keywords& kw) {
  return a.visit([&](const auto& x) -> array {
    using T = typename std::decay_t<decltype(x)>::value_type;
    namespace f = cupp::fft;
    const auto norm = parse_norm(kw);
    const auto n = kw.list("n");
    const std::optional<cupp::index_t> n1 = n ? std::optional(n->at(0)) : std::nullopt;
    const auto s = kw.list("s");
    const f::lengths len = s ? f::lengths(*s) : f::lengths();
    const auto ax = kw.list("axes");
    const cupp::axes axes = ax ? cupp::axes(*ax) : cupp::all_axes;
    const cupp::index_t axis = kw.integer("axis", -1);
    if (op == "fft") return f::fft(x, n1, axis, norm);
    if (op == "ifft") return f::ifft(x, n1, axis, norm);
    if (op == "irfft") return f::irfft(x, n1, axis, norm);
    if (op == "hfft") return f::hfft(x, n1, axis, norm);
    if (op == "fftn") return f::fftn(x, len, axes, norm);
    if (op == "ifftn") return f::ifftn(x, len, axes, norm);
    if (op == "irfftn") return f::irfftn(x, len, axes, norm);
    if constexpr (cupp::is_complex_v<T>) {
      throw cupp::type_error(op + " takes real input (a compile-time error in C++)");
    } else {
      if (op == "rfft") return f::rfft(x, n1, axis, norm);
      if (op == "ihfft") return f::ihfft(x, n1, axis, norm);
      if (op == "rfftn") return f::rfftn(x, len, axes, norm);
    }
    throw std::invalid_argument("unknown operation " + op);
  });
}

// ---- linalg ---------------------------------------------------------------------------------

template <class T> inline constexpr bool no_linalg_v = cupp::is_half_v<T>;

// numpy.linalg's computing dtype of a pair. A specialisation rather than an `if constexpr` branch:
// nvcc instantiated compute2_t<float16, ...> (whose static_assert is C++'s TypeError) in the
// discarded branch of the generic lambda below.
template <class A, class B, bool = no_linalg_v<A> || no_linalg_v<B>> struct linalg_dtype {
  static cupp::dtype get() { return cupp::dtype_of<cupp::linalg::compute2_t<A, B>>(); }
};
template <class A, class B> struct linalg_dtype<A, B, true> {
  static cupp::dtype get() {
    throw cupp::type_error("array type float16 is unsupported in linalg");
  }
};

// The dtype both operands of a binary linalg step are converted to: NumPy's promotion (matmul,
// dot) or numpy.linalg's computing dtype of the pair (solve: integers count as float64).
cupp::dtype common_dtype(const array& a, const array& b, bool computing) {
  return a.visit([&](const auto& x) {
    return b.visit([&](const auto& y) {
      using A = typename std::decay_t<decltype(x)>::value_type;
      using B = typename std::decay_t<decltype(y)>::value_type;
      constexpr bool bf16 = std::is_same_v<A, cupp::bfloat16> || std::is_same_v<B, cupp::bfloat16>;
      if constexpr (bf16 && !std::is_same_v<A, B>) { // the generator mixes no bfloat16
        throw cupp::type_error("bfloat16 mixed with another dtype");
        return cupp::dtype::float32;
      } else {
        return computing ? linalg_dtype<A, B>::get() : cupp::dtype_of<cupp::promote_t<A, B>>();
      }
    });
  });
}

// norm's ord: none, fro, nuc, inf, -inf or a number
cupp::linalg::norm_ord parse_ord(const keywords& kw) {
  const auto it = kw.kv.find("ord");
  if (it == kw.kv.end() || it->second == "none") return {};
  const std::string& o = it->second;
  if (o == "fro" || o == "nuc") return o.c_str();
  if (o == "inf") return HUGE_VAL;
  if (o == "-inf") return -HUGE_VAL;
  return std::stod(o);
}

array linalg_step(const std::string& op, const std::vector<operand>& in, const keywords& kw) {
  const bool binary = op == "matmul" || op == "dot" || op == "solve";
  const cupp::dtype d =
      binary ? common_dtype(*in.at(0).a, *in.at(1).a, op == "solve") : in.at(0).a->dtype();
  const array a = in.at(0).a->astype(d);
  return a.visit([&](const auto& x) -> array {
    using T = typename std::decay_t<decltype(x)>::value_type;
    const auto second = [&] { return in.at(1).a->astype(d).template as<T>(); };
    if (op == "matmul") return cupp::matmul(x, second());
    if (op == "dot") return cupp::dot(x, second());
    if constexpr (no_linalg_v<T>) { // static_assert in C++, NumPy's TypeError
      throw cupp::type_error(std::string("array type ") + a.dtype_name() +
                             " is unsupported in linalg");
    } else {
      if (op == "inv") return cupp::linalg::inv(x);
      if (op == "det") return cupp::linalg::det(x);
      if (op == "solve") return cupp::linalg::solve(x, second());
      if (op == "norm") {
        const auto ax = kw.list("axis");
        return cupp::linalg::norm(x, parse_ord(kw), ax ? cupp::axes(*ax) : cupp::all_axes);
      }
    }
    throw std::invalid_argument("unknown operation " + op);
  });
}

// numpy.random.Generator's steps, from one generator of the process: the values are cupp's own
// (the script checks dtype, shape, error and what the values must satisfy)
cupp::random::Generator& generator() {
  static cupp::random::Generator g = cupp::random::default_rng(20261205);
  return g;
}

// integers' bound: int64, or uint64 above INT64_MAX (uint64's whole range)
cupp::random::int_bound int_bound_of(const std::string& t) {
  if (t[0] != '-' && std::stoull(t) > static_cast<std::uint64_t>(INT64_MAX))
    return static_cast<std::uint64_t>(std::stoull(t));
  return static_cast<std::int64_t>(std::stoll(t));
}

array random_step(const std::string& op, const std::vector<operand>& in, const keywords& kw) {
  cupp::random::Generator& rng = generator();
  const auto it = kw.kv.find("size");
  const cupp::random::size_arg size = it == kw.kv.end() || it->second == "none"
                                          ? cupp::random::size_arg()
                                          : cupp::random::size_arg(parse_shape(it->second));
  const auto real = [&](const char* k) { return std::stod(kw.kv.at(k)); };
  if (op == "integers")
    return cupp::visit(*cupp::dtype_from_name(kw.kv.at("dtype")), [&](auto t) -> array {
      using T = decltype(t);
      if constexpr (std::is_integral_v<T>)
        return rng.integers<T>(int_bound_of(kw.kv.at("low")), int_bound_of(kw.kv.at("high")), size,
                               kw.integer("endpoint", 0) == 1);
      else
        throw std::invalid_argument("integers of a dtype that is not an integer's");
    });
  if (op == "random")
    return kw.kv.at("dtype") == "float32" ? array(rng.random<float>(size))
                                          : array(rng.random<double>(size));
  if (op == "uniform") return rng.uniform(real("low"), real("high"), size);
  if (op == "normal") return rng.normal(real("loc"), real("scale"), size);
  return in.at(0).a->visit([&](const auto& x) -> array {
    if (op == "permutation") return rng.permutation(x, kw.integer("axis", 0));
    if (op == "permuted") return rng.permuted(x, kw.axis());
    return rng.choice(x, size, kw.integer("replace", 1) == 1, {}, kw.integer("axis", 0));
  });
}

array reduce(const std::string& op, const array& a, const keywords& kw) {
  const auto ax = kw.axes();
  const bool k = kw.keepdims();
  if (op == "sum") return cupp::sum(a, ax, k);
  if (op == "prod") return cupp::prod(a, ax, k);
  if (op == "max") return cupp::max(a, ax, k);
  if (op == "min") return cupp::min(a, ax, k);
  if (op == "ptp") return cupp::ptp(a, ax, k);
  if (op == "mean") return cupp::mean(a, ax, k);
  if (op == "any") return cupp::any(a, ax, k);
  if (op == "all") return cupp::all(a, ax, k);
  if (op == "count_nonzero") return cupp::count_nonzero(a, ax, k);
  if (op == "var") return cupp::var(a, ax, kw.integer("ddof", 0), k);
  if (op == "std") return cupp::std(a, ax, kw.integer("ddof", 0), k);
  if (op == "argmax") return cupp::argmax(a, kw.axis(), k);
  if (op == "argmin") return cupp::argmin(a, kw.axis(), k);
  if (op == "cumsum") return cupp::cumsum(a, kw.axis());
  if (op == "cumprod") return cupp::cumprod(a, kw.axis());
  throw std::invalid_argument("unknown operation " + op);
}

array run(const std::string& op, const std::vector<operand>& in, const keywords& kw) {
#define CUPP_CASE(NAME, ...)                                                                       \
  if (op == #NAME) {                                                                               \
    if (in.at(0).a && in.at(1).a) return cupp::NAME(*in[0].a, *in[1].a);                           \
    if (in[0].a) return cupp::NAME(*in[0].a, *in[1].s);                                            \
    return cupp::NAME(*in[0].s, *in[1].a);                                                         \
  }
  CUPP_ARRAY_BINARY_UFUNCS(CUPP_CASE)
#undef CUPP_CASE
  if (const auto it = unaries().find(op); it != unaries().end()) return it->second(*in.at(0).a);
  if (is_math(op)) return math_step(op, *in.at(0).a);
  static const char* const randoms[] = {"integers",    "random",   "uniform", "normal",
                                        "permutation", "permuted", "choice"};
  for (const char* t : randoms)
    if (op == t) return random_step(op, in, kw);
  const array& a = *in.at(0).a;
  if (op == "transpose") return cupp::transpose(a);
  if (op == "flip") return cupp::flip(a, kw.axis());
  if (op == "reshape") return cupp::reshape(a, parse_shape(kw.kv.at("shape")));
  if (op == "broadcast_to") return cupp::broadcast_to(a, parse_shape(kw.kv.at("shape")));
  if (op == "squeeze") return cupp::squeeze(a, kw.axis());
  if (op == "expand_dims") return cupp::expand_dims(a, kw.integer("axis", 0));
  if (op == "swapaxes") return cupp::swapaxes(a, kw.integer("axis1", 0), kw.integer("axis2", 1));
  if (op == "astype") return a.astype(*cupp::dtype_from_name(kw.kv.at("dtype")));
  if (op == "concatenate" || op == "stack") {
    std::vector<array> list;
    for (const operand& o : in)
      list.push_back(*o.a);
    const auto axis = kw.integer("axis", 0);
    return op == "stack" ? cupp::stack(list, axis) : cupp::concatenate(list, axis);
  }
  static const char* const typed[] = {"sort", "argsort", "unique",   "getitem",  "getslice",
                                      "take", "mask",    "setslice", "setitems", "setmask"};
  for (const char* t : typed)
    if (op == t) return typed_step(op, in, kw);
  static const char* const ffts[] = {"fft",   "ifft", "rfft",  "irfft", "hfft",
                                     "ihfft", "fftn", "ifftn", "rfftn", "irfftn"};
  for (const char* t : ffts)
    if (op == t) return fft_step(op, a, kw);
  static const char* const linalgs[] = {"matmul", "dot", "inv", "det", "solve", "norm"};
  for (const char* t : linalgs)
    if (op == t) return linalg_step(op, in, kw);
  return reduce(op, a, kw);
}

// NumPy's class for each of cupp's errors.
const char* numpy_class(const std::exception& e) {
  if (dynamic_cast<const cupp::overflow_error*>(&e)) return "OverflowError";
  if (dynamic_cast<const cupp::linalg_error*>(&e)) return "LinAlgError";
  if (dynamic_cast<const cupp::type_error*>(&e)) return "TypeError";
  if (dynamic_cast<const cupp::index_error*>(&e)) return "IndexError";
  if (dynamic_cast<const cupp::value_error*>(&e)) return "ValueError";
  return "Exception";
}

// Runs the program in `dir`; false if it cannot be read.
bool run_program(const std::string& dir) {
  std::ifstream program(dir + "/program.txt");
  if (!program) {
    std::cerr << "diff_numpy: cannot read " << dir << "/program.txt\n";
    return false;
  }
  std::ofstream errors(dir + "/errors.txt");
  std::map<std::string, array> vars;
  for (std::string line; std::getline(program, line);) {
    std::istringstream words(line);
    std::string var, eq, op;
    words >> var >> eq >> op;
    if (var.empty() || var[0] == '#') continue;
    std::vector<operand> in;
    keywords kw;
    std::string file;
    bool missing = false;
    for (std::string w; words >> w;) {
      if (const auto k = w.find('='); k != std::string::npos) {
        kw.kv[w.substr(0, k)] = w.substr(k + 1);
      } else if (w.size() > 1 && w[1] == ':') {
        in.push_back({std::nullopt, parse_scalar(w)});
      } else if (op == "load") {
        file = w;
      } else if (const auto it = vars.find(w); it != vars.end()) {
        in.push_back({it->second, std::nullopt});
      } else {
        missing = true; // an earlier step raised
      }
    }
    if (op == "load") { // dtype=bfloat16: ml_dtypes' '<V2' files name no dtype
      const auto d = kw.kv.count("dtype") ? cupp::dtype_from_name(kw.kv.at("dtype")) : std::nullopt;
      vars.insert_or_assign(var, d ? cupp::detail::load_checked(dir + "/" + file, *d)
                                   : cupp::load(dir + "/" + file));
      continue;
    }
    if (missing) continue;
    try {
      const array r = run(op, in, kw);
      cupp::save(dir + "/" + var + ".npy", r);
      vars.insert_or_assign(var, r);
    } catch (const cupp::error& e) {
      errors << var << " error " << numpy_class(e) << "\n";
    }
  }
  try { // every step synchronised at its save: a fault still pending here is a bug
    cupp::synchronize();
  } catch (const cupp::error& e) {
    std::cerr << "diff_numpy: " << dir << ": a device fault left pending: " << e.what() << "\n";
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: diff_numpy DIR... (DIR/program.txt, written by scripts/diff_fuzz.py)\n";
    return 2;
  }
  // several programs per process: a process's start (the device's context) costs more than a
  // program on the GPU
  for (int i = 1; i < argc; ++i)
    if (!run_program(argv[i])) return 2;
  return 0;
}
