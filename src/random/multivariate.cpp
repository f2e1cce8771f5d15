// The Generator's multivariate distributions (random/generator.hpp): NumPy's checks of the host
// parameters, the result's shape, and one kernel per law in which an element is a row of the
// result (the row functions of detail/random/multivariate.hpp), drawn from the element stream of
// its row index, so row r depends only on (key, call, r) on every backend.
#include <cupp/core/error.hpp>
#include <cupp/creation.hpp>
#include <cupp/detail/fault.hpp>
#include <cupp/detail/launch.hpp>
#include <cupp/detail/random/generate.hpp>
#include <cupp/detail/random/multivariate.hpp>
#include <cupp/random/generator.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>

namespace cupp::random {
namespace dr = detail::random;

namespace {

constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();

// NumPy's kahan_sum (_common.pyx), which reads x[0] even for n < 1.
double kahan_sum(const double* x, index_t n) {
  double sum = x[0], c = 0.0;
  for (index_t i = 1; i < n; ++i) {
    const double y = x[i] - c;
    const double t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  return sum;
}

// size None: (k,); else size + (k,).
shape_t rows_shape(const size_arg& size, index_t k) {
  shape_t shape = size.shape().value_or(shape_t{});
  shape.push_back(k);
  return shape;
}

// The device copy of a parameter vector (an empty one is 0 elements).
template <class T> ndarray<T> device_copy(std::span<const T> v) {
  return asarray(v.data(), shape_t{static_cast<index_t>(v.size())});
}

// ---- the kernels: element r writes row r, out[r * k .. r * k + k) -----------------------------

struct multinomial_rows {
  dr::call_key key;
  dr::param_ref<double> n; // an array: checked here (NumPy's "n < 0")
  const double* pvals;
  index_t d;
  std::int64_t* out;
  detail::fault_record* fault;

  CUPP_HD void operator()(index_t row) const {
    std::int64_t* o = out + row * d;
    double trials = n(row);
    if (n.data) {
      if (!(trials > -1.0)) { // below 0 once truncated to an integer, or NaN
        for (index_t j = 0; j < d; ++j)
          o[j] = 0;
        detail::report_fault(fault, detail::fault_code::invalid_parameter,
                             static_cast<index_t>(dr::constraint::non_negative),
                             static_cast<index_t>(reinterpret_cast<std::uintptr_t>(n.name)), 0);
        return;
      }
      // int64's largest count rounds up to 2^63 as a float64: the largest below it
      if (!(trials < 0x1p63)) trials = 0x1.fffffffffffffp62;
    }
    dr::element_stream s(key, static_cast<std::uint64_t>(row));
    dr::multinomial_row{}(s, trials, pvals, d, o, 1);
  }
};

struct dirichlet_rows {
  dr::call_key key;
  const double* alpha;
  index_t k;
  double* out;

  CUPP_HD void operator()(index_t row) const {
    dr::element_stream s(key, static_cast<std::uint64_t>(row));
    dr::dirichlet_row{}(s, alpha, k, out + row * k, 1);
  }
};

struct mvhg_rows {
  dr::call_key key;
  const std::int64_t* colors;
  index_t k;
  std::int64_t nsample;
  bool count;
  std::int64_t* out;

  CUPP_HD void operator()(index_t row) const {
    dr::element_stream s(key, static_cast<std::uint64_t>(row));
    if (count) {
      dr::multivariate_hypergeometric_count_row{}(s, nsample, colors, k, out + row * k, 1);
    } else {
      dr::multivariate_hypergeometric_marginals_row{}(s, nsample, colors, k, out + row * k, 1);
    }
  }
};

} // namespace

// ---- multinomial -------------------------------------------------------------------------------

ndarray<std::int64_t> Generator::multinomial(const param& n, std::span<const double> pvals,
                                             const size_arg& size) {
  // NumPy's order: n converted to int64, pvals' length, values and sum, then the shape and n
  if (!n.is_array()) {
    const double v = n.value();
    if (std::isnan(v)) throw value_error("cannot convert float NaN to integer");
    if (std::isinf(v)) throw overflow_error("cannot convert float infinity to integer");
    if (!(v >= -0x1p63 && v < 0x1p63))
      throw overflow_error("Python int too large to convert to C long");
  }
  const auto d = static_cast<index_t>(pvals.size());
  if (d == 0)
    throw value_error("pvals must have at least 1 dimension and the last dimension of pvals must "
                      "be greater than 0.");
  for (const double p : pvals) // NumPy's array check, worded so for a list too
    if (!dr::satisfies(dr::constraint::bounded_0_1, p))
      throw value_error(dr::constraint_message(dr::constraint::bounded_0_1, "pvals", p, true));
  if (kahan_sum(pvals.data(), d - 1) > 1.0 + 1e-12) throw value_error("sum(pvals[:-1]) > 1.0");

  dr::param_ref<double> nref;
  nref.cons = dr::constraint::non_negative;
  nref.name = "n";
  shape_t rows;
  if (n.is_array()) { // NumPy's vector path: n broadcast against size
    const ndarray<double>& a = n.array();
    rows = a.shape();
    if (size.shape()) {
      const shape_t& s = *size.shape();
      for (const index_t e : s)
        if (e < 0) throw value_error("negative dimensions are not allowed");
      shape_t b = a.shape();
      if (!broadcast_into(b, s))
        throw value_error("shape mismatch: objects cannot be broadcast to a single shape.  "
                          "Mismatch is between arg 0 with shape " +
                          shape_repr(a.shape()) + " and arg 2 with shape " + shape_repr(s) + ".");
      if (b != s)
        throw value_error("Output size " + shape_repr(s) +
                          " is not compatible with broadcast dimensions of inputs " +
                          shape_repr(b) + ".");
      rows = s;
    }
    nref.data = a.data();
    nref.map = detail::make_offset_map(rows, detail::align_strides(rows, a.shape(), a.strides()));
  } else {
    rows = size.shape().value_or(shape_t{});
    nref.value = n.value();
  }
  shape_t shape = rows;
  shape.push_back(d);
  ndarray<std::int64_t> out(shape);
  if (!n.is_array() && static_cast<std::int64_t>(n.value()) < 0) throw value_error("n < 0");

  const dr::call_key key = bits_.next_call(); // a call of zero rows still takes its number
  if (out.size() == 0) return out;
  const ndarray<double> p = device_copy(pvals);
  detail::launch_for_each(
      shape_size(rows), multinomial_rows{key, nref, p.data(), d, out.data(), detail::fault_slot()});
  return out;
}

// ---- dirichlet ---------------------------------------------------------------------------------

ndarray<double> Generator::dirichlet(std::span<const double> alpha, const size_arg& size) {
  for (const double a : alpha) // np.less(alpha, 0): NaN and -0.0 pass
    if (a < 0) throw value_error("alpha < 0");
  const auto k = static_cast<index_t>(alpha.size());
  ndarray<double> out(rows_shape(size, k));
  const dr::call_key key = bits_.next_call();
  if (out.size() == 0) return out;
  const ndarray<double> a = device_copy(alpha);
  detail::launch_for_each(out.size() / k, dirichlet_rows{key, a.data(), k, out.data()});
  return out;
}

// ---- multivariate_hypergeometric ---------------------------------------------------------------

ndarray<std::int64_t> Generator::multivariate_hypergeometric(std::span<const std::int64_t> colors,
                                                             std::int64_t nsample,
                                                             const size_arg& size,
                                                             std::string_view method) {
  // NumPy's checks, in its order (nsample is an int64, so it is an integer below 2^63)
  const bool count = method == "count";
  if (!count && method != "marginals")
    throw value_error("method must be \"count\" or \"marginals\".");
  if (nsample < 0) throw value_error("nsample must be nonnegative.");
  for (const std::int64_t c : colors)
    if (c < 0)
      throw value_error("colors must be a one-dimensional sequence of nonnegative integers not "
                        "exceeding " +
                        std::to_string(int64_max) + ".");
  std::int64_t total = 0;
  for (const std::int64_t c : colors) {
    if (c > int64_max - total)
      throw value_error("sum(colors) must not exceed the maximum value of a 64 bit signed integer "
                        "(" +
                        std::to_string(int64_max) + ")");
    total += c;
  }
  if (!count && total >= 1000000000)
    throw value_error("When method is \"marginals\", sum(colors) must be less than 1000000000.");
  constexpr std::int64_t max_index = int64_max / static_cast<std::int64_t>(sizeof(std::size_t));
  if (count && total > max_index)
    throw value_error("When method is 'count', sum(colors) must not exceed " +
                      std::to_string(max_index));
  if (nsample > total) throw value_error("nsample > sum(colors)");

  const auto k = static_cast<index_t>(colors.size());
  ndarray<std::int64_t> out(rows_shape(size, k));
  const dr::call_key key = bits_.next_call();
  if (out.size() == 0) return out;
  const ndarray<std::int64_t> c = device_copy(colors);
  detail::launch_for_each(out.size() / k, mvhg_rows{key, c.data(), k, nsample, count, out.data()});
  return out;
}

} // namespace cupp::random
