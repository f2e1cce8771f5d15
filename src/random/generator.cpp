// The Generator's methods (random/generator.hpp): result shapes, NumPy's parameter checks and the
// kernels of the packed distributions, instantiated here once per dtype.
#include "draw.hpp"

#include <cupp/detail/random/packed.hpp>

#include <limits>
#include <string>
#include <vector>

namespace cupp::random {

std::vector<Generator> Generator::spawn(std::size_t n) {
  std::vector<Generator> children;
  for (philox& p : bits_.spawn(n))
    children.emplace_back(std::move(p));
  return children;
}

template <class T> ndarray<T> Generator::random(const size_arg& size) {
  ndarray<T> out(size.shape().value_or(shape_t{}));
  random(out);
  return out;
}
template <class T> void Generator::random(ndarray<T>& out) {
  drawing::fill<dr::uniform_dist>(bits_, out, drawing::scalars(0, 1));
}
template <class T> ndarray<T> Generator::standard_normal(const size_arg& size) {
  ndarray<T> out(size.shape().value_or(shape_t{}));
  standard_normal(out);
  return out;
}
template <class T> void Generator::standard_normal(ndarray<T>& out) {
  drawing::fill<dr::normal_dist_packed>(bits_, out, drawing::scalars(0, 1));
}
template <class T> ndarray<T> Generator::standard_exponential(const size_arg& size) {
  ndarray<T> out(size.shape().value_or(shape_t{}));
  standard_exponential(out);
  return out;
}
template <class T> void Generator::standard_exponential(ndarray<T>& out) {
  drawing::fill<dr::exponential_dist_packed>(bits_, out, drawing::scalars(1, 0));
}

#define CUPP_RANDOM_FLOAT(T)                                                                       \
  template ndarray<T> Generator::random<T>(const size_arg&);                                       \
  template void Generator::random<T>(ndarray<T>&);                                                 \
  template ndarray<T> Generator::standard_normal<T>(const size_arg&);                              \
  template void Generator::standard_normal<T>(ndarray<T>&);                                        \
  template ndarray<T> Generator::standard_exponential<T>(const size_arg&);                         \
  template void Generator::standard_exponential<T>(ndarray<T>&);
CUPP_RANDOM_FLOAT(float)
CUPP_RANDOM_FLOAT(double)

ndarray<double> Generator::uniform(const param& low, const param& high, const size_arg& size) {
  if (!low.is_array() && !high.is_array()) {
    const double range = high.value() - low.value();
    if (!std::isfinite(range)) throw overflow_error("high - low range exceeds valid bounds");
    dr::check_scalar(dr::constraint::non_negative, range, "high - low");
  }
  return drawing::draw<dr::uniform_dist, double>(
      bits_, {{low, dr::constraint::none, ""}, {high, dr::constraint::none, "high"}}, size);
}
ndarray<double> Generator::normal(const param& loc, const param& scale, const size_arg& size) {
  return drawing::draw<dr::normal_dist_packed, double>(
      bits_, {{loc, dr::constraint::none, ""}, {scale, dr::constraint::non_negative, "scale"}},
      size);
}
ndarray<double> Generator::exponential(const param& scale, const size_arg& size) {
  return drawing::draw<dr::exponential_dist_packed, double>(
      bits_, {{scale, dr::constraint::non_negative, "scale"}}, size);
}

// ---- integers ---------------------------------------------------------------------------------

template <class T>
ndarray<T> Generator::integers(std::int64_t low, std::optional<std::int64_t> high,
                               const size_arg& size, bool endpoint) {
  if (!high) {
    high = low;
    low = 0;
  }
  using L = std::numeric_limits<T>;
  const std::int64_t lo_limit = std::is_same_v<T, bool> ? 0 : static_cast<std::int64_t>(L::min());
  const std::int64_t hi_limit = std::is_same_v<T, bool> ? 1
                                : L::max() > std::numeric_limits<std::int64_t>::max()
                                    ? std::numeric_limits<std::int64_t>::max()
                                    : static_cast<std::int64_t>(L::max());
  ndarray<T> out(size.shape().value_or(shape_t{}));
  if (out.size() == 0 && size.shape()) return out; // NumPy returns before any bound check
  const std::string name = std::string(dtype_name<T>());
  // NumPy's order: the bounds of the dtype, then low against high (worded "high <= 0" or
  // "high < 0" when low is 0, as after integers(high))
  const std::int64_t top = endpoint ? *high : *high - 1; // the largest value drawn
  if (low < lo_limit) throw value_error("low is out of bounds for " + name);
  if (top > hi_limit) throw value_error("high is out of bounds for " + name);
  if (low > top)
    throw value_error(low == 0 ? (endpoint ? "high < 0" : "high <= 0")
                               : (endpoint ? "low > high" : "low >= high"));
  dr::param_pack<std::uint64_t> pk;
  pk.p[0].value = static_cast<std::uint64_t>(low);
  pk.p[1].value = static_cast<std::uint64_t>(top) - static_cast<std::uint64_t>(low);
  drawing::fill<dr::integers_dist>(bits_, out, pk);
  return out;
}

#define CUPP_RANDOM_INTEGERS_DEFINE(T, name, kind, c_name)                                         \
  CUPP_RANDOM_INT_KIND_##kind(CUPP_RANDOM_INTEGERS(, T))
CUPP_DTYPE_TABLE(CUPP_RANDOM_INTEGERS_DEFINE)

// ---- parameter checks (NumPy's check_constraint) ----------------------------------------------

} // namespace cupp::random

namespace cupp::detail::random {

std::string constraint_message(constraint c, const char* name, double v, bool array) {
  const std::string n = name, nan = array ? " contains NaNs" : " is NaN";
  switch (c) {
  case constraint::non_negative:
    return n + " < 0";
  case constraint::positive:
    return n + " <= 0";
  case constraint::positive_not_nan:
    return std::isnan(v) ? n + " must not be NaN" : n + " <= 0";
  case constraint::bounded_0_1:
    return n + " < 0, " + n + " > 1 or " + n + nan;
  case constraint::bounded_gt_0_1:
    return n + " <= 0, " + n + " > 1 or " + n + " contains NaNs";
  case constraint::bounded_lt_0_1:
    return n + " < 0, " + n + " >= 1 or " + n + nan;
  case constraint::gt_1:
    return n + " <= 1 or " + n + nan;
  case constraint::gte_1:
    return n + " < 1 or " + n + nan;
  case constraint::poisson:
    // NumPy's array check tests the upper bound first, so a NaN reads "too large" there
    if (array ? !(v <= poisson_lam_max) : v > poisson_lam_max) return n + " value too large";
    return n + " < 0 or " + n + nan;
  case constraint::none:
    break;
  }
  return n + " is invalid";
}

void check_scalar(constraint c, double v, const char* name) {
  if (!satisfies(c, v)) throw value_error(constraint_message(c, name, v, false));
}

} // namespace cupp::detail::random
