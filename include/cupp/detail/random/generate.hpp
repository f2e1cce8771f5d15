#pragma once
/// \file
/// The contract between the Generator (random/generator.hpp) and its kernels: fill `out[0..n)`
/// with distribution `Dist` for one generator call, element i from (key, i) alone
/// (detail/random/stream.hpp). Parameters are scalars or arrays broadcast to the result, read
/// through an offset map. The kernels are compiled once per (distribution, dtype) in src/random/
/// (detail/random/generate_impl.hpp); this header only declares them.

#include <cupp/core/config.hpp>
#include <cupp/core/layout.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/random/stream.hpp>

#include <cmath>
#include <string>

namespace cupp::detail::random {

using detail::bounds_fault; // detail/fault.hpp: what the kernels' checks find
using detail::relation_fault;

/// NumPy's POISSON_LAM_MAX: the largest lambda whose draws stay well inside int64.
inline constexpr double poisson_lam_max = 9.223372006484771e18;

/// NumPy's parameter constraints (numpy/random/_common.pxd), checked on the host for scalars and
/// in the kernel for arrays (a violation is a fault raised at the next sync point).
enum class constraint : int {
  none,
  non_negative,     // "x < 0"
  positive,         // "x <= 0"
  positive_not_nan, // "x must not be NaN", "x <= 0"
  bounded_0_1,      // "x < 0, x > 1 or x contains NaNs"
  bounded_gt_0_1,   // "x <= 0, x > 1 or x contains NaNs"
  bounded_lt_0_1,   // "x < 0, x >= 1 or x contains NaNs"
  gt_1,             // "x <= 1"
  gte_1,            // "x < 1"
  poisson,          // "x value too large", "x < 0 or x is NaN"
};

/// Whether `v` satisfies `c`, as NumPy tests it: non_negative rejects -0.0 (the sign bit) and lets
/// NaN through, positive lets NaN through, the bounded kinds reject NaN.
CUPP_HD inline bool satisfies(constraint c, double v) {
  switch (c) {
  case constraint::none:
    return true;
  case constraint::non_negative:
    return v != v || !std::signbit(v);
  case constraint::positive:
    return !(v <= 0);
  case constraint::positive_not_nan:
    return v > 0;
  case constraint::bounded_0_1:
    return v >= 0 && v <= 1;
  case constraint::bounded_gt_0_1:
    return v > 0 && v <= 1;
  case constraint::bounded_lt_0_1:
    return v >= 0 && v < 1;
  case constraint::gt_1:
    return v > 1;
  case constraint::gte_1:
    return v >= 1;
  case constraint::poisson:
    return v >= 0 && v <= poisson_lam_max;
  }
  return true;
}

/// NumPy's ValueError text for a parameter `name` whose value `v` violates `c`, e.g. "scale < 0";
/// `array`: the wording of NumPy's array check ("contains NaNs" for "is NaN").
[[nodiscard]] std::string constraint_message(constraint c, const char* name, double v, bool array);
/// Raises NumPy's ValueError when the scalar `v` violates `c`.
void check_scalar(constraint c, double v, const char* name);
/// Raises NumPy's error for parameters in relation `f` (detail/fault.hpp); `array`: the wording of
/// NumPy's array check (uniform's OverflowError reads "Range exceeds valid bounds" there).
[[noreturn]] void raise_relation(relation_fault f, bool array);
/// Raises NumPy's ValueError for integers' bounds `f` in dtype `dtype` ("low is out of bounds for
/// int8", "low >= high"...).
[[noreturn]] void raise_bounds(bounds_fault f, const char* dtype);

/// One distribution parameter: an array read at `map(i)`, or a scalar when `data` is null. An
/// array's values are checked against `cons` in the kernel; `name` (a string literal) names it
/// in the error.
template <class P> struct param_ref {
  const P* data = nullptr;
  offset_map map{};
  P value{};
  constraint cons = constraint::none;
  const char* name = nullptr;
  CUPP_HD P operator()(index_t i) const { return data ? data[map(i)] : value; }
};

inline constexpr int max_params = 3;
template <class P> struct param_pack {
  param_ref<P> p[max_params];
  [[nodiscard]] bool scalars() const {
    for (const auto& r : p)
      if (r.data) return false;
    return true;
  }
};

/// out[i] = Dist's value for element i of call `key`, i in [0, n), on the current stream.
template <class Dist, class T, class P>
void generate(const call_key& key, T* out, index_t n, const param_pack<P>& params);

} // namespace cupp::detail::random
