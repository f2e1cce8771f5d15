#pragma once
// Shared test helpers: dtype lists for TEMPLATE_LIST_TEST_CASE, host copies, views with arbitrary
// strides, and exception matchers.

#include "catch.hpp"

#include <cupp/creation.hpp>
#include <cupp/ndarray.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

namespace cupp_test {

inline constexpr double qnan = std::numeric_limits<double>::quiet_NaN();
inline constexpr double pinf = std::numeric_limits<double>::infinity();

// The dtype lists, all filtered from core's dtype table.
template <class T>
struct is_numeric : std::bool_constant<!std::is_same_v<T, bool> && !cupp::is_complex_v<T>> {};
template <class T> struct is_wide_float : std::bool_constant<std::is_floating_point_v<T>> {};
/// Every dtype (the 16-bit floats included).
using all_dtypes = cupp::all_dtypes_t;
/// Every real dtype but bool (host references of these tests compute with real arithmetic; the
/// complex dtypes have their own tests, test_complex*.cpp of each area).
using numeric_dtypes = cupp::filter_dtypes_t<is_numeric>;
template <class T> struct is_not_half : std::bool_constant<!cupp::is_half_v<T>> {};
/// Every dtype but the 16-bit floats: for host references computed step by step in the dtype
/// itself, which rounds where cupp (as NumPy) accumulates the 16-bit floats in float32 (those have
/// their own cases, in each area's test_half.cpp).
using exact_dtypes = cupp::filter_dtypes_t<is_not_half>;
/// float32 and float64 (BLAS's, and the floats of tests whose tolerances are theirs).
using float_dtypes = cupp::filter_dtypes_t<is_wide_float>;
template <class T> struct is_real : std::bool_constant<!cupp::is_complex_v<T>> {};
/// Every dtype but complex64 and complex128: for host references that order values with `<`
/// (the complex order has its own tests, test_complex.cpp of each area).
using real_dtypes = cupp::filter_dtypes_t<is_real>;

/// Host copy of an array (C order).
template <class T> std::vector<T> host(const cupp::ndarray<T>& a) { return a.get(); }

/// A deterministic, non-trivial value for element i of dtype T (never all zeros).
template <class T> T value_at(std::int64_t i) {
  if constexpr (cupp::is_complex_v<T>) { // both parts nonzero, and different
    using F = cupp::real_t<T>;
    return T(value_at<F>(i), value_at<F>(i + 5));
  } else if constexpr (std::is_same_v<T, bool>) {
    return (i * 7 + 3) % 3 != 0;
  } else if constexpr (cupp::is_floating_v<T>) {
    return static_cast<T>(static_cast<float>(((i * 37 + 11) % 101) - 50) / 8.0f);
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<T>(((i * 37 + 11) % 101) - 50);
  } else {
    return static_cast<T>((i * 37 + 11) % 101);
  }
}

/// A host vector of n such values and its device array.
template <class T> std::vector<T> host_values(std::int64_t n, std::int64_t seed = 0) {
  std::vector<T> v(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] = value_at<T>(i + seed);
  return v;
}
template <class T>
cupp::ndarray<T> device_values(const cupp::shape_t& shape, std::int64_t seed = 0) {
  const auto n = cupp::shape_size(shape);
  // a plain buffer rather than std::vector, which has no data() for bool
  std::unique_ptr<T[]> buf(new T[static_cast<std::size_t>(n ? n : 1)]);
  for (std::int64_t i = 0; i < n; ++i)
    buf[i] = value_at<T>(i + seed);
  return cupp::asarray(buf.get(), shape);
}

/// f over the broadcast of a (shape sa) and b (shape sb) into `out`, on the host.
template <class R, class A, class B, class F>
std::vector<R> host_broadcast(F f, const std::vector<A>& a, cupp::shape_t sa,
                              const std::vector<B>& b, cupp::shape_t sb, const cupp::shape_t& out) {
  const int n = out.size();
  auto pad = [n](cupp::shape_t s) {
    cupp::shape_t p = cupp::shape_t::filled(n - s.size(), 1);
    for (auto e : s)
      p.push_back(e);
    return p;
  };
  sa = pad(sa);
  sb = pad(sb);
  std::vector<R> r;
  for (std::int64_t i = 0; i < cupp::shape_size(out); ++i) {
    std::int64_t rem = i, ia = 0, ib = 0, ma = 1, mb = 1;
    for (int d = n - 1; d >= 0; --d) {
      const auto idx = rem % out[d];
      rem /= out[d];
      ia += (sa[d] == 1 ? 0 : idx) * ma;
      ib += (sb[d] == 1 ? 0 : idx) * mb;
      ma *= sa[d];
      mb *= sb[d];
    }
    r.push_back(
        static_cast<R>(f(a[static_cast<std::size_t>(ia)], b[static_cast<std::size_t>(ib)])));
  }
  return r;
}

/// The 1-D view of `a` (1-D, contiguous) in reverse order: a negative stride.
template <class T> cupp::ndarray<T> reversed(const cupp::ndarray<T>& a) {
  const auto n = a.shape()[0];
  return cupp::ndarray<T>(a.data() + (n ? (n - 1) * a.strides()[0] : 0), {n}, {-a.strides()[0]},
                          a.owner(), a.device());
}

/// The view of every `step`-th element of a 1-D array.
template <class T> cupp::ndarray<T> every(const cupp::ndarray<T>& a, std::int64_t step) {
  const auto n = (a.shape()[0] + step - 1) / step;
  return cupp::ndarray<T>(a.data(), {n}, {a.strides()[0] * step}, a.owner(), a.device());
}

#if CATCH_VERSION_MAJOR >= 3
template <class T> using matcher_base = Catch::Matchers::MatcherBase<T>;
#else
template <class T> using matcher_base = Catch::MatcherBase<T>;
#endif

/// Matches an exception whose message contains every given fragment.
class message_contains : public matcher_base<std::exception> {
public:
  explicit message_contains(std::vector<std::string> parts) : parts_(std::move(parts)) {}
  bool match(const std::exception& e) const override {
    const std::string what = e.what();
    for (const auto& p : parts_)
      if (what.find(p) == std::string::npos) return false;
    return true;
  }
  std::string describe() const override {
    std::string s = "message contains";
    for (const auto& p : parts_)
      s += " \"" + p + "\"";
    return s;
  }

private:
  std::vector<std::string> parts_;
};

inline message_contains contains(std::vector<std::string> parts) {
  return message_contains(std::move(parts));
}

} // namespace cupp_test

/// Checks that `expr` throws `type` with a message containing each fragment.
#define CHECK_THROWS_WITH_WORDS(expr, type, ...)                                                   \
  CHECK_THROWS_MATCHES(expr, type, cupp_test::contains({__VA_ARGS__}))

/// Checks an array's shape and its C-order values (against NumPy's, written out in the test).
#define CHECK_ARR(R, SHAPE, ...)                                                                   \
  do {                                                                                             \
    const auto r_ = (R);                                                                           \
    CHECK(r_.shape() == SHAPE);                                                                    \
    CHECK(cupp_test::host(r_) == decltype(cupp_test::host(r_)){__VA_ARGS__});                      \
  } while (0)
