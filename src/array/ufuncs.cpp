// cupp::array's ufuncs (array/ufuncs.hpp): the loop dtype NumPy picks for the operands' dtypes,
// its check, the casts to it, and the typed loop compiled for it (ufunc_loops.cpp.in). A weak
// scalar becomes a 0-d array of the dtype the typed operations give it (expr::as_operand), so
// both take the same path and agree.
#include <cupp/array/ufuncs.hpp>
#include <cupp/creation.hpp>
#include <cupp/expr/node.hpp>

#include <string>

#include "ufunc.hpp"

namespace cupp {

namespace detail::ufunc {

namespace {

[[noreturn]] void reject(const std::string& name, dtype p) {
  if (p == dtype::bool_) { // NumPy's own words for the bool loops it refuses
    if (name == "subtract")
      throw type_error("numpy boolean subtract, the `-` operator, is not supported, use the "
                       "bitwise_xor, the `^` operator, or the logical_xor function instead.");
    if (name == "negative")
      throw type_error("The numpy boolean negative, the `-` operator, is not supported, use the "
                       "`~` operator or the logical_not function instead.");
    if (name == "positive")
      throw type_error("ufunc 'positive' did not contain a loop with signature matching types "
                       "bool");
  }
  throw type_error("ufunc '" + name +
                   "' not supported for the input types, and the inputs could not be safely "
                   "coerced to any supported types according to the casting rule ''safe''");
}

void check(support s, const char* name, dtype p) {
  if (!visit(p, [&](auto t) { return supports<decltype(t)>(s); })) reject(name, p);
}

array cast(const array& x, dtype p) { return x.dtype() == p ? x : x.astype(p); }

bool is_integer(dtype d) { return dtype_kind(d) == 'i' || dtype_kind(d) == 'u'; }

// x as a 0-d array of the dtype a typed operation gives it next to an array of dtype O
template <expr::scalar_rule Rule, class O> array zero_d(const weak_scalar& v) {
  const auto make = [](auto x) -> array {
    const auto s = expr::as_operand<O, Rule>(x);
    return full<decltype(s.value)>({}, s.value);
  };
  switch (v.what()) {
  case weak_scalar::kind::boolean:
    return make(v.as_bool());
  case weak_scalar::kind::signed_integer:
    return make(v.as_int());
  case weak_scalar::kind::unsigned_integer:
    return make(v.as_uint());
  case weak_scalar::kind::floating:
    return make(v.as_double());
  default:
    return make(v.as_complex());
  }
}

template <expr::scalar_rule Rule> array zero_d(dtype other, const weak_scalar& v) {
  return visit(other, [&](auto o) { return zero_d<Rule, decltype(o)>(v); });
}

array call(binary_op op, const char* name, support s, expr::scalar_rule rule, const array& a,
           const array& b) {
  const dtype da = a.dtype(), db = b.dtype();
  const dtype p = promote_types(da, db);
  if (rule == expr::scalar_rule::exact && p == dtype::float64 && is_integer(da) &&
      is_integer(db)) { // int64 with uint64 (or narrower signed with uint64): exactly
    const bool swapped = dtype_kind(da) == 'u';
    const array& sa = swapped ? b : a;
    const array& ua = swapped ? a : b;
    return run_mixed_integers(op, cast(sa, dtype::int64).as<std::int64_t>(),
                              cast(ua, dtype::uint64).as<std::uint64_t>(), swapped);
  }
  check(s, name, p);
  const array x = cast(a, p), y = cast(b, p);
  return visit(p, [&](auto t) -> array {
    using P = decltype(t);
    return run_binary<P>(op, x.as<P>(), y.as<P>());
  });
}

array call(unary_op op, const char* name, support s, const array& a) {
  check(s, name, a.dtype());
  return a.visit([&](const auto& x) { return run_unary(op, x); });
}

} // namespace

} // namespace detail::ufunc

#define CUPP_DEFINE(NAME, SUPPORT, RULE)                                                           \
  array NAME(const array& a, const array& b) {                                                     \
    return detail::ufunc::call(detail::ufunc::binary_op::NAME, #NAME,                              \
                               detail::ufunc::support::SUPPORT, expr::scalar_rule::RULE, a, b);    \
  }                                                                                                \
  array NAME(const array& a, const weak_scalar& b) {                                               \
    return NAME(a, detail::ufunc::zero_d<expr::scalar_rule::RULE>(a.dtype(), b));                  \
  }                                                                                                \
  array NAME(const weak_scalar& a, const array& b) {                                               \
    return NAME(detail::ufunc::zero_d<expr::scalar_rule::RULE>(b.dtype(), a), b);                  \
  }
CUPP_ARRAY_BINARY_UFUNCS(CUPP_DEFINE)
#undef CUPP_DEFINE

#define CUPP_DEFINE(NAME, SUPPORT)                                                                 \
  array NAME(const array& a) {                                                                     \
    return detail::ufunc::call(detail::ufunc::unary_op::NAME, #NAME,                               \
                               detail::ufunc::support::SUPPORT, a);                                \
  }
CUPP_ARRAY_UNARY_UFUNCS(CUPP_DEFINE)
#undef CUPP_DEFINE

} // namespace cupp
