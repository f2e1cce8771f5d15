// The Generator's methods (random/generator.hpp): result shapes, NumPy's parameter checks and the
// kernels of the packed distributions, instantiated here once per dtype.
#include "draw.hpp"

#include <cupp/detail/launch.hpp>
#include <cupp/detail/random/integers.hpp>
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
  if (!low.is_array() && !high.is_array()) { // arrays: in the kernel (uniform_dist::relation)
    const dr::relation_fault f = dr::uniform_dist::relation(low.value(), high.value(), 0);
    if (f != dr::relation_fault::none) dr::raise_relation(f, false);
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

namespace {
// T's values [lb, ub] (bool: 0 and 1).
template <class T> dr::wide_int lowest() {
  using L = std::numeric_limits<T>;
  return dr::as_wide(static_cast<std::uint64_t>(L::min()), std::is_signed_v<T>);
}
template <class T> dr::wide_int highest() {
  return dr::as_wide(static_cast<std::uint64_t>(std::numeric_limits<T>::max()), false);
}

dr::bound_ref bound_of(const int_bound& b, const shape_t& shape) {
  dr::bound_ref r;
  r.is_signed = b.is_signed();
  if (b.is_array()) {
    const ndarray<std::uint64_t>& a = b.array();
    r.data = a.data();
    r.map = detail::make_offset_map(shape, detail::align_strides(shape, a.shape(), a.strides()));
  } else {
    r.value = b.word();
  }
  return r;
}
} // namespace

template <class T>
ndarray<T> Generator::integers(const int_bound& low_arg, const std::optional<int_bound>& high_arg,
                               const size_arg& size, bool endpoint) {
  const int_bound zero(0);
  const int_bound& low = high_arg ? low_arg : zero; // integers(high) is [0, high)
  const int_bound& high = high_arg ? *high_arg : low_arg;
  const char* name = dtype_name<T>();
  if (!low.is_array() && !high.is_array()) {
    ndarray<T> out(size.shape().value_or(shape_t{}));
    if (out.size() == 0 && size.shape()) return out; // NumPy returns before any bound check
    // NumPy's order: the bounds of the dtype, then low against high (worded "high <= 0" or
    // "high < 0" when low is 0, as after integers(high))
    std::uint64_t rng = 0;
    const dr::bounds_fault f = dr::check_bounds(dr::as_wide(low.word(), low.is_signed()),
                                                dr::as_wide(high.word(), high.is_signed()),
                                                lowest<T>(), highest<T>(), endpoint, false, rng);
    if (f != dr::bounds_fault::none) dr::raise_bounds(f, name);
    dr::param_pack<std::uint64_t> pk;
    pk.p[0].value = low.word();
    pk.p[1].value = rng;
    drawing::fill<dr::integers_dist>(bits_, out, pk);
    return out;
  }
  // array bounds: each element checked and drawn on its own stream
  if (size.shape() && shape_size(*size.shape()) == 0) return ndarray<T>(*size.shape()); // as NumPy
  std::vector<shape_t> arrays;
  for (const int_bound* b : {&low, &high})
    if (b->is_array()) arrays.push_back(b->array().shape());
  const shape_t shape = drawing::result_shape_of(arrays, size);
  ndarray<T> out(shape);
  const dr::call_key key = bits_.next_call(); // a call of zero elements still takes its number
  if (out.size() == 0) return out;
  detail::launch_for_each(out.size(),
                          dr::integers_each<T>{key, bound_of(low, shape), bound_of(high, shape),
                                               lowest<T>(), highest<T>(), endpoint, name,
                                               detail::fault_slot(), out.data()});
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

void raise_relation(relation_fault f, bool array) {
  switch (f) {
  case relation_fault::left_gt_mode:
    throw value_error("left > mode");
  case relation_fault::mode_gt_right:
    throw value_error("mode > right");
  case relation_fault::left_eq_right:
    throw value_error("left == right");
  case relation_fault::counts_too_large:
    throw value_error("both ngood and nbad must be less than 1000000000");
  case relation_fault::sample_too_large:
    throw value_error("ngood + nbad < nsample");
  case relation_fault::range_not_finite:
    throw overflow_error(array ? "Range exceeds valid bounds"
                               : "high - low range exceeds valid bounds");
  case relation_fault::range_negative:
    throw value_error("high - low < 0");
  case relation_fault::lam_too_large:
    throw value_error("n too large or p too small, see Generator.negative_binomial Notes");
  case relation_fault::none:
    break;
  }
  throw error("unknown parameter relation " + std::to_string(static_cast<int>(f)));
}

void raise_bounds(bounds_fault f, const char* dtype) {
  switch (f) {
  case bounds_fault::low_out_of_bounds:
    throw value_error(std::string("low is out of bounds for ") + dtype);
  case bounds_fault::high_out_of_bounds:
    throw value_error(std::string("high is out of bounds for ") + dtype);
  case bounds_fault::low_ge_high:
    throw value_error("low >= high");
  case bounds_fault::low_gt_high:
    throw value_error("low > high");
  case bounds_fault::high_le_0:
    throw value_error("high <= 0");
  case bounds_fault::high_lt_0:
    throw value_error("high < 0");
  case bounds_fault::none:
    break;
  }
  throw error("unknown integer bounds fault " + std::to_string(static_cast<int>(f)));
}

} // namespace cupp::detail::random
