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
#include "steps.hpp"

#include <cupp/array/manipulation.hpp>
#include <cupp/array/reductions.hpp>
#include <cupp/array/ufuncs.hpp>
#include <cupp/core/context.hpp>
#include <cupp/core/dtype_table.hpp>
#include <cupp/core/error.hpp>
#include <cupp/io/npy.hpp>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace fuzz {
namespace {

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

const std::map<std::string, array (*)(const array&)>& unaries() {
  static const std::map<std::string, array (*)(const array&)> m = {
      {"negative", &cupp::negative},       {"positive", &cupp::positive},
      {"absolute", &cupp::absolute},       {"invert", &cupp::invert},
      {"logical_not", &cupp::logical_not}, {"ravel", &cupp::ravel},
      {"flatten", &cupp::flatten}};
  return m;
}

// ---- the math ufuncs --------------------------------------------------------------------------

// ---- FFT ------------------------------------------------------------------------------------

// ---- linalg ---------------------------------------------------------------------------------

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
} // namespace fuzz

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: diff_numpy DIR... (DIR/program.txt, written by scripts/diff_fuzz.py)\n";
    return 2;
  }
  // several programs per process: a process's start (the device's context) costs more than a
  // program on the GPU
  for (int i = 1; i < argc; ++i)
    if (!fuzz::run_program(argv[i])) return 2;
  return 0;
}
