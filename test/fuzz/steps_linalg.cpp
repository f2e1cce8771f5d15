// The differential fuzzer's numpy.linalg steps (test/fuzz/steps.hpp).
#include "steps.hpp"

#include <cupp/linalg/linalg.hpp>
#include <cupp/ndarray.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace fuzz {
namespace {

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

} // namespace

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

} // namespace fuzz
