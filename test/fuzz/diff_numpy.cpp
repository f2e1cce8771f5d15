// The C++ half of the differential fuzzer against NumPy (scripts/diff_fuzz.py writes programs and
// compares): runs a program of operations on runtime-dtype arrays (cupp::array) and writes each
// step's result as an .npy file, or the class of the error it raised.
//
//   diff_numpy DIR...   reads each DIR/program.txt, whose lines are
//                         <var> = load <file.npy> [dtype=bfloat16]
//                         <var> = <op> <operand>... [key=value]...
//                       an operand is a variable or a scalar (b:1, i:-3, u:7, f:2.5, c:1.5,-2);
//                       index=3 and slice=1:none:-2 index along axis=k, indices=0,-1,4 are
//                       take's;
//                       writes DIR/<var>.npy for each step, or a line "<var> error <Class>"
//                       (NumPy's class names) to DIR/errors.txt. A step whose operand failed is
//                       skipped.
#include <cupp/array/manipulation.hpp>
#include <cupp/array/reductions.hpp>
#include <cupp/array/ufuncs.hpp>
#include <cupp/core/context.hpp>
#include <cupp/indexing/mask.hpp>
#include <cupp/indexing/take.hpp>
#include <cupp/io/npy.hpp>
#include <cupp/ndarray.hpp>
#include <cupp/sorting/sets.hpp>
#include <cupp/sorting/sort.hpp>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
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
    if (op == "take") {
      std::vector<cupp::index_t> idx;
      std::stringstream ss(kw.kv.at("indices"));
      for (std::string p; std::getline(ss, p, ',');)
        idx.push_back(std::stoll(p));
      return cupp::take(x, cupp::asarray(idx), axis);
    }
    if (op == "mask") return cupp::ndarray<T>(x(in.at(1).a->template astype<bool>()));
    if (op == "setslice") { // y = x.copy(); y[sl] = v (NumPy casts unsafely, as astype)
      cupp::ndarray<T> y = x.copy();
      index_along(y, axis, parse_slice(kw.kv.at("slice")))
          .assign(in.at(1).a->astype(a.dtype()).template as<T>());
      return y;
    }
    throw std::invalid_argument("unknown operation " + op);
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
  static const char* const typed[] = {"sort",     "argsort", "unique", "getitem",
                                      "getslice", "take",    "mask",   "setslice"};
  for (const char* t : typed)
    if (op == t) return typed_step(op, in, kw);
  return reduce(op, a, kw);
}

// NumPy's class for each of cupp's errors.
const char* numpy_class(const std::exception& e) {
  if (dynamic_cast<const cupp::overflow_error*>(&e)) return "OverflowError";
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
